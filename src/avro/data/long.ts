import { AvroDataError } from './errors.js';

/** An Avro long: a number when it is a safe integer, else a bigint. */
export type AvroLong = number | bigint;

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;

export function isAvroLong(value: unknown): value is AvroLong {
  if (typeof value === 'bigint') return value >= LONG_MIN && value <= LONG_MAX;
  return Number.isSafeInteger(value);
}

/** A long as a number when that is exact, else as a bigint. */
export function normalizeLong(value: bigint): AvroLong {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/**
 * Spec 1.12 "Binary Encoding": a long is a zig-zag varint of at most 10 bytes (Java's
 * `BinaryDecoder.readLong` rejects longer ones as "Invalid long encoding").
 */
export function readVarLong(bytes: Uint8Array): bigint {
  if (bytes.length > 10 || (bytes.length === 10 && (bytes[9] as number) > 1)) throw new AvroDataError('invalid long encoding (more than 64 bits)');
  let n = 0n;
  let shift = 0n;
  for (const byte of bytes) {
    n |= BigInt(byte & 0x7f) << shift;
    shift += 7n;
  }
  return (n >> 1n) ^ -(n & 1n);
}

export function writeVarLong(value: bigint): Uint8Array {
  let n = BigInt.asUintN(64, (value << 1n) ^ (value >> 63n));
  const out: number[] = [];
  do {
    const low = Number(n & 0x7fn);
    n >>= 7n;
    out.push(n === 0n ? low : low | 0x80);
  } while (n !== 0n);
  return Uint8Array.from(out);
}

/** Java's `(double) long`: round to nearest, ties to even (so does `Number(bigint)`). */
export function longToDouble(value: AvroLong): number {
  return Number(value);
}

/**
 * Java's `(float) long`: one rounding, to nearest, ties to even. Beyond 2^53 the long is first cut
 * to 53 bits with a sticky last bit (round to odd), so that rounding that double to a float is exact.
 */
export function longToFloat(value: AvroLong): number {
  if (typeof value === 'number') return Math.fround(value);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const bits = magnitude.toString(2).length;
  if (bits <= 53) return Math.fround(Number(value));
  const shift = BigInt(bits - 53);
  let kept = magnitude >> shift;
  if (kept << shift !== magnitude) kept |= 1n;
  const rounded = Number(kept) * 2 ** Number(shift);
  return Math.fround(negative ? -rounded : rounded);
}

/** An int read from the data: a varint of up to 64 bits; Java's ints are 32 bits. */
export function checkInt(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < INT_MIN || value > INT_MAX) {
    throw new AvroDataError(`invalid int encoding (${String(value)} is not a 32-bit int)`);
  }
  return value;
}
