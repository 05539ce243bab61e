import { describe, expect, it } from 'vitest';
import { checkCompatibility } from 'schema-compat';

const v1 = { type: 'record', name: 'Order', fields: [{ name: 'id', type: 'long' }, { name: 'amount', type: 'int' }] };
const candidate = {
  type: 'record', name: 'Order',
  fields: [{ name: 'id', type: 'long' }, { name: 'amount', type: 'long' }, { name: 'currency', type: 'string' }],
};

describe('explain: hints through checkCompatibility', () => {
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
    expect(warning?.hint).toBe('in the new schema, read field `v` as `long` instead of `double`, or accept rounding of `long` values beyond 2^53');
  });
});
