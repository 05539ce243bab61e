import { describe, expect, it } from 'vitest';
import { AvroChecker, checkCompatibility } from 'schema-compat';

/**
 * The three Apache Avro Java 1.12 reporting bugs that the default checker does not copy
 * (DESIGN §3, docs/avro.md "Deviations from Java"). With `javaQuirks: true` the first two are
 * reproduced, for byte-for-byte parity with Confluent's messages; verdicts never differ.
 */
const fixed = new AvroChecker();
const quirky = new AvroChecker({ javaQuirks: true });

function lists(reader: object, writer: object): { ours: unknown; java: unknown } {
  const r = fixed.parse(reader);
  const w = fixed.parse(writer);
  const plain = (list: readonly { type: string; location: string; message: string }[]): unknown =>
    list.map(({ type, location, message }) => ({ type, location, message }));
  return { ours: plain(fixed.canRead(r, w).incompatibilities), java: plain(quirky.canRead(r, w).incompatibilities) };
}

describe('Java bug 1: a shared sub-pair met twice', () => {
  // Reader R{a: P, b: P}, writer R{a: P', b: P'}: P{x:int} cannot read P'{x:long}.
  const reader = { type: 'record', name: 'R', fields: [{ name: 'a', type: { type: 'record', name: 'P', fields: [{ name: 'x', type: 'int' }] } }, { name: 'b', type: 'P' }] };
  const writer = { type: 'record', name: 'R', fields: [{ name: 'a', type: { type: 'record', name: 'P', fields: [{ name: 'x', type: 'long' }] } }, { name: 'b', type: 'P' }] };
  const mismatch = { type: 'TYPE_MISMATCH', message: 'reader type: INT not compatible with writer type: LONG' };

  it('is reported at each real location', () => {
    expect(lists(reader, writer).ours).toEqual([
      { ...mismatch, location: '/fields/0/type/fields/0/type' },
      { ...mismatch, location: '/fields/1/type/fields/0/type' },
    ]);
  });

  it('is reported twice at the first location by Java (javaQuirks)', () => {
    expect(lists(reader, writer).java).toEqual([
      { ...mismatch, location: '/fields/0/type/fields/0/type' },
      { ...mismatch, location: '/fields/0/type/fields/0/type' },
    ]);
  });

  it('keeps the real location when the first meeting was inside a union trial', () => {
    // The pair P/P' is first met while trying the reader union's branches (Java starts a new location stack there).
    const unionReader = { type: 'record', name: 'R', fields: [{ name: 'u', type: ['null', { type: 'record', name: 'P', fields: [{ name: 'x', type: 'int' }] }] }, { name: 'p', type: 'P' }] };
    const unionWriter = { type: 'record', name: 'R', fields: [{ name: 'u', type: { type: 'record', name: 'P', fields: [{ name: 'x', type: 'long' }] } }, { name: 'p', type: 'P' }] };
    const { ours, java } = lists(unionReader, unionWriter);
    expect(ours).toEqual([
      { type: 'MISSING_UNION_BRANCH', location: '/fields/0/type', message: 'reader union lacking writer type: RECORD' },
      { ...mismatch, location: '/fields/1/type/fields/0/type' },
    ]);
    expect(java).toEqual([
      { type: 'MISSING_UNION_BRANCH', location: '/fields/0/type', message: 'reader union lacking writer type: RECORD' },
      { ...mismatch, location: '/fields/0/type' },
    ]);
  });
});

describe('Java bug 2: an enum field with an enum default but no field default, missing in the writer', () => {
  const reader = { type: 'record', name: 'R', fields: [{ name: 'id', type: 'int' }, { name: 'status', type: { type: 'enum', name: 'Status', symbols: ['ON', 'OFF'], default: 'ON' } }] };
  const writer = { type: 'record', name: 'R', fields: [{ name: 'id', type: 'int' }] };

  it('is a missing default', () => {
    expect(lists(reader, writer).ours).toEqual([{ type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/1', message: 'status' }]);
  });

  it('is TYPE_MISMATCH ENUM/RECORD in Java (javaQuirks)', () => {
    expect(lists(reader, writer).java).toEqual([{ type: 'TYPE_MISMATCH', location: '/fields/1/type', message: 'reader type: ENUM not compatible with writer type: RECORD' }]);
  });

  it('is compatible once the field has a default (the enum default alone never stands in for it)', () => {
    const withDefault = { ...reader, fields: [reader.fields[0], { ...reader.fields[1], default: 'OFF' }] };
    expect(lists(withDefault, writer).ours).toEqual([]);
  });
});

describe('Java bug 3: a reader field whose aliases match several writer fields', () => {
  const reader = { type: 'record', name: 'R', fields: [{ name: 'fullName', type: 'string', aliases: ['name', 'displayName'] }] };
  const writer = { type: 'record', name: 'R', fields: [{ name: 'name', type: 'string' }, { name: 'displayName', type: 'string' }] };
  const finding = {
    type: 'AMBIGUOUS_FIELD_ALIAS', location: '/fields/0',
    message: 'Reader record field fullName matches multiple fields in writer record schema R: name, displayName',
  };

  it('is an incompatibility, where Java throws AvroRuntimeException', () => {
    expect(lists(reader, writer).ours).toEqual([finding]);
    expect(lists(reader, writer).java).toEqual([finding]);
  });

  it('has a sentence and a direction in a history check', () => {
    const result = checkCompatibility('BACKWARD', reader, [writer]);
    expect(result.incompatibilities).toEqual([{
      ...finding, direction: 'BACKWARD', version: 1,
      description: "The field at path '/fields/0' in the new schema matches more than one field of the old schema by its name and aliases",
    }]);
  });

  it('also catches a field listing its own name as an alias, against itself', () => {
    const selfAlias = { type: 'record', name: 'R', fields: [{ name: 'a', type: 'int', aliases: ['a'] }] };
    expect(lists(selfAlias, selfAlias).ours).toEqual([{
      type: 'AMBIGUOUS_FIELD_ALIAS', location: '/fields/0', message: 'Reader record field a matches multiple fields in writer record schema R: a, a',
    }]);
  });
});
