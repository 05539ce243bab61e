// npm run bench (`node bench/run.mjs [--avro] [--check]`): Avro scenario A (one 200-field record pair) and B (a candidate against 1,000 versions), then JSON Schema and Protobuf.
// Prints ratios against yardsticks measured in the same process (bench/measure.mjs), never bare
// times as verdicts. docs/performance.md explains the scenarios and records the figures.
import avro from 'avsc';
import { AvroChecker, checkCompatibility, parseSchema } from '../dist/index.js';
import { compare, formatRatio } from './measure.mjs';
import { atLeast, atMost, reportTargets } from './targets.mjs';
import { recordV1, recordV2, versionWithOwnFields } from './schemas.mjs';

const textV1 = JSON.stringify(recordV1());
const textV2 = JSON.stringify(recordV2());
const checker = new AvroChecker();
const v1 = parseSchema('AVRO', textV1);
const v2 = parseSchema('AVRO', textV2);
const avscV1 = avro.Type.forSchema(recordV1());
const avscV2 = avro.Type.forSchema(recordV2());

const a = compare(() => { JSON.parse(textV1); JSON.parse(textV2); }, {
  checkParsed: () => checkCompatibility('BACKWARD', v2, [v1]),
  canRead: () => checker.canRead(v2.schema, v1.schema),
  checkText: () => checkCompatibility('BACKWARD', textV2, [textV1]),
  avscResolver: () => avscV2.createResolver(avscV1),
  avscFull: () => avro.Type.forSchema(JSON.parse(textV2)).createResolver(avro.Type.forSchema(JSON.parse(textV1))),
});
const verdict = checkCompatibility('BACKWARD', v2, [v1]);
console.log(`Scenario A: a 200-field record; v2 promotes 10 ints to long and adds 10 optional fields (BACKWARD: ${verdict.compatible ? 'compatible' : 'INCOMPATIBLE'}); ${textV1.length + textV2.length} bytes of schema text`);
console.log(`  yardstick: JSON.parse of the two texts = 1×`);
console.log(`  checkCompatibility on parsed schemas      ${formatRatio(a.checkParsed.ratio)}   ${atMost('Avro check on parsed schemas / JSON.parse', a.checkParsed.ratio, 0.5, a.checkParsed.spread)}`);
console.log(`  AvroChecker.canRead on parsed schemas     ${formatRatio(a.canRead.ratio)}`);
console.log(`  checkCompatibility on the two texts       ${formatRatio(a.checkText.ratio)}   ${atMost('Avro parse + check of the texts / JSON.parse', a.checkText.ratio, 2.5, a.checkText.spread)}`);
console.log(`  avsc createResolver on built types        ${formatRatio(a.avscResolver.ratio)}   = ${formatRatio(a.avscResolver.ratio / a.checkParsed.ratio)} our check on parsed schemas ${atLeast('avsc createResolver / our check on parsed schemas', a.avscResolver.ratio / a.checkParsed.ratio, 10)}`);
console.log(`  avsc Type.forSchema + createResolver      ${formatRatio(a.avscFull.ratio)}   = ${formatRatio(a.avscFull.ratio / a.checkText.ratio)} our check on texts`);

// Profiles and warnings on the same pair; explain (hints and witnesses) on the failing direction.
const pulsar = new AvroChecker({ profile: 'pulsar' });
const strict = new AvroChecker({ profile: 'strict' });
const quiet = new AvroChecker({ warnings: false });
const profiles = compare(() => checker.canRead(v2.schema, v1.schema), {
  quiet: () => quiet.canRead(v2.schema, v1.schema),
  pulsar: () => pulsar.canRead(v2.schema, v1.schema),
  strict: () => strict.canRead(v2.schema, v1.schema),
});
const full = checkCompatibility('FULL', v2, [v1]);
const explain = compare(() => checkCompatibility('FULL', v2, [v1]), { explain: () => checkCompatibility('FULL', v2, [v1], { explain: true }) }, { rounds: 11 });
console.log(`Profiles, on scenario A's pair (yardstick: canRead under confluent, with its warnings = 1×; that is ${formatRatio(a.canRead.ratio)} JSON.parse)`);
console.log(`  confluent with warnings: false            ${formatRatio(profiles.quiet.ratio)}`);
console.log(`  pulsar                                    ${formatRatio(profiles.pulsar.ratio)}   = ${formatRatio(profiles.pulsar.ratio / profiles.quiet.ratio)} confluent without warnings ${atMost('pulsar / confluent without warnings', profiles.pulsar.ratio / profiles.quiet.ratio, 1.5, profiles.pulsar.spread + profiles.quiet.spread)}`);
console.log(`  strict                                    ${formatRatio(profiles.strict.ratio)}`);
console.log(`Explain: FULL check of the pair, ${full.incompatibilities.length} incompatibilities (yardstick: the same check without explain = 1×)`);
console.log(`  with explain: true (a hint and a witness per finding)  ${formatRatio(explain.explain.ratio)}, ${formatRatio((explain.explain.ratio - 1) / Math.max(full.incompatibilities.length + full.warnings.length, 1))} per finding`);

