import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRegistryClient, RegistryClientError } from 'schema-compat/registry';
import type { RegistryClient } from 'schema-compat/registry';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';
import { basicHeader, closedPort, sendJson, startStub } from '../sources/http-stub.js';
import type { Stub, StubHandler } from '../sources/http-stub.js';

// Issue 24 item 1: the registry client against the project's own Confluent-API server (real HTTP
// on 127.0.0.1), and against stubs for what a server cannot be made to do (fail, reset, echo secrets).

const record = (name: string, fields: readonly object[]): string => JSON.stringify({ type: 'record', name, namespace: 'com.acme', fields });
const MONEY = record('Money', [{ name: 'cents', type: 'long' }]);
const V1 = record('Order', [{ name: 'id', type: 'long' }, { name: 'price', type: 'com.acme.Money' }]);
const V2 = record('Order', [{ name: 'id', type: 'long' }, { name: 'price', type: 'com.acme.Money' }, { name: 'note', type: 'string', default: '' }]);
const BAD = record('Order', [{ name: 'id', type: 'long' }, { name: 'price', type: 'com.acme.Money' }, { name: 'qty', type: 'int' }]);

async function failure(promise: Promise<unknown>): Promise<RegistryClientError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RegistryClientError) return error;
    throw new Error(`expected a RegistryClientError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected the call to fail');
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
});

describe('createRegistryClient against the local server', () => {
  it('registers with references, looks up, reads versions, ids, subjects, configs and mode, tests compatibility, deletes', async () => {
    const paths: string[] = [];
    const counting: typeof fetch = (input, init) => {
      paths.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    };
    const client: RegistryClient = createRegistryClient({ url: `${server.url}/`, fetch: counting, retries: 0 });
    expect(client.url).toBe(server.url);
    expect(await client.register('money', MONEY)).toEqual({ id: 1 });
    const references = [{ name: 'com.acme.Money', subject: 'money', version: 1 }];
    const { id } = await client.register('orders-value', { schema: V1, references }, { normalize: true });
    expect(id).toBe(2);
    expect(await client.register('orders-value', { schema: V1, references })).toEqual({ id: 2 });
    expect(await client.lookup('orders-value', { schema: V1, references })).toEqual({
      subject: 'orders-value', version: 1, id: 2, schema: V1, schemaType: 'AVRO', references, deleted: false,
    });
    paths.length = 0;
    const byId = await client.getById(2);
    expect(byId).toEqual({ id: 2, schemaType: 'AVRO', schema: V1, references });
    expect(await client.getById(2)).toBe(byId);
    expect(paths).toEqual(['GET /schemas/ids/2']);
    expect(await client.listSubjects()).toEqual(['money', 'orders-value']);
    await client.register('orders-value', { schema: V2, references });
    expect(await client.listVersions('orders-value')).toEqual([1, 2]);
    expect((await client.getVersion('orders-value', 'latest')).version).toBe(2);
    expect((await client.getLatest('orders-value')).schema).toBe(V2);
    expect((await client.getVersion('orders-value', 1)).id).toBe(2);
    expect(await client.usesOfId(2)).toEqual([{ subject: 'orders-value', version: 1 }]);

    expect(await client.getConfig(null)).toEqual({ compatibility: 'BACKWARD' });
    expect(await client.setConfig('orders-value', { compatibility: 'FULL_TRANSITIVE' })).toEqual({ compatibility: 'FULL_TRANSITIVE' });
    expect(await client.getConfig('orders-value')).toEqual({ compatibility: 'FULL_TRANSITIVE' });
    expect(await client.setConfig(null, { compatibility: 'FORWARD' })).toEqual({ compatibility: 'FORWARD' });
    expect(await client.deleteConfig('orders-value')).toEqual({ compatibility: 'FULL_TRANSITIVE' });
    expect(await client.getConfig('orders-value', { defaultToGlobal: true })).toEqual({ compatibility: 'FORWARD' });
    await client.setConfig(null, { compatibility: 'BACKWARD' });
    expect(await client.getMode()).toBe('READWRITE');

    expect(await client.testCompatibility('orders-value', { schema: V2, references })).toEqual({ compatible: true, messages: [] });
    const bad = await client.testCompatibility('orders-value', { schema: BAD, references }, { version: 1 });
    expect(bad.compatible).toBe(false);
    expect(bad.messages.join('\n')).toContain('READER_FIELD_MISSING_DEFAULT_VALUE');

    expect(await client.deleteVersion('orders-value', 2)).toBe(2);
    expect(await client.listVersions('orders-value')).toEqual([1]);
    expect(await client.listVersions('orders-value', { deleted: true })).toEqual([1, 2]);
    expect(await client.deleteVersion('orders-value', 2, { permanent: true })).toBe(2);
    expect(await client.deleteSubject('orders-value')).toEqual([1]);
    expect(await client.deleteSubject('orders-value', { permanent: true })).toEqual([1]);
    expect(await client.listSubjects({ deleted: true })).toEqual(['money']);
  });

  it('throws typed errors with the registry error_code and the HTTP status', async () => {
    const client = createRegistryClient({ url: server.url, retries: 0 });
    await client.register('errors-value', V2.replace('com.acme.Money', 'long'));
    const missing = await failure(client.listVersions('nobody'));
    expect([missing.code, missing.status, missing.errorCode]).toEqual(['SUBJECT_NOT_FOUND', 404, 40401]);
    expect(missing.message).toBe(`registry ${server.url}: GET ${server.url}/subjects/nobody/versions answered 404: Subject 'nobody' not found. (error_code 40401)`);
    const unknownSchema = await failure(client.lookup('errors-value', MONEY));
    expect([unknownSchema.code, unknownSchema.status, unknownSchema.errorCode]).toEqual(['SCHEMA_NOT_FOUND', 404, 40403]);
    const noId = await failure(client.getById(999));
    expect([noId.code, noId.status, noId.errorCode]).toEqual(['SCHEMA_NOT_FOUND', 404, 40403]);
    const incompatible = await failure(client.register('errors-value', record('Order', [{ name: 'id', type: 'string' }])));
    expect([incompatible.code, incompatible.status, incompatible.errorCode]).toEqual(['INCOMPATIBLE_SCHEMA', 409, 40901]);
    const invalid = await failure(client.register('errors-value', '{"type": "record"'));
    expect([invalid.code, invalid.status, invalid.errorCode]).toEqual(['INVALID_SCHEMA', 422, 42201]);
    const notSoft = await failure(client.deleteSubject('errors-value', { permanent: true }));
    expect([notSoft.code, notSoft.status, notSoft.errorCode]).toEqual(['SUBJECT_NOT_SOFT_DELETED', 404, 40405]);
    expect(noId).toBeInstanceOf(RegistryClientError);
  });
});

describe('createRegistryClient over a hostile or failing HTTP server', () => {
  let stubs: Stub[] = [];
  afterEach(async () => {
    await Promise.all(stubs.map((stub) => stub.close()));
    stubs = [];
  });
  const stub = async (handler: StubHandler): Promise<Stub> => {
    const started = await startStub(handler);
    stubs.push(started);
    return started;
  };

  it('retries 503, 429 and a reset connection with back-off, then answers', async () => {
    let calls = 0;
    const flaky = await stub((_request, response, raw) => {
      calls += 1;
      if (calls === 1) sendJson(response, 503, { error_code: 50003, message: 'down' });
      else if (calls === 2) sendJson(response, 429, { message: 'slow down' }, { 'retry-after': '0' });
      else if (calls === 3) raw.socket.destroy();
      else sendJson(response, 200, ['a']);
    });
    expect(await createRegistryClient({ url: flaky.url, retries: 3, retryDelayMs: 1 }).listSubjects()).toEqual(['a']);
    expect(flaky.requests.map((request) => request.url)).toEqual(['/subjects', '/subjects', '/subjects', '/subjects']);
  });

  it('gives up after its retries: REGISTRY_SERVER_ERROR with the status and error_code', async () => {
    const down = await stub((_request, response) => sendJson(response, 500, { error_code: 50001, message: 'store failed' }));
    const error = await failure(createRegistryClient({ url: down.url, retries: 1, retryDelayMs: 1 }).getById(1));
    expect([error.code, error.status, error.errorCode, down.requests.length]).toEqual(['REGISTRY_SERVER_ERROR', 500, 50001, 2]);
    const unreachable = await failure(createRegistryClient({ url: `http://127.0.0.1:${await closedPort()}`, retries: 0 }).listSubjects());
    expect(unreachable.code).toBe('REGISTRY_UNREACHABLE');
  });

  it('sends basic or bearer credentials and its headers, and never quotes a credential back', async () => {
    const echo = await stub((request, response) => sendJson(response, 400, { error_code: 40001, message: `bad ${request.authorization ?? ''} ${request.url}` }));
    const basic = createRegistryClient({ url: echo.url.replace('http://', 'http://svc:s3cret-pw@'), retries: 0, headers: { 'x-api-key': 'key-0123456789' } });
    const error = await failure(basic.listSubjects());
    expect(echo.requests[0]?.authorization).toBe(basicHeader('svc', 's3cret-pw'));
    expect(error.code).toBe('REGISTRY_REFUSED');
    expect([error.status, error.errorCode]).toEqual([400, 40001]);
    expect(error.message).not.toMatch(/s3cret|c3ZjOnMzY3JldC1wdw|key-0123456789/);
    expect(basic.url).toBe(`http://***@127.0.0.1:${echo.port}`);
    const bearer = await failure(createRegistryClient({ url: echo.url, retries: 0, auth: { bearer: 'tok-abcdef' } }).listSubjects());
    expect(echo.requests[1]?.authorization).toBe('Bearer tok-abcdef');
    expect(bearer.message).toBe(`registry ${echo.url}: GET ${echo.url}/subjects answered 400: bad *** /subjects (error_code 40001)`);
  });

  it('401, 403, an answer past the cap and a non-JSON answer are typed errors', async () => {
    const server401 = await stub((_request, response) => sendJson(response, 401, { error_code: 40101, message: 'who are you' }));
    const unauthorized = await failure(createRegistryClient({ url: server401.url }).listSubjects());
    expect([unauthorized.code, unauthorized.status, unauthorized.errorCode]).toEqual(['REGISTRY_UNAUTHORIZED', 401, 40101]);
    const big = await stub((_request, response) => sendJson(response, 200, ['x'.repeat(5000)]));
    expect((await failure(createRegistryClient({ url: big.url, maxAnswerBytes: 1000 }).listSubjects())).code).toBe('REGISTRY_ANSWER_TOO_LARGE');
    const html = await stub((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>login</html>');
    });
    expect((await failure(createRegistryClient({ url: html.url }).listSubjects())).code).toBe('REGISTRY_BAD_RESPONSE');
    const wrongShape = await stub((_request, response) => sendJson(response, 200, { schema: 42 }));
    const shape = await failure(createRegistryClient({ url: wrongShape.url }).getById(3));
    expect(shape.message).toBe(`registry ${wrongShape.url}: GET ${wrongShape.url}/schemas/ids/3: expected {"schema": ...}. Check that the URL is the registry API itself (not a proxy page or a UI)`);
    expect(() => createRegistryClient({ url: 'not a url' })).toThrow(RegistryClientError);
    expect(() => createRegistryClient({ url: big.url, timeoutMs: -1 })).toThrow('timeoutMs must be a positive number');
  });
});
