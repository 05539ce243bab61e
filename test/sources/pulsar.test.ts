import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHistory, readHistory, SourceError, SourceErrorCode } from 'schema-compat/sources';
import type { HistorySnapshot } from 'schema-compat/sources';
import { sendJson, sendText, sourceFailure, startStub } from './http-stub.js';
import type { Stub, StubRequest } from './http-stub.js';

/*
 * pulsar:URL against a stub of Pulsar's admin REST API (no broker here). The stub answers only what
 * Pulsar documents:
 *
 * - GET /admin/v2/schemas/{tenant}/{namespace}/{topic}/schemas answers GetAllVersionsSchemaResponse
 *   {"getSchemaResponses":[{"version":0,"type":"AVRO","timestamp":1700000000000,"data":"<schema text>","properties":{}}]}
 *   (swagger of the admin REST API, https://pulsar.apache.org/admin-rest-api/?version=master, "Schemas";
 *   pulsar-broker org.apache.pulsar.broker.admin.v2.SchemasResource#getAllSchemas; usage in
 *   https://pulsar.apache.org/docs/next/admin-api-schemas/). It lists the versions after the last delete:
 *   versions start at 0 and a delete writes a tombstone that takes a version, so a history may start
 *   later than 0 and have gaps. A topic without a schema answers an empty list; older brokers answer
 *   404 {"reason":"Schema not found"}.
 * - GET /admin/v2/persistent/{tenant}/{namespace}/{topic}/schemaCompatibilityStrategy (topic policy,
 *   PersistentTopics#getSchemaCompatibilityStrategy; /admin/v2/non-persistent/... for non-persistent
 *   topics): a JSON string such as "FULL"; 204 with no body when unset; 405
 *   {"reason":"Topic level policies is disabled, to enable the topic level policy and retry."} when the
 *   broker has topic policies disabled; 404 for a topic that does not exist.
 * - GET /admin/v2/namespaces/{tenant}/{namespace}/schemaCompatibilityStrategy
 *   (Namespaces#getSchemaCompatibilityStrategy): "UNDEFINED" when unset.
 * - GET /admin/v2/namespaces/{tenant}/{namespace}/schemaAutoUpdateCompatibilityStrategy (deprecated,
 *   Namespaces#getSchemaAutoUpdateCompatibilityStrategy): "BackwardTransitive" etc. (AutoUpdateDisabled,
 *   Backward, Forward, Full, AlwaysCompatible, BackwardTransitive, ForwardTransitive, FullTransitive),
 *   204 when unset.
 * - Token authentication: Authorization: Bearer <token> (AuthenticationProviderToken,
 *   https://pulsar.apache.org/docs/next/security-jwt/).
 * - The local name in a path is encoded as the admin client encodes it (TopicName#getEncodedLocalName,
 *   Codec.encode = URLEncoder), and the broker decodes it with Codec.decode (URLDecoder).
 * - Without any policy the broker's default applies; Pulsar's schema docs: FULL for AVRO and JSON,
 *   ALWAYS_INCOMPATIBLE for the other types.
 */

const avro = (name: string, fields: readonly object[]): string => JSON.stringify({ type: 'record', name, namespace: 'com.acme', fields });
const EVENT_V2 = avro('Event', [{ name: 'id', type: 'long' }]);
const EVENT_V3 = avro('Event', [{ name: 'id', type: 'long' }, { name: 'note', type: ['null', 'string'], default: null }]);
const T0 = 1_700_000_000_000;
const T1 = 1_700_000_360_000;

interface SchemaEntry {
  readonly version: number;
  readonly type: string;
  readonly timestamp: number;
  readonly data: string;
  readonly properties: Record<string, string>;
}

const entry = (version: number, type: string, data: string, timestamp = T0): SchemaEntry => ({ version, type, timestamp, data, properties: {} });

/** What one broker holds. Keys are decoded names: `tenant/namespace/local`, `tenant/namespace`. */
interface Broker {
  /** Schema history per topic (`null`: an older broker's 404 "Schema not found"). Absent: an empty list. */
  readonly schemas?: Readonly<Record<string, readonly SchemaEntry[] | null>>;
  /** Topics that exist (topic policy answers 404 for the others). Default: those with schemas. */
  readonly topics?: readonly string[];
  /** Topic policies by `domain/tenant/namespace/local`; absent: unset (204). */
  readonly topicPolicies?: Readonly<Record<string, string>>;
  /** The broker has topic policies disabled (405). */
  readonly topicPoliciesDisabled?: boolean;
  /** Namespaces that exist, with their policies; absent strategy: UNDEFINED; absent autoUpdate: 204. */
  readonly namespaces?: Readonly<Record<string, { readonly strategy?: string; readonly autoUpdate?: string }>>;
  /** Requests must carry `Authorization: Bearer <token>`. */
  readonly token?: string;
}

