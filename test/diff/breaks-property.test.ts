import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CheckerRegistry, checkCompatibility, diffSchemas, parseSchema } from 'schema-compat';
import type { AvroProfile, Change, DiffOptions, Direction, ParsedSchema, SchemaType } from 'schema-compat';
import { ProtobufChecker } from 'schema-compat/protobuf';
import { loadJavaCorpus } from '../support/java-corpus.js';

/**
 * The property that makes `breaks` trustworthy: for every pair of the conformance corpora, the
 * directions the changes break, together, are exactly the directions in which checkCompatibility
 * fails on the same pair with the same options (BACKWARD: the new schema reads the old one's data),
 * and every finding of the check is accounted for by a listed change (no FINDING_WITHOUT_CHANGE).
 */
const fixtures = new URL('../fixtures/', import.meta.url);
const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, fixtures), 'utf8'));
const DIRECTIONS: readonly Direction[] = ['BACKWARD', 'FORWARD'];

interface Pair {
  readonly id: string;
  readonly old: string | object | ParsedSchema;
  readonly new: string | object | ParsedSchema;
}

interface Tally {
  pairs: number;
  failing: number;
  mismatches: string[];
  unexplained: number;
}

function failingDirections(type: SchemaType, pair: Pair, options: DiffOptions): Direction[] {
  return DIRECTIONS.filter((direction) => !checkCompatibility(direction, pair.new, [pair.old], { ...options, schemaType: type }).compatible);
}

function brokenDirections(changes: readonly Change[]): Direction[] {
  return DIRECTIONS.filter((direction) => changes.some((change) => change.breaks.includes(direction)));
}

function tally(type: SchemaType, pairs: readonly Pair[], options: DiffOptions = {}): Tally {
  const result: Tally = { pairs: 0, failing: 0, mismatches: [], unexplained: 0 };
  for (const pair of pairs) {
    const changes = diffSchemas(type, pair.old, pair.new, options);
    const expected = failingDirections(type, pair, options);
    result.pairs++;
    if (expected.length > 0) result.failing++;
    result.unexplained += changes.filter((change) => change.change === 'FINDING_WITHOUT_CHANGE').length;
    const got = brokenDirections(changes);
    if (got.join() !== expected.join()) result.mismatches.push(`${pair.id}: check fails [${expected.join(', ')}], changes break [${got.join(', ')}]`);
  }
  return result;
}

function report(name: string, result: Tally): void {
  console.info(`[diff breaks] ${name}: ${result.pairs} pairs (${result.failing} failing in some direction), ${result.mismatches.length} mismatches, ${result.unexplained} findings without a change`);
  for (const line of result.mismatches.slice(0, 10)) console.info(`  [diff breaks] ${name} ${line}`);
}

