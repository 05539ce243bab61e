import { InvalidOptionError } from '../../errors.js';
import type { ParsedSchema } from '../../schema.js';
import { isParsedSchema } from '../../schema.js';
import { AvroChecker } from '../checker.js';
import type { AvroProfile } from '../compat/can-read.js';
import type { AvroSchema } from '../model.js';
import { PairReader, WriterCodec } from './codec.js';
import { IncompatibleSchemaError } from './errors.js';

/** An Avro schema as the data plane takes it: parsed (`AvroChecker.parse`), a `ParsedSchema` of type AVRO, or text or JSON. */
export type AvroSchemaInput = AvroSchema | ParsedSchema | string | object;

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
   * plane's limits (docs/avro-data.md, "Limits").
   */
  decode(bytes: Uint8Array): unknown;
}

/**
 * A resolver from `writer` data to `reader` values. The profile's verdict comes first
 * (`AvroChecker.canRead`): an incompatible pair throws `IncompatibleSchemaError` with the full list.
 * Throws `SchemaParseError` for a schema it cannot parse.
 */
export function createAvroResolver(reader: AvroSchemaInput, writer: AvroSchemaInput, options: AvroResolverOptions = {}): AvroResolver {
  const profile = options.profile ?? 'confluent';
  // The verdict and its incompatibilities are all the resolver needs: no warnings walk.
  const checker = new AvroChecker({ profile, warnings: false });
  const readerSchema = toAvroSchema(checker, reader, 'reader');
  const writerSchema = toAvroSchema(checker, writer, 'writer');
  const verdict = checker.canRead(readerSchema, writerSchema);
  if (!verdict.compatible) throw new IncompatibleSchemaError(profile, verdict.incompatibilities);
  const pair = new PairReader(readerSchema, writerSchema, profile, false);
  return { profile, decode: (bytes) => pair.decode(bytes) };
}

/** `createAvroResolver(reader, writer, options).decode(bytes)` in one call. */
export function decodeAvro(bytes: Uint8Array, writer: AvroSchemaInput, reader: AvroSchemaInput, options: AvroResolverOptions = {}): unknown {
  return createAvroResolver(reader, writer, options).decode(bytes);
}

/**
 * The Avro binary encoding of `value` under `schema`, `value` in the representation `decode`
 * returns. A union value is written with the first branch it is valid for. Throws `AvroDataError`
 * naming where the value does not fit, contains itself (a cycle), or nests deeper than the data
 * plane's depth limit (code `AVRO_DATA_TOO_DEEP`).
 */
export function encodeAvro(value: unknown, schema: AvroSchemaInput): Uint8Array {
  const parsed = toAvroSchema(new AvroChecker(), schema, 'schema');
  return new WriterCodec(parsed.root).encode(value);
}

/** A schema input as an `AvroSchema`, parsed if needed. */
export function toAvroSchema(checker: AvroChecker, input: AvroSchemaInput, label: string): AvroSchema {
  if (isParsedSchema(input)) {
    if (input.schemaType !== 'AVRO') throw new InvalidOptionError(label, `a ${input.schemaType} schema is not an Avro schema`);
    return input.schema as AvroSchema;
  }
  if (isAvroSchema(input)) return input;
  if (typeof input !== 'string' && (typeof input !== 'object' || input === null)) {
    throw new InvalidOptionError(label, 'must be an Avro schema: text, JSON, a ParsedSchema or an AvroSchema');
  }
  return checker.parse(input, { label });
}

function isAvroSchema(input: unknown): input is AvroSchema {
  const candidate = input as Partial<AvroSchema>;
  return typeof input === 'object' && input !== null && candidate.named instanceof Map && typeof candidate.root === 'object' && candidate.root !== null;
}
