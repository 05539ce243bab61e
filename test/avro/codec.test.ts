import { describe, expect, it } from 'vitest';
import { AvroDataError, IncompatibleSchemaError, createAvroCodec, createAvroResolver, decodeAvro, encodeAvro, parseSchema } from 'schema-compat';
import { thrown } from '../support/thrown.js';

/** createAvroCodec and the compiled data plane: the same values and errors as the interpreter, on every path. */

const list = { type: 'record', name: 'Node', fields: [{ name: 'v', type: 'int' }, { name: 'next', type: ['null', 'Node'] }] };
const chain = (length: number): unknown => {
  let node: unknown = null;
  for (let i = length - 1; i >= 0; i--) node = { v: i, next: node };
  return node;
};

describe('createAvroCodec', () => {
  it('reads back what it writes, recursive records included, on both sides of the compiled depth (256 levels)', () => {
    const codec = createAvroCodec(list);
    for (const length of [1, 100, 255, 256, 257, 1000]) {
      const value = chain(length);
      const bytes = codec.encode(value);
      expect(bytes).toEqual(encodeAvro(value, JSON.stringify(list)));
      expect(codec.decode(bytes)).toEqual(value);
    }
  });

  it('gives `__proto__` fields and map keys as own properties, never a prototype', () => {
    const schema = { type: 'record', name: 'P', fields: [{ name: '__proto__', type: 'int' }, { name: 'm', type: { type: 'map', values: 'int' } }] };
    const value = JSON.parse('{"__proto__": 1, "m": {"__proto__": 2}}') as Record<string, unknown>;
    const decoded = createAvroCodec(schema).decode<Record<string, unknown>>(createAvroCodec(schema).encode(value));
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(decoded, '__proto__')?.value).toBe(1);
    expect(Object.getOwnPropertyDescriptor(decoded.m, '__proto__')?.value).toBe(2);
  });

  it('reads a Node Buffer in place, and gives bytes and fixed values that do not share its memory', () => {
    const schema = { type: 'record', name: 'Blob', fields: [{ name: 'b', type: 'bytes' }, { name: 'f', type: { type: 'fixed', name: 'F', size: 2 } }, { name: 's', type: 'string' }] };
    const codec = createAvroCodec(schema);
    // A Buffer carved from a larger pool (its byteOffset is not 0), as Node's small Buffers are.
    const pool = Buffer.alloc(64, 0xee);
    const encoded = codec.encode({ b: new Uint8Array([1, 2, 3]), f: new Uint8Array([4, 5]), s: 'héllo' });
    const input = pool.subarray(7, 7 + encoded.length);
    input.set(encoded);
    const value = codec.decode<{ b: Uint8Array; f: Uint8Array; s: string }>(input);
    expect(value).toEqual({ b: new Uint8Array([1, 2, 3]), f: new Uint8Array([4, 5]), s: 'héllo' });
    expect(Object.getPrototypeOf(value.b)).toBe(Uint8Array.prototype);
    input.fill(0);
    expect([...value.b, ...value.f]).toEqual([1, 2, 3, 4, 5]);
    expect(value.b.buffer).not.toBe(pool.buffer);
  });

  it('reads strings and map keys of every short length, ASCII or not, as written', () => {
    const codec = createAvroCodec({ type: 'record', name: 'Texts', fields: [{ name: 'list', type: { type: 'array', items: 'string' } }, { name: 'map', type: { type: 'map', values: 'string' } }] });
    const texts: string[] = [];
    for (let length = 0; length <= 40; length++) {
      const ascii = Array.from({ length }, (_, i) => String.fromCharCode(32 + ((i * 7 + length) % 95))).join('');
      texts.push(ascii);
      // A character past ASCII at the start, the middle and the end (two or more bytes in UTF-8).
      if (length > 0) for (const at of [0, length >> 1, length - 1]) texts.push(`${ascii.slice(0, at)}é${ascii.slice(at + 1)}`, `${ascii.slice(0, at)}\u{1F600}${ascii.slice(at + 1)}`);
    }
    const value = { list: texts, map: Object.fromEntries(texts.map((text, i) => [text, String(i)])) };
    expect(codec.decode(codec.encode(value))).toEqual(value);
  });

  it('names where a value does not fit, as encodeAvro does', () => {
    const schema = { type: 'record', name: 'R', fields: [{ name: 'a', type: { type: 'array', items: { type: 'record', name: 'I', fields: [{ name: 'n', type: 'int' }] } } }] };
    const error = thrown(() => createAvroCodec(schema).encode({ a: [{ n: 1 }, { n: 1.5 }] }));
    expect(error).toBeInstanceOf(AvroDataError);
    expect((error as AvroDataError).message).toBe('value.a[1].n: expected an int (32-bit integer), got 1.5');
  });

  it('refuses bad data with the interpreter\'s errors (truncated, trailing bytes, a bad union index)', () => {
    const codec = createAvroCodec(list);
    const bytes = codec.encode(chain(3));
    expect((thrown(() => codec.decode(bytes.subarray(0, bytes.length - 1))) as AvroDataError).message).toBe('cannot decode the data: the data ends before the datum does (truncated)');
    expect((thrown(() => codec.decode(Uint8Array.of(...bytes, 0))) as AvroDataError).message).toBe('cannot decode the data: bytes are left after the datum (trailing data)');
    expect((thrown(() => codec.decode(Uint8Array.of(2, 4))) as AvroDataError).message).toBe("cannot decode the data: union branch 2 does not exist in the writer's union");
  });

  it('encodes again from inside a value being encoded (a getter), each call with its own buffer', () => {
    const codec = createAvroCodec({ type: 'record', name: 'G', fields: [{ name: 's', type: 'string' }] });
    const inner = codec.encode({ s: 'inner' });
    const value = { get s() { expect(codec.encode({ s: 'inner' })).toEqual(inner); return 'outer'; } };
    expect(codec.decode(codec.encode(value))).toEqual({ s: 'outer' });
  });

  it('builds records with closures where the Function constructor is forbidden (a Content-Security-Policy)', () => {
    const original = globalThis.Function;
    const schema = { type: 'record', name: 'Csp', fields: [{ name: 'a', type: 'long' }, { name: 'b', type: ['null', 'string'] }] };
    let refused = 0;
    globalThis.Function = function forbidden() {
      refused++;
      throw new EvalError('Code generation from strings disallowed for this context');
    } as unknown as FunctionConstructor;
    try {
      const codec = createAvroCodec(schema);
      expect(codec.decode(codec.encode({ a: 5, b: 'x' }))).toEqual({ a: 5, b: 'x' });
      expect(refused).toBe(1);
    } finally {
      globalThis.Function = original;
    }
  });
});

describe('codecs and checked pairs kept with the parsed schema', () => {
  it('reads with the same resolver for a pair seen before, and still refuses an incompatible pair every time', () => {
    const writer = parseSchema('AVRO', '{"type":"record","name":"U","fields":[{"name":"id","type":"int"}]}');
    const reader = parseSchema('AVRO', '{"type":"record","name":"U","fields":[{"name":"id","type":"long"},{"name":"tags","type":{"type":"array","items":"string"},"default":[]}]}');
    const bytes = encodeAvro({ id: 7 }, writer);
    const first = decodeAvro<{ tags: string[] }>(bytes, writer, reader);
    const second = decodeAvro<{ tags: string[] }>(bytes, writer, reader);
    expect(first).toEqual({ id: 7, tags: [] });
    expect(second).toEqual(first);
    expect(second.tags).not.toBe(first.tags); // a fresh copy of the default each time
    for (let i = 0; i < 2; i++) expect(thrown(() => createAvroResolver(writer, reader))).toBeInstanceOf(IncompatibleSchemaError);
  });
});
