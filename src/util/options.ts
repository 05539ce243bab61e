import { InvalidOptionError } from '../errors.js';

/** A boolean option, or its default when absent; anything else is an `InvalidOptionError` naming the option. */
export function booleanOption(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new InvalidOptionError(name, `${JSON.stringify(value)} is not a boolean`);
  return value;
}

/** One of a fixed set of string values, or its default when absent. */
export function choiceOption<C extends string>(name: string, value: unknown, choices: readonly C[], fallback: C): C {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !choices.includes(value as C)) throw new InvalidOptionError(name, `${JSON.stringify(value)} is not one of ${choices.join(', ')}`);
  return value as C;
}
