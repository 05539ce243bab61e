import { SchemaParseError } from '../errors.js';
import type { JsonValue } from '../util/json.js';
import { copyJson } from '../util/copy-json.js';
import type { AvroField, AvroNamed, AvroNode, AvroUnion } from './model.js';
import { AvroParseRule } from './parse-rules.js';

/**
 * More open arrays and objects than this are rejected, as Jackson (Java's JSON parser) does by
 * default (`StreamReadConstraints.maxNestingDepth`, 1000).
 */
export const MAX_JSON_DEPTH = 1000;
/**
 * How many schema objects and unions one document may build: text of that many is tens of
 * megabytes, and a caller's object that shares a sub-schema in two places (which text cannot) is
 * built once per place, so a few dozen levels of such sharing would otherwise exhaust the memory.
 */
export const MAX_SCHEMA_NODES = 2 ** 20;

export const EMPTY_PROPS: Readonly<Record<string, JsonValue>> = Object.freeze(Object.create(null) as Record<string, JsonValue>);

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A schema or field object of the input. Only plain objects (JSON.parse's, or literals) are
 * accepted, so reading `json.type` never reaches an inherited value other than Object.prototype's.
 */
export type SchemaObject = { readonly [key: string]: unknown };

export function isSchemaObject(value: unknown): value is SchemaObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The value if it is a string: Java's `JsonNode.textValue()`, null for anything else. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Where a forward reference goes once resolved: `target[key]`. */
export interface ForwardReference {
  readonly fullName: string;
  readonly pointer: string;
  readonly target: object;
  readonly key: string | number;
}

/** A field default to check again once every name is resolved. */
export interface PendingDefault {
  readonly field: AvroField;
  readonly pointer: string;
}

/** State of one parse: the names known so far and the checks that wait for the end. */
export interface BuildState {
  readonly label: string;
  readonly named: Map<string, AvroNamed>;
  readonly forwardReferences: ForwardReference[];
  readonly defaults: PendingDefault[];
  readonly unions: { readonly union: AvroUnion; readonly pointer: string }[];
  /** Records whose fields are being read (Java registers a record before its fields). */
  readonly inProgress: Set<AvroNode>;
  /** Set when some node could not be marked acyclic while being built (recursion, forward reference). */
  acyclicPending: boolean;
  /** Namespaces already checked in this parse. */
  readonly validNamespaces: Set<string>;
  /** Arrays, maps and unions of plain primitives built so far, by `plainContainerKey`: equal ones are one node. */
  readonly plainContainers: Map<number, AvroNode>;
  /** Set when some type or field declares aliases (shared by the documents of one parse). */
  readonly aliases: { found: boolean };
  /**
   * The document is the caller's own, read in place rather than snapshotted (parse.ts): what the
   * builder does not read itself is checked to be what its snapshot would hold (schema-keys.ts).
   */
  readonly inPlace: boolean;
  /** Schema objects and unions built so far in this document, against `MAX_SCHEMA_NODES`. */
  nodes: number;
}

export function parseFailure(state: BuildState, pointer: string, rule: AvroParseRule, detail: string): SchemaParseError {
  return new SchemaParseError({ input: state.label, pointer, rule, detail });
}

/** A copy of a JSON value found inside a schema object `depth` levels deep; throws NOT_JSON, TOO_DEEP or TOO_LARGE. */
export function copyValue(state: BuildState, value: unknown, depth: number, pointer: string): JsonValue {
  // Scalars (most defaults and attributes) need no copy.
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return value;
  const copy = copyJson(value, MAX_JSON_DEPTH - depth);
  if (copy.ok) return copy.value;
  const rule = copy.tooDeep ? AvroParseRule.TOO_DEEP : copy.tooLarge ? AvroParseRule.TOO_LARGE : AvroParseRule.NOT_JSON;
  const reason = copy.tooDeep ? `more than ${MAX_JSON_DEPTH} levels of nested arrays and objects` : copy.reason;
  throw parseFailure(state, pointer + copy.pointer, rule, reason);
}
