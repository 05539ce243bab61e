import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AvroDeserializer, AvroSerializer, JsonDeserializer, JsonSerializer, SchemaRegistryClient, SerdeType,
} from '@confluentinc/schemaregistry';
import { SchemaRegistry } from '@kafkajs/confluent-schema-registry';
import { createAvroSerde, createJsonSchemaSerde, createRegistryClient } from 'schema-compat/registry';
import type { RegistryClient } from 'schema-compat/registry';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';

// Issue 24 item 2: our serdes over HTTP (createRegistryClient) against the project's own server, byte
// for byte both ways with Confluent's JavaScript serdes (@confluentinc/schemaregistry 1.10.1) and,
// for Avro, @kafkajs/confluent-schema-registry 3.9.0.

const ORDER = JSON.stringify({
  type: 'record', name: 'Order', namespace: 'com.acme', fields: [
    { name: 'id', type: 'long' }, { name: 'customer', type: 'string' }, { name: 'note', type: ['null', 'string'], default: null },
    { name: 'lines', type: { type: 'array', items: 'int' } }, { name: 'status', type: { type: 'enum', name: 'Status', symbols: ['NEW', 'PAID'] } },
  ],
});
const ORDER_VALUE = { id: 42, customer: 'Ada', note: 'rush', lines: [1, 2, 3], status: 'PAID' };
const PERSON = JSON.stringify({
  $schema: 'http://json-schema.org/draft-07/schema#', title: 'Person', type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } }, required: ['name'],
});
const PERSON_VALUE = { name: 'Grace', age: 85 };

let server: RunningServer;
let client: RegistryClient;
let confluent: SchemaRegistryClient;
beforeAll(async () => {
  server = await startServer({ port: 0 });
  client = createRegistryClient({ url: server.url, retries: 0 });
  confluent = new SchemaRegistryClient({ baseURLs: [server.url], maxRetries: 0 });
});
afterAll(async () => {
  await server.close();
});

const bytes = (buffer: Uint8Array): number[] => [...buffer];

describe('Avro', () => {
  it('ours writes the same bytes as Confluent\'s AvroSerializer and kafkajs, and each reads the others', async () => {
    const ours = createAvroSerde(client);
    const written = await ours.serialize('orders', ORDER_VALUE, ORDER);
    const { id } = await client.lookup('orders-value', ORDER);
    expect(bytes(written.subarray(0, 5))).toEqual([0, 0, 0, 0, id]);

    const confluentWriter = new AvroSerializer(confluent, SerdeType.VALUE, { useLatestVersion: true });
    const confluentBytes = await confluentWriter.serialize('orders', ORDER_VALUE);
    expect(bytes(confluentBytes)).toEqual(bytes(written));
    const kafkajs = new SchemaRegistry({ host: server.url, retry: { retries: 0 } });
    const kafkajsBytes = await kafkajs.encode(id, ORDER_VALUE);
    expect(bytes(kafkajsBytes)).toEqual(bytes(written));

    // Each reads the others' bytes; a fresh serde (empty caches) fetches the writer over HTTP.
    const reader = createAvroSerde(createRegistryClient({ url: server.url }));
    expect(await reader.deserialize<typeof ORDER_VALUE>(confluentBytes)).toEqual(ORDER_VALUE);
    expect(await reader.deserialize(kafkajsBytes)).toEqual(ORDER_VALUE);
    const confluentReader = new AvroDeserializer(new SchemaRegistryClient({ baseURLs: [server.url] }), SerdeType.VALUE, {});
    expect(await confluentReader.deserialize('orders', Buffer.from(written))).toEqual(ORDER_VALUE);
    expect(await new SchemaRegistry({ host: server.url }).decode(Buffer.from(written))).toEqual(ORDER_VALUE);
  });

  it('works the same over the in-process registry, and parses a schema it has seen once', async () => {
    const overRegistry = createAvroSerde(server.registry);
    const overHttp = createAvroSerde(client);
    const schema = JSON.parse(ORDER) as object;
    expect(bytes(await overRegistry.serialize('orders', ORDER_VALUE, schema))).toEqual(bytes(await overHttp.serialize('orders', ORDER_VALUE, ORDER)));
    // A schema object that counts how often it is stringified: once, however many messages.
    let stringified = 0;
    const counting = { toJSON: () => (stringified++, schema) };
    const once = createAvroSerde(server.registry);
    for (let i = 0; i < 20; i++) await once.serialize('orders', { ...ORDER_VALUE, id: i }, counting);
    expect(stringified).toBe(1);
    const requests: string[] = [];
    const counted = createAvroSerde(createRegistryClient({ url: server.url, fetch: (input, init) => (requests.push(String(input)), fetch(input, init)) }));
    const first = await counted.serialize('orders', ORDER_VALUE, schema);
    for (let i = 0; i < 20; i++) await counted.serialize('orders', { ...ORDER_VALUE, id: i }, schema);
    for (let i = 0; i < 20; i++) expect(await counted.deserialize(first)).toEqual(ORDER_VALUE);
    expect(requests.map((url) => new URL(url).pathname)).toEqual(['/subjects/orders-value/versions', '/schemas/ids/1']);
  });
});

describe('JSON Schema', () => {
  it('ours writes the same bytes as Confluent\'s JsonSerializer, and each reads the other\'s', async () => {
    const ours = createJsonSchemaSerde(client, { validateOnRead: true });
    const written = await ours.serialize('people', PERSON_VALUE, PERSON);
    const { id } = await client.lookup('people-value', { schema: PERSON, schemaType: 'JSON' });
    expect(bytes(written)).toEqual([0, 0, 0, 0, id, ...new TextEncoder().encode(JSON.stringify(PERSON_VALUE))]);
    const confluentWriter = new JsonSerializer(confluent, SerdeType.VALUE, { useLatestVersion: true });
    const confluentBytes = await confluentWriter.serialize('people', PERSON_VALUE);
    expect(bytes(confluentBytes)).toEqual(bytes(written));
    expect(await createJsonSchemaSerde(createRegistryClient({ url: server.url })).deserialize<typeof PERSON_VALUE>(confluentBytes)).toEqual(PERSON_VALUE);
    const confluentReader = new JsonDeserializer(new SchemaRegistryClient({ baseURLs: [server.url] }), SerdeType.VALUE, {});
    expect(await confluentReader.deserialize('people', Buffer.from(written))).toEqual(PERSON_VALUE);
  });

  it('validates with the library\'s own validator on write, and on read when asked', async () => {
    const serde = createJsonSchemaSerde(client, { validateOnRead: true });
    await expect(serde.serialize('people', { age: -1 }, PERSON)).rejects.toMatchObject({ name: 'MessageValidationError', code: 'MESSAGE_INVALID', verdict: 'invalid' });
    const { id } = await client.lookup('people-value', { schema: PERSON, schemaType: 'JSON' });
    const invalid = new Uint8Array([0, 0, 0, 0, id, ...new TextEncoder().encode('{"age":-1}')]);
    await expect(serde.deserialize(invalid)).rejects.toMatchObject({ code: 'MESSAGE_INVALID', schemaId: id });
    expect(await createJsonSchemaSerde(client).deserialize(invalid)).toEqual({ age: -1 });
    await expect(serde.deserialize(new Uint8Array([0, 0, 0, 0, id, 0xff]))).rejects.toMatchObject({ name: 'WireFormatError', problem: 'BAD_PAYLOAD' });
    expect(bytes(await createJsonSchemaSerde(client, { validate: false }).serialize('people', { age: -1 }, PERSON)).slice(5)).toEqual(bytes(new TextEncoder().encode('{"age":-1}')));
  });
});
