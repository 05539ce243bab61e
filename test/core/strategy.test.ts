import { describe, expect, it } from 'vitest';
import {
  STRATEGY_ALIASES, Strategy, UnknownStrategyError, SchemaCompatError, defaultStrategy, parseStrategy, strategyDirections,
  strategyNames, strategyScope, upgradeOrder,
} from 'schema-compat';
import type { StrategyAlias, StrategyName } from 'schema-compat';

const CANONICAL = [
  'NONE', 'ALWAYS_INCOMPATIBLE', 'BACKWARD', 'BACKWARD_TRANSITIVE', 'FORWARD', 'FORWARD_TRANSITIVE', 'FULL', 'FULL_TRANSITIVE',
] as const;

const ALIASES: ReadonlyArray<readonly [StrategyAlias, Strategy]> = [
  ['ALWAYS_COMPATIBLE', 'NONE'],
  ['DISABLED', 'ALWAYS_INCOMPATIBLE'],
  ['BACKWARD_ALL', 'BACKWARD_TRANSITIVE'],
  ['FORWARD_ALL', 'FORWARD_TRANSITIVE'],
  ['FULL_ALL', 'FULL_TRANSITIVE'],
  ['BOTH', 'FULL'],
];

const ALL_NAMES = [...CANONICAL, ...ALIASES.map(([alias]) => alias)];
const VALID_LIST = ALL_NAMES.join(', ');

/** Everything an UnknownStrategyError carries, as one value. */
function strategyErrorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UnknownStrategyError);
    expect(error).toBeInstanceOf(SchemaCompatError);
    expect(error).toBeInstanceOf(Error);
    const e = error as UnknownStrategyError;
    return { name: e.name, code: e.code, strategy: e.strategy, validNames: [...e.validNames], message: e.message };
  }
  throw new Error('expected UnknownStrategyError, nothing was thrown');
}

function unknown(strategy: string, hint?: string): unknown {
  return {
    name: 'UnknownStrategyError',
    code: 'UNKNOWN_STRATEGY',
    strategy,
    validNames: ALL_NAMES,
    message: `Unknown compatibility strategy ${JSON.stringify(strategy)}${hint ? ` (${hint})` : ''}. Valid names (case-insensitive): ${VALID_LIST}`,
  };
}

describe('Strategy and STRATEGY_ALIASES', () => {
  it('Strategy is the object of the 8 canonical names', () => {
    expect(Strategy).toEqual({
      NONE: 'NONE',
      ALWAYS_INCOMPATIBLE: 'ALWAYS_INCOMPATIBLE',
      BACKWARD: 'BACKWARD',
      BACKWARD_TRANSITIVE: 'BACKWARD_TRANSITIVE',
      FORWARD: 'FORWARD',
      FORWARD_TRANSITIVE: 'FORWARD_TRANSITIVE',
      FULL: 'FULL',
      FULL_TRANSITIVE: 'FULL_TRANSITIVE',
    });
  });

  it('STRATEGY_ALIASES maps every other registry name to its canonical strategy', () => {
    expect(STRATEGY_ALIASES).toEqual(Object.fromEntries(ALIASES));
  });

  it('strategyNames lists the canonical names first, then the aliases', () => {
    expect(strategyNames()).toEqual(ALL_NAMES);
  });
});

describe('parseStrategy', () => {
  for (const name of CANONICAL) {
    it(`reads the canonical name ${name}`, () => {
      expect(parseStrategy(name)).toBe(name);
    });
  }

  for (const [alias, canonical] of ALIASES) {
    it(`reads the alias ${alias} as ${canonical}`, () => {
      expect(parseStrategy(alias)).toBe(canonical);
    });
  }

  it('is case-insensitive for canonical names and aliases', () => {
    const cases: ReadonlyArray<readonly [string, Strategy]> = [
      ['none', 'NONE'], ['None', 'NONE'], ['always_incompatible', 'ALWAYS_INCOMPATIBLE'], ['backward', 'BACKWARD'],
      ['Backward_Transitive', 'BACKWARD_TRANSITIVE'], ['forward', 'FORWARD'], ['forward_transitive', 'FORWARD_TRANSITIVE'],
      ['fUlL', 'FULL'], ['full_transitive', 'FULL_TRANSITIVE'], ['always_compatible', 'NONE'], ['Disabled', 'ALWAYS_INCOMPATIBLE'],
      ['backward_all', 'BACKWARD_TRANSITIVE'], ['Forward_All', 'FORWARD_TRANSITIVE'], ['full_all', 'FULL_TRANSITIVE'], ['both', 'FULL'],
    ];
    expect(cases.map(([name]) => parseStrategy(name))).toEqual(cases.map(([, canonical]) => canonical));
  });

  it('rejects an unknown name with UnknownStrategyError listing every valid name', () => {
    expect(strategyErrorOf(() => parseStrategy('SIDEWAYS'))).toEqual(unknown('SIDEWAYS'));
    expect(strategyErrorOf(() => parseStrategy('BACKWARDS'))).toEqual(unknown('BACKWARDS'));
    expect(strategyErrorOf(() => parseStrategy('FULL TRANSITIVE'))).toEqual(unknown('FULL TRANSITIVE'));
  });

  it("rejects Pulsar's UNDEFINED with a hint to use defaultStrategy", () => {
    const hint = "Pulsar's UNDEFINED means unset; use defaultStrategy() for the unset case";
    expect(strategyErrorOf(() => parseStrategy('UNDEFINED'))).toEqual(unknown('UNDEFINED', hint));
    expect(strategyErrorOf(() => parseStrategy('undefined'))).toEqual(unknown('undefined', hint));
  });

  it('rejects the empty string', () => {
    expect(strategyErrorOf(() => parseStrategy(''))).toEqual(unknown(''));
  });

  it('rejects non-strings without a TypeError', () => {
    const values: readonly unknown[] = [42, null, undefined, true, { name: 'BACKWARD' }, ['BACKWARD'], Symbol('BACKWARD')];
    const expected = ['42', 'null', 'undefined', 'true', '[object Object]', 'BACKWARD', 'Symbol(BACKWARD)'];
    expect(values.map((value) => strategyErrorOf(() => parseStrategy(value as string)))).toEqual(expected.map((name) => unknown(name)));
  });
});

