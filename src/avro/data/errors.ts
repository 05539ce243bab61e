import { SchemaCompatError } from '../../errors.js';
import type { Finding } from '../../result.js';
import type { AvroProfile } from '../compat/can-read.js';

/**
 * The reader schema cannot read the writer's data under the profile: the resolver was not built.
 * `incompatibilities` is the checker's full list, as `AvroChecker.canRead` returns it.
 */
export class IncompatibleSchemaError extends SchemaCompatError {
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

/**
 * Avro binary data that is not a datum of the writer schema (truncated, trailing bytes, a bad union
 * or enum index, an int out of range ...), a datum the reader fails on at read time (profile
 * `pulsar`: a writer enum symbol the reader lacks, with no enum default), or a value `encodeAvro`
 * cannot write. `path` says where in the value, when known.
 */
export class AvroDataError extends SchemaCompatError {
  readonly detail: string;
  readonly path: string | undefined;

  constructor(detail: string, path?: string) {
    super('INVALID_AVRO_DATA', path === undefined || path === '' ? detail : `${path}: ${detail}`);
    this.detail = detail;
    this.path = path;
  }
}

/** An avsc error (or any other) as an AvroDataError; AvroDataErrors pass through. */
export function dataError(error: unknown, doing: string): AvroDataError {
  if (error instanceof AvroDataError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  if (/truncated/.test(reason)) return new AvroDataError(`${doing}: the data ends before the datum does (truncated)`);
  if (/trailing/.test(reason)) return new AvroDataError(`${doing}: bytes are left after the datum (trailing data)`);
  const union = /invalid union index: (-?\d+)/.exec(reason);
  if (union) return new AvroDataError(`${doing}: union branch ${union[1]} does not exist in the writer's union`);
  const symbol = /enum index: (-?\d+)/.exec(reason);
  if (symbol) return new AvroDataError(`${doing}: enum symbol ${symbol[1]} does not exist in the writer's enum`);
  return new AvroDataError(`${doing}: corrupt data (${reason})`);
}
