import { describe, expect, it } from 'vitest';
import { AvroChecker, SchemaParseError } from 'schema-compat';
import type { AvroProfile, AvroSchema, Finding, Roles } from 'schema-compat';
// Internal on purpose: the hint function is wired into `explain` elsewhere; these tests pin its texts.
import { avroHint } from '../../src/avro/explain/hints.js';
import { loadJavaCorpus } from '../support/java-corpus.js';

const BACKWARD: Roles = { reader: 'new', writer: 'old' };
const FORWARD: Roles = { reader: 'old', writer: 'new' };

interface Checked {
  readonly reader: AvroSchema;
  readonly writer: AvroSchema;
  readonly findings: readonly Finding[];
}

function check(profile: AvroProfile, reader: object | string, writer: object | string): Checked {
  const checker = new AvroChecker({ profile });
  const r = checker.parse(reader);
  const w = checker.parse(writer);
  const result = checker.canRead(r, w);
  return { reader: r, writer: w, findings: [...result.incompatibilities, ...result.warnings] };
}

/** Each finding as `TYPE location: hint`. */
function hints(profile: AvroProfile, reader: object | string, writer: object | string, roles?: Roles): string[] {
  const { reader: r, writer: w, findings } = check(profile, reader, writer);
  return findings.map((finding) => `${finding.type} ${finding.location}: ${avroHint(finding, r, w, roles)}`);
}

const record = (fields: readonly object[], name = 'R', extra: object = {}): object => ({ type: 'record', name, ...extra, fields });
const field = (name: string, type: unknown, extra: object = {}): object => ({ name, type, ...extra });
const status = (symbols: readonly string[], extra: object = {}): object => ({ type: 'enum', name: 'Status', symbols, ...extra });
const hash = (size: number): object => ({ type: 'fixed', name: 'Hash', size });
const address = (fields: readonly object[]): object => ({ type: 'record', name: 'Address', fields });
const idEmail = record([field('id', 'int'), field('email', 'string')]);
const idOnly = record([field('id', 'int')]);

