import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JsonSchemaChecker } from 'schema-compat';
import type { JsonSchemaCheckerOptions, JsonTypeSchema } from 'schema-compat';

/**
 * Confluent's own JSON Schema vectors (json-schema-provider/src/test/resources), read from
 * ../shared/vectors/confluent when that folder exists: they are under the Confluent Community
 * License, so they are never copied into this repository. `compatible` is the BACKWARD verdict
 * (the update reads the original) under STRICT, `compatible_lenient` under LENIENT.
 */
const folder = fileURLToPath(new URL('../../../shared/vectors/confluent/json-schema-provider/', import.meta.url));
const present = existsSync(folder);
const FILES = ['diff-schema-examples.json', 'diff-schema-examples-2020-12.json', 'diff-combined-schema-examples.json', 'diff-combined-schema-examples-2020-12.json'];

interface ConfluentCase {
  readonly description: string;
  readonly original_schema: object;
  readonly update_schema: object;
  readonly changes: readonly string[];
  readonly compatible: boolean;
  readonly compatible_lenient?: boolean;
}

/** The 2020-12 file is not strict JSON (upstream reads it with lenient org.json): trailing commas go. */
function load(file: string): ConfluentCase[] {
  return JSON.parse(readFileSync(folder + file, 'utf8').replace(/,(\s*[}\]])/g, '$1')) as ConfluentCase[];
}

/**
 * Where we answer otherwise by default, and why (docs/json-schema.md, "Where we differ from
 * Confluent"): `required` gains `bar`, which neither schema declares, so `{"foo": "x"}` is valid
 * before and invalid after; Confluent compares required-ness only for declared properties.
 */
const UNSOUND_IN_CONFLUENT = new Set(['Detect required array to be changed']);

function verdicts(file: string, options: JsonSchemaCheckerOptions, policy: 'STRICT' | 'LENIENT'): { matched: number; total: number; deviations: string[] } {
  const checker = new JsonSchemaChecker({ ...options, policy });
  const cases = load(file);
  const deviations: string[] = [];
  for (const testCase of cases) {
    const want = policy === 'LENIENT' ? (testCase.compatible_lenient ?? testCase.compatible) : testCase.compatible;
    const got = checker.canRead(checker.parse(testCase.update_schema), checker.parse(testCase.original_schema)).compatible;
    if (got !== want) deviations.push(testCase.description);
  }
  return { matched: cases.length - deviations.length, total: cases.length, deviations };
}

/** Confluent's change lists (compatible differences too) against `diff`, as sorted multisets: Java emits them in HashSet order. */
function changeLists(file: string, options: JsonSchemaCheckerOptions): { matched: number; total: number } {
  const checker = new JsonSchemaChecker(options);
  const cases = load(file);
  let matched = 0;
  for (const testCase of cases) {
    const original = checker.parse(testCase.original_schema) as Extract<JsonTypeSchema, { kind: 'json-schema' }>;
    const update = checker.parse(testCase.update_schema) as Extract<JsonTypeSchema, { kind: 'json-schema' }>;
    const ours = checker.diff(original, update).map((difference) => `${difference.type} ${difference.location}`).sort();
    if (JSON.stringify(ours) === JSON.stringify([...testCase.changes].sort())) matched++;
  }
  return { matched, total: cases.length };
}

describe.skipIf(!present)('Confluent JSON Schema vectors', () => {
  for (const file of FILES) {
    it(`${file}: STRICT and LENIENT verdicts, by default and with confluentQuirks`, () => {
      const strict = verdicts(file, {}, 'STRICT');
      const lenient = verdicts(file, {}, 'LENIENT');
      const quirkStrict = verdicts(file, { confluentQuirks: true }, 'STRICT');
      const quirkLenient = verdicts(file, { confluentQuirks: true }, 'LENIENT');
      const changes = changeLists(file, { confluentQuirks: true });
      console.log(`[confluent json] ${file}: STRICT ${strict.matched}/${strict.total}, LENIENT ${lenient.matched}/${lenient.total}; confluentQuirks STRICT ${quirkStrict.matched}/${quirkStrict.total}, LENIENT ${quirkLenient.matched}/${quirkLenient.total}; change lists ${changes.matched}/${changes.total}`);
      expect(strict.matched / strict.total).toBeGreaterThanOrEqual(0.98);
      expect(lenient.matched / lenient.total).toBeGreaterThanOrEqual(0.98);
      for (const description of [...strict.deviations, ...lenient.deviations]) expect(UNSOUND_IN_CONFLUENT.has(description), description).toBe(true);
      expect(quirkStrict.deviations).toEqual([]);
      expect(quirkLenient.deviations).toEqual([]);
    });
  }

  it('change lists: every difference Confluent lists, except four translator artefacts of the 2020-12 file', () => {
    // The 2020-12 file's translator drops `additionalProperties: false`, `maxProperties`, `minProperties` beside empty
    // `properties`, and reads `items: true → false` as ADDITIONAL_ITEMS_REMOVED; the verdicts agree (docs/json-schema.md).
    const counts = FILES.map((file) => changeLists(file, { confluentQuirks: true }));
    expect(counts.map(({ matched, total }) => `${matched}/${total}`)).toEqual(['104/104', '109/113', '28/28', '18/18']);
  });
});

describe.runIf(!present)('Confluent JSON Schema vectors (absent)', () => {
  it('reports that it skipped', () => {
    console.log(`[confluent json] SKIPPED: ${folder} does not exist (the Confluent Community License files are read from ../shared/vectors, never copied here)`);
    expect(present).toBe(false);
  });
});
