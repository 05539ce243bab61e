import { defaultProblem, parseJavaDouble } from '../defaults.js';
import type { AvroNode, AvroRecord } from '../model.js';
import type { JsonValue } from '../../util/json.js';
import { isJsonObject } from '../../util/json.js';
import { AvroDataError } from './errors.js';

/** Java cannot write this default either (an unknown enum symbol, a record field with no value and no default). */
class Unwritable extends AvroDataError {
  constructor(detail: string) {
    super(`a reader default cannot be written: ${detail}`);
  }
}

/**
 * The value a reader field's default gives, in the data plane's representation: what Java 1.12's
 * `ResolvingGrammarGenerator.encode` writes for it, read back. Spec 1.12 "Schema Resolution" and
 * "Complex Types": bytes and fixed defaults are strings of code points 0-255; a fixed default is
 * cut or zero-padded to the size (Java's `Arrays.copyOf`); a union default goes through the first
 * branch whose kind fits the JSON value (null, boolean, number, text; records, enums, arrays and
 * maps take anything), or, where Java could not write it there, the first branch it is valid for.
 */
export function readerDefault(type: AvroNode, value: JsonValue): unknown {
  switch (type.kind) {
    case 'null':
      return null;
    case 'boolean':
      return value === true;
    case 'int':
      return toInt32(numberOf(value));
    case 'long':
      return javaLong(numberOf(value));
    case 'float':
      return Math.fround(numberOf(value));
    case 'double':
      return numberOf(value);
    case 'string':
      return typeof value === 'string' ? value : '';
    case 'bytes':
      return latin1(value);
    case 'fixed': {
      const bytes = latin1(value);
      const sized = new Uint8Array(type.size);
      sized.set(bytes.subarray(0, type.size));
      return sized;
    }
    case 'enum':
      if (typeof value !== 'string' || !type.symbolSet.has(value)) throw new Unwritable(`${JSON.stringify(value)} is not a symbol of ${type.fullName}`);
      return value;
    case 'array':
      return Array.isArray(value) ? value.map((item: JsonValue) => readerDefault(type.items, item)) : [];
    case 'map':
      return Object.fromEntries(isJsonObject(value) ? Object.entries(value).map(([key, item]) => [key, readerDefault(type.values, item)]) : []);
    case 'record':
      return recordDefault(type, value);
    case 'union':
      return unionDefault(type.branches, value);
  }
}

function recordDefault(record: AvroRecord, value: JsonValue): Record<string, unknown> {
  const object = isJsonObject(value) ? value : {};
  return Object.fromEntries(
    record.fields.map((field) => {
      const own = Object.hasOwn(object, field.name) ? object[field.name] : field.default;
      if (own === undefined) throw new Unwritable(`no value and no default for field ${field.name}`);
      return [field.name, readerDefault(field.type, own)];
    }),
  );
}

function unionDefault(branches: readonly AvroNode[], value: JsonValue): unknown {
  const fitting = branches.find((branch) => shallowFit(branch, value));
  if (fitting) {
    try {
      return readerDefault(fitting, value);
    } catch (error) {
      if (!(error instanceof Unwritable)) throw error;
    }
  }
  const valid = branches.find((branch) => defaultProblem(branch, value) === undefined);
  if (!valid) throw new Unwritable(`${JSON.stringify(value)} fits no branch of the union`);
  return readerDefault(valid, value);
}

/** Java's shallow test of which union branch a default goes through. */
function shallowFit(branch: AvroNode, value: JsonValue): boolean {
  switch (branch.kind) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'int':
    case 'long':
    case 'float':
    case 'double':
      return typeof value === 'number';
    case 'string':
    case 'bytes':
    case 'fixed':
      return typeof value === 'string';
    default:
      return true;
  }
}

/** A JSON number (or Java's float text: "NaN", "Infinity") as a number. */
function numberOf(value: JsonValue): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return parseJavaDouble(value) ?? 0;
  return 0;
}

/** Java's `(int) double` then `intValue()`: truncation, saturating at the int range, NaN as 0. */
function toInt32(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.max(-2147483648, Math.min(2147483647, Math.trunc(value)));
}

function javaLong(value: number): number | bigint {
  if (Number.isNaN(value)) return 0;
  const whole = Math.trunc(value);
  if (Number.isSafeInteger(whole)) return whole;
  const limit = 2n ** 63n;
  const big = Number.isFinite(whole) ? BigInt(whole) : whole > 0 ? limit - 1n : -limit;
  return big >= limit ? limit - 1n : big < -limit ? -limit : big;
}

/** Java's `String.getBytes(ISO_8859_1)`: one byte per code point, `?` for those beyond 255. */
function latin1(value: JsonValue): Uint8Array {
  const text = typeof value === 'string' ? value : '';
  return Uint8Array.from(Array.from(text, (char) => {
    const code = char.codePointAt(0) as number;
    return code <= 255 ? code : 0x3f;
  }));
}
