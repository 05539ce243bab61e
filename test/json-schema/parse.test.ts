import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JSON_SCHEMA_MAX_DEPTH, JsonSchemaChecker, SchemaParseError, checkCompatibility, InvalidOptionError, validateInstance } from 'schema-compat';

const checker = new JsonSchemaChecker();

/** The parse error's input, pointer and rule (or line/column for text that is not JSON). */
function failure(input: string | object, options: object = {}): string {
  try {
    checker.parse(input, options);
  } catch (error) {
    if (!(error instanceof SchemaParseError)) throw error;
    return `${error.input} ${error.line === undefined ? error.pointer || '/' : `${error.line}:${error.column}`} ${error.rule}`;
  }
  return 'parsed';
}

describe('bad input gives a SchemaParseError naming the JSON pointer and the rule', () => {
  it('not a schema, wrong keyword types', () => {
    expect(failure('[1, 2]')).toBe('schema / NOT_A_SCHEMA');
    expect(failure({ properties: { a: 3 } })).toBe('schema /properties/a NOT_A_SCHEMA');
    expect(failure({ type: 'strin' })).toBe('schema /type KEYWORD_TYPE');
    expect(failure({ type: ['string', 'string'] })).toBe('schema /type/1 KEYWORD_TYPE');
    expect(failure({ required: ['a', 1] })).toBe('schema /required/1 KEYWORD_TYPE');
    expect(failure({ maxLength: -1 })).toBe('schema /maxLength KEYWORD_TYPE');
    expect(failure({ multipleOf: 0 })).toBe('schema /multipleOf KEYWORD_TYPE');
    expect(failure({ anyOf: [] })).toBe('schema /anyOf KEYWORD_TYPE');
    expect(failure({ items: { properties: { b: { minimum: 'x' } } } })).toBe('schema /items/properties/b/minimum KEYWORD_TYPE');
    expect(failure({ pattern: '(' })).toBe('schema /pattern INVALID_REGEX');
    expect(failure({ patternProperties: { '[': {} } })).toBe('schema /patternProperties INVALID_REGEX');
  });
  it('drafts: unknown dialects, boolean schemas before draft 6, 2020-12 tuples', () => {
    expect(failure({ $schema: 'http://example.com/my-dialect' })).toBe('schema /$schema UNKNOWN_DRAFT');
    expect(failure({ $schema: 'http://json-schema.org/draft-04/schema#', properties: { a: true } })).toBe('schema /properties/a NOT_A_SCHEMA');
    expect(failure({ $schema: 'https://json-schema.org/draft/2020-12/schema', items: [{}] })).toBe('schema /items KEYWORD_TYPE');
    // A dynamic reference resolves like any: `#meta` names nothing here (2020-12), and is an unknown keyword in draft 7.
    expect(failure({ $schema: 'https://json-schema.org/draft/2020-12/schema', $dynamicRef: '#meta' })).toBe('schema /$dynamicRef DANGLING_REF');
    expect(failure({ $schema: 'http://json-schema.org/draft-07/schema#', $dynamicRef: '#meta' })).toBe('parsed');
    expect(failure({ $schema: 'https://json-schema.org/draft/2019-09/schema', properties: { a: { $recursiveRef: '#/missing' } } })).toBe('schema /properties/a/$recursiveRef DANGLING_REF');
  });
  it('references: dangling, only references in a loop, named references', () => {
    expect(failure({ properties: { a: { $ref: '#/definitions/missing' } } })).toBe('schema /properties/a/$ref DANGLING_REF');
    expect(failure({ $ref: 'other.json' })).toBe('schema /$ref DANGLING_REF');
    expect(failure({ $ref: 'other.json' }, { references: { 'other.json': { type: 'string' } } })).toBe('parsed');
    expect(failure({ $ref: '#' })).toBe('schema / REF_CYCLE');
    expect(failure({ definitions: { a: { $ref: '#/definitions/b' }, b: { $ref: '#/definitions/a' } }, $ref: '#/definitions/a' })).toBe('schema / REF_CYCLE');
    expect(failure({ $ref: 'other.json' }, { references: { 'other.json': { type: 7 } } })).toBe('schema reference "other.json" /type KEYWORD_TYPE');
    // A `$dynamicAnchor` is also a plain anchor in 2020-12 (core §8.2.2); before 2020-12 it is an unknown keyword.
    const dynamic = (schema: string): object => ({ $schema: schema, $defs: { node: { $dynamicAnchor: 'node', type: 'string' } }, properties: { a: { $ref: '#node' } } });
    expect(failure(dynamic('https://json-schema.org/draft/2020-12/schema'))).toBe('parsed');
    expect(failure(dynamic('https://json-schema.org/draft/2019-09/schema'))).toBe('schema /properties/a/$ref DANGLING_REF');
    // `$defs` is no draft-07 keyword: its values are annotations unless a `$ref` points at one.
    const draft7 = 'http://json-schema.org/draft-07/schema#';
    expect(failure({ $schema: draft7, $defs: { description: 'x' } })).toBe('parsed');
    expect(failure({ $schema: draft7, $defs: { a: { type: 'string' } }, properties: { p: { $ref: '#/$defs/a' } } })).toBe('parsed');
    expect(failure({ $schema: draft7, $defs: { a: 'x' }, properties: { p: { $ref: '#/$defs/a' } } })).toBe('schema /$defs/a NOT_A_SCHEMA');
    expect(failure({ $schema: 'https://json-schema.org/draft/2020-12/schema', $defs: { description: 'x' } })).toBe('schema /$defs/description NOT_A_SCHEMA');
  });
  it('text that is not JSON, nesting past the bound', () => {
    expect(failure('{"type": "string",}')).toBe('schema 1:19 INVALID_JSON');
    let deep: object = { type: 'string' };
    for (let i = 0; i <= JSON_SCHEMA_MAX_DEPTH; i++) deep = { items: deep };
    expect(failure(deep)).toMatch(/TOO_DEEP$/);
  });
  it("every draft's metaschema is built in: a $ref to it resolves, through http or https, and validates", () => {
    for (const [draft, uri] of [['draft-04', 'http://json-schema.org/draft-04/schema#'], ['draft-06', 'http://json-schema.org/draft-06/schema#'], ['draft-07', 'https://json-schema.org/draft-07/schema#']] as const) {
      const document = new JsonSchemaChecker({ defaultDraft: draft }).parse({ properties: { schema: { $ref: uri } } });
      expect(document.kind === 'json-schema' && validateInstance(document.root, { schema: { type: 'string', minLength: 2 } })).toBe('valid');
      expect(document.kind === 'json-schema' && validateInstance(document.root, { schema: { type: 5 } })).toBe('invalid');
      expect(document.kind === 'json-schema' && validateInstance(document.root, { schema: { minLength: -1 } })).toBe('invalid');
    }
    const schema = { properties: { schema: { $ref: 'http://json-schema.org/draft-07/schema#/definitions/nonNegativeInteger' } } };
    expect(checkCompatibility('BACKWARD', schema, [schema], { schemaType: 'JSON' }).compatible).toBe(true);
    // A document of one's own at a metaschema's URI wins over the built-in one.
    expect(failure({ $ref: 'http://json-schema.org/draft-07/schema#/definitions/mine' }, { references: { 'http://json-schema.org/draft-07/schema': { definitions: { mine: { type: 'string' } } } } })).toBe('parsed');
    expect(failure({ $ref: 'http://json-schema.org/draft-07/schema#/definitions/mine' })).toBe('schema /$ref DANGLING_REF');
  });
  it('each schema reads as the draft of its own document: metaschemas and named references across drafts', () => {
    const metaschemas = ['http://json-schema.org/draft-04/schema#', 'http://json-schema.org/draft-06/schema#', 'http://json-schema.org/draft-07/schema#', 'https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft/2020-12/schema'];
    for (const draft of ['draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12'] as const) {
      for (const uri of metaschemas) {
        const document = new JsonSchemaChecker({ defaultDraft: draft }).parse({ $ref: uri });
        expect(document.kind === 'json-schema' && [validateInstance(document.root, { type: 5 }), validateInstance(document.root, { type: 'string' })]).toEqual(['invalid', 'valid']);
      }
    }
    // Draft 4's boolean exclusiveMaximum, in a reference of a draft-7 schema (it was read as draft 7: KEYWORD_TYPE).
    const below5 = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'number', maximum: 5, exclusiveMaximum: true };
    const document = checker.parse({ properties: { n: { $ref: 'below5.json' } } }, { references: { 'below5.json': below5 } });
    expect(document.kind === 'json-schema' && [validateInstance(document.root, { n: 5 }), validateInstance(document.root, { n: 4 })]).toEqual(['invalid', 'valid']);
  });
  it('checkCompatibility names the input; options are validated', () => {
    expect(() => checkCompatibility('BACKWARD', { type: 'string' }, [{ type: 7 }], { schemaType: 'JSON' })).toThrow(/history\[0\]: at '\/type'/);
    expect(() => new JsonSchemaChecker({ policy: 'LOOSE' as never })).toThrow(InvalidOptionError);
    expect(() => new JsonSchemaChecker({ confluentQuirks: 'yes' as never })).toThrow(InvalidOptionError);
  });
  it('inputs are never mutated', () => {
    const schema = { type: 'object', properties: { a: { $ref: '#/definitions/s' } }, definitions: { s: { type: 'string' } } };
    const before = JSON.stringify(schema);
    checkCompatibility('FULL', schema, [schema, { type: 'object' }], { schemaType: 'JSON' });
    expect(JSON.stringify(schema)).toBe(before);
  });
});