describe('avroHint, profile confluent: one hint per finding', () => {
  it('a schema against itself has no findings, so no hints', () => {
    expect(hints('confluent', idEmail, idEmail)).toEqual([]);
  });

  it('READER_FIELD_MISSING_DEFAULT_VALUE: a default fitting the type, or an alias for a renamed field', () => {
    expect(hints('confluent', idEmail, idOnly)).toEqual([
      'READER_FIELD_MISSING_DEFAULT_VALUE /fields/1: give field `email` a default, e.g. make it ["null","string"] with default null',
    ]);
    expect(hints('confluent', record([field('total', 'double')]), record([field('amount', 'double')]))).toEqual([
      'READER_FIELD_MISSING_DEFAULT_VALUE /fields/0: add alias `amount` to field `total` (a rename is a drop plus an add)',
    ]);
    const reader = record([field('s', status(['A', 'B'], { default: 'B' })), field('tags', { type: 'array', items: 'string' }), field('home', ['null', address([field('zip', 'string')])])]);
    expect(hints('confluent', reader, record([field('x', 'boolean')]))).toEqual([
      'READER_FIELD_MISSING_DEFAULT_VALUE /fields/0: give field `s` a default, e.g. "B"',
      'READER_FIELD_MISSING_DEFAULT_VALUE /fields/1: give field `tags` a default, e.g. []',
      'READER_FIELD_MISSING_DEFAULT_VALUE /fields/2: give field `home` a default, e.g. null',
    ]);
    const nested = (fields: readonly object[]): object => record([field('home', address(fields))]);
    expect(hints('confluent', nested([field('zip', 'long')]), nested([]))).toEqual([
      'READER_FIELD_MISSING_DEFAULT_VALUE /fields/0/type/fields/0: give field `zip` of `Address` a default, e.g. make it ["null","long"] with default null',
    ]);
  });

  it('READER_FIELD_MISSING_DEFAULT_VALUE with roles: BACKWARD changes the new reader, FORWARD keeps the field in the new writer', () => {
    expect(hints('confluent', idEmail, idOnly, BACKWARD)).toEqual([
      'READER_FIELD_MISSING_DEFAULT_VALUE /fields/1: in the new schema, give field `email` a default, e.g. make it ["null","string"] with default null',
    ]);
    expect(hints('confluent', idEmail, idOnly, FORWARD)).toEqual([
      'READER_FIELD_MISSING_DEFAULT_VALUE /fields/1: in the new schema, keep field `email`: the old schema reads it and has no default for it',
    ]);
    expect(hints('confluent', record([field('total', 'double')]), record([field('amount', 'double')]), FORWARD)).toEqual([
      'READER_FIELD_MISSING_DEFAULT_VALUE /fields/0: in the new schema, keep the name `total` for field `amount`: the old schema reads `total` and has no default for it',
    ]);
  });

  it('AMBIGUOUS_FIELD_ALIAS: remove the alias that finds a second writer field', () => {
    const reader = record([field('a', 'int', { aliases: ['b'] })]);
    const writer = record([field('a', 'int'), field('b', 'int')]);
    expect(hints('confluent', reader, writer)).toEqual([
      'AMBIGUOUS_FIELD_ALIAS /fields/0: remove alias `b` from field `a`, so that it reads writer field `a` only',
    ]);
    expect(hints('confluent', reader, writer, FORWARD)).toEqual([
      "AMBIGUOUS_FIELD_ALIAS /fields/0: in the new schema, rename field `b`: the old schema's field `a` reads `a` and also matches it by its aliases",
    ]);
    expect(hints('confluent', record([field('c', 'int', { aliases: ['a', 'b'] })]), writer)).toEqual([
      'AMBIGUOUS_FIELD_ALIAS /fields/0: remove alias `b` from field `c`, so that it reads writer field `a` only',
    ]);
  });

  it('NAME_MISMATCH: the old name back, or an alias (written in full when the namespaces differ)', () => {
    expect(hints('confluent', record([field('a', 'int')], 'User2'), record([field('a', 'int')], 'User'))).toEqual([
      'NAME_MISMATCH /name: rename record `User2` back to `User`, or add alias `User` to `User2`',
    ]);
    expect(hints('confluent', record([field('a', 'int')], 'User2', { namespace: 'com.a' }), record([field('a', 'int')], 'User', { namespace: 'com.b' }))).toEqual([
      'NAME_MISMATCH /name: rename record `User2` back to `User`, or add alias `com.b.User` to `User2`',
    ]);
    expect(hints('confluent', record([field('a', 'int')], 'User2', { namespace: 'com.a' }), record([field('a', 'int')], 'User'))).toEqual([
      'NAME_MISMATCH /name: rename record `User2` back to `User`, or add alias `.User` to `User2`',
    ]);
    expect(hints('confluent', record([field('a', 'int')], 'User2'), record([field('a', 'int')], 'User'), FORWARD)).toEqual([
      'NAME_MISMATCH /name: in the new schema, rename record `User` back to `User2`: the old schema has no alias for it, and writer aliases are not read',
    ]);
  });

  it('FIXED_SIZE_MISMATCH: keep the size', () => {
    expect(hints('confluent', record([field('h', hash(8))]), record([field('h', hash(16))]))).toEqual([
      'FIXED_SIZE_MISMATCH /fields/0/type/size: keep size 16 for fixed `Hash` (a new size needs a new fixed type in a new field)',
    ]);
    expect(hints('confluent', record([field('h', hash(8))]), record([field('h', hash(16))]), FORWARD)).toEqual([
      'FIXED_SIZE_MISMATCH /fields/0/type/size: in the new schema, keep size 8 for fixed `Hash`, as the old schema reads it (a new size needs a new fixed type in a new field)',
    ]);
  });

  it('MISSING_ENUM_SYMBOLS: an enum default, or the symbols kept', () => {
    const reader = record([field('s', status(['A', 'B']))]);
    const writer = record([field('s', status(['A', 'B', 'C', 'D']))]);
    expect(hints('confluent', reader, writer)).toEqual([
      'MISSING_ENUM_SYMBOLS /fields/0/type/symbols: add a `default` symbol to enum `Status` so readers can read symbols they do not know, or keep symbols C, D',
    ]);
    expect(hints('confluent', reader, writer, FORWARD)).toEqual([
      'MISSING_ENUM_SYMBOLS /fields/0/type/symbols: in the new schema, remove symbols C, D from enum `Status`: the old schema has no enum default to read them as',
    ]);
  });

  it('TYPE_MISMATCH: the writer type, a promotion of it, or a union of both', () => {
    expect(hints('confluent', record([field('age', 'int')]), record([field('age', 'long')]))).toEqual([
      'TYPE_MISMATCH /fields/0/type: change field `age` from `int` to `long` (or `float`, `double`, which read `long` too), or to the union ["int","long"]',
    ]);
    expect(hints('confluent', record([field('age', 'int')]), record([field('age', 'long')]), FORWARD)).toEqual([
      'TYPE_MISMATCH /fields/0/type: in the new schema, change field `age` back to `int`, which the old schema reads',
    ]);
    expect(hints('confluent', record([field('n', 'long')]), record([field('n', 'string')]), FORWARD)).toEqual([
      'TYPE_MISMATCH /fields/0/type: in the new schema, change field `n` back to `long` (or `int`), which the old schema reads',
    ]);
    expect(hints('confluent', record([field('tags', { type: 'array', items: 'int' })]), record([field('tags', { type: 'array', items: 'string' })]))).toEqual([
      'TYPE_MISMATCH /fields/0/type/items: change the items of field `tags` from `int` to `string` (or `bytes`, which reads `string` too), or to the union ["int","string"]',
    ]);
    // A writer union read by a non-union reader: the location names the writer branch.
    expect(hints('confluent', record([field('x', 'string')]), record([field('x', ['null', 'string'])]))).toEqual([
      'TYPE_MISMATCH /fields/0/type/0: make field `x` the union ["null","string"] so that it also reads the writer\'s branch `null`',
    ]);
    expect(hints('confluent', record([field('x', 'string')]), record([field('x', ['null', 'string'])]), FORWARD)).toEqual([
      'TYPE_MISMATCH /fields/0/type/0: in the new schema, remove branch `null` from the union of field `x`: the old schema reads it as `string` only',
    ]);
    expect(hints('confluent', status(['A']), '"string"')).toEqual([
      'TYPE_MISMATCH /: change the top-level `Status` to `string` (or `bytes`, which reads `string` too), or to the union ["Status","string"]',
    ]);
  });

  it('MISSING_UNION_BRANCH: keep or add the branch; a same-named branch is explained by its own finding', () => {
    const x = (type: unknown): object => record([field('x', type)]);
    expect(hints('confluent', x(['null', 'string']), x(['null', 'string', 'long']))).toEqual([
      'MISSING_UNION_BRANCH /fields/0/type/2: keep branch `long` in the union of field `x` at /fields/0/type',
    ]);
    expect(hints('confluent', x(['null', 'string']), x(['null', 'string', 'long']), FORWARD)).toEqual([
      "MISSING_UNION_BRANCH /fields/0/type/2: in the new schema, remove branch `long` from the union of field `x` at /fields/0/type: the old schema's union cannot read it",
    ]);
    expect(hints('confluent', x(['null', 'string']), x('int'))).toEqual([
      'MISSING_UNION_BRANCH /fields/0/type: add branch `int` to the union of field `x` at /fields/0/type',
    ]);
    expect(hints('confluent', x(['null', 'string']), x('int'), FORWARD)).toEqual([
      "MISSING_UNION_BRANCH /fields/0/type: in the new schema, change field `x` back to one of `null` and `string`, which the old schema's union reads",
    ]);
    expect(hints('confluent', ['null', 'string'], ['null', 'string', hash(4)])).toEqual([
      'MISSING_UNION_BRANCH /2: keep branch `Hash` in the top-level union',
    ]);
    const home = (fields: readonly object[]): object => record([field('home', ['null', address(fields)])]);
    expect(hints('confluent', home([field('street', 'string'), field('zip', 'string')]), home([field('street', 'string')]))).toEqual([
      "MISSING_UNION_BRANCH /fields/0/type/1: for the union of field `home` at /fields/0/type to read the writer's `Address`, give field `zip` of `Address` a default, e.g. make it [\"null\",\"string\"] with default null",
    ]);
    expect(hints('confluent', home([field('street', 'string'), field('zip', 'string')]), home([field('street', 'string')]), BACKWARD)).toEqual([
      "MISSING_UNION_BRANCH /fields/0/type/1: for the new schema's union of field `home` at /fields/0/type to read the old schema's `Address`, in the new schema, give field `zip` of `Address` a default, e.g. make it [\"null\",\"string\"] with default null",
    ]);
    const list = (items: string): object => x(['null', { type: 'array', items }]);
    expect(hints('confluent', list('int'), list('string'))).toEqual([
      "MISSING_UNION_BRANCH /fields/0/type/1: for the union of field `x` at /fields/0/type to read the writer's {\"type\":\"array\",\"items\":\"string\"}, change the items of branch `array` of field `x` from `int` to `string` (or `bytes`, which reads `string` too), or to the union [\"int\",\"string\"]",
    ]);
  });

  it('MISSING_UNION_BRANCH of a recursive record: the branch is checked alone, and the walk ends', () => {
    const node = (a: string): object => ['null', { type: 'record', name: 'Node', fields: [field('a', a), field('next', ['null', 'Node'])] }];
    expect(hints('confluent', node('int'), node('string'))).toEqual([
      'MISSING_UNION_BRANCH /1: for the top-level union to read the writer\'s `Node`, change field `a` of `Node` from `int` to `string` (or `bytes`, which reads `string` too), or to the union ["int","string"]',
    ]);
  });

  it('warnings: LOSSY_PROMOTION, DECIMAL_MISMATCH, LOGICAL_TYPE_CHANGED', () => {
    expect(hints('confluent', record([field('v', 'double')]), record([field('v', 'long')]))).toEqual([
      'LOSSY_PROMOTION /fields/0/type: read field `v` as `long` instead of `double`, or accept rounding of `long` values beyond 2^53',
    ]);
    expect(hints('confluent', record([field('v', 'float')]), record([field('v', 'int')]))).toEqual([
      'LOSSY_PROMOTION /fields/0/type: read field `v` as `double` or `long` instead of `float`, or accept rounding of `int` values beyond 2^24',
    ]);
    expect(hints('confluent', record([field('v', 'float')]), record([field('v', 'int')]), FORWARD)).toEqual([
      'LOSSY_PROMOTION /fields/0/type: in the new schema, write field `v` as `float` like the old schema reads it, or accept rounding of `int` values beyond 2^24',
    ]);
    const price = (precision: number, scale: number): object => record([field('price', { type: 'bytes', logicalType: 'decimal', precision, scale })]);
    expect(hints('confluent', price(12, 4), price(10, 2))).toEqual([
      'DECIMAL_MISMATCH /fields/0/type: keep precision 10 and scale 2 on field `price` (or migrate with a new field)',
    ]);
    const ts = (logicalType: string): object => record([field('ts', { type: 'long', logicalType })]);
    expect(hints('confluent', ts('timestamp-micros'), ts('timestamp-millis'), BACKWARD)).toEqual([
      'LOGICAL_TYPE_CHANGED /fields/0/type: in the new schema, keep logicalType `timestamp-millis` on field `ts` (or migrate with a new field)',
    ]);
  });
});