describe('defaultStrategy', () => {
  it('Pulsar: FULL for AVRO and JSON (any case)', () => {
    expect(['AVRO', 'JSON', 'avro', 'json', 'Avro'].map((type) => defaultStrategy(type, 'pulsar'))).toEqual(['FULL', 'FULL', 'FULL', 'FULL', 'FULL']);
  });

  it('Pulsar: ALWAYS_INCOMPATIBLE for every other type', () => {
    const types = ['STRING', 'PROTOBUF', 'PROTOBUF_NATIVE', 'KEY_VALUE', 'INT32', 'BYTES', 'NONE', 'string', 'protobuf'];
    expect(types.map((type) => defaultStrategy(type, 'pulsar'))).toEqual(types.map(() => 'ALWAYS_INCOMPATIBLE'));
  });

  it('Confluent: BACKWARD for every type', () => {
    const types = ['AVRO', 'JSON', 'PROTOBUF', 'avro', 'STRING'];
    expect(types.map((type) => defaultStrategy(type, 'confluent'))).toEqual(types.map(() => 'BACKWARD'));
  });
});

describe('upgradeOrder (Pulsar upgrade-order table)', () => {
  it('gives the order for each canonical strategy', () => {
    expect(Object.fromEntries(CANONICAL.map((name) => [name, upgradeOrder(name)]))).toEqual({
      NONE: 'any',
      ALWAYS_INCOMPATIBLE: 'none',
      BACKWARD: 'consumers',
      BACKWARD_TRANSITIVE: 'consumers',
      FORWARD: 'producers',
      FORWARD_TRANSITIVE: 'producers',
      FULL: 'any',
      FULL_TRANSITIVE: 'any',
    });
  });

  it('accepts aliases and any case', () => {
    expect(ALIASES.map(([alias]) => upgradeOrder(alias.toLowerCase() as Lowercase<StrategyAlias>))).toEqual(['any', 'none', 'consumers', 'producers', 'any', 'any']);
  });

  it('rejects unknown names like parseStrategy', () => {
    // A name read at run time reaches the function untyped: it is checked like parseStrategy's.
    expect(strategyErrorOf(() => upgradeOrder('SOMETIMES' as StrategyName))).toEqual(unknown('SOMETIMES'));
  });
});

describe('strategyScope and strategyDirections', () => {
  it('gives the scope of each strategy', () => {
    expect(Object.fromEntries(CANONICAL.map((name) => [name, strategyScope(name)]))).toEqual({
      NONE: 'none',
      ALWAYS_INCOMPATIBLE: 'latest',
      BACKWARD: 'latest',
      BACKWARD_TRANSITIVE: 'all',
      FORWARD: 'latest',
      FORWARD_TRANSITIVE: 'all',
      FULL: 'latest',
      FULL_TRANSITIVE: 'all',
    });
  });

  it('gives the directions in checking order: FULL is FORWARD then BACKWARD', () => {
    expect(Object.fromEntries(CANONICAL.map((name) => [name, [...strategyDirections(name)]]))).toEqual({
      NONE: [],
      ALWAYS_INCOMPATIBLE: [],
      BACKWARD: ['BACKWARD'],
      BACKWARD_TRANSITIVE: ['BACKWARD'],
      FORWARD: ['FORWARD'],
      FORWARD_TRANSITIVE: ['FORWARD'],
      FULL: ['FORWARD', 'BACKWARD'],
      FULL_TRANSITIVE: ['FORWARD', 'BACKWARD'],
    });
  });
});

describe('defaultStrategy rejects an unknown registry', () => {
  it('throws InvalidOptionError naming the option', async () => {
    const { defaultStrategy, InvalidOptionError } = await import('schema-compat');
    expect(() => defaultStrategy('AVRO', 'karapace' as 'pulsar')).toThrow(InvalidOptionError);
    expect(() => defaultStrategy('AVRO', 'karapace' as 'pulsar')).toThrow("Invalid option registry: \"karapace\" is not 'pulsar' or 'confluent'");
  });
});
