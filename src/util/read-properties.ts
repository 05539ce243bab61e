import { describeError, describeValue } from './describe.js';

/** Properties of a value read once, or the key whose read threw. */
export type ReadProperties<K extends string> =
  | { readonly ok: true; readonly values: Readonly<Partial<Record<K, unknown>>> }
  | { readonly ok: false; readonly key: K; readonly error: unknown };

/**
 * Reads the named properties of an object once each, as property accesses do (inherited ones and
 * getters included), into an object without a prototype; a getter or Proxy trap that throws is
 * reported with its key, not rethrown. Free of the library's error classes, so that the Protobuf
 * entry can map a failure to the core's `InvalidOptionError`.
 */
export function readProperties<K extends string>(value: object, keys: readonly K[]): ReadProperties<K> {
  const values = Object.create(null) as Partial<Record<K, unknown>>;
  for (const key of keys) {
    try {
      const read: unknown = (value as Readonly<Record<string, unknown>>)[key];
      if (read !== undefined) values[key] = read;
    } catch (error) {
      return { ok: false, key, error };
    }
  }
  return { ok: true, values };
}

/** Is the value an object (an options object may be any object but an array); false for a revoked Proxy. */
export function isOptionsObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The options read, or what is wrong with them: the option to name and why (an `InvalidOptionError`'s parts). */
export type OptionsRead<V> = { readonly values: V } | { readonly option: string; readonly problem: string };

/**
 * Reads an options object once: the named `keys`, or every own key when `keys` is `'own'` (an object
 * of schemas by name). Undefined gives none; anything but an object (`what` says what it should be),
 * or a getter, Proxy trap or key listing that throws, is a problem naming the option.
 */
export function readOptionsObject<K extends string>(name: string, value: unknown, keys: readonly K[] | 'own', what: string): OptionsRead<Readonly<Partial<Record<K, unknown>>>> {
  if (value === undefined) return { values: Object.create(null) as Partial<Record<K, unknown>> };
  if (!isOptionsObject(value)) return { option: name, problem: `${describeValue(value)} is not ${what}` };
  let names: readonly string[];
  try {
    names = keys === 'own' ? Object.keys(value) : keys;
  } catch (error) {
    return { option: name, problem: `reading it threw ${describeError(error)}` };
  }
  const read = readProperties(value, names as readonly K[]);
  return read.ok ? { values: read.values } : { option: `${name}.${read.key}`, problem: `reading it threw ${describeError(read.error)}` };
}
