import type { Failure } from './plan-types.js';

/**
 * The program a resolver runs: per writer value, what is read from the bytes and what value the
 * reader gets (the plan, compiled by program.ts). Ops that only skip a writer value have `keep: false`
 * or a `skip*` kind. Records refer to themselves through their fields (recursive schemas).
 */
export type Op =
  | { readonly kind: 'null' }
  | { readonly kind: 'boolean' }
  /** An int, read as an int, long, float or double the way Java converts it. */
  | { readonly kind: 'int'; readonly to: 'int' | 'long' | 'float' | 'double' }
  /** A long, read exactly, or as a float or double the way Java converts it. */
  | { readonly kind: 'long'; readonly to: 'long' | 'float' | 'double' }
  /** A float, read as a float or a double (the same number). */
  | { readonly kind: 'float' }
  | { readonly kind: 'double' }
  /** A string or bytes (the same encoding), read as a string or as bytes. */
  | { readonly kind: 'text'; readonly to: 'string' | 'bytes' }
  | { readonly kind: 'fixed'; readonly size: number }
  /** Per writer symbol index: the reader's symbol, or the failure reading it meets. */
  | { readonly kind: 'enum'; readonly symbols: readonly (string | Failure)[]; readonly soft: boolean }
  /** A writer union: the branch index in the data picks the op. */
  | { readonly kind: 'union'; readonly branches: readonly Op[] }
  /** A writer's empty union: no datum has a value there. */
  | { readonly kind: 'void' }
  /** A pair that cannot be read (lenient plans): the writer value is skipped, then the failure is the value. */
  | { readonly kind: 'fail'; readonly skip: Op; readonly failure: Failure; readonly soft: boolean }
  /** A writer value of a fixed number of bytes (null 0, boolean 1, float 4, double 8, a fixed its size), skipped. */
  | { readonly kind: 'skip'; readonly bytes: number; readonly what: string }
  /** An int, long or enum, skipped. */
  | { readonly kind: 'skipVarint' }
  /** A string or bytes, skipped. */
  | { readonly kind: 'skipLength'; readonly what: string }
  | CollectionOp
  | RecordOp;

export interface CollectionOp {
  readonly kind: 'array' | 'map';
  /** How an item (array) or value (map) is read. */
  readonly item: Op;
  /** The fewest bytes a writer item or value takes: 0 for a type that takes none (null, fixed of size 0 ...). */
  readonly width: number;
  /** False: the collection is skipped (a writer field the reader drops), no value is built. */
  readonly keep: boolean;
}

/** One read of a writer field: the op, and the reader field it fills (-1: none, the field is skipped). */
export interface FieldRead {
  readonly op: Op;
  readonly slot: number;
}

export interface RecordOp {
  readonly kind: 'record';
  /** Per writer field, in writer order: its reads (several reader fields may read one writer field; each reads the same bytes). */
  readonly fields: readonly (readonly FieldRead[])[];
  /** The reader's field names, in reader order (empty when skipped). */
  readonly slots: readonly string[];
  /** Reader fields the writer lacks: their values (a fresh copy of the default each time). */
  readonly defaults: readonly { readonly slot: number; readonly value: () => unknown }[];
  readonly keep: boolean;
}