/** Pulsar's Codec.decode: java.net.URLDecoder (a `+` is a space). */
const urlDecode = (segment: string): string => decodeURIComponent(segment.replace(/\+/g, ' '));

function pulsarAnswer(broker: Broker, request: StubRequest, response: ServerResponse): void {
  if (broker.token !== undefined && request.authorization !== `Bearer ${broker.token}`) {
    sendJson(response, 401, { reason: 'Authentication required' });
    return;
  }
  const path = request.url.split('?')[0] ?? '';
  const parts = path.split('/');
  const namespaces = broker.namespaces ?? { 'public/default': {} };
  const existingTopics = new Set([...(broker.topics ?? []), ...Object.keys(broker.schemas ?? {})]);
  const nsExists = (tenant: string, namespace: string): boolean => namespaces[`${tenant}/${namespace}`] !== undefined;
  const noNamespace = (): void => sendJson(response, 404, { reason: 'Namespace does not exist' });
  // ['', 'admin', 'v2', 'schemas', tenant, namespace, topic, 'schemas']
  if (request.method === 'GET' && parts.length === 8 && parts[1] === 'admin' && parts[2] === 'v2' && parts[3] === 'schemas' && parts[7] === 'schemas') {
    const [tenant, namespace, topic] = [decodeURIComponent(parts[4] ?? ''), decodeURIComponent(parts[5] ?? ''), urlDecode(parts[6] ?? '')];
    if (!nsExists(tenant, namespace)) return noNamespace();
    const history = broker.schemas?.[`${tenant}/${namespace}/${topic}`];
    if (history === null) return sendJson(response, 404, { reason: 'Schema not found' });
    return sendJson(response, 200, { getSchemaResponses: history ?? [] });
  }
  // ['', 'admin', 'v2', domain, tenant, namespace, topic, 'schemaCompatibilityStrategy']
  if (request.method === 'GET' && parts.length === 8 && (parts[3] === 'persistent' || parts[3] === 'non-persistent') && parts[7] === 'schemaCompatibilityStrategy') {
    if (broker.topicPoliciesDisabled === true) return sendJson(response, 405, { reason: 'Topic level policies is disabled, to enable the topic level policy and retry.' });
    const [tenant, namespace, topic] = [decodeURIComponent(parts[4] ?? ''), decodeURIComponent(parts[5] ?? ''), urlDecode(parts[6] ?? '')];
    if (!nsExists(tenant, namespace)) return noNamespace();
    if (!existingTopics.has(`${tenant}/${namespace}/${topic}`)) return sendJson(response, 404, { reason: 'Topic not found' });
    const value = broker.topicPolicies?.[`${parts[3]}/${tenant}/${namespace}/${topic}`];
    if (value === undefined) {
      response.writeHead(204);
      response.end();
      return;
    }
    return sendJson(response, 200, value);
  }
  // ['', 'admin', 'v2', 'namespaces', tenant, namespace, policy]
  if (request.method === 'GET' && parts.length === 7 && parts[3] === 'namespaces') {
    const policies = namespaces[`${decodeURIComponent(parts[4] ?? '')}/${decodeURIComponent(parts[5] ?? '')}`];
    if (policies === undefined) return noNamespace();
    if (parts[6] === 'schemaCompatibilityStrategy') return sendJson(response, 200, policies.strategy ?? 'UNDEFINED');
    if (parts[6] === 'schemaAutoUpdateCompatibilityStrategy') {
      if (policies.autoUpdate === undefined) {
        response.writeHead(204);
        response.end();
        return;
      }
      return sendJson(response, 200, policies.autoUpdate);
    }
  }
  sendText(response, 404, '<html><body><h2>HTTP ERROR 404 Not Found</h2></body></html>', 'text/html');
}

let stubs: Stub[] = [];
afterEach(async () => {
  await Promise.all(stubs.map((stub) => stub.close()));
  stubs = [];
});

async function broker(state: Broker): Promise<Stub> {
  const started = await startStub((request, response) => pulsarAnswer(state, request, response));
  stubs.push(started);
  return started;
}

const fast = { retries: 0, retryDelayMs: 5, timeoutMs: 2_000 } as const;
const paths = (stub: Stub): string[] => stub.requests.map((request) => request.url);
const DEFAULT_AVRO = "Pulsar's default for AVRO; a broker's schemaCompatibilityStrategy may differ";

