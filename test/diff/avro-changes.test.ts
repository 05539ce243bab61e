import { describe, expect, it } from 'vitest';
import { AvroChangeType, checkCompatibility, diffSchemas } from 'schema-compat';
import type { Direction } from 'schema-compat';
import { line } from './line.js';

const record = (fields: readonly object[], extra: object = {}): string => JSON.stringify({ type: 'record', name: 'User', namespace: 'com.acme', fields, ...extra });
const id = { name: 'id', type: 'long' };

const CASES: readonly (readonly [string, string, string, readonly string[]])[] = [
  ['a schema against itself', record([id]), record([id]), []],
  ['field added with a default', record([id]), record([id, { name: 'email', type: 'string', default: '' }]), ['FIELD_ADDED [new /fields/1] email (default "") — safe']],
  ['field added without a default', record([id]), record([id, { name: 'email', type: 'string' }]), ['FIELD_ADDED [new /fields/1] email: string, no default — breaks BACKWARD']],
  ['field removed without a default', record([id, { name: 'email', type: 'string' }]), record([id]), ['FIELD_REMOVED [old /fields/1] email: string, had no default — breaks FORWARD']],
  ['field renamed with an alias', record([id, { name: 'username', type: 'string' }]), record([id, { name: 'handle', type: 'string', aliases: ['username'] }]), [
    'FIELD_RENAMED [old /fields/1 new /fields/1] username→handle — breaks FORWARD',
    'FIELD_ALIASES_CHANGED [old /fields/1 new /fields/1] handle aliases []→[username] — safe',
  ]],
  ['int promoted to long', record([{ name: 'amount', type: 'int' }]), record([{ name: 'amount', type: 'long' }]), ['TYPE_CHANGED [old /fields/0/type new /fields/0/type] amount int→long — breaks FORWARD']],
  ['long read as float', record([{ name: 'amount', type: 'long' }]), record([{ name: 'amount', type: 'float' }]), ['TYPE_CHANGED [old /fields/0/type new /fields/0/type] amount long→float — breaks FORWARD, warns BACKWARD']],
  ['string made nullable', record([{ name: 'email', type: 'string' }]), record([{ name: 'email', type: ['null', 'string'] }]), ['TYPE_CHANGED [old /fields/0/type new /fields/0/type] email string→[null, string] — breaks FORWARD']],
  ['field defaults', record([{ name: 'a', type: 'int' }, { name: 'b', type: 'int', default: 1 }, { name: 'c', type: 'int', default: 1 }]), record([{ name: 'a', type: 'int', default: 0 }, { name: 'b', type: 'int' }, { name: 'c', type: 'int', default: 2 }]), [
    'FIELD_DEFAULT_ADDED [old /fields/0 new /fields/0] a default 0 added — safe',
    'FIELD_DEFAULT_REMOVED [old /fields/1 new /fields/1] b default 1 removed — safe',
    'FIELD_DEFAULT_CHANGED [old /fields/2 new /fields/2] c default 1→2 — safe',
  ]],
  ['fields reordered, sort order, doc and a property', record([{ name: 'a', type: 'int' }, { name: 'b', type: 'int' }]), record([{ name: 'b', type: 'int', order: 'descending', doc: 'B.', 'x-owner': 'team' }, { name: 'a', type: 'int' }]), [
    'FIELD_ORDER_CHANGED [old /fields/1 new /fields/0] b order ascending→descending — safe',
    'DOC_CHANGED [old /fields/1 new /fields/0] field b doc added — safe',
    'PROPERTY_ADDED [old /fields/1 new /fields/0] x-owner: "team" — safe',
    'FIELDS_REORDERED [old / new /] User fields [a, b]→[b, a] — safe',
  ]],
];

