import { describe, expect, it } from 'vitest';
import { AvroChecker, InvalidOptionError, checkCompatibility } from 'schema-compat';
import type { AvroProfile } from 'schema-compat';

/** The findings (type, location, message) of reading `writer` data with `reader` under a profile. */
function check(profile: AvroProfile, reader: unknown, writer: unknown): { incompatibilities: unknown; warnings: unknown } {
  const checker = new AvroChecker({ profile });
  const result = checker.canRead(checker.parse(JSON.stringify(reader)), checker.parse(JSON.stringify(writer)));
  const plain = (list: readonly { type: string; location: string; message: string }[]): unknown => list.map(({ type, location, message }) => ({ type, location, message }));
  expect(result.compatible).toBe(result.incompatibilities.length === 0);
  return { incompatibilities: plain(result.incompatibilities), warnings: plain(result.warnings) };
}

const field = (type: unknown, extra: object = {}): object => ({ type: 'record', name: 'R', fields: [{ name: 'a', type, ...extra }] });
const PROFILES: readonly AvroProfile[] = ['confluent', 'pulsar', 'strict'];

describe('warnings: what readers will misread, in every profile', () => {
  it('LOSSY_PROMOTION for int or long read as float, and long read as double; not for the exact promotions', () => {
    const lossy = [['float', 'int'], ['float', 'long'], ['double', 'long']];
    const exact = [['long', 'int'], ['double', 'int'], ['double', 'float'], ['bytes', 'string'], ['string', 'bytes']];
    for (const profile of PROFILES) {
      for (const [reader, writer] of lossy) {
        expect(check(profile, field(reader), field(writer)), `${profile} ${reader} <- ${writer}`).toEqual({
          incompatibilities: [],
          warnings: [{ type: 'LOSSY_PROMOTION', location: '/fields/0/type', message: `writer ${writer} read as ${reader}: large values lose precision` }],
        });
      }
      for (const [reader, writer] of exact) expect(check(profile, field(reader), field(writer)), `${profile} ${reader} <- ${writer}`).toEqual({ incompatibilities: [], warnings: [] });
    }
  });

  it('follows the branch the runtime reads: a union of long and double reads an int as a long, exactly', () => {
    expect(check('confluent', field(['null', 'long', 'double']), field('int'))).toEqual({ incompatibilities: [], warnings: [] });
    expect(check('confluent', field(['null', 'float']), field(['null', 'long']))).toEqual({
      incompatibilities: [],
      warnings: [{ type: 'LOSSY_PROMOTION', location: '/fields/0/type/1', message: 'writer long read as float: large values lose precision' }],
    });
  });
});

