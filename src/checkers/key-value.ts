import { SchemaParseError, UnknownSchemaTypeError } from '../errors.js';
import type { Finding, PairResult } from '../result.js';
import { KeyValueParseRule, readKeyValueInput } from './key-value-input.js';
import type { KeyValueEncoding, KeyValuePartInput } from './key-value-input.js';
import type { CheckerRegistry } from './registry.js';
import type { PairChecker, ParseOptions, Roles, SchemaChecker, SessionHistory } from './types.js';

export { KeyValueParseRule, encodeKeyValueData } from './key-value-input.js';
export type { KeyValueEncoding } from './key-value-input.js';

/** One side of a parsed KeyValue schema: its type, its data as stored, and its checker's model. */
export interface KeyValuePart {
  readonly schemaType: string;
  /** The side's schema data as Pulsar stores it (empty for a primitive side). */
  readonly data: string;
  readonly schema: unknown;
}

/** A parsed KEY_VALUE schema. */
export interface KeyValueSchema {
  readonly key: KeyValuePart;
  readonly value: KeyValuePart;
  readonly encoding: KeyValueEncoding;
}

export const KeyValueFindingType = {
  /** The key or value schema type differs (Pulsar's KeyValueSchemaCompatibilityCheck rejects it). */
  KEY_VALUE_TYPE_CHANGED: 'KEY_VALUE_TYPE_CHANGED',
  /** INLINE ↔ SEPARATED: Pulsar does not compare it, but consumers built for one encoding misread the other. */
  KEY_VALUE_ENCODING_CHANGED: 'KEY_VALUE_ENCODING_CHANGED',
} as const;
export type KeyValueFindingType = (typeof KeyValueFindingType)[keyof typeof KeyValueFindingType];

const SIDES = ['key', 'value'] as const;

/**
 * Pulsar's KEY_VALUE checker (KeyValueSchemaCompatibilityCheck, reference/pulsar.md §2.7): key and
 * value keep their schema types and are each checked by the checker `checkers` has for their type,
 * under the same strategy; findings are placed under `/key` or `/value`. Identity is Pulsar's dedup
 * for KEY_VALUE (§1.4): the key and value data only, since the types and the encoding live in
 * properties, which Pulsar never compares.
 */
export class KeyValueChecker implements SchemaChecker<KeyValueSchema> {
  readonly schemaType = 'KEY_VALUE';
  /** The checkers of the sides (a # field: not part of the checker's state as JSON shows it). */
  readonly #checkers: CheckerRegistry;
  /** The side checker behind each finding of `canRead`, for `describe`. */
  readonly #origins = new WeakMap<Finding, { readonly checker: SchemaChecker<unknown>; readonly finding: Finding }>();

  constructor(checkers: CheckerRegistry) {
    this.#checkers = checkers;
  }

  /** Parses `{ key: { type, schema }, value: { type, schema }, encoding }`, Pulsar's SchemaInfo JSON, or the binary encoding (a `Uint8Array`). */
  parse(input: string | object, options: ParseOptions = {}): KeyValueSchema {
    const label = options.label ?? 'schema';
    const read = readKeyValueInput(input, label);
    const part = (side: 'key' | 'value', given: KeyValuePartInput): KeyValuePart => {
      const checker = this.sideChecker(given.schemaType, side, label);
      try {
        const schema = checker.parse(given.schema, { label: `${label} ${side}`, ...(options.references ? { references: options.references } : {}) });
        return { schemaType: checker.schemaType, data: given.data, schema };
      } catch (error) {
        if (error instanceof SchemaParseError) throw new SchemaParseError({ ...details(error), input: label, pointer: `/${side}${error.pointer}` });
        throw error;
      }
    };
    return { key: part('key', read.key), value: part('value', read.value), encoding: read.encoding };
  }

  canRead(reader: KeyValueSchema, writer: KeyValueSchema): PairResult {
    return this.compare(reader, writer, undefined);
  }

  /** A session knows the candidate, so a type change names "from" (existing) and "to" (new) as Pulsar does. */
  openSession(history?: SessionHistory<KeyValueSchema>): PairChecker<KeyValueSchema> {
    return { canRead: (reader, writer) => this.compare(reader, writer, history?.candidate) };
  }