const ENUM = (symbols: readonly string[], extra: object = {}): string => record([{ name: 'status', type: { type: 'enum', name: 'Status', symbols, ...extra } }]);
const NAMED_CASES: readonly (readonly [string, string, string, readonly string[]])[] = [
  ['enum symbol added', ENUM(['A', 'B']), ENUM(['A', 'B', 'C']), ['ENUM_SYMBOL_ADDED [new /fields/0/type/symbols/2] Status.C — breaks FORWARD']],
  ['enum symbol removed', ENUM(['A', 'B', 'C']), ENUM(['A', 'B']), ['ENUM_SYMBOL_REMOVED [old /fields/0/type/symbols/2] Status.C — breaks BACKWARD']],
  ['enum symbol removed behind an enum default', ENUM(['A', 'B', 'C'], { default: 'A' }), ENUM(['A', 'B'], { default: 'A' }), ['ENUM_SYMBOL_REMOVED [old /fields/0/type/symbols/2] Status.C — safe']],
  ['enum symbols reordered, default added', ENUM(['A', 'B']), ENUM(['B', 'A'], { default: 'A' }), [
    'ENUM_SYMBOLS_REORDERED [old /fields/0/type new /fields/0/type] Status symbols [A, B]→[B, A] — safe',
    'ENUM_DEFAULT_ADDED [old /fields/0/type new /fields/0/type] Status default A added — safe',
  ]],
  ['record renamed without an alias', record([id]), JSON.stringify({ type: 'record', name: 'Person', namespace: 'com.acme', fields: [id] }), ['NAME_CHANGED [old / new /] com.acme.User→com.acme.Person — breaks BACKWARD+FORWARD']],
  ['record renamed with an alias', record([id]), JSON.stringify({ type: 'record', name: 'Person', namespace: 'com.acme', aliases: ['User'], fields: [id] }), [
    'NAME_CHANGED [old / new /] com.acme.User→com.acme.Person — breaks FORWARD',
    'ALIASES_CHANGED [old / new /] com.acme.Person aliases []→[com.acme.User] — safe',
  ]],
  ['namespace changed, doc added', record([id]), JSON.stringify({ type: 'record', name: 'User', namespace: 'com.acme.v2', doc: 'A user.', fields: [id] }), [
    'NAMESPACE_CHANGED [old / new /] com.acme.User→com.acme.v2.User — safe',
    'DOC_CHANGED [old / new /] com.acme.v2.User doc added — safe',
  ]],
  ['fixed size changed', record([{ name: 'hash', type: { type: 'fixed', name: 'Hash', size: 16 } }]), record([{ name: 'hash', type: { type: 'fixed', name: 'Hash', size: 32 } }]), ['FIXED_SIZE_CHANGED [old /fields/0/type new /fields/0/type] Hash size 16→32 — breaks BACKWARD+FORWARD']],
  ['union branch added and removed', record([{ name: 'v', type: ['null', 'string', 'int'] }]), record([{ name: 'v', type: ['null', 'string', 'boolean'] }]), [
    'UNION_BRANCH_ADDED [new /fields/0/type/2] v: boolean in [null, string, boolean] — breaks FORWARD',
    'UNION_BRANCH_REMOVED [old /fields/0/type/2] v: int from [null, string, int] — breaks BACKWARD',
  ]],
  ['union branches reordered', record([{ name: 'v', type: ['null', 'string'], default: null }]), record([{ name: 'v', type: ['string', 'null'], default: 'x' }]), [
    'FIELD_DEFAULT_CHANGED [old /fields/0 new /fields/0] v default null→"x" — safe',
    'UNION_BRANCHES_REORDERED [old /fields/0/type new /fields/0/type] v [null, string]→[string, null] — safe',
  ]],
  ['logical type added', record([{ name: 'at', type: 'long' }]), record([{ name: 'at', type: { type: 'long', logicalType: 'timestamp-millis' } }]), ['LOGICAL_TYPE_ADDED [old /fields/0/type new /fields/0/type] logical type "timestamp-millis" — safe, warns BACKWARD+FORWARD']],
  ['decimal scale changed', record([{ name: 'price', type: { type: 'bytes', logicalType: 'decimal', precision: 10, scale: 2 } }]), record([{ name: 'price', type: { type: 'bytes', logicalType: 'decimal', precision: 10, scale: 4 } }]), ['DECIMAL_CHANGED [old /fields/0/type new /fields/0/type] decimal(10,2)→decimal(10,4) — safe, warns BACKWARD+FORWARD']],
  ['a change inside a named type used twice is listed where each use is', record([{ name: 'home', type: { type: 'record', name: 'Address', fields: [{ name: 'city', type: 'string' }] } }, { name: 'work', type: 'Address' }]), record([{ name: 'home', type: { type: 'record', name: 'Address', fields: [{ name: 'city', type: 'string' }, { name: 'zip', type: 'string' }] } }, { name: 'work', type: 'Address' }]), [
    'FIELD_ADDED [new /fields/0/type/fields/1] zip: string, no default — breaks BACKWARD',
    'FIELD_ADDED [new /fields/1/type/fields/1] zip: string, no default — breaks BACKWARD',
  ]],
];

