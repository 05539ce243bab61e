import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchemaRegistry, SchemaType } from '@kafkajs/confluent-schema-registry';
import { SchemaRegistryClient } from '@confluentinc/schemaregistry';
import { createAvroSerde } from 'schema-compat/registry';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';

// Two real registry clients that no one here wrote drive the local server on a loopback port.
const record = (fields: readonly object[]): string => JSON.stringify({ type: 'record', name: 'Order', namespace: 'com.acme', fields });
const V1 = record([{ name: 'id', type: 'long' }]);
const V2 = record([{ name: 'id', type: 'long' }, { name: 'note', type: 'string', default: 'none' }]);
const BAD = record([{ name: 'id', type: 'long' }, { name: 'qty', type: 'int' }]);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

async function rejection(promise: Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Record<string, unknown>;
  }
  throw new Error('expected the call to fail');
}

describe('@kafkajs/confluent-schema-registry 3.9.0 against the local server', () => {
  it('registers, encodes and decodes across an evolution, and gets 409 for an incompatible schema', async () => {
    const client = new SchemaRegistry({ host: server.url, retry: { retries: 0 } });
    const subject = 'kafkajs-orders-value';
    const { id: v1 } = await client.register({ type: SchemaType.AVRO, schema: V1 }, { subject });
    const { id: v2 } = await client.register({ type: SchemaType.AVRO, schema: V2 }, { subject });
    expect([v1, v2]).toEqual([1, 2]);
    expect(await client.getLatestSchemaId(subject)).toBe(v2);
    expect(await client.getRegistryIdBySchema(subject, { type: SchemaType.AVRO, schema: V1 })).toBe(v1);
    // kafkajs set the subject's level on its first registration.
    expect(await server.registry.getConfig(subject)).toEqual({ compatibility: 'BACKWARD' });

    const old = await client.encode(v1, { id: 7 });
    const fresh = await client.encode(v2, { id: 8, note: 'rush' });
    expect([...old.subarray(0, 5)]).toEqual([0, 0, 0, 0, 1]);
    expect(await client.decode(old)).toEqual({ id: 7 });
    expect(await client.decode(old, { [SchemaType.AVRO]: { readerSchema: JSON.parse(V2) } })).toEqual({ id: 7, note: 'none' });
    // A fresh client (empty cache) fetches the writer schemas by id.
    const reader = new SchemaRegistry({ host: server.url, retry: { retries: 0 } });
    expect(await reader.decode(fresh)).toEqual({ id: 8, note: 'rush' });
    // Our serde reads kafkajs's bytes and kafkajs reads ours.
    const serde = createAvroSerde(server.registry, { readerSchema: V2 });
    expect(await serde.deserialize(old)).toEqual({ id: 7, note: 'none' });
    expect(await reader.decode(Buffer.from(await createAvroSerde(server.registry).serialize('kafkajs-orders', { id: 9, note: 'x' }, V2)))).toEqual({ id: 9, note: 'x' });

    const error = await rejection(client.register({ type: SchemaType.AVRO, schema: BAD }, { subject }));
    expect(error['status']).toBe(409);
    expect(String(error['message'])).toContain(`Schema being registered is incompatible with an earlier schema for subject "${subject}", details: [{errorType:'READER_FIELD_MISSING_DEFAULT_VALUE'`);
    expect(await server.registry.listVersions(subject)).toEqual([1, 2]);
  });
});

describe('@confluentinc/schemaregistry 1.10.1 against the local server', () => {
  it('registers, gets by id, tests compatibility, reads and sets levels, deletes', async () => {
    const client = new SchemaRegistryClient({ baseURLs: [server.url], maxRetries: 0 });
    const subject = 'confluent-orders-value';
    const id = await client.register(subject, { schemaType: 'AVRO', schema: V1 });
    expect(await client.register(subject, { schemaType: 'AVRO', schema: V1 })).toBe(id);
    const byId = await client.getBySubjectAndId(subject, id);
    expect(byId.schema).toBe(V1);
    expect(await client.getId(subject, { schemaType: 'AVRO', schema: V1 })).toBe(id);

    expect(await client.testCompatibility(subject, 1, { schemaType: 'AVRO', schema: V2 })).toBe(true);
    expect(await client.testSubjectCompatibility(subject, { schemaType: 'AVRO', schema: BAD })).toBe(false);
    const latest = await client.getLatestSchemaMetadata(subject);
    expect([latest.id, latest.version, latest.subject, latest.schema]).toEqual([id, 1, subject, V1]);

    expect(await client.getDefaultCompatibility()).toBe('BACKWARD');
    expect(await client.updateCompatibility(subject, 'FULL' as never)).toBe('FULL');
    expect(await client.getCompatibility(subject)).toBe('FULL');

    const v2 = await client.register(subject, { schemaType: 'AVRO', schema: V2 });
    expect(await client.getAllVersions(subject)).toEqual([1, 2]);
    expect(await client.getAllSubjects()).toContain(subject);
    const conflict = await rejection(client.register(subject, { schemaType: 'AVRO', schema: BAD }));
    expect([conflict['status'], conflict['errorCode']]).toEqual([409, 40901]);
    const missing = await rejection(client.getBySubjectAndId(subject, 999));
    expect([missing['status'], missing['errorCode']]).toEqual([404, 40403]);

    expect(await client.deleteSubjectVersion(subject, 2)).toBe(2);
    expect(await client.deleteSubject(subject)).toEqual([1]);
    expect(await client.deleteSubject(subject, true)).toEqual([1, 2]);
    expect(await server.registry.listSubjects({ deleted: true })).not.toContain(subject);
    expect(v2).toBeGreaterThan(id);
  });
});