describe('pulsar:URL: versions', () => {
  it('reads every version after the last delete, with its number, label and registration date', async () => {
    // v0 then a delete (tombstone v1): the broker lists v2 and v3.
    const server = await broker({
      schemas: { 'acme/orders/events': [entry(2, 'AVRO', EVENT_V2, T0), entry(3, 'AVRO', EVENT_V3, T1)] },
      namespaces: { 'acme/orders': {} },
      topicPolicies: { 'persistent/acme/orders/events': 'BACKWARD_TRANSITIVE' },
    });
    const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic: 'persistent://acme/orders/events' });
    const expected: HistorySnapshot = {
      source: { kind: 'pulsar', url: server.url, topic: 'persistent://acme/orders/events' },
      description: `pulsar ${server.url}: topic persistent://acme/orders/events, 2 versions (2, 3), strategy BACKWARD_TRANSITIVE (topic policy)`,
      versions: [
        { version: 2, label: 'version 2', where: 'topic persistent://acme/orders/events version 2', schemaType: 'AVRO', text: EVENT_V2, date: '2023-11-14T22:13:20.000Z' },
        { version: 3, label: 'version 3', where: 'topic persistent://acme/orders/events version 3', schemaType: 'AVRO', text: EVENT_V3, date: '2023-11-14T22:19:20.000Z' },
      ],
      strategy: 'BACKWARD_TRANSITIVE',
      strategyFrom: 'topic policy',
      notes: [],
      isNew: false,
    };
    expect(snapshot).toEqual(expected);
    expect(paths(server)).toEqual([
      '/admin/v2/schemas/acme/orders/events/schemas',
      '/admin/v2/persistent/acme/orders/events/schemaCompatibilityStrategy',
    ]);
  });

  it('keeps the broker\'s version numbers from 0, with gaps where tombstones were', async () => {
    const server = await broker({
      schemas: { 'public/default/gappy': [entry(0, 'AVRO', EVENT_V2), entry(1, 'AVRO', EVENT_V3), entry(4, 'AVRO', EVENT_V3)] },
    });
    const loaded = await loadHistory(`pulsar:${server.url}`, { ...fast, topic: 'gappy' });
    expect(loaded.versions.map((version) => [version.version, version.label])).toEqual([[0, 'version 0'], [1, 'version 1'], [4, 'version 4']]);
    expect(loaded.history.map((schema) => [schema.schemaType, schema.version])).toEqual([['AVRO', 0], ['AVRO', 1], ['AVRO', 4]]);
    expect(loaded.description).toBe(`pulsar ${server.url}: topic persistent://public/default/gappy, 3 versions (0, 1, 4), strategy FULL (${DEFAULT_AVRO})`);
  });

  it('loadHistory parses AVRO, Pulsar JSON (an Avro record definition) and primitive versions with the default checkers', async () => {
    const server = await broker({
      schemas: {
        'public/default/avro': [entry(0, 'AVRO', EVENT_V2), entry(1, 'AVRO', EVENT_V3)],
        'public/default/json': [entry(0, 'JSON', EVENT_V2)],
        'public/default/text': [entry(0, 'STRING', '')],
      },
    });
    const avroHistory = await loadHistory(`pulsar:${server.url}`, { ...fast, topic: 'avro' });
    expect(avroHistory.history.map((schema) => [schema.schemaType, schema.version])).toEqual([['AVRO', 0], ['AVRO', 1]]);
    const jsonHistory = await loadHistory(`pulsar:${server.url}`, { ...fast, topic: 'json' });
    expect(jsonHistory.history.map((schema) => [schema.schemaType, schema.version])).toEqual([['JSON', 0]]);
    expect(jsonHistory.strategy).toBe('FULL');
    const text = await loadHistory(`pulsar:${server.url}`, { ...fast, topic: 'text' });
    expect(text.history.map((schema) => [schema.schemaType, schema.version])).toEqual([['STRING', 0]]);
    expect([text.strategy, text.strategyFrom]).toEqual(['ALWAYS_INCOMPATIBLE', "Pulsar's default for STRING; a broker's schemaCompatibilityStrategy may differ"]);
  });

  it('a KEY_VALUE version is read with its properties and parsed by the KEY_VALUE checker', async () => {
    // GetSchemaResponse of a KEY_VALUE schema: `data` is {"key": <schema JSON or "">, "value": ...}
    // (SchemaUtils.convertKeyValueSchemaInfoDataToString, used by SchemasResourceBase for every
    // schema answer) and the sides' types and encoding are SchemaInfo properties (KeyValueSchemaInfo:
    // key.schema.type, value.schema.type, kv.encoding.type; reference/pulsar.md §2.7).
    const properties = { 'key.schema.type': 'STRING', 'key.schema.name': 'String', 'value.schema.type': 'AVRO', 'kv.encoding.type': 'SEPARATED', other: 'x' };
    const kv = JSON.stringify({ key: '', value: JSON.parse(EVENT_V2) as object });
    const server = await broker({ schemas: { 'acme/orders/kv': [{ ...entry(0, 'KEY_VALUE', kv), properties }] }, namespaces: { 'acme/orders': {} } });
    const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic: 'persistent://acme/orders/kv' });
    expect(snapshot.versions.map((version) => [version.schemaType, JSON.parse(version.text)])).toEqual([[
      'KEY_VALUE',
      { type: 'KEY_VALUE', data: kv, properties: { 'key.schema.type': 'STRING', 'key.schema.name': 'String', 'value.schema.type': 'AVRO', 'kv.encoding.type': 'SEPARATED' } },
    ]]);
    expect([snapshot.strategy, snapshot.strategyFrom]).toEqual(['ALWAYS_INCOMPATIBLE', "Pulsar's default for KEY_VALUE; a broker's schemaCompatibilityStrategy may differ"]);
    const loaded = await loadHistory(`pulsar:${server.url}`, { ...fast, topic: 'persistent://acme/orders/kv' });
    const schema = loaded.history[0]?.schema as { key: { schemaType: string; data: string }; value: { schemaType: string; data: string }; encoding: string };
    expect([schema.key.schemaType, schema.key.data, schema.value.schemaType, schema.value.data, schema.encoding]).toEqual(['STRING', '', 'AVRO', JSON.stringify(JSON.parse(EVENT_V2)), 'SEPARATED']);
  });

  it('a PROTOBUF_NATIVE version without its checker fails with UNSUPPORTED_SCHEMA_TYPE naming the version and the checker to register', async () => {
    const native = JSON.stringify({ fileDescriptorSet: '', rootMessageTypeName: 'acme.Order', rootFileDescriptorName: 'order.proto' });
    const server = await broker({ schemas: { 'acme/orders/native': [entry(0, 'PROTOBUF_NATIVE', native)] }, namespaces: { 'acme/orders': {} } });
    const error = await sourceFailure(loadHistory(`pulsar:${server.url}`, { ...fast, topic: 'persistent://acme/orders/native' }));
    expect(error.code).toBe(SourceErrorCode.UNSUPPORTED_SCHEMA_TYPE);
    expect(error.source).toBe(`pulsar ${server.url}`);
    expect(error.message).toContain('topic persistent://acme/orders/native version 0 is a PROTOBUF_NATIVE schema, and no checker for PROTOBUF_NATIVE is registered: register ProtobufNativeChecker of schema-compat/protobuf');
    expect(error.remedy).toMatch(/^Checkers registered: .*KEY_VALUE/);
  });
});

