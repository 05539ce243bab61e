import { InvalidOptionError, UnknownStrategyError } from './errors.js';
import { describeError, describeValue } from './util/describe.js';

/**
 * The canonical compatibility strategies (Confluent's level names plus ALWAYS_INCOMPATIBLE).
 * Every registry's own names are accepted by `parseStrategy` as aliases (see `STRATEGY_ALIASES`).
 */
export const Strategy = {
  NONE: 'NONE',
  ALWAYS_INCOMPATIBLE: 'ALWAYS_INCOMPATIBLE',
  BACKWARD: 'BACKWARD',
  BACKWARD_TRANSITIVE: 'BACKWARD_TRANSITIVE',
  FORWARD: 'FORWARD',
  FORWARD_TRANSITIVE: 'FORWARD_TRANSITIVE',
  FULL: 'FULL',
  FULL_TRANSITIVE: 'FULL_TRANSITIVE',
} as const;
export type Strategy = (typeof Strategy)[keyof typeof Strategy];

/** Other registries' names for the same strategies (Pulsar, AWS Glue, Hortonworks). */
export const STRATEGY_ALIASES = {
  ALWAYS_COMPATIBLE: Strategy.NONE, // Pulsar
  DISABLED: Strategy.ALWAYS_INCOMPATIBLE, // AWS Glue
  BACKWARD_ALL: Strategy.BACKWARD_TRANSITIVE, // AWS Glue
  FORWARD_ALL: Strategy.FORWARD_TRANSITIVE, // AWS Glue
  FULL_ALL: Strategy.FULL_TRANSITIVE, // AWS Glue
  BOTH: Strategy.FULL, // Hortonworks registry
} as const satisfies Readonly<Record<string, Strategy>>;

/** Another registry's name for a strategy (`STRATEGY_ALIASES`). */
export type StrategyAlias = keyof typeof STRATEGY_ALIASES;

/**
 * A strategy name as the library's functions take it: a canonical name or an alias, upper or lower
 * case (`'BACKWARD'`, `'backward_all'`), so that a misspelt name does not compile. A name read at
 * run time (a file, a flag) is a `string`: pass it through `parseStrategy`, which accepts any case
 * and surrounding blanks and throws `UnknownStrategyError` for the rest.
 */
export type StrategyName = Strategy | StrategyAlias | Lowercase<Strategy | StrategyAlias>;

/** A direction of one pairwise check: BACKWARD = the candidate reads data written with an old version. */
export type Direction = 'BACKWARD' | 'FORWARD';

/** Which history versions a strategy compares the candidate with. */
export type StrategyScope = 'none' | 'latest' | 'all';

interface StrategyRule {
  readonly scope: StrategyScope;
  /** FULL checks FORWARD first, then BACKWARD, for each version (Confluent's mutualReadStrategy order). */
  readonly directions: readonly Direction[];
  readonly upgradeOrder: UpgradeOrder;
}

/** Which clients to upgrade first under a strategy (the table in Pulsar's schema docs). */
export type UpgradeOrder = 'consumers' | 'producers' | 'any' | 'none';

const RULES: Readonly<Record<Strategy, StrategyRule>> = {
  NONE: { scope: 'none', directions: [], upgradeOrder: 'any' },
  ALWAYS_INCOMPATIBLE: { scope: 'latest', directions: [], upgradeOrder: 'none' },
  BACKWARD: { scope: 'latest', directions: ['BACKWARD'], upgradeOrder: 'consumers' },
  BACKWARD_TRANSITIVE: { scope: 'all', directions: ['BACKWARD'], upgradeOrder: 'consumers' },
  FORWARD: { scope: 'latest', directions: ['FORWARD'], upgradeOrder: 'producers' },
  FORWARD_TRANSITIVE: { scope: 'all', directions: ['FORWARD'], upgradeOrder: 'producers' },
  FULL: { scope: 'latest', directions: ['FORWARD', 'BACKWARD'], upgradeOrder: 'any' },
  FULL_TRANSITIVE: { scope: 'all', directions: ['FORWARD', 'BACKWARD'], upgradeOrder: 'any' },
};

const CANONICAL_NAMES: readonly Strategy[] = Object.values(Strategy);
const ACCEPTED_NAMES: readonly string[] = [...CANONICAL_NAMES, ...Object.keys(STRATEGY_ALIASES)];

/**
 * Reads any registry's strategy name, case-insensitively, into the canonical `Strategy`.
 * Throws `UnknownStrategyError` (listing the valid names) for anything else: never a silent downgrade.
 */
export function parseStrategy(name: string): Strategy {
  if (typeof name !== 'string') throw unknownNonString(name);
  const upper = name.trim().toUpperCase();
  if (Object.prototype.hasOwnProperty.call(RULES, upper)) return upper as Strategy;
  const alias = Object.prototype.hasOwnProperty.call(STRATEGY_ALIASES, upper) ? STRATEGY_ALIASES[upper as StrategyAlias] : undefined;
  if (alias !== undefined) return alias;
  // Pulsar's UNDEFINED means "not set here, ask the next level": it is not a strategy.
  const hint = upper === 'UNDEFINED' ? "Pulsar's UNDEFINED means unset; use defaultStrategy() for the unset case" : undefined;
  throw new UnknownStrategyError(name, ACCEPTED_NAMES, hint);
}

/** A name that is not a string, as `String` writes it; one whose `toString` throws is described by its kind, never rethrown. */
function unknownNonString(name: unknown): UnknownStrategyError {
  try {
    return new UnknownStrategyError(String(name), ACCEPTED_NAMES);
  } catch (error) {
    return new UnknownStrategyError(describeValue(name), ACCEPTED_NAMES, `it could not be read as text: ${describeError(error)}`);
  }
}

/** The versions a strategy compares with: none, the latest only, or all of them. */
export function strategyScope(strategy: Strategy): StrategyScope {
  return RULES[strategy].scope;
}

/** The pairwise directions a strategy checks for each version, in the order they are checked. */
export function strategyDirections(strategy: Strategy): readonly Direction[] {
  return RULES[strategy].directions;
}

/**
 * Which clients must be upgraded first: consumers for BACKWARD*, producers for FORWARD*,
 * any order for FULL* and NONE, none for ALWAYS_INCOMPATIBLE (Pulsar's upgrade-order table).
 */
export function upgradeOrder(strategy: StrategyName): UpgradeOrder {
  return RULES[parseStrategy(strategy)].upgradeOrder;
}

/**
 * The strategy a registry applies when none is configured. Pulsar: FULL for AVRO and JSON,
 * ALWAYS_INCOMPATIBLE for every other type (Pulsar's schema docs); Confluent: BACKWARD.
 */
export function defaultStrategy(schemaType: string, registry: 'pulsar' | 'confluent'): Strategy {
  if (registry !== 'pulsar' && registry !== 'confluent') throw new InvalidOptionError('registry', `${describeValue(registry)} is not 'pulsar' or 'confluent'`);
  if (registry === 'confluent') return Strategy.BACKWARD;
  if (typeof schemaType !== 'string') throw new InvalidOptionError('schemaType', `${describeValue(schemaType)} is not a string`);
  const type = schemaType.toUpperCase();
  return type === 'AVRO' || type === 'JSON' ? Strategy.FULL : Strategy.ALWAYS_INCOMPATIBLE;
}

/** Every name `parseStrategy` accepts (canonical names first, then aliases). */
export function strategyNames(): readonly string[] {
  return ACCEPTED_NAMES;
}
