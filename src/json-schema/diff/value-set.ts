import type { JsonValue } from '../../util/json.js';
import { stableJson } from '../../util/stable-json.js';

/**
 * `enum`/`const` values as a set of canonical texts (sorted keys): two values are equal instances
 * exactly when their texts are (JSON Schema core §4.2.2: equality ignores object key order), so
 * value lists are compared in linear time.
 */
export function valueKeys(values: readonly JsonValue[]): ReadonlySet<string> {
  return new Set(values.map((value) => stableJson(value)));
}

/** Does every value of `a` appear in `b`? (Never when `a` is the larger: then it costs nothing.) */
export function subset(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size > b.size) return false;
  for (const key of a) if (!b.has(key)) return false;
  return true;
}

/** Do `a` and `b` share a value? Walks the smaller set. */
export function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const key of small) if (large.has(key)) return true;
  return false;
}
