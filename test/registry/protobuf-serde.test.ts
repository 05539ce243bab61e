import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import protobufjs from 'protobufjs';
import { ProtobufDeserializer, ProtobufSerializer, SchemaRegistryClient, SerdeType } from '@confluentinc/schemaregistry';
import { createProtobufSerde, createRegistry, createRegistryClient, decodeConfluentFrame } from 'schema-compat/registry';
import { CheckerRegistry } from 'schema-compat';
import { ProtobufChecker } from 'schema-compat/protobuf';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';

// Issue 24 item 2: Confluent's Protobuf framing (schema id, message indexes, message) with protobufjs,
// the independent peer, as the encoder of record; over the in-process registry and over HTTP; and
// byte for byte both ways with @confluentinc/schemaregistry 1.10.1's Protobuf serdes.

const PROTO = `syntax = "proto3";
package acme;
message Order {
  int64 id = 1;
  string customer = 2;
  repeated int32 lines = 3;
  Status status = 4;
  enum Status { NEW = 0; PAID = 1; }
}
message Envelope {
  message Item { string sku = 1; int32 qty = 2; }
  Item item = 1;
}
`;
const ORDER = { id: '42', customer: 'Ada', lines: [1, 2, 3], status: 'PAID' };

const withProtobuf = (): CheckerRegistry => CheckerRegistry.withDefaults().register(new ProtobufChecker());

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, registry: createRegistry({ checkers: withProtobuf() }) });
});
afterAll(async () => {
  await server.close();
});

describe('createProtobufSerde', () => {
  it('frames the first message with the single 0 index, and the payload is protobufjs\'s own encoding', async () => {
    const registry = createRegistry({ checkers: withProtobuf() });
    const serde = createProtobufSerde(registry);
    const written = await serde.serialize('orders', ORDER, PROTO);
    const type = protobufjs.parse(PROTO, { keepCase: true }).root.lookupType('acme.Order');
    const expected = type.encode(type.fromObject(ORDER)).finish();
    expect([...written]).toEqual([0, 0, 0, 0, 1, 0, ...expected]);
    expect(await serde.deserialize(written)).toEqual(ORDER);
    expect((await registry.getLatest('orders-value')).schemaType).toBe('PROTOBUF');
  });

  it('writes a nested message\'s index path, reads it back over HTTP, and refuses bad values and indexes', async () => {
    const client = createRegistryClient({ url: server.url, retries: 0 });
    const serde = createProtobufSerde(client, { subjectNameStrategy: 'RecordNameStrategy' });
    const item = { sku: 'A-1', qty: 3 };
    const written = await serde.serialize('orders', item, PROTO, 'acme.Envelope.Item');
    expect(decodeConfluentFrame(written, { protobuf: true }).messageIndexes).toEqual([1, 0]);
    expect([...written.subarray(5, 8)]).toEqual([4, 2, 0]);
    expect(await client.listSubjects()).toEqual(['acme.Envelope.Item']);
    expect(await createProtobufSerde(createRegistryClient({ url: server.url })).deserialize<typeof item>(written)).toEqual(item);
    await expect(serde.serialize('orders', { item: 5 }, PROTO, 'acme.Envelope')).rejects.toMatchObject({ code: 'MESSAGE_INVALID' });
    await expect(serde.serialize('orders', item, PROTO, 'acme.Nope')).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    const wrongIndex = new Uint8Array([...written.subarray(0, 5), 2, 6, ...written.subarray(8)]);
    await expect(serde.deserialize(wrongIndex)).rejects.toMatchObject({ name: 'WireFormatError', problem: 'BAD_MESSAGE_INDEXES' });
    const corrupt = new Uint8Array([...written.subarray(0, 8), 0x0a, 0x7f]);
    await expect(serde.deserialize(corrupt)).rejects.toMatchObject({ name: 'WireFormatError', problem: 'BAD_PAYLOAD' });
  });
});

describe('createProtobufSerde and @confluentinc/schemaregistry\'s Protobuf serdes', () => {
  it('Confluent\'s deserializer reads our bytes, and its serializer writes the same bytes back', async () => {
    const ours = createProtobufSerde(createRegistryClient({ url: server.url, retries: 0 }));
    const written = await ours.serialize('shop', ORDER, PROTO);
    const confluent = new SchemaRegistryClient({ baseURLs: [server.url], maxRetries: 0 });
    const reader = new ProtobufDeserializer(confluent, SerdeType.VALUE, {});
    const message = (await reader.deserialize('shop', Buffer.from(written))) as Record<string, unknown>;
    expect([message['$typeName'], message['id'], message['customer'], message['lines'], message['status']]).toEqual(['acme.Order', 42n, 'Ada', [1, 2, 3], 1]);

    const writer = new ProtobufSerializer(confluent, SerdeType.VALUE, { useLatestVersion: true });
    const desc = reader.fileRegistry.getMessage('acme.Order');
    if (desc === undefined) throw new Error('the deserializer kept no descriptor for acme.Order');
    writer.registry.add(desc);
    const confluentBytes = await writer.serialize('shop', message);
    expect([...confluentBytes]).toEqual([...written]);
    expect(await ours.deserialize(confluentBytes)).toEqual(ORDER);

    const item = (await reader.deserialize('shop', Buffer.from(await ours.serialize('shop', { item: { sku: 'B', qty: 2 } }, PROTO, 'acme.Envelope')))) as Record<string, unknown>;
    expect(item['$typeName']).toBe('acme.Envelope');
  });
});