describe('avroHint, profile pulsar: Java runtime messages, reader union branches in locations', () => {
  it('TYPE_MISMATCH, READER_FIELD_MISSING_DEFAULT_VALUE, NAME_MISMATCH, FIXED_SIZE_MISMATCH', () => {
    expect(hints('pulsar', record([field('age', 'int')]), record([field('age', 'long')]))).toEqual([
      'TYPE_MISMATCH /fields/0/type: change field `age` from `int` to `long` (or `float`, `double`, which read `long` too), or to the union ["int","long"]',
    ]);
    expect(hints('pulsar', idEmail, idOnly)).toEqual([
      'READER_FIELD_MISSING_DEFAULT_VALUE /fields/1: give field `email` a default, e.g. make it ["null","string"] with default null',
    ]);
    const s = (name: string): object => record([field('s', { type: 'enum', name, symbols: ['A', 'B'] })]);
    expect(hints('pulsar', s('Status2'), s('Status'))).toEqual([
      'NAME_MISMATCH /fields/0/type/name: rename enum `Status2` back to `Status`, or add alias `Status` to `Status2`',
    ]);
    expect(hints('pulsar', record([field('h', hash(8))]), record([field('h', hash(16))]))).toEqual([
      'FIXED_SIZE_MISMATCH /fields/0/type/size: keep size 16 for fixed `Hash` (a new size needs a new fixed type in a new field)',
    ]);
  });

  it('MISSING_UNION_BRANCH and TYPE_MISMATCH in unions: the writer branch comes from the message', () => {
    const x = (type: unknown): object => record([field('x', type)]);
    expect(hints('pulsar', x(['null', 'string']), x(['null', 'string', 'int']))).toEqual([
      'MISSING_UNION_BRANCH /fields/0/type: keep branch `int` in the union of field `x` at /fields/0/type',
    ]);
    expect(hints('pulsar', x(['null', 'string']), x('int'))).toEqual([
      'MISSING_UNION_BRANCH /fields/0/type: add branch `int` to the union of field `x` at /fields/0/type',
    ]);
    expect(hints('pulsar', x('string'), x(['null', 'string', 'int']))).toEqual([
      'TYPE_MISMATCH /fields/0/type: make field `x` the union ["null","string"] so that it also reads the writer\'s branch `null`',
      'TYPE_MISMATCH /fields/0/type: make field `x` the union ["string","int"] so that it also reads the writer\'s branch `int`',
    ]);
    // The reader branch the runtime picks is a location token: /fields/0/type/1 is the array branch.
    expect(hints('pulsar', x(['null', { type: 'array', items: 'int' }]), x({ type: 'array', items: 'string' }))).toEqual([
      'TYPE_MISMATCH /fields/0/type/1/items: change the items of branch `array` of field `x` from `int` to `string` (or `bytes`, which reads `string` too), or to the union ["int","string"]',
    ]);
  });

  it('UNREADABLE_ENUM_SYMBOLS (warning): the symbols, or an enum default', () => {
    const reader = record([field('s', status(['A', 'B']))]);
    const writer = record([field('s', status(['A', 'B', 'C']))]);
    expect(hints('pulsar', reader, writer)).toEqual([
      'UNREADABLE_ENUM_SYMBOLS /fields/0/type/symbols: add symbol C to enum `Status`, or give it an enum `default` so that readers read it as that symbol instead of failing',
    ]);
    expect(hints('pulsar', reader, writer, FORWARD)).toEqual([
      'UNREADABLE_ENUM_SYMBOLS /fields/0/type/symbols: in the new schema, remove symbol C from enum `Status`: the old schema fails on it (it has no enum default)',
    ]);
  });
});

