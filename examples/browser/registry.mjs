// A registry browser program: schema-compat/registry in memory, bundled for the browser with no
// polyfills (test/package/browser.test.ts runs it in headless Chromium; bench/bundle-size.mjs measures
// it). It registers, tests, has an incompatible registration refused, and round-trips a record
// through the Avro serde (Confluent framing), then writes what happened as JSON into #result.
import { IncompatibleRegistrationError, createAvroSerde, createRegistry } from 'schema-compat/registry';

const order = (fields) => JSON.stringify({ type: 'record', name: 'Order', fields });
const v1 = order([{ name: 'id', type: 'long' }, { name: 'note', type: 'string' }, { name: 'payload', type: 'bytes' }]);
const v2 = order([...JSON.parse(v1).fields, { name: 'qty', type: 'int', default: 1 }]);
const broken = order([{ name: 'id', type: 'string' }]);

async function main() {
  const registry = createRegistry();
  const first = await registry.register('orders-value', v1);
  const test = await registry.testCompatibility('orders-value', v2);
  let refused;
  try {
    await registry.register('orders-value', broken);
  } catch (error) {
    if (!(error instanceof IncompatibleRegistrationError)) throw error;
    refused = { name: error.name, code: error.confluentErrorCode, findings: error.result.incompatibilities.map((finding) => `${finding.type} ${finding.location}`) };
  }
  const serde = createAvroSerde(registry, { autoRegister: false });
  const bytes = await serde.serialize('orders', { id: 2n ** 60n, note: 'naïve ☃', payload: new Uint8Array([0, 255, 7]) }, v1);
  const read = await serde.deserialize(bytes, { readerSchema: v2 });
  return {
    registered: [first.id, first.version],
    test,
    refused,
    bytes: Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(''),
    read: { ...read, id: String(read.id), payload: Array.from(read.payload) },
  };
}

const write = (value) => { document.getElementById('result').textContent = JSON.stringify(value); };
main().then(write, (error) => write({ error: String(error?.stack ?? error) }));
