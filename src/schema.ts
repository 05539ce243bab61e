import type { AvroCheckerOptions } from './avro/checker.js';
import { CheckerRegistry } from './checkers/registry.js';
import type { ParseOptions } from './checkers/types.js';
import { InvalidOptionError, SchemaParseError } from './errors.js';

const PARSED = Symbol.for('schema-compat.ParsedSchema');

/** A schema parsed once by its type's checker, reusable across checks (what a registry keeps). */
export interface ParsedSchema<S = unknown> {
  /** Brand that tells a parsed schema from a JSON document (shared by the ESM and CJS builds). */
  readonly [PARSED]: true;
  readonly schemaType: string;
  /** The checker's model of the schema (for AVRO an `AvroSchema`). */
  readonly schema: S;
  /** The version label in a history; without it, the 1-based position is the label. */
  readonly version?: number;
}

/** Schema text, a parsed JSON document, or a `ParsedSchema`. */
export type SchemaInput = string | object | ParsedSchema;

export interface ParseSchemaOptions extends ParseOptions {
  /** The version label this schema has in a history (Confluent counts from 1, Pulsar from 0). */
  readonly version?: number;
  /** Checkers to parse with; default the built-in ones. */
  readonly registry?: CheckerRegistry;
  /** Options of the built-in Avro checker, when no registry is given. */
  readonly avro?: AvroCheckerOptions;
}

export function isParsedSchema(value: unknown): value is ParsedSchema {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[PARSED] === true;
}

/**
 * Parses a schema of the given type (`AVRO`, `STRING`, ... or a type you registered). Throws
 * `SchemaParseError` naming `options.label` (default `schema`), the JSON pointer and the rule.
 */
export function parseSchema(schemaType: string, input: string | object, options: ParseSchemaOptions = {}): ParsedSchema {
  const registry = options.registry ?? CheckerRegistry.withDefaults(options.avro ? { avro: options.avro } : {});
  return parseWith(registry, schemaType, input, options);
}

/** Parses with a given registry (the core's path: no registry built per input). */
export function parseWith(registry: CheckerRegistry, schemaType: string, input: unknown, options: ParseSchemaOptions = {}): ParsedSchema {
  const checker = registry.get(schemaType);
  const label = options.label ?? 'schema';
  if (options.version !== undefined && !(Number.isInteger(options.version) && options.version >= 0)) {
    throw new InvalidOptionError('version', `${String(options.version)} is not a non-negative integer`);
  }
  if (typeof input !== 'string' && (typeof input !== 'object' || input === null)) {
    throw new SchemaParseError({ input: label, pointer: '', rule: 'NOT_A_SCHEMA', detail: `a schema is text or a JSON document, not ${input === null ? 'null' : `a ${typeof input}`}` });
  }
  const parseOptions: ParseOptions = { label, ...(options.references ? { references: options.references } : {}), ...(options.reuse ? { reuse: true } : {}) };
  const schema = checker.parse(input, parseOptions);
  return {
    [PARSED]: true,
    schemaType: checker.schemaType,
    schema,
    ...(options.version === undefined ? {} : { version: options.version }),
  };
}
