import { describe, expect, it } from 'vitest';
import {
  AvroChecker, AvroDataError, IncompatibleSchemaError, SchemaCompatError, SchemaParseError, createAvroResolver, decodeAvro, encodeAvro, parseSchema,
} from 'schema-compat';
import { thrown } from '../support/thrown.js';

const record = (name: string, fields: readonly object[], extra: object = {}): object => ({ type: 'record', name, fields, ...extra });
const field = (name: string, type: unknown, extra: object = {}): object => ({ name, type, ...extra });
/** Bytes as the data plane reads them: a plain Uint8Array, not a Node Buffer (it runs in browsers too). */
const u8 = (...values: number[]): Uint8Array => Uint8Array.from(values);

/** Writes `value` with `writer`, reads it with `reader`. */
function roundTrip(value: unknown, writer: object, reader: object, profile?: 'confluent' | 'pulsar' | 'strict'): unknown {
  return decodeAvro(encodeAvro(value, writer), writer, reader, profile ? { profile } : {});
}


describe('createAvroResolver: values the reader reads', () => {
  it('reads a schema against itself unchanged, in the documented representation', () => {
    const schema = record('R', [
      field('n', 'null'), field('b', 'boolean'), field('i', 'int'), field('l', 'long'), field('f', 'float'), field('d', 'double'),
      field('s', 'string'), field('y', 'bytes'), field('x', { type: 'fixed', name: 'F', size: 2 }), field('e', { type: 'enum', name: 'E', symbols: ['A', 'B'] }),
      field('a', { type: 'array', items: 'int' }), field('m', { type: 'map', values: 'string' }), field('u', ['null', 'string']),
    ]);
    const value = { n: null, b: true, i: -5, l: 2 ** 40, f: 1.5, d: 0.1, s: 'hé', y: u8(0, 255), x: u8(1, 2), e: 'B', a: [1, 2], m: { k: 'v' }, u: 'x' };
    expect(roundTrip(value, schema, schema)).toEqual(value);
  });

  it('promotes numbers the way Java converts them: int and long to float round to 24 bits, long to double to 53', () => {
    const writer = record('R', [field('a', 'int'), field('b', 'long'), field('c', 'long'), field('d', 'float'), field('e', 'int')]);
    const reader = record('R', [field('a', 'float'), field('b', 'float'), field('c', 'double'), field('d', 'double'), field('e', 'long')]);
    expect(roundTrip({ a: 2 ** 24 + 1, b: 2 ** 24 + 1, c: 2n ** 53n + 1n, d: 0.1, e: 7 }, writer, reader)).toEqual({ a: 2 ** 24, b: 2 ** 24, c: 2 ** 53, d: Math.fround(0.1), e: 7 });
  });

  it('reads longs beyond 2^53 exactly, as bigints (avsc alone throws "potential precision loss")', () => {
    const schema = record('R', [field('l', 'long'), field('m', 'long')]);
    expect(roundTrip({ l: 2n ** 63n - 1n, m: -(2n ** 63n) }, schema, schema)).toEqual({ l: 2n ** 63n - 1n, m: -(2n ** 63n) });
  });

  it('promotes string to bytes and bytes to string (UTF-8)', () => {
    const writer = record('R', [field('s', 'string'), field('y', 'bytes')]);
    const reader = record('R', [field('s', 'bytes'), field('y', 'string')]);
    expect(roundTrip({ s: 'é', y: Buffer.from('ü', 'utf8') }, writer, reader)).toEqual({ s: u8(0xc3, 0xa9), y: 'ü' });
  });

  it('fills reader fields the writer lacks with their defaults, a union default on its second branch included (1.12)', () => {
    const writer = record('R', [field('a', 'int')]);
    const reader = record('R', [
      field('a', 'int'),
      field('u', ['null', 'int'], { default: 5 }),
      field('y', 'bytes', { default: '\u00ff\u0001' }),
      field('x', { type: 'fixed', name: 'F', size: 3 }, { default: 'ab' }),
      field('r', record('Inner', [field('p', 'string'), field('q', 'long', { default: 9 })]), { default: { p: 'x' } }),
      field('f', 'float', { default: 0.1 }),
      field('e', { type: 'enum', name: 'E', symbols: ['A', 'B'] }, { default: 'B' }),
      field('m', { type: 'map', values: ['string', 'null'] }, { default: { k: 'v' } }),
      field('l', { type: 'array', items: 'long' }, { default: [1, 2] }),
    ]);
    expect(roundTrip({ a: 1 }, writer, reader)).toEqual({
      a: 1, u: 5, y: u8(255, 1), x: u8(0x61, 0x62, 0), r: { p: 'x', q: 9 }, f: Math.fround(0.1), e: 'B', m: { k: 'v' }, l: [1, 2],
    });
  });

  it('drops writer-only fields and reads fields by name whatever their order', () => {
    const writer = record('R', [field('z', 'string'), field('b', 'int'), field('a', { type: 'array', items: 'string' })]);
    const reader = record('R', [field('a', { type: 'array', items: 'string' }), field('b', 'long')]);
    expect(roundTrip({ z: 'dropped', b: 3, a: ['x'] }, writer, reader)).toEqual({ a: ['x'], b: 3 });
  });

  it('reads a renamed field and a renamed record through the reader aliases', () => {
    const writer = record('Old', [field('before', 'int')], { namespace: 'ns' });
    const reader = record('New', [field('after', 'int', { aliases: ['before'] })], { namespace: 'ns', aliases: ['Old'] });
    expect(roundTrip({ before: 4 }, writer, reader)).toEqual({ after: 4 });
    expect(roundTrip({ before: 4 }, writer, reader, 'pulsar')).toEqual({ after: 4 });
  });

  it('reads a writer enum symbol the reader lacks as the reader enum default', () => {
    const writer = record('R', [field('e', { type: 'enum', name: 'E', symbols: ['A', 'B', 'C'] })]);
    const reader = record('R', [field('e', { type: 'enum', name: 'E', symbols: ['B', 'A', 'U'], default: 'U' })]);
    expect([roundTrip({ e: 'A' }, writer, reader), roundTrip({ e: 'C' }, writer, reader)]).toEqual([{ e: 'A' }, { e: 'U' }]);
  });

  it('reads bytes and fixed as plain Uint8Arrays of their own, from a Node Buffer too (Buffer#slice would share its memory)', () => {
    const schema = record('R', [field('y', 'bytes'), field('x', { type: 'fixed', name: 'F', size: 2 })]);
    const input = Buffer.from(encodeAvro({ y: u8(1, 2), x: u8(3, 4) }, schema));
    const value = decodeAvro(input, schema, schema) as { y: Uint8Array; x: Uint8Array };
    input.fill(0);
    expect([value, Object.getPrototypeOf(value.y) === Uint8Array.prototype, Object.getPrototypeOf(value.x) === Uint8Array.prototype]).toEqual([{ y: u8(1, 2), x: u8(3, 4) }, true, true]);
  });

  it('compares names without their namespaces, as Java does', () => {
    const writer = record('R', [field('x', { type: 'fixed', name: 'F', namespace: 'b', size: 1 })], { namespace: 'a' });
    const reader = record('R', [field('x', { type: 'fixed', name: 'F', namespace: 'c', size: 1 })], { namespace: 'z' });
    expect(roundTrip({ x: Buffer.from([7]) }, writer, reader)).toEqual({ x: u8(7) });
  });

  it("picks Java's reader union branch: the same type first, where avsc takes the first branch that can read", () => {
    const bytes = roundTrip(Buffer.from([0xff]), { type: 'bytes' } as object, ['string', 'bytes'] as unknown as object);
    const long = roundTrip(2 ** 24 + 1, ['long'] as unknown as object, ['float', 'long'] as unknown as object);
    const swapped = ['bytes', 'string'] as unknown as object;
    const pair = [roundTrip(Buffer.from('b'), swapped, ['string', 'bytes'] as unknown as object), roundTrip('s', swapped, ['string', 'bytes'] as unknown as object)];
    expect({ bytes, long, pair }).toEqual({ bytes: u8(0xff), long: 2 ** 24 + 1, pair: [u8(0x62), 's'] });
  });

  it('reads a record into the union branch of the same name', () => {
    const writer = record('B', [field('v', 'int')]);
    const reader = [record('A', [field('v', 'int')]), record('B', [field('v', 'long'), field('w', 'int', { default: 1 })])] as unknown as object;
    expect(roundTrip({ v: 3 }, writer, reader)).toEqual({ v: 3, w: 1 });
  });

  it("reads an enum into a union branch of another namespace, which Java's checker accepts (Java's runtime would not find the branch)", () => {
    const writer = { type: 'enum', name: 'E', namespace: 'b', symbols: ['A'] };
    const reader = ['null', { type: 'enum', name: 'E', namespace: 'a', symbols: ['A'] }] as unknown as object;
    expect(roundTrip('A', writer, reader)).toEqual('A');
  });

  it("a field alias: confluent reads through it as Java's checker does; pulsar, as Java's runtime, only when the record names agree", () => {
    const writer = record('Old', [field('f', 'int')]);
    const reader = record('New', [field('g', 'long', { default: 8, aliases: ['f'] })]);
    expect((thrown(() => createAvroResolver(reader, writer)) as IncompatibleSchemaError).incompatibilities).toEqual([
      { type: 'NAME_MISMATCH', location: '/name', message: 'expected: Old' },
    ]);
    expect(roundTrip({ f: 3 }, writer, reader, 'pulsar')).toEqual({ g: 8 });
    const same = record('Old', [field('g', 'long', { default: 8, aliases: ['f'] })]);
    expect([roundTrip({ f: 3 }, writer, same), roundTrip({ f: 3 }, writer, same, 'pulsar')]).toEqual([{ g: 3 }, { g: 3 }]);
  });

  it('profile pulsar reads a record under another name (Java runtime); confluent refuses it (NAME_MISMATCH)', () => {
    const writer = record('Before', [field('x', 'int')]);
    const reader = record('After', [field('x', 'long')]);
    expect(roundTrip({ x: 9 }, writer, reader, 'pulsar')).toEqual({ x: 9 });
    const error = thrown(() => createAvroResolver(reader, writer)) as IncompatibleSchemaError;
    expect({ code: error.code, profile: error.profile, incompatibilities: error.incompatibilities }).toEqual({
      code: 'INCOMPATIBLE_SCHEMAS', profile: 'confluent', incompatibilities: [{ type: 'NAME_MISMATCH', location: '/name', message: 'expected: Before' }],
    });
  });

  it('profile pulsar fails at read time on a writer enum symbol the reader lacks (Java: "No match for C")', () => {
    const writer = { type: 'enum', name: 'E', symbols: ['A', 'C'] };
    const reader = { type: 'enum', name: 'E', symbols: ['A'] };
    const resolver = createAvroResolver(reader, writer, { profile: 'pulsar' });
    const error = thrown(() => resolver.decode(encodeAvro('C', writer))) as AvroDataError;
    expect([resolver.decode(encodeAvro('A', writer)), error.code, error.message]).toEqual([
      'A', 'INVALID_AVRO_DATA', 'writer symbol C is not a symbol of reader enum E, which has no default (Java: No match for C)',
    ]);
  });

  it('takes schemas as text, JSON, ParsedSchema or parsed AvroSchema', () => {
    const text = '{"type":"record","name":"R","fields":[{"name":"a","type":"int"}]}';
    const bytes = encodeAvro({ a: 1 }, text);
    const inputs = [text, JSON.parse(text) as object, parseSchema('AVRO', text), new AvroChecker().parse(text)];
    expect(inputs.map((input) => createAvroResolver(input, text).decode(bytes))).toEqual([{ a: 1 }, { a: 1 }, { a: 1 }, { a: 1 }]);
  });

  it('decodes names avsc rejects (Java accepts Unicode letters) and map keys such as __proto__', () => {
    const schema = record('Ré', [field('prénom', { type: 'enum', name: 'État', symbols: ['Été'] }), field('m', { type: 'map', values: 'int' })]);
    const value = { prénom: 'Été', m: Object.fromEntries([['__proto__', 1]]) };
    expect(roundTrip(value, schema, schema)).toEqual(value);
  });
});

