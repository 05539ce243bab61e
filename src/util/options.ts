import { InvalidOptionError, SchemaCompatError } from '../errors.js';
import { describeError, describeValue } from './describe.js';
import { isOptionsObject, readOptionsObject } from './read-properties.js';

/** A boolean option, or its default when absent; anything else is an `InvalidOptionError` naming the option. */
export function booleanOption(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new InvalidOptionError(name, `${describeValue(value)} is not a boolean`);
  return value;
}

/** One of a fixed set of string values, or its default when absent. */
export function choiceOption<C extends string>(name: string, value: unknown, choices: readonly C[], fallback: C): C {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !choices.includes(value as C)) throw new InvalidOptionError(name, `${describeValue(value)} is not one of ${choices.join(', ')}`);
  return value as C;
}

/** A string option, or undefined when absent. */
export function stringOption(name: string, value: unknown): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw new InvalidOptionError(name, `${describeValue(value)} is not a string`);
}

/**
 * The named options of an options object, each read once as a property access does; undefined
 * gives none. Anything but an object, or a getter or Proxy trap that throws, is an
 * `InvalidOptionError` naming the option (`name.key`), never the caller's exception or a TypeError.
 */
export function readOptions<K extends string>(name: string, value: unknown, keys: readonly K[]): Readonly<Partial<Record<K, unknown>>> {
  const read = readOptionsObject(name, value, keys, 'an object of options');
  if ('values' in read) return read.values;
  throw new InvalidOptionError(read.option, read.problem);
}

/**
 * Runs a constructor that reads an options object of the caller's (the JSON checker's, say): an
 * exception that is not the library's own (a getter or Proxy trap of the options) becomes an
 * `InvalidOptionError` naming `name`.
 */
export function withOptions<T>(name: string, value: unknown, construct: () => T): T {
  if (value !== undefined && !isOptionsObject(value)) throw new InvalidOptionError(name, `${describeValue(value)} is not an object of options`);
  try {
    return construct();
  } catch (error) {
    if (error instanceof SchemaCompatError) throw error;
    throw new InvalidOptionError(name, `reading it threw ${describeError(error)}`);
  }
}

/**
 * The `references` option (schemas by reference name), read once into an object without a
 * prototype (a reference named `constructor` is only that); undefined when absent. Each schema is
 * judged by the checker that parses it.
 */
export function referencesOption(value: unknown): Readonly<Record<string, string | object>> | undefined {
  if (value === undefined) return undefined;
  const read = readOptionsObject('references', value, 'own', 'an object of schemas by reference name');
  if ('values' in read) return read.values as Readonly<Record<string, string | object>>;
  throw new InvalidOptionError(read.option, read.problem);
}
