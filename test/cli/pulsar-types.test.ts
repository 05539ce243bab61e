import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import protobufjs from 'protobufjs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startStub } from '../sources/http-stub.js';
import type { Stub } from '../sources/http-stub.js';
import { cliIn } from './support.js';

/*
 * `check --type key-value|protobuf-native --against pulsar:URL`, run as users run it (dist/cli.js),
 * against a stub of Pulsar's admin REST API that answers as Pulsar documents:
 *
 * - GET /admin/v2/schemas/{tenant}/{namespace}/{topic}/schemas: GetAllVersionsSchemaResponse
 *   {"getSchemaResponses": [GetSchemaResponse {version, type, timestamp, data, properties}]}
 *   (https://pulsar.apache.org/admin-rest-api/?version=master, "Schemas"; GetSchemaResponse's fields
 *   are data, properties, timestamp, type, version). For KEY_VALUE, `data` is
 *   {"key": <key schema JSON, or "" for a primitive>, "value": ...} (SchemaUtils.convertKeyValueSchemaInfoDataToString,
 *   which the admin client reverses with convertKeyValueDataStringToSchemaInfoSchema) and the sides'
 *   types and encoding are the properties key.schema.type, value.schema.type, kv.encoding.type
 *   (KeyValueSchemaInfo). For PROTOBUF_NATIVE, `data` is the schema bytes as text: the JSON of
 *   ProtobufNativeSchemaData {fileDescriptorSet (base64), rootMessageTypeName, rootFileDescriptorName}.
 * - GET /admin/v2/persistent/{tenant}/{namespace}/{topic}/schemaCompatibilityStrategy: the topic
 *   policy as a JSON string.
 */
const descriptor = createRequire(import.meta.url)('protobufjs/ext/descriptor') as { FileDescriptorSet: protobufjs.Type };

function nativeData(body: string, name = 'Order'): string {
  const root = protobufjs.parse(`syntax = "proto3"; package example; message ${name} { ${body} }`, { keepCase: true }).root;
  const set = (root as unknown as { toDescriptor(syntax: string): protobufjs.Message & { file: Array<{ name: string }> } }).toDescriptor('proto3');
  for (const file of set.file) file.name = 'order.proto';
  const bytes = descriptor.FileDescriptorSet.encode(set).finish();
  return JSON.stringify({ fileDescriptorSet: Buffer.from(bytes).toString('base64'), rootMessageTypeName: `example.${name}`, rootFileDescriptorName: 'order.proto' });
}

const order = (fields: readonly object[]): object => ({ type: 'record', name: 'Order', namespace: 'com.acme', fields });
const V1 = order([{ name: 'id', type: 'long' }]);
const V2 = order([{ name: 'id', type: 'long' }, { name: 'note', type: ['null', 'string'], default: null }]);
const V3 = order([{ name: 'id', type: 'long' }, { name: 'note', type: ['null', 'string'], default: null }, { name: 'tag', type: 'string', default: '' }]);
const BAD = order([{ name: 'id', type: 'long' }, { name: 'amount', type: 'double' }]);
const KV_PROPERTIES = { 'key.schema.type': 'STRING', 'value.schema.type': 'AVRO', 'kv.encoding.type': 'SEPARATED' };

let pulsar: Stub;
let dir: string;

