import { describe, expect, it } from 'vitest';
import { AvroChecker, SchemaParseError, parsingCanonicalForm } from 'schema-compat';
import type { AvroRecord, AvroSchema } from 'schema-compat';

const checker = new AvroChecker();
const parse = (schema: unknown, references?: Record<string, string>): AvroSchema =>
  checker.parse(JSON.stringify(schema), references ? { label: 'schema', references } : { label: 'schema' });

/** The rule, pointer and detail of the SchemaParseError a schema gives. */
function rejection(schema: unknown): { rule: string; pointer: string; detail: string } {
  try {
    parse(schema);
  } catch (error) {
    if (!(error instanceof SchemaParseError)) throw error;
    return { rule: error.rule, pointer: error.pointer, detail: error.detail };
  }
  throw new Error(`accepted: ${JSON.stringify(schema)}`);
}

const record = (name: string, fields: unknown[], extra: object = {}): object => ({ type: 'record', name, fields, ...extra });

describe('Avro parser (Java 1.12 Schema.Parser rules)', () => {
  describe('names', () => {
    it('accepts any Unicode letter, as Java’s default UTF validator does, but not letters outside the BMP', () => {
      expect(parse(record('Ré', [{ name: 'ñame', type: 'int' }])).root).toMatchObject({ fullName: 'Ré' });
      expect(rejection(record('R𝒜', []))).toEqual({ rule: 'INVALID_NAME', pointer: '/name', detail: 'Name "R𝒜" is invalid: Illegal character in: R𝒜' });
    });

    it('validates every namespace part', () => {
      expect(rejection(record('x.1bad.Ok', []))).toEqual({ rule: 'INVALID_NAME', pointer: '/name', detail: 'Namespace part "1bad" is invalid: Illegal initial character: 1bad' });
      expect(rejection(record('Ok', [], { namespace: 'a..b' }))).toEqual({ rule: 'INVALID_NAME', pointer: '/name', detail: 'Namespace part "" is invalid: Empty name' });
    });

    it('forbids a primitive as a full name, but not in a namespace', () => {
      expect(rejection(record('int', []))).toEqual({ rule: 'PRIMITIVE_NAME', pointer: '/name', detail: 'Schemas may not be named after primitives: int' });
      expect(parse(record('a.int', [])).root).toMatchObject({ fullName: 'a.int', name: 'int' });
    });

    it('forbids defining a name twice', () => {
      const twice = record('R', [{ name: 'a', type: { type: 'fixed', name: 'F', size: 1 } }, { name: 'b', type: { type: 'fixed', name: 'F', size: 1 } }]);
      expect(rejection(twice)).toEqual({ rule: 'REDEFINED_NAME', pointer: '/fields/1/type/name', detail: "Can't redefine: F" });
    });

    it('qualifies relative aliases with the type’s own namespace; field aliases stay plain', () => {
      const root = parse(record('com.acme.User', [{ name: 'n', type: 'int', aliases: ['old_n'] }], { aliases: ['Person', 'org.Other'] })).root as AvroRecord;
      expect(root.aliases).toEqual(['com.acme.Person', 'org.Other']);
      expect(root.fields[0]?.aliases).toEqual(['old_n']);
    });
  });

  describe('references to named types', () => {
    it('resolves references to types defined later in the document (Java 1.12)', () => {
      const schema = record('R', [{ name: 'a', type: 'Later' }, { name: 'b', type: { type: 'enum', name: 'Later', symbols: ['X'] } }]);
      expect(parsingCanonicalForm(parse(schema))).toBe('{"name":"R","type":"record","fields":[{"name":"a","type":{"name":"Later","type":"enum","symbols":["X"]}},{"name":"b","type":"Later"}]}');
    });

    it('reports an undefined name at the reference', () => {
      expect(rejection(record('R', [{ name: 'a', type: ['null', 'Missing'] }]))).toEqual({ rule: 'UNDEFINED_NAME', pointer: '/fields/0/type/1', detail: 'Undefined schema: Missing' });
    });

    it('falls back to the null namespace for an undotted name defined before, not for one defined after', () => {
      const before = record('Top', [{ name: 'e', type: { type: 'enum', name: 'E', symbols: ['A'] } }, { name: 'r', type: record('x.Inner', [{ name: 'f', type: 'E' }]) }]);
      expect(parse(before).named.has('E')).toBe(true);
      const after = record('Top', [{ name: 'r', type: record('x.Inner', [{ name: 'f', type: 'E' }]) }, { name: 'e', type: { type: 'enum', name: 'E', symbols: ['A'] } }]);
      expect(rejection(after)).toEqual({ rule: 'UNDEFINED_NAME', pointer: '/fields/0/type/fields/0/type', detail: 'Undefined schema: x.E' });
    });

    it('has no fallback for a dotted name', () => {
      expect(rejection(record('R', [{ name: 'next', type: ['null', 'org.example.R'], default: null }]))).toEqual({
        rule: 'UNDEFINED_NAME', pointer: '/fields/0/type/1', detail: 'Undefined schema: org.example.R',
      });
    });

    it('reads {"type": "Name"} as a reference, and "error" as a record', () => {
      const schema = parse({ type: 'error', name: 'Failure', fields: [{ name: 'again', type: ['null', { type: 'Failure' }], default: null }] });
      expect(schema.root).toMatchObject({ kind: 'record', isError: true });
    });

    it('uses named types from schema references (Confluent), parsed first in order', () => {
      const address = JSON.stringify(record('com.acme.Address', [{ name: 'city', type: 'string' }]));
      const user = parse(record('com.acme.User', [{ name: 'home', type: 'Address' }]), { 'address.avsc': address });
      expect(parsingCanonicalForm(user)).toBe('{"name":"com.acme.User","type":"record","fields":[{"name":"home","type":{"name":"com.acme.Address","type":"record","fields":[{"name":"city","type":"string"}]}}]}');
      expect(() => parse(record('com.acme.User', [{ name: 'home', type: 'Address' }]))).toThrow(/Undefined schema: com.acme.Address/);
    });
  });

  describe('field defaults (spec 1.12: a union default may match any branch)', () => {
    const field = (type: unknown, value: unknown): object => record('R', [{ name: 'f', type, default: value }]);

    it('accepts a union default matching any branch, and rejects one matching none', () => {
      expect(() => parse(field(['null', 'int'], 5))).not.toThrow();
      expect(rejection(field(['null', 'int'], 'x'))).toEqual({ rule: 'INVALID_DEFAULT', pointer: '/fields/0/default', detail: 'Invalid default for field f: "x" is not a valid union [null, int]' });
    });

    it('checks int and long ranges and integral numbers', () => {
      expect(rejection(field('int', 2147483648))).toMatchObject({ rule: 'INVALID_DEFAULT' });
      expect(rejection(field('int', 1.5))).toMatchObject({ rule: 'INVALID_DEFAULT' });
      expect(() => parse(field('long', 2147483648))).not.toThrow();
    });

    it('reads a string default of a float or double field as Java’s Double.parseDouble does', () => {
      const root = parse(record('R', [{ name: 'a', type: 'double', default: 'NaN' }, { name: 'b', type: 'float', default: ' 1.5f ' }])).root as AvroRecord;
      expect(root.fields.map((f) => f.default)).toEqual([Number.NaN, 1.5]);
      expect(rejection(field('double', 'abc'))).toEqual({ rule: 'INVALID_DEFAULT', pointer: '/fields/0/default', detail: 'Invalid default for field f: "abc" is not a number' });
    });

    it('fills a record default’s missing fields from their own defaults', () => {
      const inner = record('Inner', [{ name: 'x', type: 'int', default: 1 }, { name: 'y', type: 'string' }]);
      expect(() => parse(field(inner, { y: 'ok' }))).not.toThrow();
      expect(rejection(field(inner, { x: 2 }))).toMatchObject({ rule: 'INVALID_DEFAULT', pointer: '/fields/0/default' });
    });

    it('rejects an object default for a record still being defined, as Java does ("Schema fields not set yet")', () => {
      expect(rejection(record('Node', [{ name: 'next', type: ['Node', 'null'], default: { next: null } }]))).toMatchObject({ rule: 'INVALID_DEFAULT', pointer: '/fields/0/default' });
    });

    it('checks defaults of fields typed by a forward reference against the real type (stricter than Java)', () => {
      // Java checks against a placeholder record that takes any JSON object, and accepts this.
      const schema = record('R', [{ name: 'e', type: 'E', default: {} }, { name: 'def', type: { type: 'enum', name: 'E', symbols: ['A'] } }]);
      expect(rejection(schema)).toEqual({ rule: 'INVALID_DEFAULT', pointer: '/fields/0/default', detail: 'Invalid default for field e: {} is not a valid enum E' });
      // Like Java, a string default for a type defined later is rejected at once (the placeholder is a record).
      expect(rejection(record('R', [{ name: 'e', type: 'E', default: 'A' }, { name: 'def', type: { type: 'enum', name: 'E', symbols: ['A'] } }]))).toMatchObject({ rule: 'INVALID_DEFAULT' });
    });
  });

  describe('enums', () => {
    it('needs the enum default among the symbols, and ignores a non-string one as Java does', () => {
      expect(rejection({ type: 'enum', name: 'E', symbols: ['A'], default: 'B' })).toEqual({
        rule: 'INVALID_ENUM_DEFAULT', pointer: '/default', detail: 'The Enum Default: B is not in the enum symbol set: [A]',
      });
      expect(parse({ type: 'enum', name: 'E', symbols: ['A'], default: 1 }).root).not.toHaveProperty('default');
    });
  });

  describe('order of checks (Java 1.12 reports the first problem it meets)', () => {
    it('finds duplicate fields once all the record\'s fields are read, as Java\'s setFields does', () => {
      const duplicate = { name: 'a', type: 'int' };
      // The minimal case: Java reports the invalid default of the later field.
      expect(rejection(record('R', [duplicate, duplicate, { name: 'b', type: 'int', default: '7' }]))).toEqual({
        rule: 'INVALID_DEFAULT', pointer: '/fields/2/default', detail: 'Invalid default for field b: "7" is not a valid int',
      });
      expect(rejection(record('R', [duplicate, duplicate, { name: 'b-c', type: 'int' }]))).toMatchObject({ rule: 'INVALID_FIELD_NAME', pointer: '/fields/2/name' });
      expect(rejection(record('R', [duplicate, duplicate, { name: 'b', type: ['int', 'int'] }]))).toMatchObject({ rule: 'DUPLICATE_UNION_BRANCH', pointer: '/fields/2/type/1' });
      // Alone, the duplicate is reported at the second field of that name.
      expect(rejection(record('R', [duplicate, { name: 'b', type: 'int' }, duplicate]))).toEqual({
        rule: 'DUPLICATE_FIELD', pointer: '/fields/2/name', detail: 'Duplicate field a in record R',
      });
      // A nested record's duplicate comes first: its fields are set when it is read, before the outer record's.
      const inner = { name: 'x', type: record('Inner', [duplicate, duplicate]) };
      expect(rejection(record('R', [duplicate, duplicate, inner]))).toMatchObject({ rule: 'DUPLICATE_FIELD', pointer: '/fields/2/type/fields/1/name' });
    });

    it('reads a record\'s own aliases after its fields, as Java\'s parseRecord does', () => {
      const schema = record('R', [{ name: 'a', type: 'int' }, { name: 'a', type: 'int' }], { aliases: [1] });
      expect(rejection(schema)).toMatchObject({ rule: 'DUPLICATE_FIELD', pointer: '/fields/1/name' });
      expect(rejection(record('R', [{ name: 'a', type: 'int', default: 'x' }], { aliases: 'A' }))).toMatchObject({ rule: 'INVALID_DEFAULT' });
      expect(rejection(record('R', [{ name: 'a', type: 'int' }], { aliases: 'A' }))).toMatchObject({ rule: 'INVALID_ALIASES', pointer: '/aliases' });
    });
  });

  it('keeps logical types and other properties as attributes, and copies them', () => {
    const input = { type: 'bytes', logicalType: 'decimal', precision: 4, scale: 2, 'x-owner': { team: 'payments' } };
    const schema = checker.parse(input);
    expect({ ...schema.root.props }).toEqual({ logicalType: 'decimal', precision: 4, scale: 2, 'x-owner': { team: 'payments' } });
    expect(schema.root.props['x-owner']).not.toBe(input['x-owner']);
  });
});
