import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { JsonSchemaChecker } from 'schema-compat';
import type { JsonTypeSchema } from 'schema-compat';

/** One (reader, writer) pair from a vector file: the reader must accept every instance the writer accepts. */
export interface VectorPair {
  readonly source: string;
  readonly name: string;
  readonly reader: unknown;
  readonly writer: unknown;
}

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
/** Confluent's vectors are under the Confluent Community License: read from ../shared/vectors, never copied. */
export const CONFLUENT_FOLDER = here('../../../shared/vectors/confluent/json-schema-provider/');
const CONFLUENT_FILES = ['diff-schema-examples.json', 'diff-schema-examples-2020-12.json', 'diff-combined-schema-examples.json', 'diff-combined-schema-examples-2020-12.json'];

/** The repository's copy when the lead has added it, else the shared vectors (Apache-2.0 / MIT). */
function fixture(repoPath: string, sharedPath: string): string | undefined {
  for (const path of [here(`../fixtures/${repoPath}`), here(`../../../shared/vectors/${sharedPath}`)]) if (existsSync(path)) return path;
  return undefined;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8').replace(/,(\s*[}\]])/g, '$1'));

/** Confluent: reader = update_schema, writer = original_schema (BACKWARD, as its `compatible` flag reads). */
function confluentPairs(): VectorPair[] {
  if (!existsSync(CONFLUENT_FOLDER)) return [];
  return CONFLUENT_FILES.flatMap((file) => (readJson(CONFLUENT_FOLDER + file) as Array<{ description: string; original_schema: unknown; update_schema: unknown }>)
    .map((entry) => ({ source: `confluent/${file}`, name: entry.description, reader: entry.update_schema, writer: entry.original_schema })));
}

/** Karapace: each case names its reader and writer. */
function karapacePairs(): VectorPair[] {
  const path = fixture('karapace/jsonschema_pairs.json', 'karapace/jsonschema_pairs.json');
  if (path === undefined) return [];
  const cases = (readJson(path) as { cases: Array<{ test: string; reader_name: string; writer_name: string; reader: unknown; writer: unknown }> }).cases;
  return cases.map((entry) => ({ source: 'karapace', name: `${entry.test}: ${entry.reader_name} reads ${entry.writer_name}`, reader: entry.reader, writer: entry.writer }));
}

/** Apicurio: original and updated, both directions (each is a pair a registry may check). */
function apicurioPairs(): VectorPair[] {
  const path = fixture('apicurio/jsonschema/compatibility-test-data.json', 'apicurio/jsonschema/compatibility-test-data.json');
  if (path === undefined) return [];
  const tests = (readJson(path) as { tests: Array<{ id: string; original: unknown; updated: unknown }> }).tests;
  return tests.flatMap((entry) => [
    { source: 'apicurio', name: `${entry.id} (updated reads original)`, reader: entry.updated, writer: entry.original },
    { source: 'apicurio', name: `${entry.id} (original reads updated)`, reader: entry.original, writer: entry.updated },
  ]);
}

/** jsoncompat: old.json and new.json per folder, both directions. */
function jsoncompatPairs(): VectorPair[] {
  const folder = fixture('jsoncompat/backcompat', 'jsoncompat/backcompat');
  if (folder === undefined) return [];
  return readdirSync(folder).sort().flatMap((name) => {
    const old = readJson(`${folder}/${name}/old.json`);
    const now = readJson(`${folder}/${name}/new.json`);
    return [
      { source: 'jsoncompat', name: `${name} (new reads old)`, reader: now, writer: old },
      { source: 'jsoncompat', name: `${name} (old reads new)`, reader: old, writer: now },
    ];
  });
}

export function vectorPairs(): { readonly pairs: readonly VectorPair[]; readonly confluentPresent: boolean } {
  return { pairs: [...confluentPairs(), ...karapacePairs(), ...apicurioPairs(), ...jsoncompatPairs()], confluentPresent: existsSync(CONFLUENT_FOLDER) };
}

type Doc = Extract<JsonTypeSchema, { kind: 'json-schema' }>;

/** The vector pairs both of whose schemas parse as JSON Schema documents, parsed; and how many did not parse. */
export function parsedVectorPairs(): { readonly pairs: ReadonlyArray<VectorPair & { readonly parsed: { readonly reader: Doc; readonly writer: Doc } }>; readonly unparsed: number } {
  const checker = new JsonSchemaChecker();
  const pairs: Array<VectorPair & { parsed: { reader: Doc; writer: Doc } }> = [];
  let unparsed = 0;
  for (const pair of vectorPairs().pairs) {
    try {
      const [reader, writer] = [checker.parse(pair.reader as object), checker.parse(pair.writer as object)];
      if (reader.kind === 'json-schema' && writer.kind === 'json-schema') pairs.push({ ...pair, parsed: { reader, writer } });
    } catch {
      unparsed++;
    }
  }
  return { pairs, unparsed };
}