describe('logical types: warnings under confluent and pulsar, incompatibilities under strict (spec 1.12)', () => {
  const decimal = (precision: number, scale: number): object => ({ type: 'bytes', logicalType: 'decimal', precision, scale });
  const cases: readonly [string, unknown, unknown, string, string][] = [
    ['decimal precision', decimal(10, 2), decimal(4, 2), 'DECIMAL_MISMATCH', 'writer decimal(4,2) read as decimal(10,2)'],
    ['decimal scale', decimal(10, 3), decimal(10, 2), 'DECIMAL_MISMATCH', 'writer decimal(10,2) read as decimal(10,3)'],
    ['millis read as micros', { type: 'long', logicalType: 'timestamp-micros' }, { type: 'long', logicalType: 'timestamp-millis' }, 'LOGICAL_TYPE_CHANGED', 'writer logical type timestamp-millis read as timestamp-micros'],
    ['a date read as a plain int', 'int', { type: 'int', logicalType: 'date' }, 'LOGICAL_TYPE_CHANGED', 'writer logical type date read as none'],
    ['a plain int read as a date', { type: 'int', logicalType: 'date' }, 'int', 'LOGICAL_TYPE_CHANGED', 'writer logical type none read as date'],
    ['a uuid annotation dropped', 'string', { type: 'string', logicalType: 'uuid' }, 'LOGICAL_TYPE_CHANGED', 'writer logical type uuid read as none'],
    ['a date promoted to a timestamp', { type: 'long', logicalType: 'timestamp-millis' }, { type: 'int', logicalType: 'date' }, 'LOGICAL_TYPE_CHANGED', 'writer logical type date read as timestamp-millis'],
  ];

  for (const [what, reader, writer, type, message] of cases) {
    it(what, () => {
      const finding = { type, location: '/fields/0/type', message };
      expect(check('confluent', field(reader), field(writer))).toEqual({ incompatibilities: [], warnings: [finding] });
      expect(check('pulsar', field(reader), field(writer))).toEqual({ incompatibilities: [], warnings: [finding] });
      expect(check('strict', field(reader), field(writer))).toEqual({ incompatibilities: [finding], warnings: [] });
    });
  }

  it('ignores unknown and invalid logical types, as the spec requires', () => {
    for (const profile of PROFILES) {
      expect(check(profile, field('bytes'), field({ type: 'bytes', logicalType: 'decimal', precision: 2, scale: 5 })), profile).toEqual({ incompatibilities: [], warnings: [] });
      expect(check(profile, field('string'), field({ type: 'string', logicalType: 'color' })), profile).toEqual({ incompatibilities: [], warnings: [] });
      expect(check(profile, field('int'), field({ type: 'int', logicalType: 'timestamp-millis' })), profile).toEqual({ incompatibilities: [], warnings: [] });
    }
  });

  it('checks decimals on fixed, with the precision a fixed can hold', () => {
    const fixed = (precision: number): object => ({ type: 'fixed', name: 'Money', size: 8, logicalType: 'decimal', precision, scale: 2 });
    expect(check('strict', field(fixed(18)), field(fixed(12)))).toEqual({
      incompatibilities: [{ type: 'DECIMAL_MISMATCH', location: '/fields/0/type', message: 'writer decimal(12,2) read as decimal(18,2)' }],
      warnings: [],
    });
    // 8 bytes hold 18 digits at most: decimal(19,2) on fixed(8) is invalid, so it is a plain fixed.
    expect(check('strict', field(fixed(19)), field(fixed(12)))).toEqual({
      incompatibilities: [{ type: 'LOGICAL_TYPE_CHANGED', location: '/fields/0/type', message: 'writer logical type decimal(12,2) read as none' }],
      warnings: [],
    });
  });
});

