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
  /** This container's reference token in its parent ('' for the root). */
  readonly token: string;
}

class NotReadable {
  constructor(readonly reason: string) {}
}

/**
 * A copy of a document given as a JavaScript value, in which every value was read exactly once,
 * so that a parser working on the copy never runs the caller's code (getters, Proxy traps) and
 * judges the document as its JSON text: plain objects (prototype `Object.prototype` or none)
 * become null-prototype objects of their own enumerable string keys (what JSON.stringify writes);
 * arrays become dense arrays, and a hole (an index the array does not have) is refused at its
 * pointer, as JSON text cannot express one, so a sparse array of length 2^32-1 is refused at its
 * first hole rather than walked; objects of other kinds become an opaque stand-in; every other
 * value is kept for the parser to judge. Shared and cyclic references stay shared and cyclic (the
 * parser has its own depth limit). A getter or trap that throws is refused at its pointer. The
 * walk keeps its own stack, so no nesting overflows the call stack.
 */
export function snapshotJson(value: unknown): SnapshotResult {
  const copies = new Map<object, Container>();
  const stack: Frame[] = [];
  const open = (source: object, token: string): unknown => {
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
    const target = Object.create(null) as Record<string, unknown>;
    const keys = Object.keys(source);
    copies.set(source, target);
    stack.push({ source, target, keys, length: keys.length, next: 0, token });
    return target;
  };
  // The reference token being read, when a read is under way (for the pointer of an exception).
  let reading: string | undefined;
  try {
    const root = typeof value === 'object' && value !== null ? open(value, '') : value;
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as Frame;
      if (frame.next >= frame.length) {
        stack.pop();
        continue;
      }
      const index = frame.next++;
      if (frame.keys === undefined) {
        reading = String(index);
        if (!Object.prototype.hasOwnProperty.call(frame.source, index)) throw new NotReadable(`index ${index} is a hole of a sparse array: a JSON array has none`);
        (frame.target as unknown[]).push(read((frame.source as readonly unknown[])[index], reading, open));
      } else {
        const key = frame.keys[index] as string;
        reading = escapePointerToken(key);
        (frame.target as Record<string, unknown>)[key] = read((frame.source as Readonly<Record<string, unknown>>)[key], reading, open);
      }
      reading = undefined;
    }
    return { ok: true, value: root };
  } catch (error) {
    const reason = error instanceof NotReadable ? error.reason : `reading it threw ${describeError(error)}`;
    const tokens = stack.slice(1).map((frame) => frame.token);
    if (reading !== undefined) tokens.push(reading);
    return { ok: false, pointer: tokens.map((token) => `/${token}`).join(''), reason };
  }
}

function read(item: unknown, token: string, open: (source: object, token: string) => unknown): unknown {
  return typeof item === 'object' && item !== null ? open(item, token) : item;
}
