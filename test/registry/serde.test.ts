import { describe, expect, it } from 'vitest';
import { AvroDataError, IncompatibleSchemaError, InvalidOptionError } from 'schema-compat';
import { RegistryError, WireFormatError, createAvroSerde, createRegistry, decodeConfluentFrame } from 'schema-compat/registry';
import { V1, V2, record, rejection } from './support.js';

describe('createAvroSerde: Confluent-framed Avro against a registry', () => {
  it('registers the writer under <topic>-value and frames the datum with its id', async () => {
    const registry = createRegistry();
    const serde = createAvroSerde(registry);
    const bytes = await serde.serialize('orders', { id: 5 }, V1);
    expect([...bytes]).toEqual([0, 0, 0, 0, 1, 10]);
    expect(await registry.listSubjects()).toEqual(['orders-value']);
    expect(await serde.deserialize(bytes)).toEqual({ id: 5 });
  });

  it('reads data written with an old schema into a newer reader schema, across an evolution', async () => {
    const registry = createRegistry();
    const producer = createAvroSerde(registry);
    const old = await producer.serialize('orders', { id: 1 }, V1);
    const fresh = await producer.serialize('orders', { id: 2, note: 'rush' }, V2);
    expect(decodeConfluentFrame(fresh).schemaId).toBe(2);
    const consumer = createAvroSerde(registry, { readerSchema: V2 });
    expect(await consumer.deserialize(old)).toEqual({ id: 1, note: '' });
    expect(await consumer.deserialize(fresh)).toEqual({ id: 2, note: 'rush' });
    expect(await producer.deserialize(fresh, { readerSchema: V1 })).toEqual({ id: 2 });
  });

  it('names subjects by record name, topic and record name, or a function; keys get <topic>-key', async () => {
    const registry = createRegistry();
    await createAvroSerde(registry, { subjectNameStrategy: 'RecordNameStrategy' }).serialize('t', { id: 1 }, V1);
    await createAvroSerde(registry, { subjectNameStrategy: 'TopicRecordNameStrategy' }).serialize('t', { id: 1 }, V1);
    await createAvroSerde(registry, { isKey: true }).serialize('t', 'k', '"string"');
    await createAvroSerde(registry, { subjectNameStrategy: ({ topic }) => `custom.${topic}` }).serialize('t', 3, '"int"');
    expect(await registry.listSubjects()).toEqual(['com.acme.Order', 'custom.t', 't-com.acme.Order', 't-key']);
    await expect(createAvroSerde(registry, { subjectNameStrategy: 'RecordNameStrategy' }).serialize('t', 1, '"int"')).rejects.toBeInstanceOf(InvalidOptionError);
    expect(() => createAvroSerde(registry, { subjectNameStrategy: 'Nope' as 'RecordNameStrategy' })).toThrow(InvalidOptionError);
  });

  it('looks the schema up instead of registering it when autoRegister is false', async () => {
    const registry = createRegistry();
    const serde = createAvroSerde(registry, { autoRegister: false });
    expect((await rejection(serde.serialize('orders', { id: 1 }, V1)) as RegistryError).registryCode).toBe('SUBJECT_NOT_FOUND');
    await registry.register('orders-value', V1);
    expect([...(await serde.serialize('orders', { id: 1 }, V1))]).toEqual([0, 0, 0, 0, 1, 2]);
  });

  it('gives typed errors for a wrong magic byte, an unknown id, a truncated datum and an unreadable writer', async () => {
    const registry = createRegistry();
    const serde = createAvroSerde(registry);
    const good = await serde.serialize('orders', { id: 300 }, V1);
    expect(await rejection(serde.deserialize(Uint8Array.from([1, ...good.subarray(1)])))).toBeInstanceOf(WireFormatError);
    expect((await rejection(serde.deserialize(Uint8Array.from([0, 0, 0, 0, 99, 2])))) as RegistryError).toMatchObject({ registryCode: 'SCHEMA_NOT_FOUND', message: 'Schema 99 not found' });
    expect(await rejection(serde.deserialize(good.subarray(0, good.length - 1)))).toBeInstanceOf(AvroDataError);
    const reader = record([{ name: 'id', type: 'int' }]);
    expect(await rejection(serde.deserialize(good, { readerSchema: reader }))).toBeInstanceOf(IncompatibleSchemaError);
    await registry.register('strings', { schema: '', schemaType: 'STRING' });
    expect(await rejection(serde.deserialize(Uint8Array.from([0, 0, 0, 0, 2, 0])))).toBeInstanceOf(WireFormatError);
  });
});