describe('avroHint, profile strict: DECIMAL_MISMATCH and LOGICAL_TYPE_CHANGED as incompatibilities', () => {
  it('names the precision, scale and logical types of the other side', () => {
    const price = (precision: number, scale: number): object => record([field('price', { type: 'bytes', logicalType: 'decimal', precision, scale })]);
    expect(hints('strict', price(12, 4), price(10, 2), FORWARD)).toEqual([
      'DECIMAL_MISMATCH /fields/0/type: in the new schema, keep precision 12 and scale 4 on field `price`, as the old schema reads it (or migrate with a new field)',
    ]);
    const t = (type: unknown): object => record([field('t', type)]);
    expect(hints('strict', t({ type: 'long', logicalType: 'timestamp-micros' }), t({ type: 'long', logicalType: 'timestamp-millis' }))).toEqual([
      'LOGICAL_TYPE_CHANGED /fields/0/type: keep logicalType `timestamp-millis` on field `t` (or migrate with a new field)',
    ]);
    expect(hints('strict', t({ type: 'int', logicalType: 'date' }), t('int'))).toEqual([
      "LOGICAL_TYPE_CHANGED /fields/0/type: remove logicalType `date` from field `t`, as the writer's `int` has none (or migrate with a new field)",
    ]);
    expect(hints('strict', t('long'), t({ type: 'int', logicalType: 'date' }))).toEqual([
      'LOGICAL_TYPE_CHANGED /fields/0/type: keep `int` with logicalType `date` on field `t` (or migrate with a new field)',
    ]);
    expect(hints('strict', t('string'), t({ type: 'string', logicalType: 'uuid' }), FORWARD)).toEqual([
      'LOGICAL_TYPE_CHANGED /fields/0/type: in the new schema, remove logicalType `uuid` from field `t`, as the old schema reads a plain `string` (or migrate with a new field)',
    ]);
    // One list, two conventions: Java's finding names writer branch 1 (`int`), the runtime's reader branch 0 (the decimal).
    const decimal = (precision: number): object => ({ type: 'bytes', logicalType: 'decimal', precision, scale: 2 });
    expect(hints('strict', t([decimal(6), 'null', 'string']), t(['null', 'int', decimal(4)]))).toEqual([
      'MISSING_UNION_BRANCH /fields/0/type/1: keep branch `int` in the union of field `t` at /fields/0/type',
      'DECIMAL_MISMATCH /fields/0/type/0: keep precision 4 and scale 2 on branch `bytes` of field `t` (or migrate with a new field)',
    ]);
    expect(hints('strict', t({ type: 'bytes', logicalType: 'decimal', precision: 10, scale: 2 }), t('bytes'))).toEqual([
      "LOGICAL_TYPE_CHANGED /fields/0/type: remove logicalType `decimal` (precision 10, scale 2) from field `t`, as the writer's `bytes` has none (or migrate with a new field)",
    ]);
  });
});