/** Every schema of the fixture vectors, and every one of them is compatible with itself. */
function fixtureSchemas(): unknown[] {
  const read = (path: string): unknown => JSON.parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8'));
  const karapace = read('karapace/jsonschema_pairs.json') as { schemas: Record<string, unknown> };
  const apicurio = read('apicurio/jsonschema/compatibility-test-data.json') as { tests: Array<{ original: unknown; updated: unknown }> };
  const jsoncompat = readdirSync(new URL('../fixtures/jsoncompat/backcompat/', import.meta.url)).flatMap((name) => [read(`jsoncompat/backcompat/${name}/old.json`), read(`jsoncompat/backcompat/${name}/new.json`)]);
  return [...Object.values(karapace.schemas), ...apicurio.tests.flatMap((t) => [t.original, t.updated]), ...jsoncompat];
}

describe('a schema against itself', () => {
  it('gives [] for every fixture schema, and is identical to itself', () => {
    const schemas = fixtureSchemas();
    const failures = schemas.filter((schema) => {
      const parsed = checker.parse(schema as object);
      const again = checker.parse(JSON.stringify(schema));
      return !checker.canRead(parsed, again).compatible || checker.canRead(parsed, again).incompatibilities.length > 0 || !checker.isIdentical(parsed, again);
    });
    expect(schemas.length).toBeGreaterThan(300);
    expect(failures.map((schema) => JSON.stringify(schema))).toEqual([]);
  });
  it('key order does not matter for identity; a changed annotation does', () => {
    expect(checker.isIdentical(checker.parse('{"type":"string","maxLength":3}'), checker.parse('{"maxLength":3,"type":"string"}'))).toBe(true);
    expect(checker.isIdentical(checker.parse({ type: 'string' }), checker.parse({ type: 'string', title: 't' }))).toBe(false);
  });
});