describe('breaks agree with checkCompatibility on every corpus pair', () => {
  for (const profile of ['confluent', 'pulsar', 'strict'] as const satisfies readonly AvroProfile[]) {
    it(`avro-java-1.12, profile ${profile}`, () => {
      const pairs = loadJavaCorpus().filter((pair) => !('error' in pair.java)).map((pair) => ({ id: pair.id, old: JSON.stringify(pair.writer), new: JSON.stringify(pair.reader) }));
      const result = tally('AVRO', pairs, { avro: { profile } });
      report(`avro-java-1.12 (${profile})`, result);
      expect(result.pairs).toBe(10350);
      expect([result.mismatches, result.unexplained]).toEqual([[], 0]);
    });
  }

  it('karapace avro', () => {
    const { cases } = read('karapace/avro_pairs.json') as { cases: { test: string; reader: object; writer: object }[] };
    // One case's reader has an enum default outside its symbols, which Java (and we) refuse to parse.
    const valid = cases.filter((c) => !JSON.stringify(c.reader).includes('"symbols":["A"],"default":"B"'));
    const result = tally('AVRO', valid.map((c, i) => ({ id: `${i} ${c.test}`, old: JSON.stringify(c.writer), new: JSON.stringify(c.reader) })));
    report('karapace avro', result);
    expect(result.pairs).toBe(194);
    expect([result.mismatches, result.unexplained]).toEqual([[], 0]);
  });

  it('karapace json', () => {
    const { cases } = read('karapace/jsonschema_pairs.json') as { cases: { test: string; reader: object; writer: object }[] };
    const result = tally('JSON', cases.map((c, i) => ({ id: `${i} ${c.test}`, old: JSON.stringify(c.writer), new: JSON.stringify(c.reader) })));
    report('karapace json', result);
    expect(result.pairs).toBe(321);
    expect([result.mismatches, result.unexplained]).toEqual([[], 0]);
  });

  it('apicurio json', () => {
    const { tests } = read('apicurio/jsonschema/compatibility-test-data.json') as { tests: { id: string; original: object; updated: object }[] };
    const result = tally('JSON', tests.map((t) => ({ id: t.id, old: JSON.stringify(t.original), new: JSON.stringify(t.updated) })));
    report('apicurio json', result);
    expect(result.pairs).toBe(tests.length);
    expect([result.mismatches, result.unexplained]).toEqual([[], 0]);
  });

  it('jsoncompat (2020-12)', () => {
    const root = new URL('jsoncompat/backcompat/', fixtures);
    const pairs = readdirSync(root).sort().map((name) => ({ id: name, old: JSON.stringify(read(`jsoncompat/backcompat/${name}/old.json`)), new: JSON.stringify(read(`jsoncompat/backcompat/${name}/new.json`)) }));
    const result = tally('JSON', pairs, { json: { defaultDraft: '2020-12' } });
    report('jsoncompat', result);
    expect(result.pairs).toBe(63);
    expect([result.mismatches, result.unexplained]).toEqual([[], 0]);
  });

  it('karapace protobuf', () => {
    const { cases } = read('karapace/protobuf_pairs.json') as { cases: { test: string; writer_old: string; reader_new: string }[] };
    const registry = CheckerRegistry.withDefaults().register(new ProtobufChecker());
    const result = tally('PROTOBUF', cases.map((c) => ({ id: c.test, old: c.writer_old, new: c.reader_new })), { registry });
    report('karapace protobuf', result);
    expect(result.pairs).toBe(17);
    expect([result.mismatches, result.unexplained]).toEqual([[], 0]);
  });

  it("buf's breaking-change cases: each file present on both sides, with its side's other files as references", () => {
    const registry = CheckerRegistry.withDefaults().register(new ProtobufChecker());
    const result = tally('PROTOBUF', bufPairs(registry), { registry });
    report('buf', result);
    expect(result.pairs).toBe(60);
    expect([result.mismatches, result.unexplained]).toEqual([[], 0]);
  });
});

/**
 * Confluent's own vectors, under the Confluent Community License: read from ../shared/vectors when
 * that folder exists, never copied here (SKIPPED otherwise).
 */
const confluent = fileURLToPath(new URL('../../../shared/vectors/confluent/', import.meta.url));
const confluentPresent = existsSync(confluent);

interface ConfluentCase {
  readonly description: string;
  readonly original_schema: string | object;
  readonly update_schema: string | object;
  readonly original_dependencies?: readonly { readonly name: string; readonly dependency: string }[];
  readonly update_dependencies?: readonly { readonly name: string; readonly dependency: string }[];
}

/** Confluent's files; the 2020-12 ones are not strict JSON (upstream reads them with lenient org.json): trailing commas go. */
function confluentCases(path: string): ConfluentCase[] {
  return JSON.parse(readFileSync(join(confluent, path), 'utf8').replace(/,(\s*[}\]])/g, '$1')) as ConfluentCase[];
}

