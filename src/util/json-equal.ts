import type { JsonValue } from './json.js';

/**
 * Equal JSON values, whatever their object key order; `undefined` (absent) equals only itself and
 * NaN equals NaN (a default Java read may be NaN). Walks both values and stops at the first
 * difference, so telling two different documents apart is usually cheap.
 */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i] as JsonValue, b[i] as JsonValue)) return false;
    return true;
  }
  const left = a as Readonly<Record<string, JsonValue>>;
  const right = b as Readonly<Record<string, JsonValue>>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  // Plain loops: this runs on every pair of sub-schemas a check compares, and allocates no closure.
  for (const key of keys) if (!Object.prototype.hasOwnProperty.call(right, key) || !jsonEqual(left[key], right[key])) return false;
  return true;
}
