import { SchemaCompatError } from '../../errors.js';
import type { Finding } from '../../result.js';
import type { AvroProfile } from '../compat/can-read.js';

/**
 * The reader schema cannot read the writer's data under the profile: the resolver was not built.
 * `incompatibilities` is the checker's full list, as `AvroChecker.canRead` returns it.
 */
export class IncompatibleSchemaError extends SchemaCompatError {
  override readonly name: string = 'IncompatibleSchemaError';
  readonly incompatibilities: readonly Finding[];
  readonly profile: AvroProfile;

  constructor(profile: AvroProfile, incompatibilities: readonly Finding[]) {
    const first = incompatibilities[0];
    const summary = first ? `${first.type} at ${first.location}: ${first.message}` : 'incompatible';
    const more = incompatibilities.length > 1 ? ` (and ${incompatibilities.length - 1} more)` : '';
    super('INCOMPATIBLE_SCHEMAS', `The reader schema cannot read data written with the writer schema (profile ${profile}): ${summary}${more}`);
    this.incompatibilities = incompatibilities;
    this.profile = profile;
  }
}

/** The codes of `AvroDataError`: bad data or a bad value, or one of the data plane's limits (docs/avro-data.md, "Limits"). */
export const AvroDataErrorCode = {
  /** The bytes are not a datum of the writer schema, or the value does not fit the schema. */
  INVALID_AVRO_DATA: 'INVALID_AVRO_DATA',
  /** Records, arrays and maps nested deeper than `MAX_DEPTH` in one datum or value. */
  AVRO_DATA_TOO_DEEP: 'AVRO_DATA_TOO_DEEP',
  /** More items of a type that takes no bytes than `MAX_ZERO_WIDTH_ITEMS` in one datum. */
  AVRO_DATA_TOO_LARGE: 'AVRO_DATA_TOO_LARGE',
} as const;
export type AvroDataErrorCode = (typeof AvroDataErrorCode)[keyof typeof AvroDataErrorCode];

/**
 * Avro binary data that is not a datum of the writer schema (truncated, trailing bytes, a bad union
 * or enum index, an int out of range, a count or length the bytes left cannot hold ...), a datum the
 * reader fails on at read time (profile `pulsar`: a writer enum symbol the reader lacks, with no enum
 * default), a value `encodeAvro` cannot write, or a datum or value past one of the data plane's
 * limits (`code` says which). `path` says where in the value, when known.
 */
export class AvroDataError extends SchemaCompatError {
  override readonly name: string = 'AvroDataError';
  readonly detail: string;
  readonly path: string | undefined;

  constructor(detail: string, path?: string, code: AvroDataErrorCode = AvroDataErrorCode.INVALID_AVRO_DATA) {
    super(code, path === undefined || path === '' ? detail : `${path}: ${detail}`);
    this.detail = detail;
    this.path = path;
  }
}