describe('createAvroResolver: errors', () => {
  it('throws IncompatibleSchemaError with the full list for an incompatible pair', () => {
    const writer = record('R', [field('a', 'string'), field('b', ['null', 'long']), field('e', { type: 'enum', name: 'E', symbols: ['A', 'B'] })]);
    const reader = record('R', [field('a', 'int'), field('b', 'long'), field('c', 'int'), field('e', { type: 'enum', name: 'E', symbols: ['A'] })]);
    const error = thrown(() => createAvroResolver(reader, writer));
    expect(error).toBeInstanceOf(IncompatibleSchemaError);
    expect(error).toBeInstanceOf(SchemaCompatError);
    const { code, profile, incompatibilities } = error as IncompatibleSchemaError;
    expect({ code, profile, incompatibilities }).toEqual({
      code: 'INCOMPATIBLE_SCHEMAS',
      profile: 'confluent',
      incompatibilities: [
        { type: 'TYPE_MISMATCH', location: '/fields/0/type', message: 'reader type: INT not compatible with writer type: STRING' },
        { type: 'TYPE_MISMATCH', location: '/fields/1/type/0', message: 'reader type: LONG not compatible with writer type: NULL' },
        { type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/2', message: 'c' },
        { type: 'MISSING_ENUM_SYMBOLS', location: '/fields/3/type/symbols', message: '[B]' },
      ],
    });
  });

  it('under profile strict, a decimal read with another scale is incompatible', () => {
    const writer = { type: 'bytes', logicalType: 'decimal', precision: 6, scale: 2 };
    const reader = { type: 'bytes', logicalType: 'decimal', precision: 6, scale: 3 };
    expect(createAvroResolver(reader, writer).decode(encodeAvro(Buffer.from([1]), writer))).toEqual(u8(1));
    expect((thrown(() => createAvroResolver(reader, writer, { profile: 'strict' })) as IncompatibleSchemaError).incompatibilities).toEqual([
      { type: 'DECIMAL_MISMATCH', location: '/', message: 'writer decimal(6,2) read as decimal(6,3)' },
    ]);
  });

  it('throws SchemaParseError for a schema it cannot parse', () => {
    const error = thrown(() => createAvroResolver('{"type":"record"}', '"int"')) as SchemaParseError;
    expect([error.code, error.input]).toEqual(['SCHEMA_PARSE_ERROR', 'reader']);
  });

  const schema = record('R', [field('s', 'string'), field('u', ['null', 'int']), field('e', { type: 'enum', name: 'E', symbols: ['A'] }), field('i', 'int')]);
  const good = Buffer.from(encodeAvro({ s: 'ab', u: 1, e: 'A', i: 3 }, schema));
  const cases: [string, Buffer, string][] = [
    ['truncated data', good.subarray(0, 3), 'cannot decode the data: the data ends before the datum does (truncated)'],
    ['trailing bytes', Buffer.concat([good, Buffer.from([0])]), 'cannot decode the data: bytes are left after the datum (trailing data)'],
    ['a union index out of range', Buffer.from([0x04, 0x61, 0x62, 0x08, 0x02, 0x00, 0x06]), "cannot decode the data: union branch 4 does not exist in the writer's union"],
    ['an enum index out of range', Buffer.from([0x04, 0x61, 0x62, 0x00, 0x02, 0x06]), "cannot decode the data: enum symbol 1 does not exist in the writer's enum"],
    ['an int beyond 32 bits', Buffer.from([0x04, 0x61, 0x62, 0x00, 0x00, 0xfe, 0xff, 0xff, 0xff, 0x1f]), 'invalid int encoding (4294967295 is not a 32-bit int)'],
    ['an empty input', Buffer.alloc(0), 'cannot decode the data: the data ends before the datum does (truncated)'],
  ];
  for (const [what, bytes, message] of cases) {
    it(`throws AvroDataError for ${what}`, () => {
      const error = thrown(() => createAvroResolver(schema, schema).decode(bytes)) as AvroDataError;
      expect([error instanceof AvroDataError, error.code, error.message]).toEqual([true, 'INVALID_AVRO_DATA', message]);
    });
  }

  it('throws AvroDataError, without allocating, for an array count larger than the data (avsc alone runs out of memory)', () => {
    const arrays = { type: 'array', items: 'int' };
    const nulls = { type: 'array', items: 'null' };
    const huge = Buffer.from([0xfe, 0xff, 0xff, 0xff, 0x0f, 0x02]);
    expect([thrown(() => decodeAvro(huge, arrays, arrays)), thrown(() => decodeAvro(huge, nulls, nulls))].map((e) => (e as AvroDataError).message)).toEqual([
      'a block of 2147483647 items cannot be read from the 1 bytes left (corrupt or truncated data)',
      'more than 10000000 items of a type that takes no bytes (corrupt data?)',
    ]);
  });

  it('reads a long array in several blocks, one with a byte size (negative count)', () => {
    const ints = { type: 'array', items: 'int' };
    const bytes = Buffer.from([0x04, 0x02, 0x04, 0x01, 0x02, 0x06, 0x00]);
    expect(decodeAvro(bytes, ints, ints)).toEqual([1, 2, 3]);
    const many = Array.from({ length: 20_000 }, (_, i) => i);
    expect(decodeAvro(encodeAvro(many, ints), ints, ints)).toEqual(many);
  });

  it('throws AvroDataError for a long of more than 64 bits', () => {
    const error = thrown(() => decodeAvro(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f]), '"long"', '"long"')) as AvroDataError;
    expect(error.message).toBe('invalid long encoding (more than 64 bits)');
  });

  it('decodes nothing from an empty union (avsc cannot parse [] at all): a typed error names the reason', () => {
    const schema = record('R', [field('a', 'int'), field('never', [])]);
    const resolver = createAvroResolver(schema, schema);
    expect([
      (thrown(() => resolver.decode(Buffer.from([0x02, 0x00]))) as AvroDataError).message,
      (thrown(() => encodeAvro({ a: 1, never: null }, schema)) as AvroDataError).message,
    ]).toEqual([
      'the writer schema has an empty union here: no datum can have a value for it',
      'value.never: expected a value of one of the union\'s 0 branches, got null',
    ]);
  });
});

describe('encodeAvro', () => {
  it('writes the Avro binary encoding, a union value with the first branch it fits', () => {
    const schema = record('R', [field('u', ['int', 'long', 'string']), field('v', ['null', 'long'])]);
    expect(Buffer.from(encodeAvro({ u: 2 ** 40, v: null }, schema)).toString('hex')).toBe('0280808080804000');
  });

  it('names where a value does not fit', () => {
    const schema = record('R', [field('a', { type: 'array', items: record('I', [field('n', 'int')]) })]);
    const error = thrown(() => encodeAvro({ a: [{ n: 1 }, { n: 1.5 }] }, schema)) as AvroDataError;
    expect([error.code, error.path, error.message]).toEqual(['INVALID_AVRO_DATA', 'value.a[1].n', 'value.a[1].n: expected an int (32-bit integer), got 1.5']);
  });
});
