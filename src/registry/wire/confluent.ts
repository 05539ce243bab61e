import { InvalidOptionError } from 'schema-compat';
import { WireFormatError, WireFormatProblem } from '../errors.js';
import { readZigZag, writeZigZag } from './varint.js';

/** Confluent's magic byte: the first byte of every framed message. */
export const CONFLUENT_MAGIC_BYTE = 0;
/** Magic byte plus the 4-byte big-endian schema id. */
export const CONFLUENT_HEADER_LENGTH = 5;

/** A Confluent-framed message, split. */
export interface ConfluentFrame {
  readonly schemaId: number;
  /**
   * Protobuf only: the path of the message type in the .proto file (indexes of nested message
   * declarations, outermost first); `[0]` is the first top-level message.
   */
  readonly messageIndexes?: readonly number[];
  /** The serialized value (Avro binary, JSON text, Protobuf message), a view into the input. */
  readonly payload: Uint8Array;
}

export interface ConfluentFrameOptions {
  /** Write (or read) the Protobuf message-index array after the schema id. */
  readonly messageIndexes?: readonly number[];
}

function checkSchemaId(id: number): void {
  if (!Number.isInteger(id) || id < 0 || id > 0x7fffffff) throw new InvalidOptionError('schemaId', `${String(id)} is not an integer from 0 to 2^31-1`);
}

/**
 * Confluent's wire format: magic byte 0, the schema id as a 4-byte big-endian integer, then (for
 * Protobuf) the message-index array, then the payload. The array is a zig-zag varint count and
 * that many zig-zag varint indexes, with `[0]` written as the single byte 0 (Confluent's
 * MessageIndexes encoding).
 */
export function encodeConfluentFrame(schemaId: number, payload: Uint8Array, options: ConfluentFrameOptions = {}): Uint8Array {
  return frameWith((length) => new Uint8Array(length), schemaId, payload, options);
}

/** `encodeConfluentFrame` into an array from `allocate` (a serde's `BytePool`). */
export function frameWith(allocate: (length: number) => Uint8Array, schemaId: number, payload: Uint8Array, options: ConfluentFrameOptions = {}): Uint8Array {
  checkSchemaId(schemaId);
  const indexes = options.messageIndexes === undefined ? undefined : encodeMessageIndexes(options.messageIndexes);
  const start = CONFLUENT_HEADER_LENGTH + (indexes?.length ?? 0);
  const out = allocate(start + payload.length);
  // The id big-endian, byte by byte: no DataView per message (this runs once per message a serde writes).
  out[0] = CONFLUENT_MAGIC_BYTE;
  out[1] = schemaId >>> 24;
  out[2] = (schemaId >>> 16) & 0xff;
  out[3] = (schemaId >>> 8) & 0xff;
  out[4] = schemaId & 0xff;
  if (indexes !== undefined) for (let i = 0; i < indexes.length; i++) out[CONFLUENT_HEADER_LENGTH + i] = indexes[i] as number;
  out.set(payload, start);
  return out;
}

/** The bytes of a message-index array: `[0]` is the single byte 0. */
export function encodeMessageIndexes(indexes: readonly number[]): number[] {
  if (!Array.isArray(indexes) || indexes.length === 0 || indexes.some((index) => !Number.isInteger(index) || index < 0 || index > 0x7fffffff)) {
    throw new InvalidOptionError('messageIndexes', 'must be a non-empty array of non-negative 32-bit integers');
  }
  if (indexes.length === 1 && indexes[0] === 0) return [0];
  const out: number[] = [];
  writeZigZag(indexes.length, out);
  for (const index of indexes) writeZigZag(index, out);
  return out;
}

/**
 * Splits a Confluent-framed message. With `protobuf: true` the message-index array is read too.
 * Throws `WireFormatError` for a wrong magic byte, a header shorter than 5 bytes or a bad index array.
 */
export function decodeConfluentFrame(bytes: Uint8Array, options: { readonly protobuf?: boolean } = {}): ConfluentFrame {
  if (!(bytes instanceof Uint8Array)) throw new InvalidOptionError('bytes', 'must be a Uint8Array (or a Buffer)');
  if (bytes.length < CONFLUENT_HEADER_LENGTH) {
    throw new WireFormatError(WireFormatProblem.TRUNCATED, `a Confluent-framed message has at least ${CONFLUENT_HEADER_LENGTH} bytes; got ${bytes.length}`);
  }
  if (bytes[0] !== CONFLUENT_MAGIC_BYTE) {
    throw new WireFormatError(WireFormatProblem.BAD_MAGIC, `unknown magic byte ${bytes[0]} (Confluent's wire format starts with 0)`);
  }
  const schemaId = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt32(1, false);
  if (schemaId < 0) throw new WireFormatError(WireFormatProblem.BAD_SCHEMA_ID, `schema id ${schemaId} is negative`);
  if (!options.protobuf) return { schemaId, payload: bytes.subarray(CONFLUENT_HEADER_LENGTH) };
  const { indexes, next } = decodeMessageIndexes(bytes, CONFLUENT_HEADER_LENGTH);
  return { schemaId, messageIndexes: indexes, payload: bytes.subarray(next) };
}

/** Reads a message-index array at `offset`; a count of 0 means `[0]`. */
export function decodeMessageIndexes(bytes: Uint8Array, offset: number): { readonly indexes: number[]; readonly next: number } {
  const count = readZigZag(bytes, offset);
  if (count.value === 0) return { indexes: [0], next: count.next };
  // Each index takes at least one byte: a count beyond the bytes left is corrupt, not a huge allocation.
  if (count.value < 0 || count.value > bytes.length - count.next) {
    throw new WireFormatError(WireFormatProblem.BAD_MESSAGE_INDEXES, `message-index count ${count.value} does not fit the ${bytes.length - count.next} bytes left`);
  }
  const indexes: number[] = [];
  let next = count.next;
  for (let i = 0; i < count.value; i++) {
    const index = readZigZag(bytes, next);
    if (index.value < 0) throw new WireFormatError(WireFormatProblem.BAD_MESSAGE_INDEXES, `message index ${index.value} is negative`);
    indexes.push(index.value);
    next = index.next;
  }
  return { indexes, next };
}
