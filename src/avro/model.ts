import type { JsonValue } from '../util/json.js';
import type { FieldTree } from './field-tree.js';

/** Avro's primitive types. */
export type AvroPrimitiveKind = 'null' | 'boolean' | 'int' | 'long' | 'float' | 'double' | 'bytes' | 'string';
/** Every Avro schema kind (`error` records are records with `isError`). */
export type AvroKind = AvroPrimitiveKind | 'record' | 'enum' | 'fixed' | 'array' | 'map' | 'union';

/** Attributes every node of the model has. */
interface AvroNodeBase {
  /**
   * Non-reserved attributes in document order (`logicalType`, `precision`, `scale`, custom ones).
   * A null-prototype object: keys such as `__proto__` are ordinary keys here.
   */
  readonly props: Readonly<Record<string, JsonValue>>;
  /** True when no recursive reference is reachable from this node. */
  readonly acyclic: boolean;
  /**
   * Internal: structural fingerprint of what this node means (a 64-bit hash as a 4-character
   * string, or `#int`-like keys for plain primitives), equal for equal content across schemas;
   * `''` until the schema is fingerprinted (`reuse: true`), and always for recursive nodes.
   */
  readonly fp: string;
  /**
   * True when this node compared with an identical node is compatible without a walk: acyclic,
   * and no record in it has a field alias that names another of its fields (Java would see two
   * writer fields for that reader field).
   */
  readonly selfCompatible: boolean;
  /** Internal: what the subtree holds that warnings depend on (`AvroTraits` bits, see traits.ts). */
  readonly traits: number;
}

export interface AvroPrimitive extends AvroNodeBase {
  readonly kind: AvroPrimitiveKind;
}

/** Record, enum and fixed: the named types. */
export interface AvroNamedBase extends AvroNodeBase {
  /** The simple name (after the last dot). */
  readonly name: string;
  /** The namespace, null for the null namespace. */
  readonly namespace: string | null;
  readonly fullName: string;
  /** Aliases, qualified with the type's namespace when relative (Java `getAliases()`). */
  readonly aliases: readonly string[];
  readonly doc?: string;
}

export type AvroFieldOrder = 'ascending' | 'descending' | 'ignore';

export interface AvroField {
  readonly name: string;
  readonly type: AvroNode;
  /** 0-based position in the record. */
  readonly position: number;
  /** `position` as a string: the JSON-pointer token of this field. */
  readonly positionToken: string;
  /** True when the field has a default (a JSON `null` default counts). */
  readonly hasDefault: boolean;
  /** The default value, undefined when `hasDefault` is false. */
  readonly default: JsonValue | undefined;
  /** Field aliases, plain names. */
  readonly aliases: readonly string[];
  readonly order: AvroFieldOrder;
  readonly doc?: string;
  readonly props: Readonly<Record<string, JsonValue>>;
}

export interface AvroRecord extends AvroNamedBase {
  readonly kind: 'record';
  /** True for a protocol `error` type; resolution treats it as a record. */
  readonly isError: boolean;
  readonly fields: readonly AvroField[];
  readonly fieldsByName: ReadonlyMap<string, AvroField>;
  /** Internal: the traits of each field's type, by position (every trait on a recursive path; see traits.ts). */
  readonly fieldTraits: readonly number[];
  /** Internal: the fields as fingerprinted blocks, on large non-recursive records (see `FieldTree`). */
  readonly fieldTree?: FieldTree;
}

export interface AvroEnum extends AvroNamedBase {
  readonly kind: 'enum';
  readonly symbols: readonly string[];
  readonly symbolSet: ReadonlySet<string>;
  /** The enum-level default symbol (spec 1.12 "Enums"), used for unknown writer symbols. */
  readonly default?: string;
}

export interface AvroFixed extends AvroNamedBase {
  readonly kind: 'fixed';
  readonly size: number;
}

export interface AvroArray extends AvroNodeBase {
  readonly kind: 'array';
  readonly items: AvroNode;
}

export interface AvroMap extends AvroNodeBase {
  readonly kind: 'map';
  readonly values: AvroNode;
}

export interface AvroUnion extends AvroNodeBase {
  readonly kind: 'union';
  readonly branches: readonly AvroNode[];
}

export type AvroNamed = AvroRecord | AvroEnum | AvroFixed;
export type AvroNode = AvroPrimitive | AvroNamed | AvroArray | AvroMap | AvroUnion;

/** A parsed Avro schema: the root node and every named type it defines or uses, by full name. */
export interface AvroSchema {
  readonly root: AvroNode;
  readonly named: ReadonlyMap<string, AvroNamed>;
  /** True when some type or field of the schema declares aliases. */
  readonly hasAliases: boolean;
  /** Internal: whether the nodes have their fingerprints yet (see `fingerprintSchema`). */
  readonly cache: { readonly fingerprinted: boolean };
}

export function isNamed(node: AvroNode): node is AvroNamed {
  return node.kind === 'record' || node.kind === 'enum' || node.kind === 'fixed';
}

/** Java's `Schema.Type` name of a kind (upper case), as Java's messages print it. */
export function javaTypeName(kind: AvroKind): string {
  return kind.toUpperCase();
}