beforeAll(async () => {
  pulsar = await startStub((request, response) => {
    const histories: Record<string, unknown[]> = {
      '/admin/v2/schemas/acme/orders/kv/schemas': [
        { version: 0, type: 'KEY_VALUE', timestamp: 1700000000000, data: JSON.stringify({ key: '', value: V1 }), properties: KV_PROPERTIES },
        { version: 1, type: 'KEY_VALUE', timestamp: 1700086400000, data: JSON.stringify({ key: '', value: V2 }), properties: KV_PROPERTIES },
      ],
      '/admin/v2/schemas/acme/orders/native/schemas': [
        { version: 0, type: 'PROTOBUF_NATIVE', timestamp: 1700000000000, data: nativeData('int64 id = 1;'), properties: {} },
      ],
    };
    const history = histories[request.url];
    if (history !== undefined) return sendJson(response, 200, { getSchemaResponses: history });
    if (request.url.endsWith('/schemaCompatibilityStrategy')) return sendJson(response, 200, 'BACKWARD_TRANSITIVE');
    return sendJson(response, 404, { reason: 'not in this stub' });
  });
  dir = mkdtempSync(join(tmpdir(), 'schema-compat-pulsar-types-'));
  const kv = (value: object): string => JSON.stringify({ key: { type: 'STRING', schema: '' }, value: { type: 'AVRO', schema: value }, encoding: 'SEPARATED' });
  writeFileSync(join(dir, 'same-kv.json'), kv(V2));
  writeFileSync(join(dir, 'order-kv.json'), kv(V3));
  writeFileSync(join(dir, 'bad-kv.json'), kv(BAD));
  writeFileSync(join(dir, 'retyped-kv.json'), JSON.stringify({ key: { type: 'INT64' }, value: { type: 'AVRO', schema: V3 } }));
  writeFileSync(join(dir, 'order-native.json'), nativeData('int64 id = 1; string note = 2;'));
  writeFileSync(join(dir, 'invoice-native.json'), nativeData('int64 id = 1;', 'Invoice'));
  const set = JSON.parse(nativeData('int64 id = 1; string note = 2;')) as { fileDescriptorSet: string };
  writeFileSync(join(dir, 'order.desc'), Buffer.from(set.fileDescriptorSet, 'base64'));
});
afterAll(async () => {
  await pulsar.close();
  rmSync(dir, { recursive: true, force: true });
});

const against = (): string[] => ['--against', `pulsar:${pulsar.url}`, '--topic'];

describe('check --type key-value --against pulsar:URL', () => {
  it('a KEY_VALUE topic: the newest version again is identical (Pulsar\'s dedup), nothing checked', async () => {
    const run = await cliIn(dir, ['check', '--type', 'key-value', 'same-kv.json', ...against(), 'persistent://acme/orders/kv']);
    expect([run.code, run.stderr, run.stdout.split('\n')]).toEqual([0, '', [
      `Against pulsar ${pulsar.url}: topic persistent://acme/orders/kv, 2 versions (0, 1), strategy BACKWARD_TRANSITIVE (topic policy)`,
      'COMPATIBLE under BACKWARD_TRANSITIVE (topic policy): identical to version 1, nothing checked',
      '',
    ]]);
  });

  it('a KEY_VALUE topic: a compatible candidate is checked against every version and passes', async () => {
    const run = await cliIn(dir, ['check', '--type', 'key-value', 'order-kv.json', ...against(), 'persistent://acme/orders/kv']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain('COMPATIBLE under BACKWARD_TRANSITIVE (topic policy)');
  });

  it('a KEY_VALUE topic: the value\'s incompatibility is found under /value', async () => {
    const run = await cliIn(dir, ['check', '--type', 'key-value', 'bad-kv.json', ...against(), 'persistent://acme/orders/kv']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('READER_FIELD_MISSING_DEFAULT_VALUE at /value/fields/1');
  });

  it('a KEY_VALUE topic: a changed key type is incompatible with Pulsar\'s message', async () => {
    const run = await cliIn(dir, ['check', '--type', 'key-value', 'retyped-kv.json', ...against(), 'persistent://acme/orders/kv']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Key schemas or Value schemas are different schema type, from key schema type is STRING and to key schema is INT64, from value schema is AVRO and to value schema is AVRO');
  });
});

describe('check --type protobuf-native --against pulsar:URL', () => {
  it('a PROTOBUF_NATIVE topic: the root message is the same, compatible under Pulsar\'s rule', async () => {
    const run = await cliIn(dir, ['check', '--type', 'protobuf-native', 'order-native.json', ...against(), 'persistent://acme/orders/native']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain('COMPATIBLE under BACKWARD_TRANSITIVE');
  });

  it('a PROTOBUF_NATIVE topic: a changed root message is incompatible with Pulsar\'s message', async () => {
    const run = await cliIn(dir, ['check', '--type', 'protobuf-native', 'invoice-native.json', ...against(), 'persistent://acme/orders/native']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("Protobuf root message isn't allow change!");
  });

  it('a binary descriptor set file with --root-message; --root-message on another type is a usage error', async () => {
    const run = await cliIn(dir, ['check', '--type', 'protobuf-native', '--root-message', 'example.Order', 'order.desc', ...against(), 'persistent://acme/orders/native']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain('COMPATIBLE under BACKWARD_TRANSITIVE');
    const wrong = await cliIn(dir, ['check', '--type', 'key-value', '--root-message', 'example.Order', 'order-kv.json', ...against(), 'persistent://acme/orders/kv']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--root-message goes with --type protobuf-native');
  });
});
