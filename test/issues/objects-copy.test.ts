import { describe, expect, it } from 'vitest';
import { AvroChecker, JsonSchemaChecker, SchemaParseError, parsingCanonicalForm } from 'schema-compat';
import type { AvroSchema } from 'schema-compat';

// Issue 27: documents given as objects are copied in one recursive pass when they are shaped like
// parsed text, by a walk otherwise; both must judge the document as its text, and say where it fails.
const avro = new AvroChecker();
const json = new JsonSchemaChecker();

function failure(parse: () => unknown): object {
  try {
    parse();
  } catch (error) {
    if (error instanceof SchemaParseError) return { pointer: error.pointer, rule: error.rule, detail: error.detail };
    throw error;
  }
  throw new Error('parsed');
}

describe('schemas given as objects (issue 27)', () => {
  const optional = ['null', 'string'];
  const record = { type: 'record', name: 'R', fields: [{ name: 'a', type: optional, default: null }, { name: 'b', type: optional, default: null }] };

  it('an object shared by two places parses as its text does', () => {
    const fromObject = avro.parse(record);
    expect(avro.isIdentical(fromObject, avro.parse(JSON.stringify(record)))).toBe(true);
    expect(avro.canRead(fromObject, avro.parse(JSON.stringify(record)))).toEqual({ compatible: true, incompatibilities: [], warnings: [] });
  });

  it('a getter that throws is refused at its pointer, escaped, in both parsers', () => {
    const boom = (): object => Object.defineProperty({}, 'a/b~c', { enumerable: true, get: () => { throw new Error('boom'); } });
    expect(failure(() => avro.parse({ type: 'record', name: 'R', fields: [{ name: 'f', type: 'int', x: boom() }] })))
      .toEqual({ pointer: '/fields/0/x/a~1b~0c', rule: 'NOT_JSON', detail: 'reading it threw Error: boom' });
    expect(failure(() => json.parse({ type: 'object', properties: { p: { items: [1, boom()] } } })))
      .toEqual({ pointer: '/properties/p/items/1/a~1b~0c', rule: 'NOT_A_SCHEMA', detail: 'reading it threw Error: boom' });
  });

  it('a __proto__ key stays an own key, and the copy gives the caller nothing back', () => {
    const properties: Record<string, unknown> = {};
    Object.defineProperty(properties, '__proto__', { value: { type: 'string' }, enumerable: true, writable: true, configurable: true });
    const fromObject = json.parse({ type: 'object', properties, additionalProperties: false });
    const fromText = json.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"additionalProperties":false}');
    expect(json.canRead(fromObject, fromText).compatible).toBe(true);
    expect(json.canRead(json.parse({ type: 'object', properties: {}, additionalProperties: false }), fromObject).compatible).toBe(false);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
  });

  // A document shaped as parsed text is read in place (the builder copies what it keeps); these
  // pin what the copy used to guarantee.
  const document = (): { fields: Array<Record<string, unknown>>; [key: string]: unknown } => ({
    type: 'record', name: 'R', namespace: 'n', 'x-owner': { team: ['a'] }, aliases: ['Old'],
    fields: [
      { name: 'tags', type: { type: 'array', items: 'string', 'x-a': [1] }, default: ['t'], aliases: ['labels'] },
      { name: 'attrs', type: { type: 'map', values: ['null', 'int'] }, default: { k: null } },
      { name: 'kind', type: { type: 'enum', name: 'K', symbols: ['A', 'B'], default: 'A' }, default: 'B', 'x-f': { deep: { list: [{}] } } },
      { name: 'inner', type: { type: 'record', name: 'I', fields: [{ name: 'x', type: 'int', default: 1 }] }, default: { x: 2 } },
    ],
  });

  /** Every object and array reachable from `value` (Maps and Sets included, functions skipped). */
  function objectsOf(value: unknown, into = new Set<object>()): Set<object> {
    if (typeof value !== 'object' || value === null || into.has(value)) return into;
    into.add(value);
    const children = value instanceof Map ? [...value.keys(), ...value.values()] : value instanceof Set ? [...value] : Object.values(value);
    for (const child of children) objectsOf(child, into);
    return into;
  }

  it('the model shares no object with the document it was read from, which stays as it was', () => {
    const input = document();
    const before = structuredClone(input);
    const schema = avro.parse(input);
    const inputObjects = objectsOf(input);
    const shared = [...objectsOf(schema)].filter((object) => inputObjects.has(object));
    expect(shared).toEqual([]);
    expect(input).toEqual(before);
    expect(avro.isIdentical(schema, avro.parse(JSON.stringify(before)))).toBe(true);
  });

  it('the model does not change when the caller changes the document afterwards, at any depth', () => {
    const input = document();
    const schema = avro.parse(input);
    const canonical = parsingCanonicalForm(schema);
    const fields = (schema as AvroSchema).root as unknown as { fields: Array<{ default: unknown; props: unknown; aliases: unknown }>; props: unknown; aliases: unknown };
    const kept = JSON.stringify([fields.props, fields.aliases, fields.fields.map((field) => [field.default, field.props, field.aliases])]);
    (input['x-owner'] as { team: string[] }).team.push('b');
    (input.aliases as string[]).push('Older');
    (input.fields[0]!.default as string[]).push('u');
    (input.fields[0]!.aliases as string[])[0] = 'other';
    ((input.fields[0]!.type as Record<string, unknown>)['x-a'] as number[]).push(2);
    (input.fields[1]!.default as Record<string, unknown>).k = 5;
    ((input.fields[2]!.type as Record<string, unknown>).symbols as string[]).push('C');
    (((input.fields[2]!['x-f'] as { deep: { list: object[] } }).deep.list[0]) as Record<string, unknown>).y = 1;
    (input.fields[3]!.default as Record<string, unknown>).x = 'no';
    input.fields.reverse();
    expect(parsingCanonicalForm(schema)).toBe(canonical);
    expect(JSON.stringify([fields.props, fields.aliases, fields.fields.map((field) => [field.default, field.props, field.aliases])])).toBe(kept);
    expect(kept).toBe(JSON.stringify([
      { 'x-owner': { team: ['a'] } }, ['n.Old'],
      [[['t'], {}, ['labels']], [{ k: null }, {}, []], ['B', { 'x-f': { deep: { list: [{}] } } }, []], [{ x: 2 }, {}, []]],
    ]));
  });

  it('an own key that is not enumerable is left out, as JSON.stringify leaves it out', () => {
    const hidden = Object.defineProperty({ name: 'R', fields: [] }, 'type', { value: 'record', enumerable: false });
    expect(failure(() => avro.parse(hidden))).toEqual({ pointer: '', rule: 'MISSING_TYPE', detail: 'no "type"' });
    const field = Object.defineProperty({ name: 'a' }, 'type', { value: 'int', enumerable: false });
    expect(failure(() => avro.parse({ type: 'record', name: 'R', fields: [field] }))).toEqual({ pointer: '/fields/0/type', rule: 'MISSING_FIELD_TYPE', detail: 'field "a" has no "type"' });
  });

  it('a document is read once: each getter runs once, and none runs again after the parse', () => {
    let reads = 0;
    const field = { name: 'b', get type(): string {
      reads++;
      return 'long';
    } };
    const schema = avro.parse({ type: 'record', name: 'R', fields: [{ name: 'a', type: 'int' }, field] });
    expect(reads).toBe(1);
    expect(parsingCanonicalForm(schema)).toBe('{"name":"R","type":"record","fields":[{"name":"a","type":"int"},{"name":"b","type":"long"}]}');
    expect(reads).toBe(1);
  });

  it('a getter that throws only when first read: the schema its second read gives, with every name defined once', () => {
    let reads = 0;
    const field = { name: 'b', get type(): string {
      reads++;
      if (reads === 1) throw new Error('first read');
      return 'long';
    } };
    // Read in place (the build throws, after defining R and E), then by the snapshot.
    const schema = avro.parse({ type: 'record', name: 'R', fields: [{ name: 'a', type: { type: 'enum', name: 'E', symbols: ['X'] } }, field] });
    expect(reads).toBe(2);
    expect(parsingCanonicalForm(schema)).toBe('{"name":"R","type":"record","fields":[{"name":"a","type":{"name":"E","type":"enum","symbols":["X"]}},{"name":"b","type":"long"}]}');
    expect([...(schema as AvroSchema).named.keys()]).toEqual(['R', 'E']);
  });

  it('what the builder does not read is still checked as its snapshot checks it', () => {
    const hole = (): unknown[] => {
      const out: unknown[] = [1, 2];
      delete out[0];
      return out;
    };
    const cases: readonly (readonly [object, string, string])[] = [
      // Reserved keys that a record, an array, an enum and a field do not use, a non-string doc and namespace, an enum's non-string default.
      [{ type: 'record', name: 'R', fields: [], symbols: hole() }, '/symbols/0', 'NOT_JSON'],
      [{ type: 'array', items: 'int', aliases: hole() }, '/aliases/0', 'NOT_JSON'],
      [{ type: 'enum', name: 'E', symbols: ['A'], default: { x: hole() } }, '/default/x/0', 'NOT_JSON'],
      [{ type: 'fixed', name: 'F', size: 1, doc: [hole()] }, '/doc/0/0', 'NOT_JSON'],
      [{ type: 'record', name: 'R', namespace: { n: hole() }, fields: [] }, '/namespace/n/0', 'NOT_JSON'],
      [{ type: 'record', name: 'R', fields: [{ name: 'f', type: 'int', doc: hole() }] }, '/fields/0/doc/0', 'NOT_JSON'],
      [{ type: 'int', fields: { f: new Date(0) } }, '', 'VALID'],
      // A reference's other attributes, which Java ignores.
      [{ type: 'record', name: 'R', fields: [{ name: 'f', type: { type: 'R', items: hole() } }] }, '/fields/0/type/items/0', 'NOT_JSON'],
      // A getter that throws where nothing reads it.
      [{ type: 'string', size: Object.defineProperty({}, 'k', { enumerable: true, get: () => { throw new Error('unread'); } }) }, '/size/k', 'NOT_JSON'],
    ];
    for (const [schema, pointer, rule] of cases) {
      if (rule === 'VALID') {
        expect(parsingCanonicalForm(avro.parse(schema))).toBe(parsingCanonicalForm(avro.parse(JSON.stringify(schema))));
        continue;
      }
      expect({ pointer, ...failure(() => avro.parse(schema)) }).toEqual({ pointer, rule, detail: expect.any(String) });
    }
  });

  it('an invalid document read in place fails as its copy does, with references defined before it', () => {
    const reference = { type: 'enum', name: 'E', symbols: ['X'] };
    const bad = { type: 'record', name: 'R', fields: [{ name: 'a', type: 'E' }, { name: 'a', type: 'int' }] };
    expect(failure(() => avro.parse(bad, { references: { e: reference } })))
      .toEqual({ pointer: '/fields/1/name', rule: 'DUPLICATE_FIELD', detail: 'Duplicate field a in record R' });
    expect(failure(() => avro.parse(bad, { references: { e: JSON.stringify(reference) } })))
      .toEqual(failure(() => avro.parse(JSON.stringify(bad), { references: { e: JSON.stringify(reference) } })));
  });
});