describe('profile pulsar: Java 1.12 runtime resolution (reference/avro.md §2.10)', () => {
  it('does not check record names, compares enum and fixed simple names, and lists errors with Java\'s runtime messages', () => {
    expect(check('pulsar', { type: 'record', name: 'X', fields: [{ name: 'a', type: 'int' }] }, { type: 'record', name: 'Y', fields: [{ name: 'a', type: 'int' }] })).toEqual({ incompatibilities: [], warnings: [] });
    expect(check('confluent', { type: 'record', name: 'X', fields: [] }, { type: 'record', name: 'Y', fields: [] }).incompatibilities).toEqual([
      { type: 'NAME_MISMATCH', location: '/name', message: 'expected: Y' },
    ]);
    expect(check('pulsar', field({ type: 'enum', name: 'a.E', symbols: ['X'] }), field({ type: 'enum', name: 'b.E', symbols: ['X'] }))).toEqual({ incompatibilities: [], warnings: [] });
    expect(check('pulsar', field({ type: 'fixed', name: 'F', size: 4 }), field({ type: 'fixed', name: 'G', size: 8 }))).toEqual({
      incompatibilities: [{ type: 'NAME_MISMATCH', location: '/fields/0/type/name', message: 'Found G, expecting F' }],
      warnings: [],
    });
    expect(check('pulsar', field('int'), field('string'))).toEqual({
      incompatibilities: [{ type: 'TYPE_MISMATCH', location: '/fields/0/type', message: 'Found string, expecting int' }],
      warnings: [],
    });
    expect(check('pulsar', { type: 'record', name: 'R', fields: [{ name: 'a', type: 'int' }, { name: 'b', type: 'int' }] }, { type: 'record', name: 'R', fields: [{ name: 'a', type: 'int' }] })).toEqual({
      incompatibilities: [{ type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/1', message: 'Found R, expecting R, missing required field b' }],
      warnings: [],
    });
  });

  it('names the missing field in the sentence of a pulsar finding, not Java\'s runtime text', () => {
    const reader = { type: 'record', name: 'R', fields: [{ name: 'a', type: 'int' }, { name: 'b', type: 'int' }] };
    const writer = { type: 'record', name: 'R', fields: [{ name: 'a', type: 'int' }] };
    const result = checkCompatibility('BACKWARD', reader, [writer], { avro: { profile: 'pulsar' } });
    expect(result.incompatibilities.map(({ message, description }) => ({ message, description }))).toEqual([{
      message: 'Found R, expecting R, missing required field b',
      description: "The field 'b' at path '/fields/1' in the new schema has no default value and is missing in the old schema",
    }]);
  });

  it('resolves missing enum symbols at read time: a warning, not an incompatibility', () => {
    const reader = field({ type: 'enum', name: 'E', symbols: ['A', 'B'] });
    const writer = field({ type: 'enum', name: 'E', symbols: ['A', 'B', 'C'] });
    expect(check('pulsar', reader, writer)).toEqual({
      incompatibilities: [],
      warnings: [{ type: 'UNREADABLE_ENUM_SYMBOLS', location: '/fields/0/type/symbols', message: '[C]' }],
    });
    expect(check('confluent', reader, writer)).toEqual({
      incompatibilities: [{ type: 'MISSING_ENUM_SYMBOLS', location: '/fields/0/type/symbols', message: '[C]' }],
      warnings: [],
    });
  });

  it('rewrites the writer with the reader\'s aliases, then matches fields by name only', () => {
    const reader = { type: 'record', name: 'ns.New', aliases: ['ns.Old'], fields: [{ name: 'total', type: 'long', aliases: ['amount'] }] };
    const writer = { type: 'record', name: 'ns.Old', fields: [{ name: 'amount', type: 'int' }] };
    expect(check('pulsar', reader, writer)).toEqual({ incompatibilities: [], warnings: [] });
  });

  it('picks the reader union branch as Java\'s runtime does: an exact full name first, then a record of the same structure', () => {
    const record = (name: string): object => ({ type: 'record', name, fields: [{ name: 'field1', type: 'int' }] });
    // Java's test pair: compatible at runtime, MISSING_UNION_BRANCH for the checker.
    expect(check('pulsar', ['int', record('Record1')], ['int', record('Record2')])).toEqual({ incompatibilities: [], warnings: [] });
    expect(check('confluent', ['int', record('Record1')], ['int', record('Record2')]).incompatibilities).toEqual([
      { type: 'MISSING_UNION_BRANCH', location: '/1', message: 'reader union lacking writer type: RECORD' },
    ]);
    // An enum needs its full name in a reader union: no fallback on the simple name there.
    expect(check('pulsar', ['null', { type: 'enum', name: 'a.E', symbols: ['X'] }], { type: 'enum', name: 'b.E', symbols: ['X'] })).toEqual({
      incompatibilities: [{ type: 'MISSING_UNION_BRANCH', location: '/', message: 'Found b.E, expecting union' }],
      warnings: [],
    });
  });

  it('terminates on recursive schemas where Java overflows the stack, with the verdict the rules imply', () => {
    const list = (head: string): object => ({ type: 'record', name: 'List', fields: [{ name: 'head', type: head }, { name: 'tail', type: 'List' }] });
    expect(check('pulsar', list('long'), list('int'))).toEqual({ incompatibilities: [], warnings: [] });
    expect(check('pulsar', list('int'), list('long'))).toEqual({
      incompatibilities: [{ type: 'TYPE_MISMATCH', location: '/fields/0/type', message: 'Found long, expecting int' }],
      warnings: [],
    });
  });
});

describe('warnings in a history check', () => {
  it('carry direction, version and a sentence with new and old filled in', () => {
    const result = checkCompatibility('FULL', field('float'), [field('long')]);
    expect(result.compatible).toBe(false);
    expect(result.warnings).toEqual([
      {
        type: 'LOSSY_PROMOTION', direction: 'BACKWARD', version: 1, location: '/fields/0/type',
        message: 'writer long read as float: large values lose precision',
        description: "The new schema reads a number of the old schema as a less precise type at path '/fields/0/type' (writer long read as float: large values lose precision)",
      },
    ]);
    const enums = (symbols: string[]): object => field({ type: 'enum', name: 'E', symbols });
    const pulsar = checkCompatibility('FORWARD', enums(['A', 'B', 'C']), [enums(['A', 'B'])], { avro: { profile: 'pulsar' } });
    expect(pulsar.compatible).toBe(true);
    expect(pulsar.warnings.map((warning) => warning.description)).toEqual([
      "The old schema is missing enum symbols '[C]' at path '/fields/0/type/symbols' of the new schema: data holding them fails when read",
    ]);
  });
});

describe('choosing a profile', () => {
  it('is an AvroChecker option and a checkCompatibility option', () => {
    const reader = { type: 'record', name: 'X', fields: [{ name: 'a', type: 'int' }] };
    const writer = { type: 'record', name: 'Y', fields: [{ name: 'a', type: 'int' }] };
    expect(checkCompatibility('BACKWARD', reader, [writer], { avro: { profile: 'pulsar' } }).compatible).toBe(true);
    expect(checkCompatibility('BACKWARD', reader, [writer]).compatible).toBe(false);
  });

  it('rejects an unknown profile, listing the three', () => {
    expect(() => new AvroChecker({ profile: 'karapace' as AvroProfile })).toThrow(InvalidOptionError);
    expect(() => new AvroChecker({ profile: 'karapace' as AvroProfile })).toThrow('Invalid option profile: "karapace" is not an Avro profile; use one of confluent, pulsar, strict');
  });

  it('drops warnings with warnings: false, keeping every verdict and incompatibility (strict still counts logical-type changes)', () => {
    const reader = { type: 'record', name: 'R', fields: [{ name: 'a', type: 'float' }, { name: 'b', type: 'string' }, { name: 'c', type: 'int' }] };
    const writer = { type: 'record', name: 'R', fields: [{ name: 'a', type: 'long' }, { name: 'b', type: { type: 'string', logicalType: 'uuid' } }, { name: 'c', type: 'long' }] };
    for (const profile of PROFILES) {
      const checker = (warnings: boolean): AvroChecker => new AvroChecker({ profile, warnings });
      const full = checker(true).canRead(checker(true).parse(reader), checker(true).parse(writer));
      const quiet = checker(false).canRead(checker(false).parse(reader), checker(false).parse(writer));
      expect(full.warnings.length, profile).toBeGreaterThan(0);
      expect(quiet.warnings, profile).toEqual([]);
      expect(quiet.incompatibilities, profile).toEqual(full.incompatibilities);
      expect(quiet.compatible, profile).toBe(false);
    }
  });

  it('rejects options that are not booleans, naming them', () => {
    expect(() => new AvroChecker({ warnings: 'no' as unknown as boolean })).toThrow('Invalid option warnings: "no" is not a boolean');
    expect(() => new AvroChecker({ javaQuirks: 1 as unknown as boolean })).toThrow('Invalid option javaQuirks: 1 is not a boolean');
  });
});
