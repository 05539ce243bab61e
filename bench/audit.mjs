// node bench/audit.mjs (after npm run build): auditHistory of a 100-version Avro history, 10,000 pairs.
// The figure is a ratio to a cold pair check measured in the same process (bench/measure.mjs); the
// absolute time is printed beside it only against the target (well under a second).
import { AvroChecker, auditHistory, checkCompatibility, parseSchema } from '../dist/index.js';
import { compare, formatRatio } from './measure.mjs';
import { recordV2, versionWithOwnFields } from './schemas.mjs';

const N = 100;
// The bench's 200-field record, each version with 10 optional fields of its own (every version distinct).
const texts = Array.from({ length: N }, (_, i) => JSON.stringify(versionWithOwnFields(i + 1)));
const versions = texts.map((text) => parseSchema('AVRO', text, { reuse: true }));
// The same history with count0 switching between int and string from one version to the next: half the pairs fail.
const flipping = texts.map((text, i) => {
  const schema = JSON.parse(text);
  schema.fields[0] = { name: 'count0', type: i % 2 ? 'string' : 'int' };
  return parseSchema('AVRO', JSON.stringify(schema), { reuse: true });
});
const checker = new AvroChecker();
const v2 = parseSchema('AVRO', JSON.stringify(recordV2()));
// The yardstick: one cold pair check, against a different stored version each time (as run.mjs's scenario B).
let next = 0;
const coldPair = () => checkCompatibility('BACKWARD', v2, [versions[next++ % versions.length]]);
const result = compare(coldPair, {
  parsed: () => auditHistory(versions),
  texts: () => auditHistory(texts),
  flipping: () => auditHistory(flipping),
  // What the session saves: the same N² pairs, each a separate canRead call.
  naive: () => { for (const reader of versions) for (const writer of versions) checker.canRead(reader.schema, writer.schema); },
}, { rounds: 7, batchMs: 300 });
const audit = auditHistory(versions);
const cells = audit.reads.flat();
console.log(`auditHistory of ${N} Avro versions of a 210-field record (${cells.length} pairs, ${cells.filter((read) => !read).length} failing; satisfies ${audit.satisfied.join(', ')})`);
console.log(`  yardstick: one cold pair check (checkCompatibility BACKWARD against one version) = 1×, ${(result.yardstick.ns / 1e3).toFixed(1)} µs here`);
console.log(`  the audit of pre-parsed versions (reuse: true)  ${formatRatio(result.parsed.ratio)}   = ${formatRatio(result.parsed.ratio / cells.length)} a cold pair per pair; ${(result.parsed.ns / 1e6).toFixed(0)} ms (target < 1 s)`);
console.log(`  the audit of the ${N} texts (parsing included)     ${formatRatio(result.texts.ratio)}   ${(result.texts.ns / 1e6).toFixed(0)} ms (target < 1 s)`);
const failing = auditHistory(flipping).reads.flat().filter((read) => !read).length;
console.log(`  half the pairs failing (count0 int/string in turn; ${failing} failing cells, each with its findings)  ${formatRatio(result.flipping.ratio)}   ${(result.flipping.ns / 1e6).toFixed(0)} ms (target < 1 s)`);
console.log(`  the same ${cells.length} pairs as separate canRead calls, no session  ${formatRatio(result.naive.ratio)}   = ${formatRatio(result.naive.ratio / result.parsed.ratio)} the audit`);
