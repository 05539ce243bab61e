import { SchemaParseError } from '../errors.js';
import { base64Bytes, bytesView, utf8Bytes, utf8Text } from '../util/bytes.js';
import { ownValue } from '../util/own.js';

/** How a KeyValue message carries its key: in the payload beside the value, or in the message key. */
export type KeyValueEncoding = 'INLINE' | 'SEPARATED';

/** One side of a KeyValue schema as read, before its own checker parses it. */
export interface KeyValuePartInput {
  /** The side's schema type, upper case (`AVRO`, `STRING`, ...); Pulsar's default is BYTES. */
  readonly schemaType: string;
  /** The side's schema: text, or a JSON document. */
  readonly schema: string | object;
  /** The side's schema data as Pulsar stores it (UTF-8 text of its bytes; empty for a primitive). */
  readonly data: string;
}

export interface KeyValueInput {
  readonly key: KeyValuePartInput;
  readonly value: KeyValuePartInput;
  readonly encoding: KeyValueEncoding;
}

/** The rules a KEY_VALUE schema's parse may report. */
export const KeyValueParseRule = {
  /** Neither `{ key, value, encoding }`, nor Pulsar's SchemaInfo JSON, nor the binary KeyValue encoding. */
  NOT_A_KEY_VALUE_SCHEMA: 'NOT_A_KEY_VALUE_SCHEMA',
  /** The binary encoding's lengths do not fit its bytes (Pulsar's `KeyValueSchemaInfo.decodeKeyValueSchemaInfo`). */
  BAD_BINARY_ENCODING: 'BAD_BINARY_ENCODING',
  /** `kv.encoding.type` / `encoding` is not INLINE or SEPARATED. */
  BAD_ENCODING_TYPE: 'BAD_ENCODING_TYPE',
  /** A side's type is not a schema type name. */
  BAD_PART_TYPE: 'BAD_PART_TYPE',
  /** A side's schema type has no checker in the registry. */
  UNKNOWN_PART_TYPE: 'UNKNOWN_PART_TYPE',
} as const;

type Fail = (pointer: string, rule: string, detail: string) => SchemaParseError;

/**
 * A KEY_VALUE schema in any of the forms Pulsar hands out (reference/pulsar.md §2.7): the object
 * `{ key: { type, schema }, value: { type, schema }, encoding }`; the SchemaInfo JSON of the admin
 * API (`data` or `schema` plus `key.schema.type`, `value.schema.type`, `kv.encoding.type` properties,
 * a missing type meaning BYTES), whose data is the admin REST `{"key": ..., "value": ...}` JSON
 * (`SchemaUtils.convertKeyValueSchemaInfoDataToString`), the binary encoding as bytes, or base64
 * (Jackson's form of `byte[]`); or the binary encoding alone (both sides BYTES).
 */
export function readKeyValueInput(input: string | object, label: string): KeyValueInput {
  const fail: Fail = (pointer, rule, detail) => new SchemaParseError({ input: label, pointer, rule, detail });
  if (input instanceof Uint8Array) return fromSchemaInfo(input, {}, fail);
  let document: unknown = input;
  if (typeof input === 'string') {
    try {
      document = JSON.parse(input);
    } catch {
      throw fail('', KeyValueParseRule.NOT_A_KEY_VALUE_SCHEMA, 'a KEY_VALUE schema given as text is its JSON form ({"key": {"type", "schema"}, "value": ..., "encoding"} or Pulsar\'s SchemaInfo JSON)');
    }
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw fail('', KeyValueParseRule.NOT_A_KEY_VALUE_SCHEMA, 'a KEY_VALUE schema is a JSON object');
  }
  const record = document as Record<string, unknown>;
  if (Object.hasOwn(record, 'key') || Object.hasOwn(record, 'value')) return fromParts(record, fail);
  const data = Object.hasOwn(record, 'data') ? record['data'] : record['schema'];
  const properties = record['properties'] ?? {};
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
    throw fail('/properties', KeyValueParseRule.NOT_A_KEY_VALUE_SCHEMA, 'SchemaInfo properties are a string-to-string map');
  }
  const type = record['type'];
  if (type !== undefined && (typeof type !== 'string' || type.toUpperCase() !== 'KEY_VALUE')) {
    throw fail('/type', KeyValueParseRule.NOT_A_KEY_VALUE_SCHEMA, `a SchemaInfo of type ${JSON.stringify(type)} is not a KEY_VALUE schema`);
  }
  if (data === undefined) throw fail('', KeyValueParseRule.NOT_A_KEY_VALUE_SCHEMA, 'expected { key, value } or a SchemaInfo with `data` (or `schema`) and `properties`');
  return fromSchemaInfo(data, properties as Record<string, unknown>, fail);
}

/** `{ key: { type, schema }, value: { type, schema }, encoding }`; a side without a type is BYTES, as in Pulsar. */
function fromParts(record: Record<string, unknown>, fail: Fail): KeyValueInput {
  const part = (side: 'key' | 'value'): KeyValuePartInput => {
    const given = record[side];
    if (typeof given !== 'object' || given === null || Array.isArray(given)) throw fail(`/${side}`, KeyValueParseRule.NOT_A_KEY_VALUE_SCHEMA, `the ${side} is { "type": ..., "schema": ... }`);
    const { type, schema } = given as { type?: unknown; schema?: unknown };
    const schemaType = partType(type, `/${side}/type`, fail);
    if (schema !== undefined && typeof schema !== 'string' && (typeof schema !== 'object' || schema === null)) {
      throw fail(`/${side}/schema`, KeyValueParseRule.NOT_A_KEY_VALUE_SCHEMA, `the ${side}'s schema is text or a JSON document`);
    }
    const text = schema === undefined ? '' : schema;
    return { schemaType, schema: text, data: typeof text === 'string' ? text : JSON.stringify(text) };
  };
  return { key: part('key'), value: part('value'), encoding: encodingOf(record['encoding'], '/encoding', fail) };
}

