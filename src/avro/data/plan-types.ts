import type { AvroArray, AvroEnum, AvroField, AvroFixed, AvroMap, AvroNode, AvroPrimitive, AvroRecord, AvroUnion } from '../model.js';

/**
 * Why a pair cannot be read: the finding type of the profile (TYPE_MISMATCH, MISSING_UNION_BRANCH,
 * MISSING_ENUM_SYMBOLS or UNREADABLE_ENUM_SYMBOLS, FIXED_SIZE_MISMATCH, NAME_MISMATCH,
 * READER_FIELD_MISSING_DEFAULT_VALUE, AMBIGUOUS_FIELD_ALIAS), the reader and writer nodes, a sentence.
 */
export interface Failure {
  readonly type: string;
  readonly reader: AvroNode;
  readonly writer: AvroNode;
  readonly detail: string;
}

/**
 * How the reader reads the writer's data, node pair by node pair: the resolution plan. Java's runtime
 * `Resolver` builds the same kind of tree of actions; this one follows the rules of a profile.
 */
export type PlanNode =
  /** Same primitive, or a promotion (spec 1.12: int→long/float/double, long→float/double, float→double, string↔bytes). */
  | { readonly kind: 'read'; readonly reader: AvroPrimitive; readonly writer: AvroPrimitive }
  | { readonly kind: 'array'; readonly writer: AvroArray; readonly items: PlanNode }
  | { readonly kind: 'map'; readonly writer: AvroMap; readonly values: PlanNode }
  | FixedPlan
  | EnumPlan
  | RecordPlan
  /** A writer union: one plan per writer branch (the branch index in the data picks it). */
  | { readonly kind: 'union'; readonly writer: AvroUnion; readonly branches: readonly PlanNode[] }
  /** A reader union read from a non-union writer: the branch chosen, once, for all data. */
  | { readonly kind: 'branch'; readonly index: number; readonly plan: PlanNode }
  | { readonly kind: 'fail'; readonly failure: Failure };

export interface FixedPlan {
  readonly kind: 'fixed';
  readonly reader: AvroFixed;
  readonly writer: AvroFixed;
}

export interface EnumPlan {
  readonly kind: 'enum';
  readonly reader: AvroEnum;
  readonly writer: AvroEnum;
  /** Per writer symbol (by index): the reader symbol it reads as (itself, or the enum default), or why it fails. */
  readonly symbols: readonly (string | Failure)[];
}

/** A record pair. Built in place (recursive schemas meet their own pair again). */
export interface RecordPlan {
  readonly kind: 'record';
  readonly reader: AvroRecord;
  readonly writer: AvroRecord;
  /** One per reader field, in reader order. */
  readonly fields: FieldPlan[];
  /** Reader fields the writer lacks that have no default. */
  readonly missing: AvroField[];
  /** A failure of the pair itself (names, under profiles confluent and strict), when not ignored. */
  failure: Failure | undefined;
  /** False while the fields are being planned. */
  done: boolean;
}

/** A reader field: read from a writer field with a plan, or (no writer field) its default. */
export interface FieldPlan {
  readonly reader: AvroField;
  readonly source: { readonly writer: AvroField; readonly plan: PlanNode } | undefined;
  /** A failure of the field itself (an ambiguous alias, a missing default). */
  readonly failure: Failure | undefined;
}
