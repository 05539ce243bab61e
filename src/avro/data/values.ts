import { AvroDataError } from './errors.js';

/** A value for one union branch, chosen by index (otherwise a union value goes to the first branch it fits). */
export class UnionBranch {
  constructor(
    readonly index: number,
    readonly value: unknown,
  ) {}
}

/** A deep copy of a decoded value (arrays, plain objects, bytes). */
export function copyValue(value: unknown): unknown {
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (Array.isArray(value)) return value.map(copyValue);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyValue(item)]));
  return value;
}

/**
 * Freezes a decoded value and the arrays and plain objects it holds (and empty byte arrays; a
 * `Uint8Array` with bytes cannot be frozen, and other objects, such as a lenient read's `ResolutionFailure`, are
 * not the value's own). The value is small: one item of a type that takes no bytes.
 */
export function freezeDeep(value: unknown): unknown {
  const todo: unknown[] = [value];
  while (todo.length > 0) {
    const item = todo.pop();
    if (typeof item !== 'object' || item === null || Object.isFrozen(item)) continue;
    if (item instanceof Uint8Array) {
      if (item.length === 0) Object.freeze(item);
      continue;
    }
    const prototype: unknown = Object.getPrototypeOf(item);
    if (!Array.isArray(item) && prototype !== Object.prototype && prototype !== null) continue;
    Object.freeze(item);
    for (const inner of Object.values(item)) todo.push(inner);
  }
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/** A value that does not fit the schema where `path` says. */
export function invalid(value: unknown, what: string, path: string): AvroDataError {
  return new AvroDataError(`expected ${what}, got ${describe(value)}`, path);
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
  return JSON.stringify(value) ?? String(value);
}
