import { describe, expect, it } from 'vitest';
import { IncompatibleRegistrationError, createRegistry, toPulsarError } from 'schema-compat/registry';
import { errorShape, rejection } from './support.js';

// Pulsar's SchemaServiceTest schemas (pulsar.md §4.7): t1 {field1}, t2 = t1 + field2 with a default, t3 = t1 + field2 without.
const t = (fields: readonly object[]): string => JSON.stringify({ type: 'record', name: 'DefaultTest', namespace: 'org.example', fields });
const T1 = t([{ name: 'field1', type: 'string' }]);
const T2 = t([{ name: 'field1', type: 'string' }, { name: 'field2', type: 'string', default: 'foo' }]);
const T3 = t([{ name: 'field1', type: 'string' }, { name: 'field2', type: 'string' }]);

describe('createRegistry (pulsar mode): SchemaServiceTest scenarios', () => {
  it('counts versions from 0 and returns the existing version for any earlier schema', async () => {
    const registry = createRegistry({ mode: 'pulsar' });
    const versions = [];
    for (const schema of [T1, T1, T1]) versions.push((await registry.register('topic', schema)).version);
    expect(versions).toEqual([0, 0, 0]);
    const more = [];
    for (const schema of [T2, T3, T2]) more.push((await registry.register('topic', schema)).version);
    expect(more).toEqual([1, 2, 1]);
  });

  it('writes a tombstone on delete that takes a version; only later versions count', async () => {
    const registry = createRegistry({ mode: 'pulsar' });
    expect((await registry.register('topic', T1)).version).toBe(0);
    expect(await registry.deleteSubject('topic')).toEqual([1]);
    expect(errorShape(await rejection(registry.getLatest('topic'))).code).toBe('SUBJECT_NOT_FOUND');
    expect((await registry.register('topic', T1)).version).toBe(2);
    expect(await registry.listVersions('topic')).toEqual([2]);
    expect(await registry.listVersions('topic', { deleted: true })).toEqual([0, 2]);
    expect(await registry.deleteSubject('topic', { permanent: true })).toEqual([0, 2]);
    expect(await registry.listSubjects({ deleted: true })).toEqual([]);
  });

  it('uses FULL for AVRO by default and ALWAYS_INCOMPATIBLE for primitive types, where an equal schema is still accepted', async () => {
    const registry = createRegistry({ mode: 'pulsar' });
    expect(await registry.compatibilityOf('topic', 'AVRO')).toBe('FULL');
    expect(await registry.compatibilityOf('topic', 'STRING')).toBe('ALWAYS_INCOMPATIBLE');
    expect((await registry.register('strings', { schema: '', schemaType: 'STRING' })).version).toBe(0);
    expect((await registry.register('strings', { schema: '', schemaType: 'STRING' })).version).toBe(0);
    const error = await rejection(registry.register('strings', { schema: '', schemaType: 'INT32' })) as IncompatibleRegistrationError;
    expect(error.result.incompatibilities.map((item) => item.type)).toEqual(['SCHEMA_TYPE_CHANGED', 'ALWAYS_INCOMPATIBLE']);
  });

  it('tests t3 as compatible under BACKWARD (latest) and not under BACKWARD_TRANSITIVE', async () => {
    const registry = createRegistry({ mode: 'pulsar' });
    await registry.setConfig('topic', { compatibility: 'BACKWARD_TRANSITIVE' });
    await registry.register('topic', T1);
    await registry.register('topic', T2);
    expect((await registry.testCompatibility('topic', T3, { version: 'latest' })).compatible).toBe(true);
    const all = await registry.testCompatibility('topic', T3);
    expect([all.compatible, all.result.checked]).toEqual([false, [1, 0]]);
    await expect(registry.register('topic', T3)).rejects.toBeInstanceOf(IncompatibleRegistrationError);
  });
});