function fromSchemaInfo(data: unknown, properties: Record<string, unknown>, fail: Fail): KeyValueInput {
  const [keyData, valueData] = splitData(data, fail);
  const side = (name: 'key' | 'value', text: string): KeyValuePartInput => ({
    schemaType: partType(ownValue(properties, `${name}.schema.type`), `/properties/${name}.schema.type`, fail),
    schema: text,
    data: text,
  });
  return { key: side('key', keyData), value: side('value', valueData), encoding: encodingOf(ownValue(properties, 'kv.encoding.type'), '/properties/kv.encoding.type', fail) };
}

/** The key and value data: from the admin REST JSON, the binary bytes, or their base64. */
function splitData(data: unknown, fail: Fail): [string, string] {
  if (data instanceof Uint8Array) return decodeBinary(bytesView(data), fail);
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) return restParts(data as Record<string, unknown>, fail);
  if (typeof data !== 'string') throw fail('/data', KeyValueParseRule.NOT_A_KEY_VALUE_SCHEMA, 'the KeyValue data is the {"key", "value"} JSON, or the binary encoding as bytes or base64');
  if (data.trimStart().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      throw fail('/data', KeyValueParseRule.NOT_A_KEY_VALUE_SCHEMA, 'the KeyValue data is not valid JSON');
    }
    return splitData(parsed, fail);
  }
  const bytes = base64Bytes(data);
  if (bytes === undefined) throw fail('/data', KeyValueParseRule.NOT_A_KEY_VALUE_SCHEMA, 'the KeyValue data is neither the {"key", "value"} JSON nor base64 of the binary encoding');
  return decodeBinary(bytes, fail);
}

/** `{"key": <schema JSON or "">, "value": ...}`: `""` is a primitive side (no data), as Pulsar's `getKeyOrValueSchemaBytes` reads it. */
function restParts(record: Record<string, unknown>, fail: Fail): [string, string] {
  const text = (side: 'key' | 'value'): string => {
    const value = record[side];
    if (value === undefined || value === null || value === '') return '';
    if (typeof value === 'string') return value;
    if (typeof value === 'object') return JSON.stringify(value);
    throw fail(`/data/${side}`, KeyValueParseRule.NOT_A_KEY_VALUE_SCHEMA, `the ${side}'s schema data is a JSON document or ""`);
  };
  return [text('key'), text('value')];
}

/** [int32 BE key length][key][int32 BE value length][value]; −1 (the C++ client's) or 0 is an empty side. */
export function decodeBinary(bytes: Uint8Array, fail: Fail): [string, string] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const part = (side: string): string => {
    if (at + 4 > bytes.length) throw fail('', KeyValueParseRule.BAD_BINARY_ENCODING, `the binary KeyValue encoding ends before the ${side} length (byte ${at} of ${bytes.length})`);
    const length = view.getInt32(at, false);
    at += 4;
    if (length === -1 || length === 0) return '';
    if (length < 0 || at + length > bytes.length) throw fail('', KeyValueParseRule.BAD_BINARY_ENCODING, `the ${side} length ${length} does not fit the ${bytes.length - at} bytes left`);
    const text = utf8Text(bytes.subarray(at, at + length));
    at += length;
    return text;
  };
  const key = part('key');
  const value = part('value');
  if (at !== bytes.length) throw fail('', KeyValueParseRule.BAD_BINARY_ENCODING, `${bytes.length - at} bytes follow the value`);
  return [key, value];
}

/** The binary KeyValue encoding of two schema data texts (an empty side written with length 0, as Pulsar's Java client does). */
export function encodeKeyValueData(key: string, value: string): Uint8Array {
  const keyBytes = utf8Bytes(key);
  const valueBytes = utf8Bytes(value);
  const out = new Uint8Array(8 + keyBytes.length + valueBytes.length);
  const view = new DataView(out.buffer);
  view.setInt32(0, keyBytes.length, false);
  out.set(keyBytes, 4);
  view.setInt32(4 + keyBytes.length, valueBytes.length, false);
  out.set(valueBytes, 8 + keyBytes.length);
  return out;
}

function partType(type: unknown, pointer: string, fail: Fail): string {
  if (type === undefined || type === null || type === '') return 'BYTES';
  if (typeof type !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(type)) throw fail(pointer, KeyValueParseRule.BAD_PART_TYPE, `${JSON.stringify(type)} is not a schema type name`);
  return type.toUpperCase();
}

function encodingOf(value: unknown, pointer: string, fail: Fail): KeyValueEncoding {
  if (value === undefined || value === null || value === '') return 'INLINE';
  if (typeof value === 'string' && (value.toUpperCase() === 'INLINE' || value.toUpperCase() === 'SEPARATED')) return value.toUpperCase() as KeyValueEncoding;
  throw fail(pointer, KeyValueParseRule.BAD_ENCODING_TYPE, `the KeyValue encoding is INLINE or SEPARATED, not ${JSON.stringify(value)}`);
}
