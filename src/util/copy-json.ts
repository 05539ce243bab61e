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
 * prototype, so a key such as `__proto__` stays an ordinary key.
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
      return Array.isArray(value) ? copyArray(value, pointer, depthLeft - 1) : copyObject(value, pointer, depthLeft - 1);
    default:
      throw new NotJson(pointer, `a ${typeof value} is not a JSON value`);
  }
}

function copyArray(value: readonly unknown[], pointer: string, depthLeft: number): JsonValue[] {
  const out: JsonValue[] = [];
  for (let i = 0; i < value.length; i++) out.push(copyValue(value[i], `${pointer}/${i}`, depthLeft));
  return out;
}

function copyObject(value: object, pointer: string, depthLeft: number): Record<string, JsonValue> {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw new NotJson(pointer, 'only plain objects are JSON objects');
  const out = Object.create(null) as Record<string, JsonValue>;
  for (const key of Object.keys(value)) {
    out[key] = copyValue((value as Record<string, unknown>)[key], `${pointer}/${escapePointerToken(key)}`, depthLeft);
  }
  return out;
}