describe('diffSchemas: Avro, one case per change kind', () => {
  for (const [name, before, after, expected] of [...CASES, ...NAMED_CASES]) {
    it(name, () => {
      expect(diffSchemas('AVRO', before, after).map(line)).toEqual(expected);
    });
  }

  it('grades by the profile: a decimal scale change breaks both directions under strict', () => {
    const [before, after] = [NAMED_CASES[11]?.[1] as string, NAMED_CASES[11]?.[2] as string];
    expect(diffSchemas('AVRO', before, after, { avro: { profile: 'strict' } }).map(line)).toEqual(['DECIMAL_CHANGED [old /fields/0/type new /fields/0/type] decimal(10,2)→decimal(10,4) — breaks BACKWARD+FORWARD']);
  });

  it('a recursive record is compared once, not entered again', () => {
    const list = (valueType: string): string => JSON.stringify({ type: 'record', name: 'Node', fields: [{ name: 'value', type: valueType }, { name: 'next', type: ['null', 'Node'], default: null }] });
    expect(diffSchemas('AVRO', list('int'), list('long')).map(line)).toEqual(['TYPE_CHANGED [old /fields/0/type new /fields/0/type] value int→long — breaks FORWARD']);
  });

  it('a whole change, as the library returns it', () => {
    expect(diffSchemas('AVRO', record([id]), record([id, { name: 'email', type: 'string' }]))).toEqual([{
      change: AvroChangeType.FIELD_ADDED,
      location: { new: '/fields/1' },
      summary: 'email: string, no default',
      description: 'The record com.acme.User at / has a new field email of type string, without a default',
      breaks: ['BACKWARD'],
    }]);
  });

  it('bad input is a SchemaParseError naming the side', () => {
    expect(() => diffSchemas('AVRO', record([id]), '{"type": "record"}')).toThrow(/^new: /);
    expect(() => diffSchemas('STRING', 'a', 'b')).toThrow(/does not list changes/);
  });
});

/** A union field `u` whose record branch has the given fields (`R`, unless named otherwise). */
const inUnion = (fields: readonly object[], branch: object = {}): string => record([{ name: 'u', type: ['null', { type: 'record', name: 'R', fields, ...branch }] }]);
const a = { name: 'a', type: 'int' };
const b = { name: 'b', type: 'int', default: 0 };
const c = { name: 'c', type: 'string' };

/** The directions in which checkCompatibility fails on the pair (BACKWARD: the new schema reads the old one's data). */
const failing = (before: string, after: string): Direction[] =>
  (['BACKWARD', 'FORWARD'] as const).filter((direction) => !checkCompatibility(direction, after, [before], { schemaType: 'AVRO' }).compatible);

const UNION_BRANCH_CASES: readonly (readonly [string, string, string, readonly Direction[], readonly string[]])[] = [
  ['field with a default removed: safe', inUnion([a, b]), inUnion([a]), [], ['FIELD_REMOVED [old /fields/0/type/1/fields/1] b (had default 0) — safe']],
  ['field without a default removed: FORWARD only', inUnion([a, b]), inUnion([b]), ['FORWARD'], ['FIELD_REMOVED [old /fields/0/type/1/fields/0] a: int, had no default — breaks FORWARD']],
  ['a field with a default removed and one without added: only the added one breaks, BACKWARD', inUnion([a, b]), inUnion([a, c]), ['BACKWARD'], [
    'FIELD_ADDED [new /fields/0/type/1/fields/1] c: string, no default — breaks BACKWARD',
    'FIELD_REMOVED [old /fields/0/type/1/fields/1] b (had default 0) — safe',
  ]],
  ['a required field removed and one added: each breaks its own direction', inUnion([a, b]), inUnion([b, c]), ['BACKWARD', 'FORWARD'], [
    'FIELD_ADDED [new /fields/0/type/1/fields/1] c: string, no default — breaks BACKWARD',
    'FIELD_REMOVED [old /fields/0/type/1/fields/0] a: int, had no default — breaks FORWARD',
  ]],
  ['a union in a branch of a union: the innermost change owns the finding', record([{ name: 'u', type: ['null', { type: 'record', name: 'R', fields: [{ name: 'inner', type: ['null', { type: 'record', name: 'S', fields: [a, b] }] }] }] }]),
    record([{ name: 'u', type: ['null', { type: 'record', name: 'R', fields: [{ name: 'inner', type: ['null', { type: 'record', name: 'S', fields: [b] }] }] }] }]), ['FORWARD'], [
      'FIELD_REMOVED [old /fields/0/type/1/fields/0/type/1/fields/0] a: int, had no default — breaks FORWARD',
    ]],
  ['a branch renamed with an alias, a field added: the old reader fails on the name, the new one on the field', inUnion([a]), inUnion([a, c], { name: 'Q', aliases: ['com.acme.R'] }), ['BACKWARD', 'FORWARD'], [
    'NAME_CHANGED [old /fields/0/type/1 new /fields/0/type/1] com.acme.R→com.acme.Q — breaks FORWARD',
    'ALIASES_CHANGED [old /fields/0/type/1 new /fields/0/type/1] com.acme.Q aliases []→[com.acme.R] — safe',
    'FIELD_ADDED [new /fields/0/type/1/fields/1] c: string, no default — breaks BACKWARD',
  ]],
  ['a record made nullable and given a required field: the field breaks BACKWARD, the wrapping FORWARD', record([{ name: 'u', type: { type: 'record', name: 'R', fields: [a] } }]), inUnion([a, c]), ['BACKWARD', 'FORWARD'], [
    'TYPE_CHANGED [old /fields/0/type new /fields/0/type] u com.acme.R→[null, com.acme.R] — breaks FORWARD',
    'FIELD_ADDED [new /fields/0/type/1/fields/1] c: string, no default — breaks BACKWARD',
  ]],
];

