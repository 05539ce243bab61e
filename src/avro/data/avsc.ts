import avro from 'avsc';

/**
 * The parts of avsc 5.7.9 this library uses, typed (avsc's own typings are loose and say `any`).
 * avsc is CommonJS: in ESM only the default import works (reference/avro.md §4.1).
 */
export interface AvscType {
  readonly typeName: string;
  /** The name a union uses for this type as a branch: a named type's full name, else its type name. */
  readonly branchName: string;
  toBuffer(value: unknown): Buffer;
  fromBuffer(buffer: Buffer, resolver?: AvscResolver, noCheck?: boolean): unknown;
  createResolver(writer: AvscType, options?: AvscResolveOptions): AvscResolver;
  isValid(value: unknown): boolean;
}

/** avsc's resolver; `_read` is the read function avsc's `_update` protocol fills in (internal to avsc). */
export interface AvscResolver {
  _read?: (tap: AvscTap) => unknown;
}

/** avsc's cursor over a buffer; opaque here. */
export type AvscTap = object;

/** What avsc passes along while it builds resolvers (its registry of record resolvers, and our one flag). */
export interface AvscResolveOptions {
  readonly ignoreNamespaces?: boolean;
}

/** Options of `Type.forSchema` this library passes. */
export interface AvscParseOptions {
  readonly wrapUnions?: 'always' | 'auto';
  readonly registry?: Record<string, AvscType>;
  readonly logicalTypes?: Record<string, unknown>;
  readonly assertLogicalTypes?: boolean;
}

interface AvscModule {
  readonly Type: {
    forSchema(schema: unknown, options?: AvscParseOptions): AvscType;
    isType(value: unknown, ...names: string[]): boolean;
  };
  readonly types: {
    readonly LongType: { __with(methods: object, noUnpack?: boolean): AvscType };
  };
}

/** avsc, through the types above. */
export const avsc = avro as unknown as AvscModule;

/** avsc's base class of logical types, which the data plane extends (its `_update` is how a type reads another). */
export const AvscLogicalType = avro.types.LogicalType;

/** The read function of a resolver, looked up when reading (a recursive record's resolver gets it after it is handed out). */
export function readerOf(resolver: AvscResolver): (tap: AvscTap) => unknown {
  return (tap) => (resolver._read as (tap: AvscTap) => unknown)(tap);
}

/** A Buffer view of bytes without copying them (avsc reads Buffers). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
