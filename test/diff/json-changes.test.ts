import { describe, expect, it } from 'vitest';
import { diffSchemas } from 'schema-compat';
import { line } from './line.js';

const object = (properties: object, extra: object = {}): string => JSON.stringify({ type: 'object', properties, ...extra });

const CASES: readonly (readonly [string, string, string, readonly string[]])[] = [
  ['a schema against itself', object({ a: { type: 'string' } }), object({ a: { type: 'string' } }), []],
  ['property added to an open content model', object({ a: { type: 'string' } }), object({ a: { type: 'string' }, b: { type: 'integer' } }), ['OPTIONAL_PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL [new #/properties/b] #/properties/b optional property added to open content model — breaks BACKWARD']],
  ['property removed from an open content model', object({ a: { type: 'string' }, b: { type: 'integer' } }), object({ a: { type: 'string' } }), ['PROPERTY_REMOVED_FROM_OPEN_CONTENT_MODEL [old #/properties/b] #/properties/b property removed from open content model — breaks FORWARD']],
  ['required property added', object({ a: { type: 'string' } }), object({ a: { type: 'string' } }, { required: ['a'] }), ['REQUIRED_ATTRIBUTE_ADDED [new #/required/a] #/required/a required attribute added — breaks BACKWARD']],
  ['type narrowed', object({ a: { type: ['string', 'null'] } }), object({ a: { type: 'string' } }), ['TYPE_CHANGED [old #/properties/a new #/properties/a] #/properties/a type changed — breaks BACKWARD']],
  ['maxLength added', object({ a: { type: 'string' } }), object({ a: { type: 'string', maxLength: 5 } }), ['MAX_LENGTH_ADDED [new #/properties/a/maxLength] #/properties/a/maxLength max length added — breaks BACKWARD']],
  ['enum extended', object({ a: { enum: ['x', 'y'] } }), object({ a: { enum: ['x', 'y', 'z'] } }), ['ENUM_ARRAY_EXTENDED [old #/properties/a/enum new #/properties/a/enum] #/properties/a/enum enum array extended — breaks FORWARD']],
  ['description and title', object({ a: { type: 'string' } }, { title: 'T' }), object({ a: { type: 'string', description: 'A.' } }, { title: 'U' }), [
    'TITLE_CHANGED [old #/ new #/] #/ title changed — safe',
    'DESCRIPTION_CHANGED [old #/properties/a new #/properties/a] #/properties/a description changed — safe',
  ]],
  ['closed content model gains an optional property', object({ a: { type: 'string' } }, { additionalProperties: false }), object({ a: { type: 'string' }, b: { type: 'string' } }, { additionalProperties: false }), ['OPTIONAL_PROPERTY_ADDED_TO_UNOPEN_CONTENT_MODEL [new #/properties/b] #/properties/b optional property added to unopen content model — breaks FORWARD']],
  ['a oneOf branch replaced: the summary names the branch and both texts', object({ v: { oneOf: [{ type: 'string' }, { type: 'integer' }] } }), object({ v: { oneOf: [{ type: 'string' }, { type: 'boolean' }] } }), [
    'COMBINED_TYPE_SUBSCHEMAS_CHANGED [old #/properties/v new #/properties/v] #/properties/v combined type subschemas changed: oneOf branch 1 {"type":"integer"}→{"type":"boolean"} — breaks BACKWARD+FORWARD',
  ]],
  ['a oneOf branch added', object({ v: { oneOf: [{ type: 'string' }, { type: 'integer' }] } }), object({ v: { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] } }), [
    'SUM_TYPE_EXTENDED [old #/properties/v new #/properties/v] #/properties/v sum type extended: oneOf branch 2 {"type":"null"} added — breaks FORWARD',
  ]],
  ['anyOf made oneOf', object({ v: { anyOf: [{ type: 'string' }, { type: 'integer' }] } }), object({ v: { oneOf: [{ type: 'string' }, { type: 'integer' }] } }), [
    'COMBINED_TYPE_CHANGED [old #/properties/v new #/properties/v] #/properties/v combined type changed: anyOf→oneOf, 2 branches — breaks BACKWARD',
  ]],
];

describe('diffSchemas: JSON Schema, one case per change family', () => {
  for (const [name, before, after, expected] of CASES) {
    it(name, () => {
      expect(diffSchemas('JSON', before, after).map(line)).toEqual(expected);
    });
  }

  it("Pulsar's Avro-defined JSON is diffed with Avro's rules, and a change of format is one change", () => {
    const avro = (fields: readonly object[]): string => JSON.stringify({ type: 'record', name: 'User', fields });
    expect(diffSchemas('JSON', avro([{ name: 'id', type: 'long' }]), avro([{ name: 'id', type: 'long' }, { name: 'email', type: 'string' }])).map(line))
      .toEqual(['FIELD_ADDED [new /fields/1] email: string, no default — breaks BACKWARD']);
    expect(diffSchemas('JSON', avro([{ name: 'id', type: 'long' }]), object({ id: { type: 'integer' } })).map(line))
      .toEqual(['SCHEMA_FORMAT_CHANGED [old / new /] an Avro record definition→a JSON Schema — breaks BACKWARD+FORWARD']);
  });

  it('grades by the policy: LENIENT accepts an optional property added to an open content model', () => {
    const [before, after] = [CASES[1]?.[1] as string, CASES[1]?.[2] as string];
    expect(diffSchemas('JSON', before, after, { json: { policy: 'LENIENT' } }).map(line))
      .toEqual(['OPTIONAL_PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL [new #/properties/b] #/properties/b optional property added to open content model — safe']);
  });
});

describe('diffSchemas: JSON Schema, what changed in a combined schema', () => {
  it('many branches: the first three are named, the rest counted; a branch far too long is cut', () => {
    const long = { type: 'string', description: 'x'.repeat(200) };
    const before = object({ v: { anyOf: [{ type: 'string' }] } });
    const after = object({ v: { anyOf: [{ type: 'string' }, long, { type: 'integer' }, { type: 'boolean' }, { type: 'null' }, { type: 'array' }] } });
    const summary = diffSchemas('JSON', before, after).find((change) => change.change === 'SUM_TYPE_EXTENDED')?.summary;
    expect(summary).toBe(`#/properties/v sum type extended: anyOf branch 1 {"description":"${'x'.repeat(43)}…, branch 2 {"type":"integer"}, branch 3 {"type":"boolean"} and 2 more added`);
  });

  it('a combined schema behind a local $ref is found through it', () => {
    const document = (second: string): string => JSON.stringify({ $defs: { V: { oneOf: [{ type: 'string' }, { type: second }] } }, type: 'object', properties: { v: { $ref: '#/$defs/V' } } });
    expect(diffSchemas('JSON', document('integer'), document('boolean')).map(line)).toEqual([
      'COMBINED_TYPE_SUBSCHEMAS_CHANGED [old #/properties/v new #/properties/v] #/properties/v combined type subschemas changed: oneOf branch 1 {"type":"integer"}→{"type":"boolean"} — breaks BACKWARD+FORWARD',
    ]);
  });

  it('a plain schema made a oneOf says what it became', () => {
    expect(diffSchemas('JSON', object({ v: { type: 'string' } }), object({ v: { oneOf: [{ type: 'string' }, { type: 'integer' }] } })).map(line))
      .toEqual(['SUM_TYPE_EXTENDED [old #/properties/v new #/properties/v] #/properties/v sum type extended: now a oneOf of 2 branches — breaks FORWARD']);
  });
});
