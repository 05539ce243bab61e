// Issue 24 item 3: `serde.serialize` / `serde.deserialize` against @kafkajs/confluent-schema-registry's
// `encode` / `decode` (3.9.0, avsc underneath), in one process, over the project's own server on
// 127.0.0.1 (both cache schemas and ids after the first call, so the timed calls make no request).
// Interleaved rounds of awaited calls; figures are speeds relative to kafkajs (kafkajs's time / ours:
// above 1× is faster). `node bench/serde.mjs [--check]`.
import { SchemaRegistry } from '@kafkajs/confluent-schema-registry';
import { createAvroSerde, createRegistryClient } from '../dist/registry.js';
import { startServer } from '../dist/server.js';
import { formatRatio } from './measure.mjs';
import { atLeast, reportTargets } from './targets.mjs';

const ROUNDS = 15;
const CALLS = 2000;

/** Nanoseconds per awaited call of `fn`, over `CALLS` calls. */
async function perCall(fn) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i++) await fn();
  return Number(process.hrtime.bigint() - start) / CALLS;
}

/** Issue 24's 10-field record (bench/avro-data.mjs's `smallV1`) and a value of it. */
const SCHEMA = {
  type: 'record', name: 'Order', namespace: 'com.acme.bench',
  fields: [
    { name: 'id', type: 'long' }, { name: 'customer', type: 'string' }, { name: 'sku', type: 'string' },
    { name: 'quantity', type: 'int' }, { name: 'price', type: 'double' }, { name: 'note', type: ['null', 'string'], default: null },
    { name: 'tags', type: { type: 'array', items: 'string' } }, { name: 'attributes', type: { type: 'map', values: 'string' } },
    { name: 'status', type: { type: 'enum', name: 'Status', symbols: ['NEW', 'PAID', 'SHIPPED', 'CANCELLED'] } },
    { name: 'created', type: 'long' },
  ],
};
const VALUE = {
  id: 1234567, customer: 'Ada Lovelace', sku: 'SKU-0042', quantity: 3, price: 19.99, note: 'leave at the door',
  tags: ['gift', 'rush', 'fragile'], attributes: { colour: 'red', size: 'M', gift: 'yes' }, status: 'PAID', created: 1765000000000,
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startServer({ port: 0 });
try {
  const text = JSON.stringify(SCHEMA);
  const value = VALUE;
  const ours = createAvroSerde(createRegistryClient({ url: server.url }));
  const kafkajs = new SchemaRegistry({ host: server.url });
  const framed = await ours.serialize('orders', value, text);
  const id = framed.readUInt32BE?.(1) ?? new DataView(framed.buffer, framed.byteOffset + 1, 4).getUint32(0);
  const subjects = {
    'serialize (ours) vs encode (kafkajs)': [() => ours.serialize('orders', value, text), () => kafkajs.encode(id, value)],
    'deserialize (ours) vs decode (kafkajs)': [() => ours.deserialize(framed), () => kafkajs.decode(Buffer.from(framed))],
  };
  const speeds = Object.fromEntries(Object.keys(subjects).map((name) => [name, []]));
  for (const [ourCall, theirCall] of Object.values(subjects)) for (let i = 0; i < 200; i++) { await ourCall(); await theirCall(); }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, [ourCall, theirCall]] of Object.entries(subjects)) {
      const [first, second] = round % 2 === 0 ? [ourCall, theirCall] : [theirCall, ourCall];
      const a = await perCall(first);
      const b = await perCall(second);
      const [oursNs, theirsNs] = round % 2 === 0 ? [a, b] : [b, a];
      speeds[name].push(theirsNs / oursNs);
    }
  }
  console.log(`Serdes: the 10-field record over the project's server (ids and schemas cached by both), ${ROUNDS} interleaved rounds of ${CALLS} awaited calls; speed = kafkajs's time / ours`);
  for (const [name, values] of Object.entries(speeds)) {
    const spread = (Math.max(...values) - Math.min(...values)) / 2;
    const target = name.startsWith('serialize') ? `   ${atLeast('serde.serialize / kafkajs encode', median(values), 1.0, spread)}` : '';
    console.log(`  ${name.padEnd(42)} ${formatRatio(median(values))} ±${spread.toFixed(2)}${target}`);
  }
} finally {
  await server.close();
}

if (import.meta.url === `file://${process.argv[1]}`) reportTargets();