// A registry's stored versions: parsed once, with `reuse: true` (every sub-schema fingerprinted).
const versions = Array.from({ length: 1000 }, (_, i) => parseSchema('AVRO', JSON.stringify(versionWithOwnFields(i + 1)), { reuse: true }));
const reuseParse = compare(() => JSON.parse(textV1), { plain: () => parseSchema('AVRO', textV1), reuse: () => parseSchema('AVRO', textV1, { reuse: true }) });
// The yardstick checks against a different version each time: like the history check, it then
// reads a schema that is not in the CPU's caches (1,000 parsed versions take far more than they hold).
let next = 0;
const coldPair = () => checkCompatibility('BACKWARD', v2, [versions[next++ % versions.length]]);
const b = compare(coldPair, {
  history: () => checkCompatibility('BACKWARD_TRANSITIVE', v2, versions),
  naive: () => { for (const version of versions) checker.canRead(v2.schema, version.schema); },
}, { rounds: 11, batchMs: 150 });
const resultB = checkCompatibility('BACKWARD_TRANSITIVE', v2, versions);
console.log(`Scenario B: BACKWARD_TRANSITIVE of v2 against 1,000 pre-parsed versions, each with 10 fields of its own (${resultB.compatible ? 'compatible' : 'INCOMPATIBLE'}, ${resultB.checked.length} versions checked)`);
console.log(`  yardstick: one cold pair check (checkCompatibility BACKWARD against one version, a different one each time) = 1×`);
console.log(`  the 1,000-version check                   ${formatRatio(b.history.ratio)}   (the registry path against a fresh cold pair is below)`);
console.log(`  each version after the first              ${formatRatio((b.history.ratio - 1) / 999)} of a pair check ${atMost('each version after the first / pair check', (b.history.ratio - 1) / 999, 0.1, b.history.spread / 999)}`);
console.log(`  1,000 separate canRead calls, no session  ${formatRatio(b.naive.ratio)}`);
console.log(`  parsing a version with reuse: true costs ${formatRatio(reuseParse.reuse.ratio / reuseParse.plain.ratio)} a plain parse (${formatRatio(reuseParse.reuse.ratio)} JSON.parse of its text)`);

// Issue 17's Avro targets: history without reuse, the registry path against a fresh cold pair, memory.
await import('./avro-targets.mjs');
// Issue 27's Avro shapes: schemas given as objects, a history whose versions each add fields of their own.
await import('./avro-shapes.mjs');

// Issue 24: the Avro data plane (createAvroCodec, resolvers, one-shot calls) against avsc 5.7.9.
await import('./avro-data.mjs');
// Issue 24's serde target: serde.serialize against kafkajs's encode over the project's server (bench/serde.mjs).
await import('./serde.mjs');

// `--avro` runs the Avro scenarios alone (as docs/performance.md's Avro figures were taken).
if (!process.argv.includes('--avro')) {
  // JSON Schema: a 200-property object pair and a 1,000-version history (bench/json-schema.mjs).
  await import('./json-schema.mjs');
  // Issue 17's JSON Schema targets: parse and cold pair check against JSON.parse, a 1,000-version history against a cold pair.
  await import('./json-schema-targets.mjs');
  // Issue 27's JSON Schema shapes: documents given as objects, a history whose versions each have a property of their own.
  await import('./json-schema-shapes.mjs');
  // Real public schemas (Karapace's and jsoncompat's test pairs) as a workload beside the synthetic ones.
  await import('./real-schemas.mjs');
  // JSON Schema explain on objects of 100 to 800 properties (bench/json-explain.mjs).
  await import('./json-explain.mjs');

  // Protobuf (schema-compat/protobuf): a 100-message, 1,000-field file pair (bench/protobuf.mjs).
  await import('./protobuf.mjs');
}

// Every figure that has a target, against it; `--check` exits with 1 when one is missed beyond the run's noise.
reportTargets();
