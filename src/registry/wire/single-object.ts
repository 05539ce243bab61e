import { InvalidOptionError, fingerprint } from 'schema-compat';
import type { AvroSchemaLike } from 'schema-compat';
import { WireFormatError, WireFormatProblem } from '../errors.js';

/** The two marker bytes of Avro single-object encoding (spec 1.12, "Single-object encoding"). */
export const SINGLE_OBJECT_MARKER: readonly number[] = [0xc3, 0x01];
const HEADER_LENGTH = 10;

/** An Avro single-object message, split. */
export interface SingleObjectFrame {
  /** The writer schema's CRC-64-AVRO fingerprint, 8 bytes, least significant first (as on the wire). */
  readonly fingerprint: Uint8Array;
  /** The Avro binary datum, a view into the input. */
  readonly payload: Uint8Array;
}

/**
 * Avro single-object encoding: C3 01, the writer schema's CRC-64-AVRO fingerprint in 8
 * little-endian bytes, then the Avro binary datum. `schema` is the writer schema, or its
 * 8-byte fingerprint as `fingerprint(schema)` gives it.
 */
export function encodeSingleObject(schema: AvroSchemaLike | Uint8Array, payload: Uint8Array): Uint8Array {
  const print = schema instanceof Uint8Array ? schema : fingerprint(schema, 'CRC-64-AVRO');
  if (print.length !== 8) throw new InvalidOptionError('fingerprint', `a CRC-64-AVRO fingerprint has 8 bytes, not ${print.length}`);
  const out = new Uint8Array(HEADER_LENGTH + payload.length);
  out.set(SINGLE_OBJECT_MARKER, 0);
  out.set(print, 2);
  out.set(payload, HEADER_LENGTH);
  return out;
}

/** Splits a single-object message; a missing marker or a short header is a `WireFormatError`. */
export function decodeSingleObject(bytes: Uint8Array): SingleObjectFrame {
  if (!(bytes instanceof Uint8Array)) throw new InvalidOptionError('bytes', 'must be a Uint8Array (or a Buffer)');
  if (bytes.length < HEADER_LENGTH) {
    throw new WireFormatError(WireFormatProblem.TRUNCATED, `an Avro single-object message has at least ${HEADER_LENGTH} bytes; got ${bytes.length}`);
  }
  if (bytes[0] !== SINGLE_OBJECT_MARKER[0] || bytes[1] !== SINGLE_OBJECT_MARKER[1]) {
    throw new WireFormatError(WireFormatProblem.BAD_MAGIC, `an Avro single-object message starts with C3 01, not ${hex(bytes[0])} ${hex(bytes[1])}`);
  }
  return { fingerprint: bytes.slice(2, HEADER_LENGTH), payload: bytes.subarray(HEADER_LENGTH) };
}

function hex(byte: number | undefined): string {
  return (byte ?? 0).toString(16).toUpperCase().padStart(2, '0');
}
