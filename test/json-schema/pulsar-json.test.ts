import { describe, expect, it } from 'vitest';
import { checkCompatibility } from 'schema-compat';

/** Pulsar's JSON SchemaInfo is an Avro record definition (reference/pulsar.md §2.4): Avro rules judge it. */
const user = (fields: object[], name = 'User'): object => ({ type: 'record', name, namespace: 'com.acme', fields });
const id = { name: 'id', type: 'long' };

describe('JSON schemas that are Avro record definitions', () => {
  it('are checked with the Avro rules, and the result says so', () => {
    const result = checkCompatibility('BACKWARD', user([id, { name: 'email', type: 'string' }]), [user([id])], { schemaType: 'JSON' });
    expect(result.ruleSets).toEqual(['avro']);
    expect(result.incompatibilities.map((f) => `${f.type} ${f.location}`)).toEqual(['READER_FIELD_MISSING_DEFAULT_VALUE /fields/1']);
    const fine = checkCompatibility('FULL', user([id, { name: 'email', type: ['null', 'string'], default: null }]), [user([id])], { schemaType: 'JSON' });
    expect(fine).toMatchObject({ compatible: true, ruleSets: ['avro'] });
  });
  it("use the pulsar profile when the registry is Pulsar (record names unchecked, as Pulsar's broker)", () => {
    const renamed = user([id], 'Customer');
    expect(checkCompatibility('BACKWARD', renamed, [user([id])], { schemaType: 'JSON' }).incompatibilities.map((f) => f.type)).toEqual(['NAME_MISMATCH']);
    expect(checkCompatibility('BACKWARD', renamed, [user([id])], { schemaType: 'JSON', json: { registry: 'pulsar' } }).compatible).toBe(true);
  });
  it('a JSON Schema after an Avro-defined JSON schema is refused, as Pulsar does', () => {
    const result = checkCompatibility('BACKWARD', { type: 'object' }, [user([id])], { schemaType: 'JSON' });
    expect(result.incompatibilities.map((f) => [f.type, f.message])).toEqual([['SCHEMA_FORMAT_CHANGED', 'Incompatible schema: expected Avro schema format for SchemaType.JSON']]);
  });
  it('JSON Schemas say json-schema', () => {
    expect(checkCompatibility('BACKWARD', { type: 'string' }, [{ type: 'string', maxLength: 3 }], { schemaType: 'JSON' }).ruleSets).toEqual(['json-schema']);
  });
});
