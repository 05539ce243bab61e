import avro from 'avsc';
import { describe, expect, it } from 'vitest';
import {
  AvroDataError, auditHistory, checkCompatibility, createAvroCodec, createAvroResolver, decodeAvro, diffSchemas, encodeAvro, parseSchema,
} from 'schema-compat';
import type { AvroNode, AvroSchema } from 'schema-compat';
import { createAvroSerde, createRegistry } from 'schema-compat/registry';
import { avscSchema } from '../support/avsc-schema.js';
import { loadJavaCorpus } from '../support/java-corpus.js';
import { thrown } from '../support/thrown.js';

/**
 * avsc 5.7.9 (a devDependency, never imported by the package) as the independent peer: its Types
 * are accepted wherever a schema is, read with their defaults; its values are accepted by the
 * encoders; and data goes both ways between the two implementations byte for byte.
 */

const v1 = { type: 'record', name: 'User', namespace: 'acme', fields: [{ name: 'id', type: 'long' }] };
const v2 = {
  type: 'record', name: 'User', namespace: 'acme', fields: [
    { name: 'id', type: 'long' },
    { name: 'email', type: ['null', 'string'], default: null, doc: 'added in v2' },
    { name: 'tier', type: 'string', default: 'free', order: 'descending', aliases: ['level'] },
  ],
};
const avscV1 = avro.Type.forSchema(v1 as avro.Schema);
const avscV2 = avro.Type.forSchema(v2 as avro.Schema);

/** A value as our decoder gives it: avsc's Buffers as plain Uint8Arrays, its records as plain objects. */
function plain(value: unknown): unknown {
  if (value instanceof Uint8Array) return Uint8Array.from(value);
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  return value;
}

/** avsc's value (unions wrapped) as our decoder gives it: unions unwrapped, Buffers as Uint8Arrays, records as plain objects. */
function unwrapped(node: AvroNode, value: unknown): unknown {
  switch (node.kind) {
    case 'union': {
      if (value === null) return null;
      const [key, inner] = Object.entries(value as object)[0] as [string, unknown];
      const branch = node.branches.find((b) => ('fullName' in b ? b.fullName : b.kind) === key) as AvroNode;
      return unwrapped(branch, inner);
    }
    case 'record':
      return Object.fromEntries(node.fields.map((field) => [field.name, unwrapped(field.type, (value as Record<string, unknown>)[field.name])]));
    case 'array':
      return (value as unknown[]).map((item) => unwrapped(node.items, item));
    case 'map':
      return Object.fromEntries(Object.entries(value as object).map(([key, item]) => [key, unwrapped(node.values, item)]));
    case 'bytes':
    case 'fixed':
      return Uint8Array.from(value as Uint8Array);
    case 'float':
      return Math.fround(value as number);
    default:
      return value;
  }
}

describe('avsc Types wherever a schema is accepted', () => {
  it('checks, parses, diffs and audits them with their defaults and attributes (plain schema() drops the defaults)', () => {
    expect(checkCompatibility('BACKWARD', avscV2, [avscV1])).toEqual(checkCompatibility('BACKWARD', v2, [v1]));
    expect(checkCompatibility('BACKWARD', avscV2, [avscV1]).compatible).toBe(true);
    // What the issue saw: type.schema() loses the defaults, and the pair turns incompatible.
    expect(checkCompatibility('BACKWARD', avscV2.schema() as object, [avscV1.schema() as object]).incompatibilities.map((finding) => finding.type))
      .toEqual(['READER_FIELD_MISSING_DEFAULT_VALUE', 'READER_FIELD_MISSING_DEFAULT_VALUE']);
    const parsed = parseSchema('AVRO', avscV2).schema as AvroSchema;
    const fields = (parsed.root as Extract<AvroNode, { kind: 'record' }>).fields;
    expect(fields.map((field) => [field.name, field.default, field.order, field.aliases, field.doc])).toEqual([
      ['id', undefined, 'ascending', [], undefined],
      ['email', null, 'ascending', [], 'added in v2'],
      ['tier', 'free', 'descending', ['level'], undefined],
    ]);
    expect(diffSchemas('AVRO', avscV1, avscV2)).toEqual(diffSchemas('AVRO', v1, v2));
    expect(auditHistory([avscV1, avscV2])).toEqual(auditHistory([v1, v2]));
  });

  it('builds codecs and resolvers from them, and one-shot calls take them', () => {
    const bytes = avscV1.toBuffer({ id: 42 });
    expect(createAvroCodec(avscV1).decode(bytes)).toEqual({ id: 42 });
    expect(createAvroResolver(avscV2, avscV1).decode(bytes)).toEqual({ id: 42, email: null, tier: 'free' });
    expect(decodeAvro(bytes, avscV1, avscV2)).toEqual({ id: 42, email: null, tier: 'free' });
    expect(Buffer.from(encodeAvro({ id: 42 }, avscV1))).toEqual(bytes);
  });

  it('serializes with one and deserializes into another through a serde', async () => {
    const serde = createAvroSerde(createRegistry());
    const message = await serde.serialize('users', { id: 42 }, avscV1);
    expect(await serde.deserialize(message, { readerSchema: avscV2 })).toEqual({ id: 42, email: null, tier: 'free' });
  });

  it('does not take a plain object with avsc\'s methods for an avsc Type: it is a document, and functions are no JSON', () => {
    const impostor = { type: 'int', schema: () => 'long', typeName: 'long', toBuffer: () => 0, fromBuffer: () => 0, createResolver: () => 0 };
    expect(thrown(() => parseSchema('AVRO', impostor))).toMatchObject({ code: 'SCHEMA_PARSE_ERROR', rule: 'NOT_JSON', pointer: '/schema' });
  });
});

