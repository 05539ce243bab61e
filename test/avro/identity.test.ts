import { describe, expect, it } from 'vitest';
import { AvroChecker } from 'schema-compat';

const checker = new AvroChecker();
const identical = (a: unknown, b: unknown): boolean =>
  checker.isIdentical(checker.parse(typeof a === 'string' ? a : JSON.stringify(a)), checker.parse(typeof b === 'string' ? b : JSON.stringify(b)));

const base = {
  type: 'record', name: 'User', namespace: 'com.acme',
  fields: [
    { name: 'id', type: 'long' },
    { name: 'email', type: ['null', 'string'], default: null, aliases: ['mail'] },
    { name: 'status', type: { type: 'enum', name: 'Status', symbols: ['ON', 'OFF'], default: 'ON' } },
    { name: 'amount', type: { type: 'bytes', logicalType: 'decimal', precision: 9, scale: 2 } },
  ],
};
const withField = (i: number, change: object): object => ({ ...base, fields: base.fields.map((field, j) => (j === i ? { ...field, ...change } : field)) });

describe('isIdentical (DESIGN §3: PCF plus the attributes PCF strips that change meaning)', () => {
  it('ignores white space, key order, doc and custom properties, and the field sort order', () => {
    expect(identical(base, JSON.stringify(base, null, 2))).toBe(true);
    expect(identical(base, { fields: base.fields, namespace: 'com.acme', name: 'User', type: 'record', doc: 'a user', 'x-team': 'id' })).toBe(true);
    expect(identical(base, withField(0, { doc: 'the key', order: 'descending' }))).toBe(true);
    expect(identical(base, { ...base, name: 'com.acme.User', namespace: 'other' })).toBe(true);
  });

  it('tells apart defaults, aliases, logical types and enum defaults, which PCF strips', () => {
    expect(identical(base, withField(0, { default: 0 }))).toBe(false);
    expect(identical(base, withField(1, { aliases: [] }))).toBe(false);
    expect(identical(base, withField(3, { type: { type: 'bytes', logicalType: 'decimal', precision: 10, scale: 2 } }))).toBe(false);
    expect(identical(base, withField(2, { type: { type: 'enum', name: 'Status', symbols: ['ON', 'OFF'] } }))).toBe(false);
    expect(identical(base, { ...base, aliases: ['Person'] })).toBe(false);
  });

  it('treats alias order and default key order as irrelevant', () => {
    const twoAliases = (aliases: string[]): object => withField(0, { aliases });
    expect(identical(twoAliases(['a', 'b']), twoAliases(['b', 'a']))).toBe(true);
    const recordDefault = (value: object): object => ({
      type: 'record', name: 'R', fields: [{ name: 'p', type: { type: 'record', name: 'P', fields: [{ name: 'x', type: 'int' }, { name: 'y', type: 'int' }] }, default: value }],
    });
    expect(identical(recordDefault({ x: 1, y: 2 }), recordDefault({ y: 2, x: 1 }))).toBe(true);
  });

  it('compares recursive schemas too', () => {
    const list = (head: string): object => ({ type: 'record', name: 'List', fields: [{ name: 'head', type: head }, { name: 'tail', type: ['null', 'List'], default: null }] });
    expect(identical(list('int'), list('int'))).toBe(true);
    expect(identical(list('int'), list('long'))).toBe(false);
  });

  it('tells apart records that differ in their last field only, or deep inside a field whose name, default and kind match', () => {
    const wide = (last: string, nestedType: string): object => ({
      type: 'record', name: 'Wide',
      fields: [
        ...Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, type: { type: 'record', name: `N${i}`, fields: [{ name: 'x', type: i === 7 ? nestedType : 'int' }] } })),
        { name: last, type: ['null', 'string'], default: null },
      ],
    });
    expect(identical(wide('a', 'int'), wide('a', 'int'))).toBe(true);
    expect(identical(wide('a', 'int'), wide('b', 'int'))).toBe(false);
    expect(identical(wide('a', 'int'), wide('a', 'long'))).toBe(false);
    expect(identical(withField(1, { default: null, type: ['null', 'string'] }), base)).toBe(true);
    expect(identical(withField(1, { type: ['string', 'null'], default: 'x' }), base)).toBe(false);
  });
});
