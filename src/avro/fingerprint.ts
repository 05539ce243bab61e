import { InvalidOptionError } from '../errors.js';
import { crc64Avro, crc64AvroBytes } from '../hash/crc64-avro.js';
import { md5 } from '../hash/md5.js';
import { sha256 } from '../hash/sha256.js';
import { isParsedSchema } from '../schema.js';
import { utf8Bytes } from '../util/bytes.js';
import { describeValue } from '../util/describe.js';
import type { ParsedSchema } from '../schema.js';
import { parsingCanonicalForm as canonicalFormOf } from './canonical.js';
import type { AvroSchema } from './model.js';
import { parseAvroSchema } from './parse.js';

/** The fingerprints the Avro specification recommends, by the names Java's `SchemaNormalization` uses. */
export type FingerprintAlgorithm = 'CRC-64-AVRO' | 'MD5' | 'SHA-256';

/** An Avro schema as text, a JSON document, a `ParsedSchema` of type AVRO or an `AvroSchema`. */
export type AvroSchemaLike = AvroSchema | ParsedSchema | string | object;

const ALGORITHMS: Readonly<Record<string, FingerprintAlgorithm>> = {
  'CRC-64-AVRO': 'CRC-64-AVRO', CRC64: 'CRC-64-AVRO', 'CRC-64': 'CRC-64-AVRO', RABIN: 'CRC-64-AVRO',
  MD5: 'MD5', 'SHA-256': 'SHA-256', SHA256: 'SHA-256',
};

function avroSchemaOf(schema: AvroSchemaLike): AvroSchema {
  if (isParsedSchema(schema)) {
    if (schema.schemaType !== 'AVRO') throw new InvalidOptionError('schema', `a ${schema.schemaType} schema has no Avro canonical form`);
    return schema.schema as AvroSchema;
  }
  if (isAvroSchema(schema)) return schema;
  return parseAvroSchema(schema);
}

/** A parsed `AvroSchema` (its `named` map); a schema document whose getter or Proxy trap throws is none, and its parse says why. */
function isAvroSchema(schema: AvroSchemaLike): schema is AvroSchema {
  if (typeof schema !== 'object' || schema === null) return false;
  try {
    return (schema as { readonly named?: unknown }).named instanceof Map;
  } catch {
    return false;
  }
}

/**
 * The Parsing Canonical Form of an Avro schema (spec 1.12, "Parsing Canonical Form for Schemas"):
 * what two schemas must share to read each other's data without resolution.
 */
export function parsingCanonicalForm(schema: AvroSchemaLike): string {
  return canonicalFormOf(avroSchemaOf(schema));
}

/**
 * The fingerprint of the schema's Parsing Canonical Form (UTF-8). CRC-64-AVRO comes as Java's
 * `SchemaNormalization.fingerprint` gives it: 8 bytes, least significant first (the bytes of
 * single-object encoding). Algorithm names are case-insensitive; `crc64`, `sha256` also work.
 */
export function fingerprint(schema: AvroSchemaLike, algorithm: FingerprintAlgorithm | string = 'CRC-64-AVRO'): Uint8Array {
  const bytes = utf8Bytes(parsingCanonicalForm(schema));
  switch (fingerprintAlgorithm(algorithm)) {
    case 'CRC-64-AVRO':
      return crc64AvroBytes(bytes);
    case 'MD5':
      return md5(bytes);
    case 'SHA-256':
      return sha256(bytes);
  }
}

/** The 64-bit CRC-64-AVRO fingerprint as a signed value, like Java's `SchemaNormalization.parsingFingerprint64`. */
export function fingerprint64(schema: AvroSchemaLike): bigint {
  return BigInt.asIntN(64, crc64Avro(utf8Bytes(parsingCanonicalForm(schema))));
}

/** Reads an algorithm name; throws `InvalidOptionError` listing the known ones. */
function fingerprintAlgorithm(name: string): FingerprintAlgorithm {
  const algorithm = typeof name === 'string' ? ALGORITHMS[name.toUpperCase()] : undefined;
  if (!algorithm) throw new InvalidOptionError('algorithm', `${describeValue(name)} is not one of CRC-64-AVRO, MD5, SHA-256`);
  return algorithm;
}