describe('a caller\'s object that shares a sub-schema at every level (issue 27 review)', () => {
  // Each level's array and map share one inner object: 30 levels are 2^30 schemas once expanded,
  // which text cannot write but an object can; it was an out-of-memory crash, now a typed error.
  const shared = (levels: number): object => {
    let inner: object | string = 'int';
    for (let i = 0; i < levels; i++) inner = { type: 'array', items: ['null', { type: 'map', values: inner }, { type: 'array', items: inner }] };
    return inner as object;
  };

  it('30 levels are refused as TOO_LARGE within seconds, naming where the budget ran out', () => {
    const started = Date.now();
    const found = failure(() => avro.parse(shared(30)));
    expect(found).toMatchObject({ rule: 'TOO_LARGE', detail: 'more than 1048576 schemas (objects and unions) in one document' });
    expect((found as { pointer: string }).pointer).toMatch(/^\/items\/1\/values/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('the same in a JSON Schema document and in an Avro default: TOO_LARGE, not a crash', () => {
    let document: object = { type: 'string' };
    for (let i = 0; i < 40; i++) document = { type: 'object', properties: { a: document, b: document } };
    const inSchema = failure(() => json.parse(document));
    expect(inSchema).toMatchObject({ rule: 'TOO_LARGE', detail: 'more than 1048576 values (an object used in several places counts in each)' });
    expect((inSchema as { pointer: string }).pointer).toMatch(/^(\/properties\/[ab])+$/);
    let value: unknown = 1;
    for (let i = 0; i < 40; i++) value = [value, value];
    const inDefault = failure(() => avro.parse({ type: 'record', name: 'R', fields: [{ name: 'a', type: { type: 'array', items: 'int' }, default: value }] }));
    expect(inDefault).toMatchObject({ rule: 'TOO_LARGE', detail: 'more than 1048576 values (an object used in several places counts in each)' });
    expect((inDefault as { pointer: string }).pointer).toMatch(/^\/fields\/0\/default(\/[01])+$/);
  });

  it('a few levels of sharing parse as their text does', () => {
    const object = shared(4);
    expect(avro.isIdentical(avro.parse(object), avro.parse(JSON.stringify(object)))).toBe(true);
  });
});
