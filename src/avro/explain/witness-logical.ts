import { toHex } from '../../hash/hex.js';
import { logicalTypeOf } from '../logical.js';
import type { AvroNode } from '../model.js';

/** Nanoseconds per unit of the timestamp and time logical types (spec 1.12 "Logical Types"). */
const NANOS: Readonly<Record<string, bigint>> = { millis: 1_000_000n, micros: 1_000n, nanos: 1n };

/**
 * What a value means under a node's logical type, as a comparable string: the same bytes read with
 * another logical type mean something else (1000 as timestamp-millis is one second after the epoch,
 * as timestamp-micros one millisecond; a date is not a plain int). Spec 1.12 "Logical Types".
 */
export function meaning(node: AvroNode, value: unknown): string {
  const logical = logicalTypeOf(node);
  const name = logical?.name;
  if (name === undefined) return `${node.kind}:${raw(value)}`;
  const unit = /-(millis|micros|nanos)$/.exec(name)?.[1];
  if (unit !== undefined && (typeof value === 'number' || typeof value === 'bigint')) {
    const nanos = BigInt(value) * (NANOS[unit] as bigint);
    const kind = name.startsWith('timestamp') ? 'instant' : name.startsWith('local-timestamp') ? 'local-date-time' : 'time-of-day';
    return `${kind}:${nanos}`;
  }
  if (name === 'decimal' && value instanceof Uint8Array) return decimalMeaning(value, logical?.precision ?? 0, logical?.scale ?? 0);
  if (name === 'uuid') return `uuid:${uuidText(value)}`;
  return `${name}:${raw(value)}`;
}

/** A decimal's unscaled value (big-endian two's complement) times 10^-scale, normalised; `invalid` beyond the precision. */
function decimalMeaning(bytes: Uint8Array, precision: number, scale: number): string {
  let unscaled = unscaledOf(bytes);
  if ((unscaled < 0n ? -unscaled : unscaled).toString().length > precision && unscaled !== 0n) return 'decimal:invalid (more digits than the precision)';
  let exponent = scale;
  while (exponent > 0 && unscaled % 10n === 0n && unscaled !== 0n) {
    unscaled /= 10n;
    exponent--;
  }
  return unscaled === 0n ? 'decimal:0' : `decimal:${unscaled}e-${exponent}`;
}

/** Big-endian two's complement bytes as a bigint. */
export function unscaledOf(bytes: Uint8Array): bigint {
  if (bytes.length === 0) return 0n;
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return (bytes[0] as number) & 0x80 ? value - (1n << BigInt(8 * bytes.length)) : value;
}

/** A bigint as big-endian two's complement bytes: `size` of them, or as few as hold it. */
export function unscaledBytes(value: bigint, size?: number): Uint8Array {
  let length = size ?? 1;
  while (size === undefined && (value >= 1n << BigInt(8 * length - 1) || value < -(1n << BigInt(8 * length - 1)))) length++;
  const out = new Uint8Array(length);
  let rest = BigInt.asUintN(8 * length, value);
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

function uuidText(value: unknown): string {
  const text = value instanceof Uint8Array ? toHex(value).replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-') : String(value);
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text) ? text.toLowerCase() : 'invalid';
}

function raw(value: unknown): string {
  if (value instanceof Uint8Array) return toHex(value);
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value) ?? String(value);
}
