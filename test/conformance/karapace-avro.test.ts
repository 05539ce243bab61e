import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AvroChecker, SchemaParseError } from 'schema-compat';

/**
 * Karapace's Avro cases (test/fixtures/karapace, Apache-2.0): ports of Confluent's
 * AvroCompatibilityTest and Apache Avro's TestSchemaCompatibility, as python-avro judges them.
 */
interface KarapaceCase {
  readonly test: string;
  readonly reader: unknown;
  readonly writer: unknown;
  readonly expected: 'compatible' | 'incompatible';
  readonly note?: string;
  readonly expected_message?: string | readonly string[];
  readonly expected_location?: string | readonly string[];
}

const { cases } = JSON.parse(readFileSync(new URL('../fixtures/karapace/avro_pairs.json', import.meta.url), 'utf8')) as { cases: KarapaceCase[] };
const checker = new AvroChecker();

/** Python-only verdicts: python-avro accepts schemas that Java 1.12 (and so Confluent) rejects. Explained in docs/avro.md. */
function isPythonOnlyAcceptance(testCase: KarapaceCase): boolean {
  return JSON.stringify([testCase.reader, testCase.writer]).includes('"symbols":["A"],"default":"B"');
}

/**
 * python-avro's wording of a message in Java's (reference/avro.md §2.11): lower-case type names
 * (compared case-insensitively), no colon after "reader union lacking writer type", and enum
 * symbols as an unordered Python set `{'C', 'B'}` where Java prints the sorted `[B, C]`.
 */
function javaWording(message: string): string {
  const set = /^\{(.*)\}$/.exec(message);
  if (set?.[1] !== undefined) return `[${set[1].split(', ').map((symbol) => symbol.replace(/'/g, '')).sort().join(', ')}]`.toLowerCase();
  return message.toLowerCase().replace('reader union lacking writer type ', 'reader union lacking writer type: ');
}

function asList(value: string | readonly string[] | undefined): readonly string[] {
  return value === undefined ? [] : typeof value === 'string' ? [value] : value;
}

describe("Karapace's Avro cases (195)", () => {
  it('agrees on every verdict except the one python-avro accepts an invalid enum default for', () => {
    let agreed = 0;
    const pythonOnly: string[] = [];
    for (const testCase of cases) {
      if (isPythonOnlyAcceptance(testCase)) {
        // Java: "The Enum Default: B is not in the enum symbol set: [A]" — the schema is invalid, so no verdict.
        expect(() => checker.parse(JSON.stringify(testCase.reader))).toThrow(SchemaParseError);
        pythonOnly.push(testCase.test);
        continue;
      }
      const result = checker.canRead(checker.parse(JSON.stringify(testCase.reader)), checker.parse(JSON.stringify(testCase.writer)));
      expect(result.compatible ? 'compatible' : 'incompatible', `${testCase.test}: ${JSON.stringify(testCase.reader)} <- ${JSON.stringify(testCase.writer)}`).toBe(testCase.expected);
      agreed++;
    }
    console.info(`[karapace avro] verdicts: ${agreed}/${cases.length}, plus ${pythonOnly.length} python-only acceptance of an invalid schema`);
    expect([cases.length, agreed, pythonOnly.length]).toEqual([195, 194, 1]);
  });

  it('reports the expected locations (python-avro resets the path of writer-union branches, Java 1.12 keeps it)', () => {
    let matched = 0;
    const differing: string[] = [];
    const withLocation = cases.filter((testCase) => testCase.expected_location !== undefined);
    for (const testCase of withLocation) {
      const result = checker.canRead(checker.parse(JSON.stringify(testCase.reader)), checker.parse(JSON.stringify(testCase.writer)));
      const locations = result.incompatibilities.map((finding) => finding.location);
      const messages = result.incompatibilities.map((finding) => finding.message.toLowerCase());
      const expectedLocations = asList(testCase.expected_location);
      if (expectedLocations.every((location) => locations.includes(location))) {
        matched++;
        for (const message of asList(testCase.expected_message)) expect(messages, testCase.test).toContain(javaWording(message));
      } else {
        // AVRO-3612 (Java 1.12): a non-union reader against a writer union keeps the branch index in the path.
        expect(expectedLocations).toEqual(['/']);
        expect(locations.every((location) => /^\/\d+$/.test(location)), testCase.test).toBe(true);
        differing.push(`${testCase.test}: python ${expectedLocations.join(',')} / ours ${locations.join(',')}`);
      }
    }
    console.info(`[karapace avro] locations: ${matched}/${withLocation.length}; ${differing.length} are python-avro's pre-1.12 "/" for a writer-union branch`);
    expect([withLocation.length, matched, differing.length]).toEqual([58, 55, 3]);
  });
});