  isIdentical(a: KeyValueSchema, b: KeyValueSchema): boolean {
    return a.key.data === b.key.data && a.value.data === b.value.data;
  }

  describe(finding: Finding, roles: Roles): string {
    const origin = this.#origins.get(finding);
    if (origin !== undefined) {
      const side = finding.location.startsWith('/key') ? 'key' : 'value';
      const inner = origin.checker.describe ? origin.checker.describe(origin.finding, roles) : `${origin.finding.message} (at ${origin.finding.location})`;
      return `In the ${side} schema: ${inner}`;
    }
    if (finding.type === KeyValueFindingType.KEY_VALUE_ENCODING_CHANGED) return `The KeyValue encoding of the ${roles.reader} schema differs from the ${roles.writer} one (${finding.message})`;
    return `The key or value schema type of the ${roles.reader} schema differs from the ${roles.writer} one, and Pulsar checks a KeyValue schema only against one with the same key and value types (${finding.message})`;
  }

  private compare(reader: KeyValueSchema, writer: KeyValueSchema, candidate: KeyValueSchema | undefined): PairResult {
    if (reader.key.schemaType !== writer.key.schemaType || reader.value.schemaType !== writer.value.schemaType) {
      // Pulsar names the existing schema "from" and the new one "to".
      const [from, to] = candidate === writer ? [reader, writer] : [writer, reader];
      const message = `Key schemas or Value schemas are different schema type, from key schema type is ${from.key.schemaType} and to key schema is ${to.key.schemaType}, from value schema is ${from.value.schemaType} and to value schema is ${to.value.schemaType}`;
      return { compatible: false, incompatibilities: [{ type: KeyValueFindingType.KEY_VALUE_TYPE_CHANGED, location: '/', message }], warnings: [] };
    }
    const incompatibilities: Finding[] = [];
    const warnings: Finding[] = [];
    for (const side of SIDES) {
      const checker = this.#checkers.get(reader[side].schemaType);
      const result = checker.canRead(reader[side].schema, writer[side].schema);
      for (const finding of result.incompatibilities) incompatibilities.push(this.placed(side, checker, finding));
      for (const finding of result.warnings) warnings.push(this.placed(side, checker, finding));
    }
    if (reader.encoding !== writer.encoding) {
      warnings.push({ type: KeyValueFindingType.KEY_VALUE_ENCODING_CHANGED, location: '/encoding', message: `${writer.encoding} (writer) and ${reader.encoding} (reader)` });
    }
    return { compatible: incompatibilities.length === 0, incompatibilities, warnings };
  }

  private placed(side: 'key' | 'value', checker: SchemaChecker<unknown>, finding: Finding): Finding {
    const inner = finding.location;
    const location = inner === '' || inner === '/' ? `/${side}` : inner.startsWith('/') ? `/${side}${inner}` : `/${side}/${inner}`;
    const placed: Finding = { ...finding, location };
    this.#origins.set(placed, { checker, finding });
    return placed;
  }

  private sideChecker(schemaType: string, side: string, label: string): SchemaChecker<unknown> {
    try {
      return this.#checkers.get(schemaType);
    } catch (error) {
      if (!(error instanceof UnknownSchemaTypeError)) throw error;
      const native = schemaType === 'PROTOBUF_NATIVE' || schemaType === 'PROTOBUF' ? ": register ProtobufNativeChecker (PROTOBUF_NATIVE) or ProtobufChecker (PROTOBUF) from 'schema-compat/protobuf' (needs protobufjs)" : '';
      throw new SchemaParseError({ input: label, pointer: `/${side}`, rule: KeyValueParseRule.UNKNOWN_PART_TYPE, detail: `the ${side} is a ${schemaType} schema, and no checker for ${schemaType} is registered${native}` });
    }
  }
}

function details(error: SchemaParseError): { input: string; pointer: string; rule: string; detail: string; line?: number; column?: number } {
  return {
    input: error.input, pointer: error.pointer, rule: error.rule, detail: error.detail,
    ...(error.line === undefined ? {} : { line: error.line }), ...(error.column === undefined ? {} : { column: error.column }),
  };
}
