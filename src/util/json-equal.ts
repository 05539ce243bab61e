import type { JsonValue } from './json.js';
import { stableJson } from './stable-json.js';

/** Equal JSON values, whatever their object key order; `undefined` (absent) equals only itself. */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a === b || stableJson(a) === stableJson(b);
}
