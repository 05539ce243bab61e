import type { JsonValue } from './json.js';

/**
 * Equal JSON values, whatever their object key order; `undefined` (absent) equals only itself and
 * NaN equals NaN (a default Java read may be NaN). Walks both values and stops at the first
 * difference, so telling two different documents apart is usually cheap. It runs on every pair of
 * sub-schemas a check compares: equal scalars cost no call, and no closure is allocated.
 */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  // Two scalars that are not identical are equal only when both are NaN (x !== x).
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a !== a && b !== b;
  const isArray = Array.isArray(a);
  if (isArray || Array.isArray(b)) {
    if (!isArray || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      const x = a[i] as JsonValue;
      const y = b[i] as JsonValue;
      if (x !== y && !jsonEqual(x, y)) return false;
    }
    return true;
  }
  const left = a as Readonly<Record<string, JsonValue>>;
  const right = b as Readonly<Record<string, JsonValue>>;
  // The left keys are looked up first, so that a small object against a wide one (a branch against a
  // 20,000-property object) fails on its first missing key without enumerating the wide one. `for in`
  // with an own-key test reads Object.keys' keys in its order without allocating their array (this
  // runs on every object of a freshly parsed pair, where allocating is most of the cost).
  let count = 0;
  for (const key in left) {
    if (!hasOwn.call(left, key)) continue;
    if (!hasOwn.call(right, key)) return false;
    const x = left[key] as JsonValue;
    const y = right[key] as JsonValue;
    if (x !== y && !jsonEqual(x, y)) return false;
    count++;
  }
  for (const key in right) if (hasOwn.call(right, key) && --count < 0) return false;
  return count === 0;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Two lists of strings, equal in order. */
export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
