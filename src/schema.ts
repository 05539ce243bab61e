import type { AvroCheckerOptions } from './avro/checker.js';
import { CheckerRegistry } from './checkers/registry.js';
import type { ParseOptions } from './checkers/types.js';
import { InvalidOptionError, SchemaParseError } from './errors.js';
import { describeError, describeValue } from './util/describe.js';
import { booleanOption, readOptions, referencesOption, stringOption } from './util/options.js';
import type { SchemaType } from './schema-type.js';

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

/** A `ParsedSchema` carries the brand; a value whose brand lookup throws (a Proxy trap) is not one. */
export function isParsedSchema(value: unknown): value is ParsedSchema {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return (value as Record<symbol, unknown>)[PARSED] === true;
  } catch {
    return false;
  }
}

/**
 * Parses a schema of the given type (`AVRO`, `STRING`, ... or a type you registered). Throws
 * `SchemaParseError` naming `options.label` (default `schema`), the JSON pointer and the rule;
 * options it cannot use are an `InvalidOptionError`.
 */
export function parseSchema(schemaType: SchemaType, input: string | object, options: ParseSchemaOptions = {}): ParsedSchema {
  const read = readOptions('options', options, ['registry', 'avro', 'label', 'references', 'reuse', 'version']);
  const registry = registryOption(read.registry) ?? CheckerRegistry.withDefaults(read.avro === undefined ? {} : { avro: read.avro as AvroCheckerOptions });
  return parseWith(registry, schemaType, input, read);
}

/** Parses with a given registry (the core's path: no registry built per input). */
export function parseWith(registry: CheckerRegistry, schemaType: string, input: unknown, options: { readonly [K in keyof ParseSchemaOptions]?: unknown } = {}): ParsedSchema {
  const checker = registry.get(schemaType);
  const label = stringOption('label', options.label) ?? 'schema';
  const version = options.version;
  if (version !== undefined && !(typeof version === 'number' && Number.isInteger(version) && version >= 0)) {
    throw new InvalidOptionError('version', `${describeValue(version)} is not a non-negative integer`);
  }
  if (typeof input !== 'string' && (typeof input !== 'object' || input === null)) {
    throw new SchemaParseError({ input: label, pointer: '', rule: 'NOT_A_SCHEMA', detail: `a schema is text or a JSON document, not ${input === null ? 'null' : `a ${typeof input}`}` });
  }
  const references = referencesOption(options.references);
  const parseOptions: ParseOptions = { label, ...(references ? { references } : {}), ...(booleanOption('reuse', options.reuse, false) ? { reuse: true } : {}) };
  const schema = checker.parse(input, parseOptions);
  return {
    [PARSED]: true,
    schemaType: checker.schemaType,
    schema,
    ...(version === undefined ? {} : { version }),
  };
}

/** The `registry` option: a `CheckerRegistry` (of this copy of the package or another: known by its `get`), or undefined. */
export function registryOption(value: unknown): CheckerRegistry | undefined {
  if (value === undefined) return undefined;
  let get: unknown;
  try {
    get = typeof value === 'object' && value !== null ? (value as { readonly get?: unknown }).get : undefined;
  } catch (error) {
    throw new InvalidOptionError('registry', `reading it threw ${describeError(error)}`);
  }
  if (typeof get !== 'function') throw new InvalidOptionError('registry', `${describeValue(value)} is not a CheckerRegistry`);
  return value as CheckerRegistry;
}
