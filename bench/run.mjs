// npm run bench: Scenario A (one 200-field record pair) and B (a candidate against 1,000 versions).
// Prints ratios against yardsticks measured in the same process, never bare times as verdicts.
import avro from 'avsc';
import { AvroChecker, checkCompatibility, parseSchema } from '../dist/index.js';
import { formatRatio, timeOf } from './measure.mjs';
import { recordV1, recordV2, versionWithOwnFields } from './schemas.mjs';

const textV1 = JSON.stringify(recordV1());
const textV2 = JSON.stringify(recordV2());
const checker = new AvroChecker();
const v1 = parseSchema('AVRO', textV1);
const v2 = parseSchema('AVRO', textV2);

const jsonParse = timeOf(() => { JSON.parse(textV1); JSON.parse(textV2); });
const checkParsed = timeOf(() => checkCompatibility('BACKWARD', v2, [v1]));
const canRead = timeOf(() => checker.canRead(v2.schema, v1.schema));
const parseAndCheck = timeOf(() => checkCompatibility('BACKWARD', textV2, [textV1]));
const avscTypes = [avro.Type.forSchema(recordV2()), avro.Type.forSchema(recordV1())];
const avscResolver = timeOf(() => avscTypes[0].createResolver(avscTypes[1]));
const avscFull = timeOf(() => avro.Type.forSchema(JSON.parse(textV2)).createResolver(avro.Type.forSchema(JSON.parse(textV1))));

const verdict = checkCompatibility('BACKWARD', v2, [v1]);
console.log(`Scenario A: 200-field record, v2 promotes 10 ints to long and adds 10 optional fields (BACKWARD: ${verdict.compatible ? 'compatible' : 'INCOMPATIBLE'}); ${textV1.length + textV2.length} bytes of schema text`);
console.log(`  yardstick: JSON.parse of the two texts = 1×`);
console.log(`  checkCompatibility on parsed schemas      ${formatRatio(checkParsed / jsonParse)}   (target ≤ 0.5×)`);
console.log(`  AvroChecker.canRead on parsed schemas     ${formatRatio(canRead / jsonParse)}`);
console.log(`  checkCompatibility on the two texts       ${formatRatio(parseAndCheck / jsonParse)}   (target ≤ 3×)`);
console.log(`  avsc createResolver on built types        ${formatRatio(avscResolver / jsonParse)}   = ${formatRatio(avscResolver / checkParsed)} our parsed check (target ≥ 10×)`);
console.log(`  avsc Type.forSchema + createResolver      ${formatRatio(avscFull / jsonParse)}   = ${formatRatio(avscFull / parseAndCheck)} our text check`);

const versions = Array.from({ length: 1000 }, (_, i) => parseSchema('AVRO', JSON.stringify(versionWithOwnFields(i + 1))));
const candidate = v2;
const historyCheck = timeOf(() => checkCompatibility('BACKWARD_TRANSITIVE', candidate, versions), { rounds: 5, minMs: 300 });
const coldPair = timeOf(() => checkCompatibility('BACKWARD', candidate, [versions[0]]));
const naive = timeOf(() => { for (const version of versions) checker.canRead(candidate.schema, version.schema); }, { rounds: 5, minMs: 300 });
const resultB = checkCompatibility('BACKWARD_TRANSITIVE', candidate, versions);
console.log(`Scenario B: BACKWARD_TRANSITIVE of v2 against 1,000 pre-parsed versions, each with 10 fields of its own (${resultB.compatible ? 'compatible' : 'INCOMPATIBLE'}, ${resultB.checked.length} versions checked)`);
console.log(`  yardstick: one cold pair check (checkCompatibility BACKWARD, one version) = 1×`);
console.log(`  the 1,000-version check                   ${formatRatio(historyCheck / coldPair)}   (target ≤ 100×)`);
console.log(`  each extra version                        ${formatRatio((historyCheck - coldPair) / 999 / coldPair)} of a cold pair (target ≤ 0.1×)`);
console.log(`  1,000 independent canRead calls (naive)   ${formatRatio(naive / coldPair)}`);