describe("avsc's values in the encoders", () => {
  const schema = {
    type: 'record', name: 'Event', namespace: 'acme', fields: [
      { name: 'payload', type: 'bytes' },
      { name: 'hash', type: { type: 'fixed', name: 'Hash', size: 4 } },
      { name: 'at', type: 'long' },
      { name: 'label', type: ['null', 'string', 'int'] },
      { name: 'nested', type: ['null', { type: 'record', name: 'Inner', fields: [{ name: 'n', type: 'int' }] }] },
      { name: 'items', type: { type: 'array', items: ['null', 'long'] } },
    ],
  };
  const wrappedType = avro.Type.forSchema(schema as avro.Schema, { wrapUnions: true });
  const plainType = avro.Type.forSchema(schema as avro.Schema);
  const value = { payload: Buffer.from('hi'), hash: Buffer.from([1, 2, 3, 4]), at: 1_700_000_000_000, label: 'x', nested: { n: 7 }, items: [null, 5] };
  const wrapped = { ...value, label: { string: 'x' }, nested: { 'acme.Inner': { n: 7 } }, items: [null, { long: 5 }] };

  it('writes Buffers, longs as numbers and unwrapped unions as avsc does', () => {
    expect(Buffer.from(createAvroCodec(schema).encode(value))).toEqual(plainType.toBuffer(value));
  });

  it('writes wrapped unions ({ "string": "x" }, a named branch by its full name) as avsc does', () => {
    const bytes = wrappedType.toBuffer(wrapped);
    expect(Buffer.from(createAvroCodec(schema).encode(wrapped))).toEqual(bytes);
    expect(Buffer.from(encodeAvro(wrappedType.fromBuffer(bytes), wrappedType))).toEqual(bytes);
    expect(createAvroCodec(schema).decode(bytes)).toEqual(plain(value));
  });

  it('still refuses a wrapped value that names no branch, or more than one key, saying where', () => {
    for (const label of [{ boolean: true }, { string: 'x', int: 1 }, { Inner: { n: 1 } }]) {
      const error = thrown(() => encodeAvro({ ...value, label }, schema));
      expect(error).toBeInstanceOf(AvroDataError);
      expect((error as AvroDataError).path).toBe('value.label');
    }
  });
});

describe('a bare primitive name as schema text', () => {
  it('is that primitive in the data plane, as avsc takes it', () => {
    expect(Buffer.from(createAvroCodec('long').encode(-3))).toEqual(avro.Type.forSchema('long').toBuffer(-3));
    expect(decodeAvro(encodeAvro('hé', ' string\n'), 'string', 'bytes')).toEqual(Uint8Array.from(Buffer.from('hé')));
  });

  it('stays INVALID_JSON where the registry rules apply (Java\'s Schema.Parser refuses it)', () => {
    expect(thrown(() => parseSchema('AVRO', 'long'))).toMatchObject({ rule: 'INVALID_JSON' });
  });
});

describe('round trips with avsc on the Java corpus schemas, random data (avsc Type#random)', () => {
  /** A bounded sample of the corpus's distinct writer schemas. */
  const SAMPLE = 120;
  const VALUES = 3;

  it(`our encode → avsc decode and avsc encode → our decode agree byte for byte on ${SAMPLE} schemas`, () => {
    const texts = [...new Set(loadJavaCorpus().flatMap((pair) => [JSON.stringify(pair.writer), JSON.stringify(pair.reader)]))];
    // Every so many (twice as many as needed: some schemas Java refuses), until SAMPLE are checked.
    const step = Math.max(1, Math.floor(texts.length / (2 * SAMPLE)));
    let checked = 0;
    let noFiniteValue = 0;
    for (let i = 0; i < texts.length && checked < SAMPLE; i += step) {
      let parsed: AvroSchema;
      try {
        parsed = parseSchema('AVRO', texts[i] as string).schema as AvroSchema;
      } catch {
        continue; // a schema Java refuses (the corpus has them)
      }
      const type = avro.Type.forSchema(avscSchema(parsed.root) as avro.Schema, { wrapUnions: true });
      const ours = createAvroCodec(type);
      for (let n = 0; n < VALUES; n++) {
        let value: unknown;
        try {
          value = type.random();
        } catch (error) {
          if (!(error instanceof RangeError)) throw error;
          noFiniteValue++; // avsc's random value of a recursive schema may recurse without end
          break;
        }
        const avscBytes = type.toBuffer(value);
        const ourBytes = ours.encode(value);
        expect({ schema: texts[i], bytes: Buffer.from(ourBytes).toString('hex') }).toEqual({ schema: texts[i], bytes: avscBytes.toString('hex') });
        expect(ours.decode(avscBytes)).toEqual(unwrapped(parsed.root, type.fromBuffer(avscBytes)));
        expect(type.toBuffer(type.fromBuffer(Buffer.from(ourBytes))).toString('hex')).toBe(avscBytes.toString('hex'));
      }
      checked++;
    }
    expect(checked).toBe(SAMPLE);
    expect(noFiniteValue).toBeLessThan(SAMPLE / 2);
  });
});
