import { cachedWriterCodec } from './codec-cache.js';
import type { AvroSchemaInput } from './schema-input.js';
import { toAvroSchema } from './schema-input.js';

/** One Avro schema's binary encoding, compiled once (docs/avro-data.md, "Codecs and caching"). */
export interface AvroCodec {
  /**
   * The Avro binary encoding of `value` (no header): records and maps as objects, bytes and fixed as
   * `Uint8Array`s (a Node `Buffer` is one), longs as numbers or bigints, enum symbols as strings,
   * union values as they are (the first branch they fit) or wrapped, avsc's way: `{ "string": "x" }`.
   * Throws `AvroDataError` naming where the value does not fit.
   */
  encode(value: unknown): Uint8Array;
  /**
   * One datum written with this schema, read with it (no resolution: `createAvroResolver` reads with
   * another). Throws `AvroDataError` for bad data or past the data plane's limits. `T` is what the
   * caller knows the value to be (not checked).
   */
  decode<T = unknown>(bytes: Uint8Array): T;
}

/**
 * The codec of an Avro schema: text, JSON, a `ParsedSchema`, an `AvroSchema` or an avsc `Type`.
 * Compiled once per parsed schema and kept with it: `encodeAvro`, `decodeAvro` and resolvers given the
 * same parsed schema (or avsc Type) share it. Throws `SchemaParseError` for a schema it cannot parse.
 */
export function createAvroCodec(schema: AvroSchemaInput): AvroCodec {
  const codec = cachedWriterCodec(toAvroSchema(schema, 'schema').root);
  return {
    encode: (value) => codec.encode(value),
    decode: <T>(bytes: Uint8Array) => codec.decode(bytes) as T,
  };
}
