import type { JsonValue } from './json.js';

/**
 * JSON text of a value with object keys sorted, so that equal values give equal text whatever
 * their key order; NaN and the infinities (possible after Java's float-default coercion) are
 * written as the bare tokens NaN, Infinity and -Infinity.
 */
export function stableJson(value: JsonValue): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : String(value);
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      break;
  }
  if (Array.isArray(value)) return `[${value.map((item: JsonValue) => stableJson(item)).join(',')}]`;
  const object = value as Readonly<Record<string, JsonValue>>;
  const keys = Object.keys(object).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(object[key] as JsonValue)}`).join(',')}}`;
}