describe('pulsar:URL: the strategy, topic policy → namespace policy → auto-update policy → Pulsar\'s default', () => {
  const topic = 'persistent://acme/orders/events';
  const schemas = { 'acme/orders/events': [entry(0, 'AVRO', EVENT_V2)] };
  const SCHEMAS = '/admin/v2/schemas/acme/orders/events/schemas';
  const TOPIC = '/admin/v2/persistent/acme/orders/events/schemaCompatibilityStrategy';
  const NAMESPACE = '/admin/v2/namespaces/acme/orders/schemaCompatibilityStrategy';
  const AUTO = '/admin/v2/namespaces/acme/orders/schemaAutoUpdateCompatibilityStrategy';

  it('the topic policy first, and then nothing else is asked', async () => {
    const server = await broker({
      schemas, topicPolicies: { 'persistent/acme/orders/events': 'FORWARD' }, namespaces: { 'acme/orders': { strategy: 'FULL_TRANSITIVE', autoUpdate: 'Backward' } },
    });
    const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic });
    expect([snapshot.strategy, snapshot.strategyFrom]).toEqual(['FORWARD', 'topic policy']);
    expect(paths(server)).toEqual([SCHEMAS, TOPIC]);
  });

  it('an unset topic policy (204) or UNDEFINED falls through to the namespace policy', async () => {
    for (const topicPolicies of [{}, { 'persistent/acme/orders/events': 'UNDEFINED' }]) {
      const server = await broker({ schemas, topicPolicies, namespaces: { 'acme/orders': { strategy: 'FULL_TRANSITIVE', autoUpdate: 'Backward' } } });
      const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic });
      expect([snapshot.strategy, snapshot.strategyFrom]).toEqual(['FULL_TRANSITIVE', 'namespace policy']);
      expect(snapshot.description).toBe(`pulsar ${server.url}: topic ${topic}, 1 version (0), strategy FULL_TRANSITIVE (namespace policy)`);
      expect(paths(server)).toEqual([SCHEMAS, TOPIC, NAMESPACE]);
    }
  });

  it('topic policies disabled (405) fall through as unset', async () => {
    const server = await broker({ schemas, topicPoliciesDisabled: true, namespaces: { 'acme/orders': { strategy: 'BACKWARD' } } });
    const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic });
    expect([snapshot.strategy, snapshot.strategyFrom]).toEqual(['BACKWARD', 'namespace policy']);
    expect(paths(server)).toEqual([SCHEMAS, TOPIC, NAMESPACE]);
  });

  it('a namespace policy of UNDEFINED falls through to the deprecated auto-update policy', async () => {
    const server = await broker({ schemas, topicPoliciesDisabled: true, namespaces: { 'acme/orders': { autoUpdate: 'BackwardTransitive' } } });
    const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic });
    expect([snapshot.strategy, snapshot.strategyFrom]).toEqual(['BACKWARD_TRANSITIVE', 'namespace auto-update policy BackwardTransitive']);
    expect(paths(server)).toEqual([SCHEMAS, TOPIC, NAMESPACE, AUTO]);
  });

  it('maps every auto-update value as Pulsar\'s SchemaCompatibilityStrategy.fromAutoUpdatePolicy does', async () => {
    const mapping: Array<[string, string]> = [
      ['AutoUpdateDisabled', 'ALWAYS_INCOMPATIBLE'], ['Backward', 'BACKWARD'], ['Forward', 'FORWARD'], ['Full', 'FULL'],
      ['AlwaysCompatible', 'NONE'], ['BackwardTransitive', 'BACKWARD_TRANSITIVE'], ['ForwardTransitive', 'FORWARD_TRANSITIVE'], ['FullTransitive', 'FULL_TRANSITIVE'],
    ];
    const seen: Array<[string, string]> = [];
    for (const [autoUpdate] of mapping) {
      const server = await broker({ schemas, namespaces: { 'acme/orders': { autoUpdate } } });
      const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic });
      expect(snapshot.strategyFrom).toBe(`namespace auto-update policy ${autoUpdate}`);
      seen.push([autoUpdate, snapshot.strategy ?? 'none']);
    }
    expect(seen).toEqual(mapping);
  });

  it('nothing set anywhere: Pulsar\'s default for the newest version\'s type (FULL for AVRO and JSON, ALWAYS_INCOMPATIBLE otherwise)', async () => {
    const server = await broker({
      schemas: {
        'acme/orders/events': [entry(0, 'AVRO', EVENT_V2)],
        'acme/orders/json': [entry(0, 'JSON', EVENT_V2)],
        'acme/orders/bytes': [entry(0, 'BYTES', '')],
        // The newest version's type decides.
        'acme/orders/changed': [entry(0, 'STRING', ''), entry(1, 'AVRO', EVENT_V2)],
      },
      namespaces: { 'acme/orders': {} },
    });
    const answers: string[][] = [];
    for (const local of ['events', 'json', 'bytes', 'changed']) {
      const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic: `acme/orders/${local}` });
      answers.push([local, snapshot.strategy ?? 'none', snapshot.strategyFrom ?? 'none']);
    }
    const from = (type: string): string => `Pulsar's default for ${type}; a broker's schemaCompatibilityStrategy may differ`;
    expect(answers).toEqual([
      ['events', 'FULL', from('AVRO')], ['json', 'FULL', from('JSON')], ['bytes', 'ALWAYS_INCOMPATIBLE', from('BYTES')], ['changed', 'FULL', from('AVRO')],
    ]);
    expect(paths(server).slice(0, 4)).toEqual([SCHEMAS, TOPIC, NAMESPACE, AUTO]);
  });

  it('a policy that cannot be read is an error, never the default', async () => {
    let calls = 0;
    const failing = await startStub((request, response) => {
      if (request.url === NAMESPACE) {
        calls++;
        sendJson(response, 500, { reason: 'Failed to get policies' });
      } else {
        pulsarAnswer({ schemas, namespaces: { 'acme/orders': {} } }, request, response);
      }
    });
    stubs.push(failing);
    const error = await sourceFailure(readHistory(`pulsar:${failing.url}`, { ...fast, retries: 1, topic }));
    expect([error.code, error.status]).toEqual([SourceErrorCode.REGISTRY_SERVER_ERROR, 500]);
    expect(error.message).toContain(`${failing.url}${NAMESPACE} answered 500`);
    expect(error.message).toContain('Failed to get policies');
    expect(calls).toBe(2);
  });

  it('a missing namespace is REGISTRY_NOT_FOUND with Pulsar\'s reason, not a new topic', async () => {
    const server = await broker({ schemas: {}, namespaces: { 'acme/orders': {} } });
    const error = await sourceFailure(readHistory(`pulsar:${server.url}`, { ...fast, topic: 'persistent://acme/nowhere/events' }));
    expect([error.code, error.status]).toEqual([SourceErrorCode.REGISTRY_NOT_FOUND, 404]);
    expect(error.message).toContain(`${server.url}/admin/v2/schemas/acme/nowhere/events/schemas answered 404: Namespace does not exist`);
  });

  it('an unknown strategy name or a non-string policy is REGISTRY_BAD_RESPONSE', async () => {
    const server = await broker({ schemas, topicPolicies: { 'persistent/acme/orders/events': 'SIDEWAYS' }, namespaces: { 'acme/orders': {} } });
    const unknown = await sourceFailure(readHistory(`pulsar:${server.url}`, { ...fast, topic }));
    expect(unknown.code).toBe(SourceErrorCode.REGISTRY_BAD_RESPONSE);
    expect(unknown.message).toContain('unknown schema compatibility strategy "SIDEWAYS"');

    const objectPolicy = await startStub((request, response) => {
      if (request.url === NAMESPACE) sendJson(response, 200, { schema_compatibility_strategy: 'FULL' });
      else pulsarAnswer({ schemas, namespaces: { 'acme/orders': {} } }, request, response);
    });
    stubs.push(objectPolicy);
    const shape = await sourceFailure(readHistory(`pulsar:${objectPolicy.url}`, { ...fast, topic }));
    expect(shape.code).toBe(SourceErrorCode.REGISTRY_BAD_RESPONSE);
    expect(shape.message).toContain(`${objectPolicy.url}${NAMESPACE}: expected a strategy name as a JSON string`);
  });
});

