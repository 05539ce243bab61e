import { describeError } from './describe.js';
import type { JsonValue } from './json.js';
import { escapePointerToken } from './json.js';

/** A copy of a JSON value, or where (relative JSON pointer) and why the value is not JSON. */
export type CopyResult =
  | { readonly ok: true; readonly value: JsonValue }
  | { readonly ok: false; readonly pointer: string; readonly reason: string; readonly tooDeep: boolean; readonly tooLarge: boolean };

/** Why a value is not JSON; `tokens` is its path, filled in (innermost first) as the copy unwinds. */
class NotJson {
  readonly tokens: (string | number)[] = [];
  constructor(readonly reason: string, readonly tooDeep = false, readonly tooLarge = false) {}
}

/**
 * How many values one copy may make: an object the caller uses in several places is copied once
 * per place, as its JSON text would write it, so that a few dozen levels of such sharing would
 * otherwise be billions of values.
 */
export const MAX_COPIED_VALUES = 2 ** 20;

/** The copy's state: how many more values it may make. */
interface Copying {
  readonly likeJsonParse: boolean;
  valuesLeft: number;
}

/** How objects are made: without a prototype (the default), or as `JSON.parse` makes them. */
export interface CopyJsonOptions {
  /**
   * Objects with `Object.prototype`, a `__proto__` key an own data property, as `JSON.parse` makes
   * them: for a parser that reads parsed text too, which then reads fast objects (V8 keeps objects
   * without a prototype as slow dictionaries).
   */
  readonly likeJsonParse?: boolean;
}

/**
 * Copies a JSON value so that the parsed model never shares objects with the caller's input,
 * checking on the way that it is JSON: plain objects, arrays, strings, finite numbers, booleans
 * and null, with at most `maxDepth` levels of arrays and objects. Objects are copied without a
 * prototype, so a key such as `__proto__` stays an ordinary key. A hole of a sparse array is not
 * JSON (JSON text cannot write one), and a getter or Proxy trap that throws makes the value
 * unreadable: both are refused at their pointer, never thrown as they are.
 */
export function copyJson(value: unknown, maxDepth: number, options: CopyJsonOptions = {}): CopyResult {
  try {
    return { ok: true, value: copyValue(value, maxDepth, { likeJsonParse: options.likeJsonParse === true, valuesLeft: MAX_COPIED_VALUES }) };
  } catch (error) {
    if (!(error instanceof NotJson)) throw error;
    const pointer = error.tokens.reverse().map((token) => `/${typeof token === 'number' ? token : escapePointerToken(token)}`).join('');
    return { ok: false, pointer, reason: error.reason, tooDeep: error.tooDeep, tooLarge: error.tooLarge };
  }
}

function copyValue(value: unknown, depthLeft: number, copying: Copying): JsonValue {
  if (--copying.valuesLeft < 0) throw new NotJson(`more than ${MAX_COPIED_VALUES} values (an object used in several places counts in each)`, false, true);
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(value)) return value;
      throw new NotJson(`${value} is not a JSON number`);
    case 'object':
      if (value === null) return null;
      if (depthLeft <= 0) throw new NotJson('nested too deep', true);
      return isArray(value) ? copyArray(value as readonly unknown[], depthLeft - 1, copying) : copyObject(value, depthLeft - 1, copying);
    default:
      throw new NotJson(`a ${typeof value} is not a JSON value`);
  }
}

/**
 * An exception while reading the value at `token` of its container: ours gets the token added to its
 * path, one of the caller's getters or Proxy traps becomes NOT_JSON there.
 */
function unreadable(error: unknown, token: string | number | undefined): NotJson {
  const notJson = error instanceof NotJson ? error : new NotJson(`reading it threw ${describeError(error)}`);
  if (token !== undefined) notJson.tokens.push(token);
  return notJson;
}

function isArray(value: object): boolean {
  try {
    return Array.isArray(value);
  } catch (error) {
    throw unreadable(error, undefined);
  }
}

function copyArray(value: readonly unknown[], depthLeft: number, copying: Copying): JsonValue[] {
  const out: JsonValue[] = [];
  let at: number | undefined;
  try {
    const length = value.length;
    for (let i = 0; i < length; i++) {
      at = i;
      const item = value[i];
      // Stops at the first hole: a sparse array of length 2^32-1 is refused at once, not walked.
      if (item === undefined && !Object.prototype.hasOwnProperty.call(value, i)) throw new NotJson(`index ${i} is a hole of a sparse array: a JSON array has none`);
      out.push(copyValue(item, depthLeft, copying));
    }
  } catch (error) {
    throw unreadable(error, at);
  }
  return out;
}

function copyObject(value: object, depthLeft: number, copying: Copying): Record<string, JsonValue> {
  const likeJsonParse = copying.likeJsonParse;
  const out = likeJsonParse ? {} : Object.create(null) as Record<string, JsonValue>;
  let at: string | undefined;
  try {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) throw new NotJson('only plain objects are JSON objects');
    for (const key of Object.keys(value)) {
      at = key;
      const item = copyValue((value as Record<string, unknown>)[key], depthLeft, copying);
      // As JSON.parse: a `__proto__` key is an own property (an assignment would set the prototype).
      if (likeJsonParse && key === '__proto__') Object.defineProperty(out, key, { value: item, writable: true, enumerable: true, configurable: true });
      else out[key] = item;
    }
  } catch (error) {
    throw unreadable(error, at);
  }
  return out;
}
