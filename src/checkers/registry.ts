import { AvroChecker } from '../avro/checker.js';
import type { AvroCheckerOptions } from '../avro/checker.js';
import { UnknownSchemaTypeError } from '../errors.js';
import { JsonSchemaChecker } from '../json-schema/checker.js';
import type { JsonSchemaCheckerOptions } from '../json-schema/checker.js';
import { PULSAR_PRIMITIVE_TYPES } from '../schema-type.js';
import { DefaultChecker } from './default.js';
import type { SchemaChecker } from './types.js';

/** Schema type → checker. Users register their own checkers, or replace the built-in ones. */
export class CheckerRegistry {
  private readonly checkers = new Map<string, SchemaChecker<unknown>>();

  /** A registry with the built-in checkers: AVRO, JSON and Pulsar's primitive types. */
  static withDefaults(options: { readonly avro?: AvroCheckerOptions; readonly json?: JsonSchemaCheckerOptions } = {}): CheckerRegistry {
    const registry = new CheckerRegistry();
    registry.register(new AvroChecker(options.avro));
    registry.register(new JsonSchemaChecker(options.json));
    for (const type of PULSAR_PRIMITIVE_TYPES) registry.register(new DefaultChecker(type));
    return registry;
  }

  /** Adds or replaces the checker for its `schemaType` (upper case). Returns the registry. */
  register<S>(checker: SchemaChecker<S>): this {
    this.checkers.set(checker.schemaType.toUpperCase(), checker as SchemaChecker<unknown>);
    return this;
  }

  has(schemaType: string): boolean {
    return this.checkers.has(schemaType.toUpperCase());
  }

  /** The checker for a schema type (case-insensitive); throws `UnknownSchemaTypeError` listing the known ones. */
  get(schemaType: string): SchemaChecker<unknown> {
    const checker = this.checkers.get(String(schemaType).toUpperCase());
    if (!checker) throw new UnknownSchemaTypeError(String(schemaType), this.types());
    return checker;
  }

  types(): readonly string[] {
    return [...this.checkers.keys()];
  }
}