describe('pulsar:URL: topic names', () => {
  const schemas = {
    'acme/orders/events': [entry(0, 'AVRO', EVENT_V2)],
    'public/default/events': [entry(0, 'AVRO', EVENT_V3)],
  };
  const namespaces = { 'acme/orders': {}, 'public/default': {} };

  it('non-persistent://t/n/x reads the same schema path and the non-persistent topic policy', async () => {
    const server = await broker({ schemas, namespaces, topicPolicies: { 'non-persistent/acme/orders/events': 'FULL_TRANSITIVE' } });
    const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic: 'non-persistent://acme/orders/events' });
    expect(snapshot.source).toEqual({ kind: 'pulsar', url: server.url, topic: 'non-persistent://acme/orders/events' });
    expect([snapshot.strategy, snapshot.strategyFrom]).toEqual(['FULL_TRANSITIVE', 'topic policy']);
    expect(snapshot.versions.map((version) => version.where)).toEqual(['topic non-persistent://acme/orders/events version 0']);
    expect(paths(server)).toEqual(['/admin/v2/schemas/acme/orders/events/schemas', '/admin/v2/non-persistent/acme/orders/events/schemaCompatibilityStrategy']);
  });

  it('t/n/x is persistent, and a short name x is public/default/x', async () => {
    const server = await broker({ schemas, namespaces, topicPolicies: { 'persistent/acme/orders/events': 'FORWARD', 'persistent/public/default/events': 'BACKWARD' } });
    const full = await readHistory(`pulsar:${server.url}`, { ...fast, topic: 'acme/orders/events' });
    expect([full.source, full.strategy, full.versions[0]?.text]).toEqual([{ kind: 'pulsar', url: server.url, topic: 'persistent://acme/orders/events' }, 'FORWARD', EVENT_V2]);
    const short = await readHistory(`pulsar:${server.url}`, { ...fast, topic: 'events' });
    expect([short.source, short.strategy, short.versions[0]?.text]).toEqual([{ kind: 'pulsar', url: server.url, topic: 'persistent://public/default/events' }, 'BACKWARD', EVENT_V3]);
    expect(paths(server)).toEqual([
      '/admin/v2/schemas/acme/orders/events/schemas', '/admin/v2/persistent/acme/orders/events/schemaCompatibilityStrategy',
      '/admin/v2/schemas/public/default/events/schemas', '/admin/v2/persistent/public/default/events/schemaCompatibilityStrategy',
    ]);
  });

  it('the topic in the source object wins over the option', async () => {
    const server = await broker({ schemas, namespaces });
    const snapshot = await readHistory({ kind: 'pulsar', url: server.url, topic: 'acme/orders/events' }, { ...fast, topic: 'events' });
    expect(snapshot.source).toEqual({ kind: 'pulsar', url: server.url, topic: 'persistent://acme/orders/events' });
    expect(snapshot.versions.map((version) => version.text)).toEqual([EVENT_V2]);
  });

  it('encodes a local name with special characters so that the broker decodes it back', async () => {
    const local = 'orders v2+eu/ä?#%';
    const server = await broker({
      schemas: { [`acme/orders/${local}`]: [entry(0, 'AVRO', EVENT_V2)] },
      namespaces,
      topicPolicies: { [`persistent/acme/orders/${local}`]: 'FORWARD_TRANSITIVE' },
    });
    const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic: `persistent://acme/orders/${local}` });
    expect(snapshot.versions.map((version) => [version.version, version.text])).toEqual([[0, EVENT_V2]]);
    expect([snapshot.strategy, snapshot.strategyFrom]).toEqual(['FORWARD_TRANSITIVE', 'topic policy']);
    expect(snapshot.source).toEqual({ kind: 'pulsar', url: server.url, topic: `persistent://acme/orders/${local}` });
    // The local name is one path segment: no raw slash, space, '?', '#' or '+' in it.
    for (const url of paths(server)) {
      const segment = url.split('/')[6] ?? '';
      expect(segment).not.toMatch(/[/ ?#+]/);
      expect(urlDecode(segment)).toBe(local);
    }
  });

  it('a topic name that is not tenant/namespace/topic is BAD_SOURCE, before any request', async () => {
    const server = await broker({ schemas, namespaces });
    for (const topic of ['acme/orders', 'persistent://acme', 'persistent://acme//events', 'acme/orders/', '/orders/events', 'persistent://']) {
      const error = await sourceFailure(readHistory(`pulsar:${server.url}`, { ...fast, topic }));
      expect([topic, error.code]).toEqual([topic, SourceErrorCode.BAD_SOURCE]);
      expect(error.message).toBe(`pulsar ${server.url}: ${JSON.stringify(topic)} is not a topic name. Write it persistent://tenant/namespace/topic`);
    }
    for (const topic of [undefined, '']) {
      const error = await sourceFailure(readHistory(`pulsar:${server.url}`, { ...fast, ...(topic === undefined ? {} : { topic }) }));
      expect(error.code).toBe(SourceErrorCode.BAD_SOURCE);
      expect(error.message).toBe(`pulsar ${server.url}: which topic? A Pulsar source needs one. Give it: --topic persistent://tenant/namespace/topic (library: the topic option)`);
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe('pulsar:URL: a topic without a schema', () => {
  it('an empty list is NO_VERSIONS unless a new subject is allowed', async () => {
    const server = await broker({ topics: [], namespaces: { 'acme/orders': {} } });
    const error = await sourceFailure(readHistory(`pulsar:${server.url}`, { ...fast, topic: 'persistent://acme/orders/fresh' }));
    expect(error.code).toBe(SourceErrorCode.NO_VERSIONS);
    expect(error.message).toBe(`pulsar ${server.url}: topic persistent://acme/orders/fresh has no schema: nothing to compare with. Check the name (--topic). If it is a new subject, say so: --allow-new-subject (library: allowNewSubject), as a repository run does`);
  });

  it('with allowNewSubject, an empty list is a new topic: no versions, isNew, a note, the default strategy', async () => {
    const server = await broker({ topics: [], namespaces: { 'acme/orders': {} } });
    const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic: 'persistent://acme/orders/fresh', allowNewSubject: true });
    expect(snapshot).toEqual({
      source: { kind: 'pulsar', url: server.url, topic: 'persistent://acme/orders/fresh' },
      description: `pulsar ${server.url}: topic persistent://acme/orders/fresh, new subject: no history yet, strategy FULL (${DEFAULT_AVRO})`,
      versions: [],
      strategy: 'FULL',
      strategyFrom: DEFAULT_AVRO,
      notes: ['new subject: no history yet: topic persistent://acme/orders/fresh has no schema'],
      isNew: true,
    } satisfies HistorySnapshot);
    // The topic does not exist yet: its policy answers 404, which is "unset".
    expect(paths(server)).toEqual([
      '/admin/v2/schemas/acme/orders/fresh/schemas',
      '/admin/v2/persistent/acme/orders/fresh/schemaCompatibilityStrategy',
      '/admin/v2/namespaces/acme/orders/schemaCompatibilityStrategy',
      '/admin/v2/namespaces/acme/orders/schemaAutoUpdateCompatibilityStrategy',
    ]);
    const loaded = await loadHistory(`pulsar:${server.url}`, { ...fast, topic: 'persistent://acme/orders/fresh', allowNewSubject: true });
    expect([loaded.history, loaded.isNew]).toEqual([[], true]);
  });

  it('an older broker\'s 404 "Schema not found" is a new topic too; the schemaType option picks the default', async () => {
    const server = await broker({ schemas: { 'acme/orders/fresh': null }, namespaces: { 'acme/orders': { strategy: 'UNDEFINED' } } });
    const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic: 'acme/orders/fresh', schemaType: 'STRING', allowNewSubject: true });
    expect([snapshot.versions, snapshot.isNew, snapshot.strategy]).toEqual([[], true, 'ALWAYS_INCOMPATIBLE']);
    expect(snapshot.notes).toEqual(['new subject: no history yet: topic persistent://acme/orders/fresh has no schema']);
  });

  it('a namespace policy still applies to a new topic', async () => {
    const server = await broker({ namespaces: { 'acme/orders': { strategy: 'BACKWARD' } } });
    const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic: 'acme/orders/fresh', allowNewSubject: true });
    expect([snapshot.isNew, snapshot.strategy, snapshot.strategyFrom]).toEqual([true, 'BACKWARD', 'namespace policy']);
  });
});

