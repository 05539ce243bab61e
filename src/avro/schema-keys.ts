import type { JsonValue } from '../util/json.js';
import { escapePointerToken } from '../util/json.js';
import { isPlainTree } from '../util/plain-tree.js';
import type { BuildState, SchemaObject } from './build-state.js';
import { EMPTY_PROPS, copyValue } from './build-state.js';

/**
 * What the builder does with a key of a schema or field object: a reserved key's value it checks
 * whole (`BUILT`: it builds the value, or requires a string, a number or an array of strings), a
 * reserved key's value it does not read or ignores when it is not a string (`UNREAD`: `doc`,
 * `namespace`, an enum's `default`, the keys of other kinds; read again here to be checked); any
 * other key is a property (absent from the table).
 */
const BUILT = 0;
const UNREAD = 1;
type KeyRole = typeof BUILT | typeof UNREAD;

/** The keys of one kind of schema object: reserved ones (Java's parser reads them; any other key is a property) and those the builder checks whole. */
export type SchemaKeys = ReadonlyMap<string, KeyRole>;

/** Attributes that are part of a schema's definition; any other key is a property. */
const SCHEMA_RESERVED = ['doc', 'fields', 'items', 'name', 'namespace', 'size', 'symbols', 'values', 'type', 'aliases'];

function schemaKeys(reserved: readonly string[], built: readonly string[]): SchemaKeys {
  return new Map(reserved.map((key) => [key, built.includes(key) ? BUILT : UNREAD]));
}

export const PRIMITIVE_KEYS = schemaKeys(SCHEMA_RESERVED, ['type']);
export const ARRAY_KEYS = schemaKeys(SCHEMA_RESERVED, ['type', 'items']);
export const MAP_KEYS = schemaKeys(SCHEMA_RESERVED, ['type', 'values']);
export const RECORD_KEYS = schemaKeys(SCHEMA_RESERVED, ['type', 'name', 'fields', 'aliases']);
export const FIXED_KEYS = schemaKeys(SCHEMA_RESERVED, ['type', 'name', 'size', 'aliases']);
/** An enum's `default` is part of its definition (Java 1.12). */
export const ENUM_KEYS = schemaKeys([...SCHEMA_RESERVED, 'default'], ['type', 'name', 'symbols', 'aliases']);
export const FIELD_KEYS = schemaKeys(['default', 'doc', 'name', 'order', 'type', 'aliases'], ['type', 'name', 'default', 'order', 'aliases']);

/**
 * Thrown while reading a caller's document in place where it holds what its snapshot would judge
 * otherwise (a hole, a value that is not a plain object or array, a key that is not enumerable):
 * parse.ts then parses the snapshot, whose build says why.
 */
export class NotInPlace {}

/** A value of a document read in place that the builder does not read: a tree as parsed text holds (util/plain-tree.ts), else `NotInPlace`. */
export function unreadValue(state: BuildState, value: unknown): void {
  if (state.inPlace && typeof value === 'object' && value !== null && !isPlainTree(value)) throw new NotInPlace();
}

/**
 * `array[index]`; in a document read in place, `NotInPlace` where that is a hole (it reads
 * undefined), which the snapshot refuses. A sparse array of length 2^32-1 stops at its first hole.
 */
export function itemAt(state: BuildState, array: readonly unknown[], index: number): unknown {
  const item = array[index];
  if (item === undefined && state.inPlace && !Object.hasOwn(array, index)) throw new NotInPlace();
  return item;
}

/**
 * Non-reserved attributes of a schema object `depth` levels deep, copied, in document order. In a
 * document read in place, reserved values the builder does not check whole are checked as
 * `unreadValue`s, and every own key must be enumerable (`json.type` reads a key that is not, which
 * the snapshot, as JSON.stringify, leaves out). There `for…in` yields own keys only: parse.ts reads
 * in place only while no prototype has an enumerable key.
 */
export function properties(state: BuildState, json: SchemaObject, keys: SchemaKeys, pointer: string, depth: number): Readonly<Record<string, JsonValue>> {
  let props: Record<string, JsonValue> | undefined;
  let seen = 0;
  for (const key in json) {
    seen++;
    const role = keys.get(key);
    if (role !== undefined) {
      if (role === UNREAD && state.inPlace) unreadValue(state, json[key]);
      continue;
    }
    if (!Object.hasOwn(json, key)) continue;
    const value = copyValue(state, json[key], depth, `${pointer}/${escapePointerToken(key)}`);
    props ??= Object.create(null) as Record<string, JsonValue>;
    props[key] = value;
  }
  if (state.inPlace && Object.getOwnPropertyNames(json).length !== seen) throw new NotInPlace();
  return props ?? EMPTY_PROPS;
}
