// Real public schemas as a workload beside the synthetic ones: the Avro and JSON Schema pairs of
// Karapace's test suite (Apache-2.0, test/fixtures/karapace/LICENSE and NOTICE; ports of
// Confluent's and Apache Avro's tests) and jsoncompat's backward-compatibility pairs (MIT,
// test/fixtures/jsoncompat/LICENSE), read where they are kept. Each pair is parsed and checked
// once per pass, from its texts and from objects; yardstick: JSON.parse of every text of the pass.
import { readFileSync, readdirSync } from 'node:fs';
import { AvroChecker, JsonSchemaChecker } from '../dist/index.js';
import { compare, formatRatio } from './measure.mjs';

const fixtures = new URL('../test/fixtures/', import.meta.url);
const readJson = (path) => JSON.parse(readFileSync(new URL(path, fixtures), 'utf8'));

const avroPairs = readJson('karapace/avro_pairs.json').cases.map(({ reader, writer }) => [JSON.stringify(reader), JSON.stringify(writer)]);
const jsonPairs = [
  ...readJson('karapace/jsonschema_pairs.json').cases.map(({ reader, writer }) => [JSON.stringify(reader), JSON.stringify(writer)]),
  ...readdirSync(new URL('jsoncompat/backcompat/', fixtures), { withFileTypes: true }).filter((entry) => entry.isDirectory())
    .map(({ name }) => [readFileSync(new URL(`jsoncompat/backcompat/${name}/new.json`, fixtures), 'utf8'), readFileSync(new URL(`jsoncompat/backcompat/${name}/old.json`, fixtures), 'utf8')]),
];

// A document that is not an object (Avro's `"string"`, JSON Schema's `true`) is passed as its text.
const asObject = (text) => {
  const value = JSON.parse(text);
  return typeof value === 'object' && value !== null ? value : text;
};

/** Parses and checks every pair the checker accepts (a few of the suites' schemas are invalid on purpose: left out). */
function usable(checker, pairs) {
  return pairs.filter(([reader, writer]) => {
    try {
      checker.canRead(checker.parse(reader), checker.parse(writer));
      return true;
    } catch {
      return false;
    }
  });
}

for (const [name, checker, all] of [['Avro, Karapace', new AvroChecker(), avroPairs], ['JSON Schema, Karapace and jsoncompat', new JsonSchemaChecker(), jsonPairs]]) {
  const pairs = usable(checker, all);
  const bytes = pairs.reduce((sum, [reader, writer]) => sum + reader.length + writer.length, 0);
  const ratios = compare(() => { for (const [reader, writer] of pairs) { JSON.parse(reader); JSON.parse(writer); } }, {
    texts: () => { for (const [reader, writer] of pairs) checker.canRead(checker.parse(reader), checker.parse(writer)); },
    objects: () => { for (const [reader, writer] of pairs) checker.canRead(checker.parse(asObject(reader)), checker.parse(asObject(writer))); },
  }, { rounds: 11 });
  console.log(`Real schemas: ${name}, ${pairs.length} pairs (${all.length - pairs.length} invalid on purpose left out), ${bytes} bytes (yardstick: JSON.parse of their texts = 1×)`);
  console.log(`  parse of the two texts + canRead, every pair         ${formatRatio(ratios.texts.ratio)} (noise ±${ratios.texts.spread.toFixed(2)})`);
  console.log(`  JSON.parse + parse of the objects + canRead          ${formatRatio(ratios.objects.ratio)} (noise ±${ratios.objects.spread.toFixed(2)})`);
}
