import { InvalidOptionError } from 'schema-compat';
import { describeValue } from '../util/describe.js';
import { readOptionsObject } from '../util/read-properties.js';
import { ProtobufReferenceCache } from './reference-cache.js';

/**
 * The named options of an options object, each read once; undefined gives none. Anything but an
 * object, or a getter or Proxy trap that throws, is the core's `InvalidOptionError` (imported by
 * package name: one class for both entries), never a TypeError.
 */
export function readOptions<K extends string>(name: string, value: unknown, keys: readonly K[]): Readonly<Partial<Record<K, unknown>>> {
  const read = readOptionsObject(name, value, keys, 'an object of options');
  if ('values' in read) return read.values;
  throw new InvalidOptionError(read.option, read.problem);
}

/** One of the allowed strings, or the fallback when absent. */
export function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value as T)) throw new InvalidOptionError(name, `${describeValue(value)} is not one of ${allowed.join(', ')}`);
  return value as T;
}

/** A string option, or undefined when absent. */
export function stringOption(name: string, value: unknown): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw new InvalidOptionError(name, `${describeValue(value)} is not a string`);
}

/** The imported files by import name, read once into an object without a prototype (an import named `constructor` is only that). */
export function referencesOption(value: unknown): Readonly<Record<string, unknown>> {
  const read = readOptionsObject('references', value, 'own', 'an object of .proto texts by import name');
  if ('values' in read) return read.values;
  throw new InvalidOptionError(read.option, read.problem);
}

/** A `ProtobufReferenceCache`, or undefined when absent. */
export function referenceCacheOption(value: unknown): ProtobufReferenceCache | undefined {
  if (value === undefined || value instanceof ProtobufReferenceCache) return value;
  throw new InvalidOptionError('referenceCache', `${describeValue(value)} is not a ProtobufReferenceCache`);
}
