import { describeError } from './describe.js';
import { escapePointerToken } from './json.js';

/** The copy of a document, or where (JSON pointer) and why it could not be read. */
export type SnapshotResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly pointer: string; readonly reason: string };

/**
 * What stands in for an object that is neither a plain object nor an array (a Date, a Map, a class
 * instance, a Proxy of one): an object with another prototype, so that a parser judges it as it
 * judged the original (not JSON, not a schema) without calling the original's traps again.
 */
const NOT_PLAIN: object = Object.freeze(Object.create(Object.freeze(Object.create(null) as object)) as object);

type Container = Record<string, unknown> | unknown[];

interface Frame {
  readonly source: object;
  readonly target: Container;
  /** The own enumerable keys of an object; undefined for an array. */
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  next: number;
  /** This container's key or index in its parent (0 for the root, whose token is not used). */
  readonly token: string | number;
}

class NotReadable {
  constructor(readonly reason: string) {}
}

/**
 * A copy of a document given as a JavaScript value, so that a parser working on the copy never
 * runs the caller's code (getters, Proxy traps) and judges the document as its JSON text: plain
 * objects (prototype `Object.prototype` or none) become objects of their own enumerable string
 * keys (what JSON.stringify writes) as `JSON.parse` makes them (a `__proto__` key is an own data
 * property, not the prototype), so that the parser reads fast objects rather than the slow
 * dictionaries V8 makes of null-prototype ones; arrays become dense arrays, and a hole (an index
 * the array does not have) is refused at its pointer, as JSON text cannot express one, so a sparse
 * array of length 2^32-1 is refused at its first hole rather than walked; objects of other kinds
 * become an opaque stand-in; every other value is kept for the parser to judge.
 *
 * A document shaped like parsed text (a tree of at most 128 levels and 2^20 values) is copied in
 * one recursive pass. Any other (deeper, larger, holding a hole, or whose reading throws) is read
 * again by a walk that keeps its own stack, so no nesting overflows the call stack, and a table of
 * copies, so that a value is read once and shared and cyclic references stay shared and cyclic
 * (the parser has its own depth limit); there a getter or trap that throws is refused at its
 * pointer. The first pass duplicates a shared object, which its value budget bounds.
 */
export function snapshotJson(value: unknown): SnapshotResult {
  if (typeof value !== 'object' || value === null) return { ok: true, value };
  try {
    return { ok: true, value: copyTree(value, 0, { left: MAX_TREE_VALUES }) };
  } catch {
    // Not a small tree, or a read threw: the walk below reads it again and says where.
    return snapshotGraph(value);
  }
}

/** The shape of parsed text that the first pass copies (and util/plain-tree.ts reads in place): depth and values. */
export const MAX_TREE_DEPTH = 128;
export const MAX_TREE_VALUES = 1 << 20;

/** Thrown by the first pass to hand a document over to the walk. */
const GIVE_UP: unique symbol = Symbol('snapshot-json.give-up');

function copyTree(source: object, depth: number, budget: { left: number }): unknown {
  if (depth > MAX_TREE_DEPTH || --budget.left < 0) throw GIVE_UP;
  if (Array.isArray(source)) {
    const length = (source as readonly unknown[]).length;
    const target: unknown[] = [];
    for (let index = 0; index < length; index++) {
      if (!Object.prototype.hasOwnProperty.call(source, index)) throw GIVE_UP;
      const item = (source as readonly unknown[])[index];
      target.push(typeof item === 'object' && item !== null ? copyTree(item, depth + 1, budget) : item);
    }
    return target;
  }
  const prototype: unknown = Object.getPrototypeOf(source);
  if (prototype !== Object.prototype && prototype !== null) return NOT_PLAIN;
  const target: Record<string, unknown> = {};
  const keys = Object.keys(source);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const item = (source as Readonly<Record<string, unknown>>)[key];
    const copy = typeof item === 'object' && item !== null ? copyTree(item, depth + 1, budget) : item;
    // As JSON.parse: a `__proto__` key is an own property; an assignment would set the prototype.
    if (key === '__proto__') Object.defineProperty(target, key, { value: copy, writable: true, enumerable: true, configurable: true });
    else target[key] = copy;
  }
  return target;
}

/** The walk: its own stack, and a table of the copies made. */
function snapshotGraph(value: object): SnapshotResult {
  const copies = new Map<object, Container>();
  const stack: Frame[] = [];
  const open = (source: object, token: string | number): unknown => {
    const known = copies.get(source);
    if (known !== undefined) return known;
    if (Array.isArray(source)) {
      const target: unknown[] = [];
      const length = (source as readonly unknown[]).length;
      copies.set(source, target);
      stack.push({ source, target, keys: undefined, length, next: 0, token });
      return target;
    }
    const prototype: unknown = Object.getPrototypeOf(source);
    if (prototype !== Object.prototype && prototype !== null) return NOT_PLAIN;
    const target: Record<string, unknown> = {};
    const keys = Object.keys(source);
    copies.set(source, target);
    stack.push({ source, target, keys, length: keys.length, next: 0, token });
    return target;
  };
  // The key or index being read, when a read is under way (for the pointer of an exception).
  let reading: string | number | undefined;
  try {
    const root = open(value, 0);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as Frame;
      if (frame.next >= frame.length) {
        stack.pop();
        continue;
      }
      const index = frame.next++;
      if (frame.keys === undefined) {
        reading = index;
        if (!Object.prototype.hasOwnProperty.call(frame.source, index)) throw new NotReadable(`index ${index} is a hole of a sparse array: a JSON array has none`);
        (frame.target as unknown[]).push(read((frame.source as readonly unknown[])[index], reading, open));
      } else {
        const key = frame.keys[index] as string;
        reading = key;
        const item = read((frame.source as Readonly<Record<string, unknown>>)[key], key, open);
        // As JSON.parse: a `__proto__` key is an own property; an assignment would set the prototype.
        if (key === '__proto__') Object.defineProperty(frame.target, key, { value: item, writable: true, enumerable: true, configurable: true });
        else (frame.target as Record<string, unknown>)[key] = item;
      }
      reading = undefined;
    }
    return { ok: true, value: root };
  } catch (error) {
    const reason = error instanceof NotReadable ? error.reason : `reading it threw ${describeError(error)}`;
    const tokens = stack.slice(1).map((frame) => frame.token);
    if (reading !== undefined) tokens.push(reading);
    return { ok: false, pointer: tokens.map((token) => `/${typeof token === 'number' ? token : escapePointerToken(token)}`).join(''), reason };
  }
}

function read(item: unknown, token: string | number, open: (source: object, token: string | number) => unknown): unknown {
  return typeof item === 'object' && item !== null ? open(item, token) : item;
}