describe('canConsume: Pulsar\'s consumer rules', () => {
  const id = (type: string): object => ({ name: 'id', type });
  const withId = t([id('int')]);
  const empty = t([]);
  const consumer = t([{ name: 'id', type: 'string', default: '' }]);

  it('checks the latest only under FORWARD_TRANSITIVE, every version under BACKWARD_TRANSITIVE', async () => {
    const registry = createRegistry({ mode: 'pulsar', compatibility: 'NONE' });
    await registry.register('topic', withId);
    await registry.register('topic', empty);
    await registry.setConfig('topic', { compatibility: 'FORWARD_TRANSITIVE' });
    const latest = await registry.canConsume('topic', consumer);
    expect([latest.compatible, latest.result.checked]).toEqual([true, [1]]);
    await registry.setConfig('topic', { compatibility: 'BACKWARD_TRANSITIVE' });
    const all = await registry.canConsume('topic', consumer);
    expect([all.compatible, all.result.checked]).toEqual([false, [1, 0]]);
    expect(all.result.incompatibilities.map((item) => [item.type, item.version])).toEqual([['TYPE_MISMATCH', 0]]);
  });

  it('accepts anything under NONE, rejects a consumer whenever there is a schema under ALWAYS_INCOMPATIBLE, and needs a schema otherwise', async () => {
    const registry = createRegistry({ mode: 'pulsar' });
    await registry.setConfig('none', { compatibility: 'ALWAYS_COMPATIBLE' });
    expect((await registry.canConsume('none', consumer)).compatible).toBe(true);
    expect(errorShape(await rejection(registry.canConsume('fresh', consumer))).code).toBe('SUBJECT_NOT_FOUND');
    await registry.register('frozen', withId);
    await registry.setConfig('frozen', { compatibility: 'ALWAYS_INCOMPATIBLE' });
    const frozen = await registry.canConsume('frozen', withId);
    expect(frozen.result.incompatibilities.map((item) => item.type)).toEqual(['ALWAYS_INCOMPATIBLE']);
  });
});

describe('toPulsarError', () => {
  it('quotes both schemas as Java pretty-prints them, writer first', async () => {
    const registry = createRegistry({ mode: 'pulsar' });
    await registry.setConfig('topic', { compatibility: 'BACKWARD' });
    await registry.register('topic', T1);
    const check = await registry.testCompatibility('topic', T3);
    const error = toPulsarError(check.result, { newSchema: { schemaType: 'AVRO', schema: T3 }, oldSchema: () => ({ schemaType: 'AVRO', schema: T1 }) });
    const writer = '{\n  "type" : "record",\n  "name" : "DefaultTest",\n  "namespace" : "org.example",\n  "fields" : [ {\n    "name" : "field1",\n    "type" : "string"\n  } ]\n}';
    const reader = '{\n  "type" : "record",\n  "name" : "DefaultTest",\n  "namespace" : "org.example",\n  "fields" : [ {\n    "name" : "field1",\n    "type" : "string"\n  }, {\n    "name" : "field2",\n    "type" : "string"\n  } ]\n}';
    const message = `Error during schema compatibility check with strategy BACKWARD: org.apache.avro.SchemaValidationException: Unable to read schema: \n${writer}\nusing schema:\n${reader}`;
    expect(error).toEqual({ status: 409, exception: 'IncompatibleSchemaException', message, body: { reason: message } });
  });

  it('names both types on a type change, and ALWAYS_INCOMPATIBLE for primitive types; nothing for a compatible result', async () => {
    const registry = createRegistry({ mode: 'pulsar' });
    await registry.register('s', { schema: '', schemaType: 'STRING' });
    const check = await registry.testCompatibility('s', { schema: '', schemaType: 'INT32' });
    const options = { newSchema: { schemaType: 'INT32', schema: '' }, oldSchema: () => ({ schemaType: 'STRING', schema: '' }) };
    expect(toPulsarError(check.result, options)?.message).toBe('Incompatible schema: exists schema type STRING, new schema type INT32');
    const same = await registry.testCompatibility('s', { schema: '', schemaType: 'STRING' });
    expect(toPulsarError(same.result, options)).toBeUndefined();
    const frozen = { ...check.result, incompatibilities: check.result.incompatibilities.slice(1) };
    expect(toPulsarError(frozen, { ...options, newSchema: { schemaType: 'STRING', schema: '' } })?.message).toBe('Schema compatibility strategy is ALWAYS_INCOMPATIBLE');
  });
});