describe('diffSchemas: Avro, changes inside a union branch are graded by their own findings', () => {
  for (const [name, before, after, fails, expected] of UNION_BRANCH_CASES) {
    it(name, () => {
      expect(failing(before, after)).toEqual(fails);
      expect(diffSchemas('AVRO', before, after).map(line)).toEqual(expected);
    });
  }

  it('under pulsar, whose resolver reports inside the branch already, the same grades', () => {
    const [, before, after] = UNION_BRANCH_CASES[3] as (typeof UNION_BRANCH_CASES)[number];
    expect(diffSchemas('AVRO', before, after, { avro: { profile: 'pulsar' } }).map(line)).toEqual(UNION_BRANCH_CASES[3]?.[4]);
  });
});

describe('diffSchemas: Avro at scale', () => {
  it('a record of 20,000 fields, every type changed, and 2,000 fields renamed by alias: linear, each change graded', () => {
    const fields = (type: string, renamed: boolean) => Array.from({ length: 20_000 }, (_, i) => (renamed && i % 10 === 0 ? { name: `n${i}`, type, aliases: [`f${i}`] } : { name: `f${i}`, type }));
    const started = performance.now();
    const changes = diffSchemas('AVRO', JSON.stringify({ type: 'record', name: 'R', fields: fields('int', false) }), JSON.stringify({ type: 'record', name: 'R', fields: fields('string', true) }));
    const seconds = (performance.now() - started) / 1000;
    const count = (code: string, breaks: string): number => changes.filter((change) => change.change === code && change.breaks.join() === breaks).length;
    // A renamed field's old reader does not find it (FORWARD breaks at the rename); its new reader finds it and fails on its type (BACKWARD).
    expect([changes.length, count('TYPE_CHANGED', 'BACKWARD,FORWARD'), count('TYPE_CHANGED', 'BACKWARD'), count('FIELD_RENAMED', 'FORWARD'), count('FIELD_ALIASES_CHANGED', '')]).toEqual([24_000, 18_000, 2_000, 2_000, 2_000]);
    // A quadratic step would take minutes here; the whole diff with both checks takes about a second.
    expect(seconds).toBeLessThan(20);
  });

  it('a union of 2,000 records, each given a required field: each field breaks BACKWARD alone, in linear time', () => {
    const branches = (extra: boolean) => Array.from({ length: 2_000 }, (_, i) => ({ type: 'record', name: `R${i}`, fields: [{ name: 'x', type: 'int' }, ...(extra ? [{ name: 'y', type: 'int' }] : [])] }));
    const started = performance.now();
    const changes = diffSchemas('AVRO', record([{ name: 'u', type: branches(false) }]), record([{ name: 'u', type: branches(true) }]));
    const seconds = (performance.now() - started) / 1000;
    expect([changes.length, changes.filter((change) => change.change === 'FIELD_ADDED' && change.breaks.join() === 'BACKWARD').length]).toEqual([2_000, 2_000]);
    expect(seconds).toBeLessThan(20);
  });

  it('a chain of records nested deeper than the stack allows is CheckTooDeepError or a diff, never a RangeError', () => {
    const nested = (leaf: string): string => `${Array.from({ length: 3000 }, (_, i) => `{"type":"record","name":"R${i}","fields":[{"name":"f","type":`).join('')}"${leaf}"${'}]}'.repeat(3000)}`;
    const [schema, deeper] = [nested('int'), nested('long')];
    try {
      expect(diffSchemas('AVRO', schema, deeper).filter((change) => change.change === 'TYPE_CHANGED')).toHaveLength(1);
    } catch (error) {
      expect((error as Error).name).toMatch(/^(CheckTooDeepError|SchemaParseError)$/);
    }
  });
});
