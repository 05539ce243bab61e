import { AvroChecker } from '../checker.js';
import type { AvroProfile } from '../compat/can-read.js';
import { cachedWriterCodec, compatiblePair, knownPair } from './codec-cache.js';
import { IncompatibleSchemaError } from './errors.js';
import type { AvroSchemaInput } from './schema-input.js';
import { toAvroSchema } from './schema-input.js';

export type { AvroSchemaInput } from './schema-input.js';

export interface AvroResolverOptions {
  /** Whose rules decide the pair and how data is read: `confluent` (default), `pulsar` or `strict` (see docs/avro-data.md). */
  readonly profile?: AvroProfile;
}

/** Reads Avro binary data written with one schema into the shape of another. */
export interface AvroResolver {
  readonly profile: AvroProfile;
  /**
   * One datum (Avro binary encoding, no header) written with the writer schema, as the reader reads
   * it: records and maps as plain objects, bytes and fixed as `Uint8Array`s, longs as numbers (bigints
   * beyond 2^53), enum symbols as strings, union values unwrapped. Throws `AvroDataError`: code
   * `INVALID_AVRO_DATA` for bad data, `AVRO_DATA_TOO_DEEP` or `AVRO_DATA_TOO_LARGE` past the data
   * plane's limits (docs/avro-data.md, "Limits"). `T` is what the caller knows the value to be (not checked).
   */
  decode<T = unknown>(bytes: Uint8Array): T;
}

/**
 * A resolver from `writer` data to `reader` values. The profile's verdict comes first
 * (`AvroChecker.canRead`): an incompatible pair throws `IncompatibleSchemaError` with the full list.
 * Throws `SchemaParseError` for a schema it cannot parse. The compiled reader is kept with the parsed
 * schemas (docs/avro-data.md, "Codecs and caching"): a pair seen before is neither checked nor compiled again.
 */
export function createAvroResolver(reader: AvroSchemaInput, writer: AvroSchemaInput, options: AvroResolverOptions = {}): AvroResolver {
  const profile = options.profile ?? 'confluent';
  const pair = resolvedPair(reader, writer, profile);
  return { profile, decode: <T>(bytes: Uint8Array) => pair.decode(bytes) as T };
}

/** `createAvroResolver(reader, writer, options).decode(bytes)` in one call (the pair's reader is cached as there). */
export function decodeAvro<T = unknown>(bytes: Uint8Array, writer: AvroSchemaInput, reader: AvroSchemaInput, options: AvroResolverOptions = {}): T {
  return resolvedPair(reader, writer, options.profile ?? 'confluent').decode(bytes) as T;
}

/**
 * The Avro binary encoding of `value` under `schema`, `value` in the representation `decode`
 * returns (or avsc's: a `Buffer` is a `Uint8Array`, a union value may be wrapped, `{ "string": "x" }`).
 * A union value is written with the first branch it is valid for. Throws `AvroDataError`
 * naming where the value does not fit, contains itself (a cycle), or nests deeper than the data
 * plane's depth limit (code `AVRO_DATA_TOO_DEEP`).
 */
export function encodeAvro(value: unknown, schema: AvroSchemaInput): Uint8Array {
  return cachedWriterCodec(toAvroSchema(schema, 'schema').root).encode(value);
}

function resolvedPair(reader: AvroSchemaInput, writer: AvroSchemaInput, profile: AvroProfile) {
  const readerSchema = toAvroSchema(reader, 'reader');
  const writerSchema = toAvroSchema(writer, 'writer');
  const known = knownPair(readerSchema, writerSchema, profile);
  if (known) return known;
  // The verdict and its incompatibilities are all the resolver needs: no warnings walk.
  const verdict = new AvroChecker({ profile, warnings: false }).canRead(readerSchema, writerSchema);
  if (!verdict.compatible) throw new IncompatibleSchemaError(profile, verdict.incompatibilities);
  return compatiblePair(readerSchema, writerSchema, profile);
}
