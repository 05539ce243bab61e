// Issue 27: what a cold JSON Schema pair check allocates, against what `JSON.parse` of the pair's two
// texts allocates (a ratio, as every figure of bench/), on bench's 200-property pair and on the
// jsoncompat fixture pair; `--dist <dir>` measures another build (e.g. one bundled from an older
// commit). Not part of `npm test`; docs/performance.md ("Fifth pass") records the figures.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { collectGarbage } from './measure.mjs';
import { jsonSchemaV1, jsonSchemaV2 } from './json-schemas.mjs';

const at = process.argv.indexOf('--dist');
const entry = at > 0 ? pathToFileURL(resolve(process.argv[at + 1], 'index.js')).href : new URL('../dist/index.js', import.meta.url).href;
const { JsonSchemaChecker } = await import(entry);
const fixture = (name) => readFileSync(new URL(`../test/fixtures/jsoncompat/backcompat/complex_optional_prop_added/${name}.json`, import.meta.url), 'utf8');
const pairs = [
  ['the 200-property pair', JSON.stringify(jsonSchemaV1()), JSON.stringify(jsonSchemaV2())],
  ['the jsoncompat pair (complex_optional_prop_added)', fixture('old'), fixture('new')],
];

/** Bytes of heap `run` leaves behind per call, over `count` calls, with no collection between them (the median of 7 tries). */
function allocated(count, run) {
  const tries = [];
  for (let round = 0; round < 7; round++) {
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < count; i++) run(i);
    tries.push((process.memoryUsage().heapUsed - before) / count);
  }
  return tries.sort((a, b) => a - b)[3];
}

const checker = new JsonSchemaChecker();
console.log('JSON Schema cold pair check: heap allocated per check (yardstick: JSON.parse of the two texts = 1×)');
for (const [name, oldText, newText] of pairs) {
  const count = 50;
  const parsed = Array.from({ length: count * 8 }, () => [checker.parse(newText), checker.parse(oldText)]);
  let next = 0;
  const check = allocated(count, () => { const [reader, writer] = parsed[next++ % parsed.length]; checker.canRead(reader, writer); });
  const parse = allocated(count, () => { JSON.parse(oldText); JSON.parse(newText); });
  console.log(`  ${name}: ${Math.round(check)} B a check, ${(check / parse).toFixed(2)}× (JSON.parse: ${Math.round(parse)} B)`);
}
