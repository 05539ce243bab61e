// JSON Schema: a 200-property object schema pair, and a candidate against 1,000 stored versions.
// Ratios against JSON.parse of the same texts, measured in the same process (bench/measure.mjs).
import { JsonSchemaChecker, checkCompatibility, parseSchema } from '../dist/index.js';
import { compare, formatRatio } from './measure.mjs';
import { jsonSchemaV1 as schemaV1, jsonSchemaV2 as schemaV2, jsonSchemaVersion as version, jsonSchemaOneOf, jsonSchemaAnyOfConsts, jsonSchemaObjectEnum } from './json-schemas.mjs';

const textV1 = JSON.stringify(schemaV1());
const textV2 = JSON.stringify(schemaV2());
const checker = new JsonSchemaChecker();
const v1 = parseSchema('JSON', textV1);
const v2 = parseSchema('JSON', textV2);
const a = compare(() => { JSON.parse(textV1); JSON.parse(textV2); }, {
  canRead: () => checker.canRead(v2.schema, v1.schema),
  checkParsed: () => checkCompatibility('BACKWARD', v2, [v1]),
  checkText: () => checkCompatibility('BACKWARD', textV2, [textV1], { schemaType: 'JSON' }),
  parse: () => { checker.parse(textV1); checker.parse(textV2); },
});
const verdict = checkCompatibility('BACKWARD', v2, [v1]);
console.log(`JSON Schema A: a 200-property closed object; v2 widens 10 integers, lengthens 10 strings, adds 10 optional properties (BACKWARD: ${verdict.compatible ? 'compatible' : 'INCOMPATIBLE'}); ${textV1.length + textV2.length} bytes of schema text`);
console.log(`  yardstick: JSON.parse of the two texts = 1×`);
console.log(`  JsonSchemaChecker.canRead on parsed       ${formatRatio(a.canRead.ratio)}   (target ≤ 1×)`);
console.log(`  checkCompatibility on parsed schemas      ${formatRatio(a.checkParsed.ratio)}`);
console.log(`  parsing the two texts                     ${formatRatio(a.parse.ratio)}`);
console.log(`  checkCompatibility on the two texts       ${formatRatio(a.checkText.ratio)}`);

const versions = Array.from({ length: 1000 }, (_, i) => parseSchema('JSON', JSON.stringify(version(i + 1))));
let next = 0;
const b = compare(() => checkCompatibility('BACKWARD', v2, [versions[next++ % versions.length]]), {
  history: () => checkCompatibility('BACKWARD_TRANSITIVE', v2, versions),
}, { rounds: 7, batchMs: 150 });
const resultB = checkCompatibility('BACKWARD_TRANSITIVE', v2, versions);
console.log(`JSON Schema B: BACKWARD_TRANSITIVE of v2 against 1,000 parsed versions, each with bounds of its own (${resultB.compatible ? 'compatible' : `INCOMPATIBLE, ${resultB.incompatibilities.length} findings`}, ${resultB.checked.length} versions checked)`);
console.log(`  yardstick: one pair check (BACKWARD against one version, a different one each time) = 1×`);
console.log(`  the 1,000-version check                   ${formatRatio(b.history.ratio)}   (${formatRatio(b.history.ratio / 1000)} per version)`);

// C: combinators and enums whose branches or values mostly did not change (issue f04: these were ~n³).
const oneOfOld = JSON.stringify(jsonSchemaOneOf(400));
const oneOfNew = JSON.stringify(jsonSchemaOneOf(400, { title: 'v2' }));
const anyOfOld = JSON.stringify(jsonSchemaAnyOfConsts(1000));
const anyOfNew = JSON.stringify(jsonSchemaAnyOfConsts(1001));
const enumOld = JSON.stringify(jsonSchemaObjectEnum(2000));
const enumNew = JSON.stringify(jsonSchemaObjectEnum(2001));
const parsedC = [oneOfOld, oneOfNew, anyOfOld, anyOfNew, enumOld, enumNew].map((text) => checker.parse(text));
const [oneOfA, oneOfB, anyOfA, anyOfB, enumA, enumB] = parsedC;
const texts = (left, right) => () => { JSON.parse(left); JSON.parse(right); };
const c1 = compare(texts(oneOfOld, oneOfNew), { canRead: () => checker.canRead(oneOfB, oneOfA) }, { rounds: 7, batchMs: 100 });
const c2 = compare(texts(anyOfOld, anyOfNew), { canRead: () => checker.canRead(anyOfB, anyOfA) }, { rounds: 7, batchMs: 100 });
const c3 = compare(texts(enumOld, enumNew), { canRead: () => checker.canRead(enumB, enumA) }, { rounds: 7, batchMs: 100 });
console.log('JSON Schema C: combinators and enums that barely changed (each against JSON.parse of its two texts = 1×)');
console.log(`  oneOf of 400 object branches, title added ${formatRatio(c1.canRead.ratio)}   (${oneOfOld.length + oneOfNew.length} bytes)`);
console.log(`  anyOf of 1,000 consts, one added          ${formatRatio(c2.canRead.ratio)}   (${anyOfOld.length + anyOfNew.length} bytes)`);
console.log(`  enum of 2,000 objects, one added          ${formatRatio(c3.canRead.ratio)}   (${enumOld.length + enumNew.length} bytes)`);