describe.skipIf(!confluentPresent)("breaks agree with checkCompatibility on Confluent's vectors (../shared/vectors, CCL)", () => {
  it('json-schema-provider, STRICT and LENIENT', () => {
    const files = ['diff-schema-examples.json', 'diff-schema-examples-2020-12.json', 'diff-combined-schema-examples.json', 'diff-combined-schema-examples-2020-12.json'];
    const pairs = files.flatMap((file) => confluentCases(`json-schema-provider/${file}`).map((c, i) => ({ id: `${file} ${i} ${c.description}`, old: JSON.stringify(c.original_schema), new: JSON.stringify(c.update_schema) })));
    for (const policy of ['STRICT', 'LENIENT'] as const) {
      const result = tally('JSON', pairs, { json: { policy } });
      report(`confluent json (${policy})`, result);
      expect([result.pairs, result.mismatches, result.unexplained]).toEqual([263, [], 0]);
    }
  });

  it('protobuf-provider', () => {
    const registry = CheckerRegistry.withDefaults().register(new ProtobufChecker());
    const references = (dependencies: ConfluentCase['original_dependencies']): Record<string, string> => Object.fromEntries((dependencies ?? []).map((item) => [item.name, item.dependency]));
    const pairs = confluentCases('protobuf-provider/diff-schema-examples.json').map((c) => ({
      id: c.description,
      old: parseSchema('PROTOBUF', c.original_schema, { registry, references: references(c.original_dependencies) }),
      new: parseSchema('PROTOBUF', c.update_schema, { registry, references: references(c.update_dependencies) }),
    }));
    const result = tally('PROTOBUF', pairs, { registry });
    report('confluent protobuf', result);
    expect([result.mismatches, result.unexplained]).toEqual([[], 0]);
  });
});

describe.runIf(!confluentPresent)("Confluent's vectors", () => {
  it('skipped: ../shared/vectors/confluent is not there', () => {
    console.info('[diff breaks] confluent: SKIPPED (../shared/vectors/confluent not found)');
    expect(confluentPresent).toBe(false);
  });
});

describe("breaks under Buf's rules", () => {
  it("buf-wire and buf-wire-json on Buf's cases: the property holds; the few Buf findings no change accounts for are FINDING_WITHOUT_CHANGE", () => {
    const counts = (['buf-wire', 'buf-wire-json'] as const).map((rules) => {
      const registry = CheckerRegistry.withDefaults().register(new ProtobufChecker({ rules }));
      const result = tally('PROTOBUF', bufPairs(registry), { registry });
      report(`buf (${rules})`, result);
      expect(result.mismatches).toEqual([]);
      return [result.pairs, result.unexplained];
    });
    // Pinned: extension fields (Buf compares them, the diff lists a file's own definitions), a oneof
    // membership, JSON-format features and required-field moves that the diff does not name.
    expect(counts).toEqual([[60, 49], [60, 71]]);
  });
});

function protoFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? protoFiles(path) : name.endsWith('.proto') ? [path] : [];
  });
}

/** The .proto files of one side of a Buf case, by import name (the roots are the case folder or its buf.yaml `roots`). */
function side(kind: 'previous' | 'current', dir: string): Map<string, string> {
  const base = new URL(`buf/testdata/breaking/${kind}/${dir}/`, fixtures).pathname;
  const yaml = existsSync(join(base, 'buf.yaml')) ? readFileSync(join(base, 'buf.yaml'), 'utf8') : '';
  const roots = [...(/^\s*roots:\s*\n((?:\s*-\s*\S+\s*\n?)+)/m.exec(yaml)?.[1] ?? '').matchAll(/-\s*(\S+)/g)].map((match) => match[1] as string);
  const files = new Map<string, string>();
  for (const root of roots.length > 0 ? roots : ['.']) for (const file of protoFiles(join(base, root))) files.set(relative(join(base, root), file), readFileSync(file, 'utf8'));
  return files;
}

/** A file parsed with the other files of its side as references (what its imports name). */
function parsedFile(registry: CheckerRegistry, files: ReadonlyMap<string, string>, name: string, label: string): ParsedSchema {
  const references = Object.fromEntries([...files].filter(([other]) => other !== name));
  return parseSchema('PROTOBUF', files.get(name) as string, { registry, references, label });
}

function bufPairs(registry: CheckerRegistry): Pair[] {
  const { cases } = read('buf/expected.json') as { cases: { dir: string }[] };
  const pairs: Pair[] = [];
  for (const { dir } of cases) {
    const [previous, current] = [side('previous', dir), side('current', dir)];
    for (const [name, text] of current) {
      if (!previous.has(name) || text === previous.get(name)) continue;
      pairs.push({ id: `${dir}/${name}`, old: parsedFile(registry, previous, name, `previous/${dir}/${name}`), new: parsedFile(registry, current, name, `current/${dir}/${name}`) });
    }
  }
  return pairs;
}
