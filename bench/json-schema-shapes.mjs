// JSON Schema, issue 27: documents given as objects (a service passes objects; a registry parses
// text) and a history whose versions each have a property of their own. Ratios to yardsticks
// timed in the same process (bench/measure.mjs).
import { JsonSchemaChecker, checkCompatibility, parseSchema } from '../dist/index.js';
import { compare, compareFresh, formatRatio } from './measure.mjs';
import { jsonSchemaOwnProperty, jsonSchemaPartlyOpen, jsonSchemaV1, jsonSchemaV2 } from './json-schemas.mjs';
import { atMost } from './targets.mjs';

const checker = new JsonSchemaChecker();
const objectV1 = jsonSchemaV1();
const objectV2 = jsonSchemaV2();
const textV1 = JSON.stringify(objectV1);
const textV2 = JSON.stringify(objectV2);
const parseTexts = () => { JSON.parse(textV1); JSON.parse(textV2); };

const parse = compare(parseTexts, { objects: () => { checker.parse(objectV1); checker.parse(objectV2); } }, { rounds: 11 });
const cold = compareFresh({ prepare: () => undefined, run: parseTexts, count: 200 }, {
  objects: { prepare: () => [checker.parse(objectV2), checker.parse(objectV1)], run: ([reader, writer]) => checker.canRead(reader, writer), count: 200 },
  texts: { prepare: () => [checker.parse(textV2), checker.parse(textV1)], run: ([reader, writer]) => checker.canRead(reader, writer), count: 200 },
});
console.log('JSON Schema documents given as objects: the 200-property pair (yardstick: JSON.parse of the two texts = 1×)');
console.log(`  parsing the two objects                                ${formatRatio(parse.objects.ratio)}   ${atMost('JSON Schema parse of the objects / JSON.parse of the texts', parse.objects.ratio, 5, parse.objects.spread)}`);
console.log(`  a cold pair check, schemas parsed from the objects     ${formatRatio(cold.objects.ratio)}   ${atMost('JSON Schema cold pair check, from objects / JSON.parse', cold.objects.ratio, 1, cold.objects.spread)}`);
console.log(`  a cold pair check, schemas parsed from the texts       ${formatRatio(cold.texts.ratio)}   ${atMost('JSON Schema cold pair check, from texts / JSON.parse', cold.texts.ratio, 1, cold.texts.spread)}`);

// 1,000 stored versions, each v1 with one property of its own; a candidate parsed just before
// (v2 with a partly open content model, so that it reads every version) against one cold pair.
const candidate = jsonSchemaPartlyOpen();
const candidateText = JSON.stringify(candidate);
const stored = Array.from({ length: 1000 }, (_, i) => parseSchema('JSON', JSON.stringify(jsonSchemaOwnProperty(i + 1))));
const verdict = checkCompatibility('BACKWARD_TRANSITIVE', candidateText, stored, { schemaType: 'JSON' });
const history = compareFresh(
  { prepare: () => [parseSchema('JSON', candidateText), parseSchema('JSON', textV1)], run: ([reader, writer]) => checkCompatibility('BACKWARD', reader, [writer]), count: 30 },
  { history: { prepare: () => parseSchema('JSON', candidateText), run: (fresh) => checkCompatibility('BACKWARD_TRANSITIVE', fresh, stored), count: 1 } },
  { rounds: 7 },
);
console.log(`JSON Schema history of 1,000 versions, each with one property of its own (BACKWARD_TRANSITIVE: ${verdict.compatible ? 'compatible' : `INCOMPATIBLE, ${verdict.incompatibilities.length} findings`})`);
console.log('  yardstick: one cold pair (the candidate and v1 parsed just before, checked once) = 1×');
console.log(`  the 1,000-version check                                ${formatRatio(history.history.ratio)}   ${atMost('JSON Schema own-property history / cold pair', history.history.ratio, 100, history.history.spread)}`);
