// Avro, issue 17: a history check without `reuse` against the same number of separate canRead
// calls; the registry path (versions parsed with `reuse: true`, a candidate just parsed) against a
// cold pair; and the heap that 1,000 parsed versions take against their JSON.parse'd documents.
import { AvroChecker, checkCompatibility, parseSchema } from '../dist/index.js';
import { collectGarbage, compareFresh, formatRatio } from './measure.mjs';
import { recordV1, recordV2, versionWithOwnFields } from './schemas.mjs';
import { atMost } from './targets.mjs';

const textV1 = JSON.stringify(recordV1());
const textV2 = JSON.stringify(recordV2());
const versionTexts = Array.from({ length: 1000 }, (_, i) => JSON.stringify(versionWithOwnFields(i + 1)));
const checker = new AvroChecker();

// A history parsed without `reuse` (a CLI run, a one-off check): its versions have no
// fingerprints. The candidate has them here (parsed with `reuse: true`, or checked before against a
// history that has them): fingerprinting every version to match it cost more than it saved. Fresh
// versions each time, since a check that fingerprints them leaves them fingerprinted.
const plainRun = (fresh, check) => ({ prepare: () => [parseSchema('AVRO', textV2, { reuse: fresh }), versionTexts.map((text) => parseSchema('AVRO', text))], run: check, count: 1 });
const plain = compareFresh(plainRun(true, ([reader, writers]) => { for (const writer of writers) checker.canRead(reader.schema, writer.schema); }), {
  history: plainRun(true, ([reader, writers]) => checkCompatibility('BACKWARD_TRANSITIVE', reader, writers)),
  plainCandidate: plainRun(false, ([reader, writers]) => checkCompatibility('BACKWARD_TRANSITIVE', reader, writers)),
}, { rounds: 7 });
console.log('Scenario B without reuse: BACKWARD_TRANSITIVE of v2 against the 1,000 versions parsed without `reuse`');
console.log('  yardstick: 1,000 separate AvroChecker.canRead calls on the same parsed schemas = 1×');
console.log(`  the 1,000-version check, candidate parsed with reuse: true   ${formatRatio(plain.history.ratio)}   ${atMost('history without reuse / 1,000 canRead', plain.history.ratio, 1.1, plain.history.spread)}`);
console.log(`  the same, candidate parsed without reuse                     ${formatRatio(plain.plainCandidate.ratio)}   ${atMost('history without reuse, plain candidate / 1,000 canRead', plain.plainCandidate.ratio, 1.1, plain.plainCandidate.spread)}`);

// The registry path: stored versions parsed once with `reuse: true`; each check gets a candidate
// parsed just before. The yardstick is a cold pair: two schemas parsed just before, checked once.
const stored = versionTexts.map((text) => parseSchema('AVRO', text, { reuse: true }));
const registry = compareFresh(
  { prepare: () => [parseSchema('AVRO', textV2), parseSchema('AVRO', textV1)], run: ([reader, writer]) => checkCompatibility('BACKWARD', reader, [writer]), count: 60 },
  { history: { prepare: () => parseSchema('AVRO', textV2), run: (fresh) => checkCompatibility('BACKWARD_TRANSITIVE', fresh, stored), count: 3 } },
);
console.log('Scenario B, registry path: a candidate parsed just before, against the 1,000 versions parsed with `reuse: true`');
console.log('  yardstick: one cold pair (scenario A\'s two texts parsed just before, checked once with checkCompatibility) = 1×');
console.log(`  the 1,000-version check                   ${formatRatio(registry.history.ratio)}   ${atMost('registry path, 1,000 versions / cold pair', registry.history.ratio, 60, registry.history.spread)}`);

// Heap: 1,000 versions parsed with `reuse: true` against the same 1,000 texts JSON.parse'd.
function retained(build) {
  collectGarbage();
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const kept = build();
  collectGarbage();
  collectGarbage();
  const bytes = process.memoryUsage().heapUsed - before;
  return kept.length > 0 ? bytes : 0;
}
const heapRatios = [];
let heapDocs = 0;
let heapParsed = 0;
for (let round = 0; round < 5; round++) {
  heapDocs = retained(() => versionTexts.map((text) => JSON.parse(text)));
  heapParsed = retained(() => versionTexts.map((text) => parseSchema('AVRO', text, { reuse: true })));
  heapRatios.push(heapParsed / heapDocs);
}
heapRatios.sort((x, y) => x - y);
const heapRatio = heapRatios[2];
const heapNoise = (heapRatios[3] - heapRatios[1]) / 2;
console.log('Memory: the heap that 1,000 versions take (five measurements, the median)');
console.log(`  yardstick: their JSON.parse'd documents, ${(heapDocs / 1e6).toFixed(1)} MB = 1×`);
console.log(`  parsed with reuse: true, ${(heapParsed / 1e6).toFixed(1)} MB           ${formatRatio(heapRatio)}   ${atMost('heap of 1,000 versions parsed with reuse / JSON.parse', heapRatio, 3, heapNoise)}`);
