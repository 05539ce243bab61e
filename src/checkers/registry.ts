import { AvroChecker } from '../avro/checker.js';
import type { AvroCheckerOptions } from '../avro/checker.js';
import { InvalidOptionError, UnknownSchemaTypeError } from '../errors.js';
import { JsonSchemaChecker } from '../json-schema/checker.js';
import type { JsonSchemaCheckerOptions } from '../json-schema/checker.js';
import { PULSAR_PRIMITIVE_TYPES } from '../schema-type.js';
import { describeError, describeValue } from '../util/describe.js';
import { readOptions, withOptions } from '../util/options.js';
import { DefaultChecker } from './default.js';
import { KeyValueChecker } from './key-value.js';
import type { SchemaChecker } from './types.js';
import { keepInstance } from '../util/hidden-class.js';

/** Schema type → checker. Users register their own checkers, or replace the built-in ones. */
export class CheckerRegistry {
  private readonly checkers = new Map<string, SchemaChecker<unknown>>();

  /** A registry with the built-in checkers: AVRO, JSON, Pulsar's primitive types and KEY_VALUE (whose sides use this registry's checkers). */
  static withDefaults(options: { readonly avro?: AvroCheckerOptions; readonly json?: JsonSchemaCheckerOptions } = {}): CheckerRegistry {
    const read = readOptions('options', options, ['avro', 'json']);
    const registry = new CheckerRegistry();
    registry.register(new AvroChecker(read.avro as AvroCheckerOptions | undefined));
    const json = read.json as JsonSchemaCheckerOptions | undefined;
    registry.register(withOptions('json', json, () => new JsonSchemaChecker(json)));
    for (const type of PULSAR_PRIMITIVE_TYPES) registry.register(new DefaultChecker(type));
    registry.register(new KeyValueChecker(registry));
    return registry;
  }

  /** Adds or replaces the checker for its `schemaType` (upper case). Returns the registry. */
  register<S>(checker: SchemaChecker<S>): this {
    let schemaType: unknown;
    try {
      schemaType = checker.schemaType;
    } catch (error) {
      throw new InvalidOptionError('checker', `reading its schemaType threw ${describeError(error)}`);
    }
    if (typeof schemaType !== 'string') throw new InvalidOptionError('checker', `its schemaType, ${describeValue(schemaType)}, is not a string`);
    this.checkers.set(schemaType.toUpperCase(), checker as SchemaChecker<unknown>);
    return this;
  }

  has(schemaType: string): boolean {
    return typeof schemaType === 'string' && this.checkers.has(schemaType.toUpperCase());
  }

  /** The checker for a schema type (case-insensitive); throws `UnknownSchemaTypeError` listing the known ones (a schema type that is not a string included). */
  get(schemaType: string): SchemaChecker<unknown> {
    const checker = typeof schemaType === 'string' ? this.checkers.get(schemaType.toUpperCase()) : undefined;
    if (!checker) throw new UnknownSchemaTypeError(typeof schemaType === 'string' ? schemaType : describeValue(schemaType), this.types());
    return checker;
  }

  types(): readonly string[] {
    return [...this.checkers.keys()];
  }
}

// V8 keeps this class's hidden classes while an instance lives (util/hidden-class.ts).
keepInstance(CheckerRegistry, new CheckerRegistry());
