import { describe, expect, it } from 'vitest';
import { AvroChecker, JsonSchemaChecker, SchemaParseError } from 'schema-compat';

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
});