describe('pulsar:URL: HTTP', () => {
  it('sends the token as Authorization: Bearer', async () => {
    const server = await broker({ schemas: { 'acme/orders/events': [entry(0, 'AVRO', EVENT_V2)] }, namespaces: { 'acme/orders': {} }, token: 'eyJhbGciOiJIUzI1NiJ9.e30.sig' });
    const snapshot = await readHistory(`pulsar:${server.url}`, { ...fast, topic: 'acme/orders/events', auth: { bearer: 'eyJhbGciOiJIUzI1NiJ9.e30.sig' } });
    expect(snapshot.versions).toHaveLength(1);
    expect(new Set(server.requests.map((request) => request.authorization))).toEqual(new Set(['Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig']));
  });

  it('without the token: REGISTRY_UNAUTHORIZED naming the admin URL', async () => {
    const server = await broker({ schemas: {}, namespaces: { 'acme/orders': {} }, token: 'secret-token' });
    const error = await sourceFailure(readHistory(`pulsar:${server.url}`, { ...fast, topic: 'acme/orders/events' }));
    expect(error).toBeInstanceOf(SourceError);
    expect([error.code, error.status, error.source]).toEqual([SourceErrorCode.REGISTRY_UNAUTHORIZED, 401, `pulsar ${server.url}`]);
    expect(error.message).toContain(`${server.url}/admin/v2/schemas/acme/orders/events/schemas answered 401 Unauthorized: it needs credentials`);
    const refused = await sourceFailure(readHistory(`pulsar:${server.url}`, { ...fast, topic: 'acme/orders/events', auth: { bearer: 'wrong-token' } }));
    expect(refused.message).toContain('the credentials were refused');
    expect(refused.message).not.toContain('wrong-token');
  });

  it('an answer that is not GetAllVersionsSchemaResponse is REGISTRY_BAD_RESPONSE', async () => {
    const server = await startStub((request, response) => {
      if (request.url.startsWith('/admin/v2/schemas/')) sendJson(response, 200, [{ version: 0, type: 'AVRO', data: EVENT_V2 }]);
      else sendJson(response, 404, { reason: 'not here' });
    });
    stubs.push(server);
    const error = await sourceFailure(readHistory(`pulsar:${server.url}`, { ...fast, topic: 'events' }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_BAD_RESPONSE);
    expect(error.message).toContain(`${server.url}/admin/v2/schemas/public/default/events/schemas: expected {"getSchemaResponses": [...]}`);
  });

  it('a wrong base URL answering an HTML 404 is REGISTRY_NOT_FOUND, not a new topic', async () => {
    const server = await startStub((_request, response) => sendText(response, 404, '<html><head><title>404 Not Found</title></head><body><center>nginx</center></body></html>', 'text/html'));
    stubs.push(server);
    const error = await sourceFailure(readHistory(`pulsar:${server.url}/pulsar-manager`, { ...fast, topic: 'acme/orders/events' }));
    expect([error.code, error.status]).toEqual([SourceErrorCode.REGISTRY_NOT_FOUND, 404]);
    expect(error.message).toContain(`${server.url}/pulsar-manager/admin/v2/schemas/acme/orders/events/schemas answered 404`);
  });

  it('a wrong base URL whose 404 page repeats the path (Express: "Cannot GET /...") is REGISTRY_NOT_FOUND, not a new topic', async () => {
    const server = await startStub((request, response) => sendText(response, 404, `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><pre>Cannot GET ${request.url}</pre></body></html>`, 'text/html'));
    stubs.push(server);
    const outcome = await readHistory(`pulsar:${server.url}/app`, { ...fast, topic: 'acme/orders/events' }).then(
      (snapshot) => ({ isNew: snapshot.isNew, versions: snapshot.versions.length, description: snapshot.description }),
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(SourceError);
    expect((outcome as SourceError).code).toBe(SourceErrorCode.REGISTRY_NOT_FOUND);
  });
});
