// JSON Schema, issue 17 item 4: parsing against JSON.parse of the same texts, a cold pair check
// (two schemas parsed just before, checked once; issue 27 set its target to 1.0×) against JSON.parse of their texts, on bench/'s
// 200-property pair and on the largest real schema pair of the test fixtures; and a 1,000-version
// BACKWARD_TRANSITIVE check against one cold pair.
import { readFileSync } from 'node:fs';
import { JsonSchemaChecker, checkCompatibility, parseSchema } from '../dist/index.js';
import { compare, compareFresh, formatRatio } from './measure.mjs';
import { jsonSchemaV1, jsonSchemaV2, jsonSchemaVersion } from './json-schemas.mjs';
import { atMost } from './targets.mjs';

const checker = new JsonSchemaChecker();
const fixture = (name) => readFileSync(new URL(`../test/fixtures/jsoncompat/backcompat/complex_optional_prop_added/${name}.json`, import.meta.url), 'utf8');
const pairs = [
  ['the 200-property pair', JSON.stringify(jsonSchemaV1()), JSON.stringify(jsonSchemaV2())],
  ['the largest fixture pair (jsoncompat complex_optional_prop_added)', fixture('old'), fixture('new')],
];
console.log('JSON Schema parse and cold pair check (yardstick: JSON.parse of the two texts = 1×)');
for (const [name, oldText, newText] of pairs) {
  const parse = compare(() => { JSON.parse(oldText); JSON.parse(newText); }, { parse: () => { checker.parse(oldText); checker.parse(newText); } }, { rounds: 11 });
  const cold = compareFresh(
    { prepare: () => undefined, run: () => { JSON.parse(oldText); JSON.parse(newText); }, count: 200 },
    { check: { prepare: () => [checker.parse(newText), checker.parse(oldText)], run: ([reader, writer]) => checker.canRead(reader, writer), count: 200 } },
  );
  console.log(`  ${name}, ${oldText.length + newText.length} bytes`);
  console.log(`    parsing the two texts                 ${formatRatio(parse.parse.ratio)}   ${atMost(`JSON Schema parse / JSON.parse, ${name}`, parse.parse.ratio, 5, parse.parse.spread)}`);
  console.log(`    a cold pair check                     ${formatRatio(cold.check.ratio)}   ${atMost(`JSON Schema cold pair check / JSON.parse, ${name}`, cold.check.ratio, 1, cold.check.spread)}`);
}

// The history: 1,000 stored versions parsed once; each check gets a candidate parsed just before.
const [, textV1, textV2] = pairs[0];
const stored = Array.from({ length: 1000 }, (_, i) => parseSchema('JSON', JSON.stringify(jsonSchemaVersion(i + 1))));
const history = compareFresh(
  { prepare: () => [parseSchema('JSON', textV2), parseSchema('JSON', textV1)], run: ([reader, writer]) => checkCompatibility('BACKWARD', reader, [writer]), count: 30 },
  { history: { prepare: () => parseSchema('JSON', textV2), run: (fresh) => checkCompatibility('BACKWARD_TRANSITIVE', fresh, stored), count: 1 } },
  { rounds: 7 },
);
console.log('JSON Schema history: a candidate parsed just before, BACKWARD_TRANSITIVE against 1,000 stored versions');
console.log('  yardstick: one cold pair (the 200-property pair parsed just before, checked once with checkCompatibility) = 1×');
console.log(`  the 1,000-version check                   ${formatRatio(history.history.ratio)}   ${atMost('JSON Schema 1,000-version history / cold pair', history.history.ratio, 100, history.history.spread)}`);
// The same check against JSON.parse of the pair's two texts: a yardstick that does not move when the
// cold pair gets cheaper, so that before/after figures of the history compare.
const absolute = compareFresh(
  { prepare: () => undefined, run: () => { JSON.parse(textV1); JSON.parse(textV2); }, count: 200 },
  { history: { prepare: () => parseSchema('JSON', textV2), run: (fresh) => checkCompatibility('BACKWARD_TRANSITIVE', fresh, stored), count: 1 } },
  { rounds: 7 },
);
console.log(`  the same, against JSON.parse of the two texts   ${formatRatio(absolute.history.ratio)}   (noise ±${absolute.history.spread.toFixed(1)})`);