/** Attribute names of the Avro JSON form: words that prove nothing when they occur in a schema's text. */
const ATTRIBUTES = new Set(['type', 'name', 'namespace', 'fields', 'items', 'values', 'symbols', 'default', 'aliases', 'doc', 'size', 'order', 'logicalType', 'precision', 'scale']);

/** Does some backticked word of the hint occur as a JSON string (a name, symbol or type) in one of the schema texts? */
function mentionsSchema(hint: string, texts: readonly string[]): boolean {
  for (const [, span] of hint.matchAll(/`([^`]+)`/g)) {
    for (const word of (span as string).match(/[A-Za-z_][\w.-]*/g) ?? []) {
      const simple = word.slice(word.lastIndexOf('.') + 1);
      if (!ATTRIBUTES.has(simple) && texts.some((text) => text.includes(JSON.stringify(word)) || text.includes(JSON.stringify(simple)))) return true;
    }
  }
  return false;
}

function parsed(checker: AvroChecker, document: unknown): AvroSchema | undefined {
  try {
    return checker.parse(document as object);
  } catch (error) {
    if (error instanceof SchemaParseError) return undefined;
    throw error;
  }
}

describe('avroHint over the Apache Avro Java 1.12 corpus', () => {
  it('every finding gets a one-sentence hint naming something of its schemas, and avroHint never throws', () => {
    const checkers = { confluent: new AvroChecker(), pulsar: new AvroChecker({ profile: 'pulsar' }), strict: new AvroChecker({ profile: 'strict' }) };
    const failures: string[] = [];
    const placeholders: string[] = [];
    const counts = { pairs: 0, confluent: 0, pulsar: 0, strict: 0, java: 0 };
    const byType = new Map<string, number>();
    const hintAll = (label: keyof typeof counts, id: string, findings: readonly Finding[], reader: AvroSchema, writer: AvroSchema, texts: readonly string[]): void => {
      for (const finding of findings) {
        for (const roles of [undefined, BACKWARD, FORWARD]) {
          const hint = avroHint(finding, reader, writer, roles);
          counts[label]++;
          if (roles === undefined && label === 'confluent') byType.set(finding.type, (byType.get(finding.type) ?? 0) + 1);
          const line = `${id} ${label} ${finding.type} ${finding.location} ${finding.message}: ${hint}`;
          if (hint === '' || !mentionsSchema(hint, texts) || /\n|\.$/.test(hint)) failures.push(line);
          // Our own findings always resolve in the schemas: no placeholder, no fallback to a bare location.
          if (label !== 'java' && /`\?`|undefined|NaN|the type at |the enum at |the `fixed` at /.test(hint)) placeholders.push(line);
        }
      }
    };
    for (const pair of loadJavaCorpus()) {
      if (!('confluent' in pair.java)) continue;
      const reader = parsed(checkers.confluent, pair.reader);
      const writer = parsed(checkers.confluent, pair.writer);
      if (!reader || !writer) continue;
      counts.pairs++;
      const texts = [JSON.stringify(pair.reader), JSON.stringify(pair.writer)];
      for (const profile of ['confluent', 'pulsar', 'strict'] as const) {
        const result = checkers[profile].canRead(reader, writer);
        hintAll(profile, pair.id, [...result.incompatibilities, ...result.warnings], reader, writer, texts);
      }
      // Java's own lists, whose locations are stale where Java's reporting bugs are (docs/avro.md).
      hintAll('java', pair.id, pair.java.confluent.incompatibilities, reader, writer, texts);
    }
    const types = [...byType].sort(([a], [b]) => (a < b ? -1 : 1)).map(([type, n]) => `${type} ${n}`).join(', ');
    console.info(`[hints] ${counts.pairs} corpus pairs; hints given (each without roles, BACKWARD, FORWARD): confluent ${counts.confluent}, pulsar ${counts.pulsar}, strict ${counts.strict}, Java's own lists ${counts.java}; confluent findings by type: ${types}; ${failures.length} without a schema name`);
    expect(failures.slice(0, 20)).toEqual([]);
    expect(placeholders.slice(0, 20)).toEqual([]);
    expect(counts.confluent).toBeGreaterThan(0);
  });
});
