import { describe, expect, it } from 'vitest';
import { checkCompatibility } from 'schema-compat';

const v1 = { type: 'record', name: 'Order', fields: [{ name: 'id', type: 'long' }, { name: 'amount', type: 'int' }] };
const candidate = {
  type: 'record', name: 'Order',
  fields: [{ name: 'id', type: 'long' }, { name: 'amount', type: 'long' }, { name: 'currency', type: 'string' }],
};

describe('explain: hints and witnesses through checkCompatibility', () => {
  it('adds nothing unless asked', () => {
    for (const finding of checkCompatibility('FULL', candidate, [v1]).incompatibilities) {
      expect(Object.keys(finding).sort()).toEqual(['description', 'direction', 'location', 'message', 'type', 'version']);
    }
  });

  it('says which schema to change: the new one in both directions (the old one is in use)', () => {
    const hints = checkCompatibility('FULL', candidate, [v1], { explain: true }).incompatibilities.map(({ type, direction, hint }) => ({ type, direction, hint }));
    expect(hints).toEqual([
      { type: 'TYPE_MISMATCH', direction: 'FORWARD', hint: 'in the new schema, change field `amount` back to `int`, which the old schema reads' },
      { type: 'READER_FIELD_MISSING_DEFAULT_VALUE', direction: 'BACKWARD', hint: 'in the new schema, give field `currency` a default, e.g. make it ["null","string"] with default null' },
    ]);
  });

  it('explains warnings too', () => {
    const reader = { type: 'record', name: 'R', fields: [{ name: 'v', type: 'double' }] };
    const writer = { type: 'record', name: 'R', fields: [{ name: 'v', type: 'long' }] };
    const [warning] = checkCompatibility('BACKWARD', reader, [writer], { explain: true }).warnings;
    expect(warning?.type).toBe('LOSSY_PROMOTION');
    // 2^53 + 1: a double cannot hold it.
    expect(warning?.witness).toEqual({ json: { v: '9007199254740993' }, hex: '8280808080808020' });
    expect(warning?.hint).toBe('in the new schema, read field `v` as `long` instead of `double`, or accept rounding of `long` values beyond 2^53');
  });

  it('gives a witness the writer wrote and the reader fails on, or any for what fails on every datum', () => {
    const [mismatch, missing] = checkCompatibility('FULL', candidate, [v1], { explain: true }).incompatibilities;
    expect(mismatch?.witness).toEqual({ json: { id: 0, amount: 0, currency: '' }, hex: '000000' });
    expect(missing?.witness).toBe('any');
  });

  it('under pulsar, witnesses the enum symbol the old reader lacks', () => {
    const enums = (symbols: string[]): object => ({ type: 'record', name: 'R', fields: [{ name: 'a', type: { type: 'enum', name: 'E', symbols } }] });
    const [warning] = checkCompatibility('FORWARD', enums(['A', 'B', 'C']), [enums(['A', 'B'])], { explain: true, avro: { profile: 'pulsar' } }).warnings;
    expect(warning?.type).toBe('UNREADABLE_ENUM_SYMBOLS');
    expect(warning?.witness).toEqual({ json: { a: 'C' }, hex: '04' });
  });

  it('suggests an alias only for the field that looks renamed, not for every field the old schema lacks', () => {
    const old = { type: 'record', name: 'U', fields: [{ name: 'id', type: 'long' }, { name: 'username', type: 'string' }] };
    const renamed = {
      type: 'record', name: 'U',
      fields: [{ name: 'id', type: 'long' }, { name: 'handle', type: 'string' }, { name: 'email', type: ['null', 'string'] }],
    };
    const hints = checkCompatibility('BACKWARD', renamed, [old], { explain: true }).incompatibilities.map((finding) => finding.hint);
    expect(hints).toEqual([
      'in the new schema, add alias `username` to field `handle` (a rename is a drop plus an add)',
      'in the new schema, give field `email` a default, e.g. null',
    ]);
  });
});
