// JSON Schema explain on wide objects (issue 15): one finding on an object of N properties, with
// `explain: true`, as a ratio to the plain check of the same pair in the same process. Linear
// explain keeps the ratio flat as N grows; quadratic explain doubles it with each doubling of N.
// Usage: node bench/json-explain.mjs [path to a build of the library, default ../dist/index.js]
import { pathToFileURL } from 'node:url';
import { compare, formatRatio } from './measure.mjs';
import { jsonSchemaWide } from './json-schemas.mjs';

// Run alone, the first argument may name another build (e.g. one of an older commit, for a before/after figure).
const alone = process.argv[1]?.endsWith('json-explain.mjs');
const library = alone && process.argv[2] ? pathToFileURL(process.argv[2]).href : '../dist/index.js';
const { checkCompatibility, parseSchema } = await import(library);

// witness: p0's maxLength lowered (a witness exists); none: p0 gains `pattern: "a*"` (no instance refutes it, so the whole search is spent).
const CASES = { witness: { maxLength: 3 }, none: { pattern: 'a*' } };
console.log('JSON Schema explain: one finding on an object of N properties (yardstick: the same check without explain = 1×)');
const at = {};
for (const [name, change] of Object.entries(CASES)) {
  for (const n of [100, 200, 400, 800]) {
    const writer = parseSchema('JSON', JSON.stringify(jsonSchemaWide(n)));
    const reader = parseSchema('JSON', JSON.stringify(jsonSchemaWide(n, change)));
    const plain = () => checkCompatibility('BACKWARD', reader, [writer]);
    const explained = checkCompatibility('BACKWARD', reader, [writer], { explain: true });
    const result = compare(plain, { explain: () => checkCompatibility('BACKWARD', reader, [writer], { explain: true }) }, { rounds: 5, batchMs: 20 });
    at[`${name}${n}`] = result.explain.ns;
    const [finding] = explained.incompatibilities;
    console.log(`  ${name.padEnd(7)} N=${String(n).padEnd(4)} ${finding.type}${finding.witness ? ' (witness)' : ' (no witness)'}: explain ${formatRatio(result.explain.ratio)} the plain check`);
  }
  console.log(`  ${name.padEnd(7)} explain time at N=800 / at N=200: ${formatRatio(at[`${name}800`] / at[`${name}200`])}   (linear 4×, quadratic 16×)`);
}
