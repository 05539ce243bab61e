import { describeError } from './describe.js';
import type { JsonValue } from './json.js';
import { escapePointerToken } from './json.js';

/** A copy of a JSON value, or where (relative JSON pointer) and why the value is not JSON. */
export type CopyResult =
  | { readonly ok: true; readonly value: JsonValue }
  | { readonly ok: false; readonly pointer: string; readonly reason: string; readonly tooDeep: boolean };

class NotJson {
  constructor(readonly pointer: string, readonly reason: string, readonly tooDeep = false) {}
}

/**
 * Copies a JSON value so that the parsed model never shares objects with the caller's input,
 * checking on the way that it is JSON: plain objects, arrays, strings, finite numbers, booleans
 * and null, with at most `maxDepth` levels of arrays and objects. Objects are copied without a
 * prototype, so a key such as `__proto__` stays an ordinary key. A hole of a sparse array is not
 * JSON (JSON text cannot write one), and a getter or Proxy trap that throws makes the value
 * unreadable: both are refused at their pointer, never thrown as they are.
 */
export function copyJson(value: unknown, maxDepth: number): CopyResult {
  try {
    return { ok: true, value: copyValue(value, '', maxDepth) };
  } catch (error) {
    if (error instanceof NotJson) return { ok: false, pointer: error.pointer, reason: error.reason, tooDeep: error.tooDeep };
    throw error;
  }
}

function copyValue(value: unknown, pointer: string, depthLeft: number): JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(value)) return value;
      throw new NotJson(pointer, `${value} is not a JSON number`);
    case 'object':
      if (value === null) return null;
      if (depthLeft <= 0) throw new NotJson(pointer, 'nested too deep', true);
      return isArray(value, pointer) ? copyArray(value as readonly unknown[], pointer, depthLeft - 1) : copyObject(value, pointer, depthLeft - 1);
    default:
      throw new NotJson(pointer, `a ${typeof value} is not a JSON value`);
  }
}

/** An exception of the caller's getter or Proxy trap while reading the value at `pointer`: NOT_JSON there (ours pass through). */
function unreadable(error: unknown, pointer: string): NotJson {
  return error instanceof NotJson ? error : new NotJson(pointer, `reading it threw ${describeError(error)}`);
}

function isArray(value: object, pointer: string): boolean {
  try {
    return Array.isArray(value);
  } catch (error) {
    throw unreadable(error, pointer);
  }
}

function copyArray(value: readonly unknown[], pointer: string, depthLeft: number): JsonValue[] {
  const out: JsonValue[] = [];
  let at = pointer;
  try {
    const length = value.length;
    for (let i = 0; i < length; i++) {
      at = `${pointer}/${i}`;
      const item = value[i];
      // Stops at the first hole: a sparse array of length 2^32-1 is refused at once, not walked.
      if (item === undefined && !Object.prototype.hasOwnProperty.call(value, i)) throw new NotJson(at, `index ${i} is a hole of a sparse array: a JSON array has none`);
      out.push(copyValue(item, at, depthLeft));
    }
  } catch (error) {
    throw unreadable(error, at);
  }
  return out;
}

function copyObject(value: object, pointer: string, depthLeft: number): Record<string, JsonValue> {
  const out = Object.create(null) as Record<string, JsonValue>;
  let at = pointer;
  try {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) throw new NotJson(pointer, 'only plain objects are JSON objects');
    for (const key of Object.keys(value)) {
      at = `${pointer}/${escapePointerToken(key)}`;
      out[key] = copyValue((value as Record<string, unknown>)[key], at, depthLeft);
    }
  } catch (error) {
    throw unreadable(error, at);
  }
  return out;
}
