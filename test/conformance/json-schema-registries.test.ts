import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JsonSchemaChecker } from 'schema-compat';

/**
 * Other implementations' JSON Schema cases (test/fixtures; Karapace and Apicurio Apache-2.0,
 * jsoncompat MIT, licences beside them). Agreement is reported and pinned; every case where we
 * call a pair compatible and they do not must be one we can argue (docs/json-schema.md,
 * "Other registries"), since a wrong "compatible" is the error that breaks consumers.
 */
const fixtures = new URL('../fixtures/', import.meta.url);
const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, fixtures), 'utf8'));
const checker = new JsonSchemaChecker();

function canRead(reader: unknown, writer: unknown, on = checker): boolean {
  return on.canRead(on.parse(reader as object), on.parse(writer as object)).compatible;
}

interface KarapaceCase {
  readonly test: string;
  readonly reader_name: string;
  readonly writer_name: string;
  readonly reader: unknown;
  readonly writer: unknown;
  readonly expected: 'compatible' | 'incompatible';
}

/** Why Karapace calls incompatible what we call compatible; each reason names the instance-level argument. */
function karapaceReason(c: KarapaceCase): string | undefined {
  if (c.reader_name === 'TRUE_SCHEMA') return 'Karapace reads a `true` reader as {"type":"object"}; `true` accepts every instance';
  if (c.writer_name === 'FALSE_SCHEMA') return 'a `false` writer has no instance, so every reader reads all of them';
  if (c.reader_name === 'A_OBJECT_SCHEMA' || c.reader_name === 'PATTERN_PROPERTY_ASTAR_OBJECT_SCHEMA') return 'the reader adds only `{}` schemas, which accept any value (Confluent: PROPERTY_WITH_EMPTY_SCHEMA_ADDED_TO_OPEN_CONTENT_MODEL)';
  return undefined;
}

describe('Karapace JSON Schema cases', () => {
  it('agreement, and every compatible verdict Karapace disputes is argued', () => {
    const { cases } = read('karapace/jsonschema_pairs.json') as { cases: KarapaceCase[] };
    let matched = 0;
    const stricter: string[] = [];
    for (const c of cases) {
      const ours = canRead(c.reader, c.writer);
      if (ours === (c.expected === 'compatible')) matched++;
      else if (ours) expect(karapaceReason(c), `${c.test}: ${c.reader_name} <- ${c.writer_name}`).toBeDefined();
      else stricter.push(`${c.reader_name} <- ${c.writer_name}`);
    }
    console.log(`[karapace json] verdicts ${matched}/${cases.length}; stricter than Karapace: ${stricter.join('; ')}`);
    expect(matched).toBe(247);
    // FALSE <- TRUE: `false` accepts nothing, so {} refutes Karapace's "compatible"; the propertyNames two are our caution (docs).
    expect(stricter).toEqual(['FALSE_SCHEMA <- TRUE_SCHEMA', 'PROPERTY_NAMES_ASTAR_OBJECT_SCHEMA <- A_OBJECT_SCHEMA', 'PROPERTY_NAMES_ASTAR_OBJECT_SCHEMA <- B_INT_OBJECT_SCHEMA']);
  });
});

interface ApicurioCase {
  readonly id: string;
  readonly compatibility: 'backward' | 'both' | 'none';
  readonly original: unknown;
  readonly updated: unknown;
}

describe('Apicurio JSON Schema cases', () => {
  it('agreement on both directions, disagreements by family', () => {
    const { tests } = read('apicurio/jsonschema/compatibility-test-data.json') as { tests: ApicurioCase[] };
    let matched = 0;
    const families = new Map<string, number>();
    for (const t of tests) {
      const backward = canRead(t.updated, t.original);
      const forward = canRead(t.original, t.updated);
      // "backward" means backward and not forward; "both" both; "none" neither (vectors README).
      const want = t.compatibility === 'both' ? [true, true] : t.compatibility === 'backward' ? [true, false] : [false, false];
      if (backward === want[0] && forward === want[1]) {
        matched++;
        continue;
      }
      const family = /^Number: exclusive/.test(t.id) ? 'draft-4 boolean exclusive bounds against draft-7 inclusive ones (we compare keyword by keyword: cautious)'
        : /^String: content/.test(t.id) ? 'contentEncoding/contentMediaType are annotations to us'
        : /^Complex: oneOf/.test(t.id) ? 'oneOf exclusivity: some old string matches two new branches, which oneOf rejects (we are right)'
        : /^Conditional:/.test(t.id) ? 'then/else compared out of context (cautious)' : `unexplained: ${t.id}`;
      families.set(family, (families.get(family) ?? 0) + 1);
    }
    console.log(`[apicurio json] verdicts ${matched}/${tests.length}; ${[...families].map(([f, n]) => `${n} × ${f}`).join('; ')}`);
    expect(matched).toBe(131);
    expect([...families.keys()].filter((family) => family.startsWith('unexplained'))).toEqual([]);
  });
});

describe('jsoncompat cases (2020-12 semantics)', () => {
  it('agreement per direction; where we call a pair compatible, so do they (one argued exception)', () => {
    const on = new JsonSchemaChecker({ defaultDraft: '2020-12' });
    const root = new URL('jsoncompat/backcompat/', fixtures);
    let matched = 0;
    let total = 0;
    const weAccept: string[] = [];
    for (const name of readdirSync(root).sort()) {
      const old = read(`jsoncompat/backcompat/${name}/old.json`);
      const next = read(`jsoncompat/backcompat/${name}/new.json`);
      const expected = read(`jsoncompat/backcompat/${name}/expect.json`) as { serializer: boolean; deserializer: boolean };
      // deserializer: the new schema reads old values (BACKWARD); serializer: the old reads new ones (FORWARD).
      for (const [ours, theirs, label] of [[canRead(next, old, on), expected.deserializer, 'backward'], [canRead(old, next, on), expected.serializer, 'forward']] as const) {
        total++;
        if (ours === theirs) matched++;
        else if (ours) weAccept.push(`${name} ${label}`);
      }
    }
    console.log(`[jsoncompat] verdicts ${matched}/${total}; we accept where they do not: ${weAccept.join(', ')}`);
    expect(matched).toBe(108);
    // Its name says jsoncompat cannot decide it; the new schema admits only the key "\u0003" with an integer, which the old open schema accepts.
    expect(weAccept).toEqual(['unsupported_subset_pattern_properties_additional_fallback forward']);
  });
});
