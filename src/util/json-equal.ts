import type { JsonValue } from './json.js';

/**
 * Equal JSON values, whatever their object key order; `undefined` (absent) equals only itself and
 * NaN equals NaN (a default Java read may be NaN). Walks both values and stops at the first
 * difference, so telling two different documents apart is usually cheap. It runs on every pair of
 * sub-schemas a check compares, so it is written for speed: keys in the same order (the usual
 * case) are followed position by position, without a lookup by name, and equal scalars cost no call.
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
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  const count = leftKeys.length;
  if (count !== rightKeys.length) return false;
  let same = 0;
  while (same < count && leftKeys[same] === rightKeys[same]) same++;
  if (same < count) {
    for (const key of leftKeys) if (!Object.prototype.hasOwnProperty.call(right, key) || !jsonEqual(left[key], right[key])) return false;
    return true;
  }
  const leftValues = Object.values(left);
  const rightValues = Object.values(right);
  for (let i = 0; i < count; i++) {
    const x = leftValues[i] as JsonValue;
    const y = rightValues[i] as JsonValue;
    if (x !== y && !jsonEqual(x, y)) return false;
  }
  return true;
}
