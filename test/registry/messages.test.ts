import { describe, expect, it } from 'vitest';
import { checkCompatibility, parseSchema } from 'schema-compat';
import type { CompatibilityResult } from 'schema-compat';
import { OLD_SCHEMA_MAX_LENGTH, toConfluentError, toConfluentMessages } from 'schema-compat/registry';
import { V1, record } from './support.js';

const enumOf = (symbols: readonly string[]): string => record([{ name: 'e', type: { type: 'enum', name: 'E', symbols } }]);

describe('toConfluentMessages: Confluent\'s order and templates (confluent.md §1.2-1.4)', () => {
  it('gives [] for a compatible or identical result', () => {
    expect(toConfluentMessages(checkCompatibility('FULL', V1, [V1]))).toEqual([]);
    expect(toConfluentMessages(checkCompatibility('BACKWARD', V1, []))).toEqual([]);
  });

  it('lists FULL\'s forward findings (old/new wording) before the backward ones, then the old schema, then the tail', () => {
    const older = enumOf(['A', 'B', 'C']);
    const result = checkCompatibility('FULL', record([{ name: 'e', type: { type: 'enum', name: 'E', symbols: ['A', 'D'] } }]), [older]);
    expect(toConfluentMessages(result, { oldSchema: () => older })).toEqual([
      "{errorType:'MISSING_ENUM_SYMBOLS', description:'The old schema is missing enum symbols '[D]' at path '/fields/0/type/symbols' in the new schema', additionalInfo:'[D]'}",
      "{errorType:'MISSING_ENUM_SYMBOLS', description:'The new schema is missing enum symbols '[B, C]' at path '/fields/0/type/symbols' in the old schema', additionalInfo:'[B, C]'}",
      '{oldSchemaVersion: 1}',
      `{oldSchema: '${older}'}`,
      "{validateFields: 'false', compatibility: 'FULL'}",
    ]);
  });

  it('leaves out the old schema when FULL fails only forward (issue #3184), and the tail when asked', () => {
    const result = checkCompatibility('FULL_TRANSITIVE', enumOf(['A']), [enumOf(['A', 'B'])]);
    expect(result.incompatibilities.map((item) => item.direction)).toEqual(['BACKWARD']);
    const forwardOnly = checkCompatibility('FULL_TRANSITIVE', enumOf(['A', 'B']), [enumOf(['A'])]);
    expect(toConfluentMessages(forwardOnly, { validateFields: true })).toEqual([
      "{errorType:'MISSING_ENUM_SYMBOLS', description:'The old schema is missing enum symbols '[B]' at path '/fields/0/type/symbols' in the new schema', additionalInfo:'[B]'}",
      "{validateFields: 'true', compatibility: 'FULL_TRANSITIVE'}",
    ]);
    expect(toConfluentMessages(forwardOnly, { tail: false })).toHaveLength(1);
  });

  it('reports only the newest failing version, as Confluent stops there', () => {
    const result = checkCompatibility('BACKWARD_TRANSITIVE', record([{ name: 'id', type: 'int' }]), [V1, V1.replace('long', 'string')]);
    expect(result.incompatibilities.map((item) => item.version)).toEqual([2, 1]);
    expect(toConfluentMessages(result, { tail: false })).toEqual([
      "{errorType:'TYPE_MISMATCH', description:'The type (path '/fields/0/type') of a field in the new schema does not match with the old schema', additionalInfo:'reader type: INT not compatible with writer type: STRING'}",
      '{oldSchemaVersion: 2}',
    ]);
  });

  it('truncates an old schema longer than 10 KiB as Confluent does', () => {
    const long = record([{ name: 'id', type: 'long', doc: 'x'.repeat(OLD_SCHEMA_MAX_LENGTH) }]);
    const result = checkCompatibility('BACKWARD', record([{ name: 'id', type: 'int' }]), [long]);
    const messages = toConfluentMessages(result, { oldSchema: () => long });
    expect(messages[2]).toBe(`{oldSchema: <truncated to 10240 characters> '${long.slice(0, 10240)}'}`);
  });

  it('quotes JSON findings with Confluent\'s mismatched closing quote and Protobuf ones with double quotes; a type change alone', () => {
    const result: CompatibilityResult = {
      compatible: false, strategy: 'BACKWARD', checked: [3], warnings: [],
      incompatibilities: [{ type: 'TYPE_CHANGED', direction: 'BACKWARD', version: 3, location: '#/properties/a', message: 'm', description: "A type at path '#/properties/a' is different between the new schema and the old schema" }],
    };
    expect(toConfluentMessages(result, { schemaType: 'JSON', tail: false })).toEqual([
      `{errorType:"TYPE_CHANGED", description:"A type at path '#/properties/a' is different between the new schema and the old schema'}`, '{oldSchemaVersion: 3}',
    ]);
    expect(toConfluentMessages(result, { schemaType: 'PROTOBUF', tail: false })[0]).toBe(
      `{errorType:"TYPE_CHANGED", description:"A type at path '#/properties/a' is different between the new schema and the old schema"}`,
    );
    const typeChange = checkCompatibility('BACKWARD', parseSchema('STRING', ''), [V1]);
    expect(toConfluentMessages(typeChange)).toEqual(['Incompatible because of different schema type', "{validateFields: 'false', compatibility: 'BACKWARD'}"]);
  });

  it('builds the 409 body', () => {
    const result = checkCompatibility('BACKWARD', record([{ name: 'id', type: 'int' }]), [V1]);
    expect(toConfluentError(result, { subject: 'orders-value', tail: false })).toEqual({
      status: 409,
      body: {
        error_code: 40901,
        message: 'Schema being registered is incompatible with an earlier schema for subject "orders-value", details: ['
          + "{errorType:'TYPE_MISMATCH', description:'The type (path '/fields/0/type') of a field in the new schema does not match with the old schema', additionalInfo:'reader type: INT not compatible with writer type: LONG'}, {oldSchemaVersion: 1}]",
      },
    });
  });
});
