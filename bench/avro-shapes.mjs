// Avro, issue 27: the shapes users have. Schemas given as objects (what avsc users and services
// hold), and a history whose versions each add fields of their own (a real subject), parsed with
// and without `reuse`; and whether canRead costs the same on parseSchema's and AvroChecker.parse's
// results. Ratios to yardsticks timed in the same process (bench/measure.mjs).
import { AvroChecker, checkCompatibility, parseSchema } from '../dist/index.js';
import { compare, compareFresh, formatRatio } from './measure.mjs';
import { recordV1, recordV2, recordWithAddedFields, versionWithOwnFields } from './schemas.mjs';
import { atMost } from './targets.mjs';

const checker = new AvroChecker();
const textV1 = JSON.stringify(recordV1());
const textV2 = JSON.stringify(recordV2());

// Objects: the caller holds JSON documents (here, JSON.parse of the texts), the checker reads them.
const objects = compare(() => { JSON.parse(textV1); JSON.parse(textV2); }, {
  objects: () => { const writer = checker.parse(JSON.parse(textV1)); checker.canRead(checker.parse(JSON.parse(textV2)), writer); },
  texts: () => { const writer = checker.parse(textV1); checker.canRead(checker.parse(textV2), writer); },
}, { rounds: 11 });
console.log('Avro schemas given as objects: scenario A\'s pair (yardstick: JSON.parse of the two texts = 1×)');
console.log(`  JSON.parse of both + AvroChecker.parse of the objects + canRead   ${formatRatio(objects.objects.ratio)}   ${atMost('Avro objects: JSON.parse + parse of the objects + canRead / JSON.parse', objects.objects.ratio, 2.5, objects.objects.spread)}`);
console.log(`  AvroChecker.parse of the texts + canRead                           ${formatRatio(objects.texts.ratio)}`);

// A history of 1,000 distinct versions (each with 10 optional fields of its own) and a candidate
// that adds 10 more to v1 (so that its first 200 fields are those of every version).
const versionTexts = Array.from({ length: 1000 }, (_, i) => JSON.stringify(versionWithOwnFields(i + 1)));
const candidateText = JSON.stringify(recordWithAddedFields());
const fromParseSchema = versionTexts.map((text) => parseSchema('AVRO', text));
const fromChecker = versionTexts.map((text) => checker.parse(text));
const candidate = parseSchema('AVRO', candidateText);
const candidateModel = checker.parse(candidateText);
const distinct = compare(() => { for (const version of fromChecker) checker.canRead(candidateModel, version); }, {
  history: () => checkCompatibility('BACKWARD_TRANSITIVE', candidate, fromParseSchema),
  canReadParseSchema: () => { for (const version of fromParseSchema) checker.canRead(candidate.schema, version.schema); },
}, { rounds: 7, batchMs: 200 });
const verdict = checkCompatibility('BACKWARD_TRANSITIVE', candidate, fromParseSchema);
console.log(`Avro history of 1,000 distinct versions (each with 10 optional fields of its own), a candidate with 10 more (BACKWARD_TRANSITIVE: ${verdict.compatible ? 'compatible' : 'INCOMPATIBLE'})`);
console.log('  yardstick: 1,000 AvroChecker.canRead calls on AvroChecker.parse results of the same texts = 1×');
console.log(`  checkCompatibility on parseSchema versions             ${formatRatio(distinct.history.ratio)}   ${atMost('Avro distinct history, parseSchema versions / 1,000 canRead', distinct.history.ratio, 1.2, distinct.history.spread)}`);
console.log(`  1,000 canRead calls on parseSchema(...).schema         ${formatRatio(distinct.canReadParseSchema.ratio)}   ${atMost('canRead on parseSchema(...).schema / on AvroChecker.parse results', distinct.canReadParseSchema.ratio, 1.2, distinct.canReadParseSchema.spread)}`);

// The same history parsed with `reuse: true`, a candidate parsed just before, against one cold pair
// (the candidate and v1 parsed just before, checked once).
const stored = versionTexts.map((text) => parseSchema('AVRO', text, { reuse: true }));
const registry = compareFresh(
  { prepare: () => [parseSchema('AVRO', candidateText), parseSchema('AVRO', textV1)], run: ([reader, writer]) => checkCompatibility('BACKWARD', reader, [writer]), count: 60 },
  { history: { prepare: () => parseSchema('AVRO', candidateText), run: (fresh) => checkCompatibility('BACKWARD_TRANSITIVE', fresh, stored), count: 3 } },
);
console.log('  the same 1,000 versions parsed with reuse: true, a candidate parsed just before (yardstick: one cold pair = 1×)');
console.log(`  the 1,000-version check                                ${formatRatio(registry.history.ratio)}   ${atMost('Avro distinct history with reuse / cold pair', registry.history.ratio, 100, registry.history.spread)}`);