describe('createRegistry (pulsar mode): KEY_VALUE', () => {
  // SchemaServiceTest (pulsar.md §4.7): KV(STRING, BOOLEAN, SEPARATED) tests compatible on an empty
  // topic, is created as version 0, tests compatible again, and is found as version 0.
  const KV = JSON.stringify({ key: { type: 'STRING', schema: '' }, value: { type: 'BOOLEAN', schema: '' }, encoding: 'SEPARATED' });
  const avroValue = (fields: readonly object[]): string => JSON.stringify({ key: { type: 'STRING' }, value: { type: 'AVRO', schema: JSON.parse(t(fields)) as object } });

  it('registers, tests and finds a KeyValue schema', async () => {
    const registry = createRegistry({ mode: 'pulsar' });
    expect(await registry.compatibilityOf('kv', 'KEY_VALUE')).toBe('ALWAYS_INCOMPATIBLE');
    expect((await registry.testCompatibility('kv', { schema: KV, schemaType: 'KEY_VALUE' })).compatible).toBe(true);
    expect((await registry.register('kv', { schema: KV, schemaType: 'KEY_VALUE' })).version).toBe(0);
    expect((await registry.testCompatibility('kv', { schema: KV, schemaType: 'KEY_VALUE' })).compatible).toBe(true);
    expect((await registry.lookup('kv', { schema: KV, schemaType: 'KEY_VALUE' })).version).toBe(0);
  });

  it('checks the value with its own checker under the topic\'s strategy, and rejects a changed key type with Pulsar\'s message', async () => {
    const registry = createRegistry({ mode: 'pulsar' });
    await registry.setConfig('kv', { compatibility: 'BACKWARD' });
    await registry.register('kv', { schema: avroValue([{ name: 'field1', type: 'string' }]), schemaType: 'KEY_VALUE' });
    expect((await registry.register('kv', { schema: avroValue([{ name: 'field1', type: 'string' }, { name: 'field2', type: 'string', default: 'foo' }]), schemaType: 'KEY_VALUE' })).version).toBe(1);
    const missing = await rejection(registry.register('kv', { schema: avroValue([{ name: 'field1', type: 'string' }, { name: 'field3', type: 'string' }]), schemaType: 'KEY_VALUE' })) as IncompatibleRegistrationError;
    expect(missing.result.incompatibilities.map((item) => [item.type, item.location])).toEqual([['READER_FIELD_MISSING_DEFAULT_VALUE', '/value/fields/1']]);
    // Pulsar's dedup compares the data only (pulsar.md §1.4): a changed key type with version 0's data is version 0.
    const sameData = JSON.stringify({ key: { type: 'INT64' }, value: { type: 'AVRO', schema: JSON.parse(t([{ name: 'field1', type: 'string' }])) as object } });
    expect((await registry.register('kv', { schema: sameData, schemaType: 'KEY_VALUE' })).version).toBe(0);
    const retyped = JSON.stringify({ key: { type: 'INT64' }, value: { type: 'AVRO', schema: JSON.parse(t([{ name: 'field1', type: 'string' }, { name: 'field4', type: 'string', default: 'x' }])) as object } });
    const changed = await rejection(registry.register('kv', { schema: retyped, schemaType: 'KEY_VALUE' })) as IncompatibleRegistrationError;
    const options = { newSchema: { schemaType: 'KEY_VALUE', schema: retyped }, oldSchema: () => undefined };
    expect(toPulsarError(changed.result, options)?.message).toBe('Key schemas or Value schemas are different schema type, from key schema type is STRING and to key schema is INT64, from value schema is AVRO and to value schema is AVRO');
  });
});
