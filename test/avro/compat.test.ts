import { describe, expect, it } from 'vitest';
import { AvroChecker } from 'schema-compat';

const checker = new AvroChecker();

/** The findings (type, location, message) of reading `writer` data with `reader`. */
function findings(reader: unknown, writer: unknown): unknown {
  const result = checker.canRead(checker.parse(JSON.stringify(reader)), checker.parse(JSON.stringify(writer)));
  expect(result.compatible).toBe(result.incompatibilities.length === 0);
  return result.incompatibilities.map(({ type, location, message }) => ({ type, location, message }));
}

const record = (name: string, fields: unknown[], extra: object = {}): object => ({ type: 'record', name, fields, ...extra });
const mismatch = (reader: string, writer: string, location = '/'): object => ({
  type: 'TYPE_MISMATCH', location, message: `reader type: ${reader} not compatible with writer type: ${writer}`,
});

describe('Avro resolution (Java 1.12 SchemaCompatibility)', () => {
  const primitives = ['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string'];
  /** Spec 1.12 "Schema Resolution": the only promotions. */
  const promotions = new Set(['int>long', 'int>float', 'int>double', 'long>float', 'long>double', 'float>double', 'string>bytes', 'bytes>string']);

  it('promotes exactly int→long/float/double, long→float/double, float→double, string↔bytes', () => {
    for (const reader of primitives) {
      for (const writer of primitives) {
        const expected = reader === writer || promotions.has(`${writer}>${reader}`) ? [] : [mismatch(reader.toUpperCase(), writer.toUpperCase())];
        expect(findings(reader, writer), `${reader} <- ${writer}`).toEqual(expected);
      }
    }
  });

  it('ignores logical types (decimal precision, timestamp units): only the underlying types count', () => {
    expect(findings({ type: 'bytes', logicalType: 'decimal', precision: 4, scale: 2 }, { type: 'bytes', logicalType: 'decimal', precision: 10, scale: 3 })).toEqual([]);
    expect(findings({ type: 'long', logicalType: 'timestamp-micros' }, { type: 'long', logicalType: 'timestamp-millis' })).toEqual([]);
    expect(findings({ type: 'int', logicalType: 'date' }, 'int')).toEqual([]);
  });

  it('compares simple names, ignoring namespaces, and qualified reader aliases against the writer full name', () => {
    expect(findings(record('a.R', []), record('b.R', []))).toEqual([]);
    expect(findings(record('ns1.B', [], { aliases: ['A'] }), record('ns2.A', []))).toEqual([{ type: 'NAME_MISMATCH', location: '/name', message: 'expected: ns2.A' }]);
    expect(findings(record('ns1.B', [], { aliases: ['ns2.A'] }), record('ns2.A', []))).toEqual([]);
    expect(findings(record('ns1.B', [], { aliases: ['A'] }), record('ns1.A', []))).toEqual([]);
    // Writer aliases are never consulted.
    expect(findings(record('B', []), record('A', [], { aliases: ['B'] }))).toEqual([{ type: 'NAME_MISMATCH', location: '/name', message: 'expected: A' }]);
  });

  it('matches record fields by name or reader alias, needs defaults for reader-only fields, skips writer-only fields', () => {
    const writer = record('R', [{ name: 'id', type: 'int' }, { name: 'old', type: 'string' }, { name: 'gone', type: 'long' }]);
    const reader = record('R', [
      { name: 'id', type: 'long' },
      { name: 'renamed', type: 'string', aliases: ['old'] },
      { name: 'added', type: 'int', default: 0 },
      { name: 'required', type: 'int' },
    ]);
    expect(findings(reader, writer)).toEqual([{ type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/3', message: 'required' }]);
    expect(findings(writer, reader)).toEqual([
      mismatch('INT', 'LONG', '/fields/0/type'),
      { type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/1', message: 'old' },
      { type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/2', message: 'gone' },
    ]);
  });

  it('needs every writer enum symbol in the reader unless the reader enum has a default', () => {
    const writer = { type: 'enum', name: 'E', symbols: ['A', 'B', 'C', 'D'] };
    expect(findings({ type: 'enum', name: 'E', symbols: ['C', 'A'] }, writer)).toEqual([{ type: 'MISSING_ENUM_SYMBOLS', location: '/symbols', message: '[B, D]' }]);
    expect(findings({ type: 'enum', name: 'E', symbols: ['C', 'A'], default: 'A' }, writer)).toEqual([]);
    expect(findings({ type: 'enum', name: 'F', symbols: ['A'] }, { type: 'enum', name: 'E', symbols: ['A'] })).toEqual([{ type: 'NAME_MISMATCH', location: '/name', message: 'expected: E' }]);
  });

  it('checks fixed names, then sizes', () => {
    expect(findings({ type: 'fixed', name: 'F', size: 8 }, { type: 'fixed', name: 'G', size: 16 })).toEqual([
      { type: 'NAME_MISMATCH', location: '/name', message: 'expected: G' },
      { type: 'FIXED_SIZE_MISMATCH', location: '/size', message: 'expected: 16, found: 8' },
    ]);
  });

  it('recurses into array items and map values', () => {
    expect(findings({ type: 'array', items: 'int' }, { type: 'array', items: 'long' })).toEqual([mismatch('INT', 'LONG', '/items')]);
    expect(findings({ type: 'map', values: 'int' }, { type: 'map', values: 'string' })).toEqual([mismatch('INT', 'STRING', '/values')]);
    expect(findings({ type: 'map', values: 'int' }, { type: 'array', items: 'int' })).toEqual([mismatch('MAP', 'ARRAY')]);
  });

  describe('unions (reference/avro.md §2.6)', () => {
    it('union reader, union writer: one MISSING_UNION_BRANCH per unreadable writer branch, at <union>/<index>', () => {
      expect(findings(['int', 'string'], ['string', 'int'])).toEqual([]);
      expect(findings(['null', 'int'], ['null', 'long', 'string'])).toEqual([
        { type: 'MISSING_UNION_BRANCH', location: '/1', message: 'reader union lacking writer type: LONG' },
        { type: 'MISSING_UNION_BRANCH', location: '/2', message: 'reader union lacking writer type: STRING' },
      ]);
    });

    it('union reader, plain writer: some branch must read it, else MISSING_UNION_BRANCH at the union', () => {
      expect(findings(['null', 'long'], 'int')).toEqual([]);
      expect(findings(record('R', [{ name: 'f', type: ['null', 'int'] }]), record('R', [{ name: 'f', type: 'string' }]))).toEqual([
        { type: 'MISSING_UNION_BRANCH', location: '/fields/0/type', message: 'reader union lacking writer type: STRING' },
      ]);
    });

    it('plain reader, union writer: every branch must be readable; findings keep the branch index (AVRO-3612)', () => {
      expect(findings(record('R', [{ name: 'f', type: 'int' }]), record('R', [{ name: 'f', type: ['null', 'int'] }]))).toEqual([
        mismatch('INT', 'NULL', '/fields/0/type/0'),
      ]);
    });

    it('reads an empty writer union with any union, and an empty reader union reads nothing', () => {
      expect(findings(['int'], [])).toEqual([]);
      expect(findings([], [])).toEqual([]);
      expect(findings([], 'int')).toEqual([{ type: 'MISSING_UNION_BRANCH', location: '/', message: 'reader union lacking writer type: INT' }]);
    });
  });

  it('terminates on recursive schemas and treats pairs in progress as compatible (co-induction)', () => {
    const list = (head: string): object => record('List', [{ name: 'head', type: head }, { name: 'tail', type: ['null', 'List'], default: null }]);
    expect(findings(list('long'), list('int'))).toEqual([]);
    expect(findings(list('int'), list('long'))).toEqual([mismatch('INT', 'LONG', '/fields/0/type')]);
    // Java's INT_LIST_RECORD: a non-nullable self-reference.
    const intList = record('List', [{ name: 'head', type: 'int' }, { name: 'tail', type: 'List' }]);
    expect(findings(intList, intList)).toEqual([]);
  });

  it('finds nothing between a schema and itself', () => {
    const schema = record('com.acme.Everything', [
      { name: 'a', type: ['null', 'string'], default: null },
      { name: 'b', type: { type: 'enum', name: 'E', symbols: ['X', 'Y'] } },
      { name: 'c', type: { type: 'map', values: { type: 'array', items: { type: 'fixed', name: 'F', size: 4 } } } },
      { name: 'd', type: record('Inner', [{ name: 'e', type: 'E' }, { name: 'f', type: 'F' }]) },
    ]);
    expect(findings(schema, schema)).toEqual([]);
  });
});
