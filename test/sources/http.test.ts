import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaCompatError } from 'schema-compat';
import { askRegistry, readHistory, registryAuthFrom, SourceError, SourceErrorCode } from 'schema-compat/sources';
import type { RegistryAuth } from 'schema-compat/sources';
import { basicHeader, closedPort, sendJson, sendText, sourceFailure, startStub } from './http-stub.js';
import type { Stub, StubHandler, StubRequest } from './http-stub.js';

// What the local registry server cannot be made to do (refuse credentials, fail, stall, reset the
// connection, answer nonsense), from stubs on 127.0.0.1. Each stub speaks Confluent's REST shapes
// for one subject `s` with one version, so a request that gets through reads a real history.

const PLAIN = JSON.stringify({ type: 'record', name: 'Plain', namespace: 'com.acme', fields: [{ name: 'x', type: 'int' }] });
const fast = { retryDelayMs: 5, timeoutMs: 2_000 } as const;

let stubs: Stub[] = [];
afterEach(async () => {
  await Promise.all(stubs.map((stub) => stub.close()));
  stubs = [];
});

async function stub(handler: StubHandler): Promise<Stub> {
  const started = await startStub(handler);
  stubs.push(started);
  return started;
}

/** Subject `s`, one version (id 7), subject level FULL. Answers false for any other path. */
function confluent(request: StubRequest, response: ServerResponse): boolean {
  const answers: Record<string, unknown> = {
    '/subjects/s/versions': [1],
    '/subjects/s/versions/1': { subject: 's', version: 1, id: 7, schema: PLAIN },
    '/config/s': { compatibilityLevel: 'FULL' },
  };
  const answer = answers[request.url];
  if (request.method !== 'GET' || answer === undefined) return false;
  sendJson(response, 200, answer);
  return true;
}

const NOT_FOUND = { error_code: 404, message: 'HTTP 404 Not Found' };
const EXPECTED_VERSIONS = [{ version: 1, label: 'version 1 (id 7)', where: 'subject s version 1', schemaType: 'AVRO', text: PLAIN, id: 7 }];

/** A stub that answers the subject to requests with exactly this Authorization header, and 401 otherwise. */
async function guarded(expected: string): Promise<Stub> {
  return stub((request, response) => {
    if (request.authorization !== expected) {
      sendJson(response, 401, { error_code: 401, message: 'Unauthorized' }, { 'www-authenticate': 'Basic realm="SchemaRegistry"' });
    } else if (!confluent(request, response)) {
      sendJson(response, 404, NOT_FOUND);
    }
  });
}

const read = (url: string, options: { auth?: RegistryAuth; retries?: number; timeoutMs?: number; retryDelayMs?: number } = {}) =>
  readHistory(`registry:${url}`, { ...fast, retries: 0, subject: 's', ...options });

describe('credentials', () => {
  it('401 without credentials: REGISTRY_UNAUTHORIZED, says credentials are needed and how to give them, not retried', async () => {
    const server = await guarded(basicHeader('alice', 'wonder'));
    const error = await sourceFailure(read(server.url, { retries: 3 }));
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toBeInstanceOf(SchemaCompatError);
    expect(error.code).toBe(SourceErrorCode.REGISTRY_UNAUTHORIZED);
    expect(error.status).toBe(401);
    expect(error.source).toBe(`registry ${server.url}`);
    expect(error.message).toContain(`registry ${server.url}: ${server.url}/subjects/s/versions answered 401 Unauthorized: it needs credentials. `);
    expect(error.remedy).toContain('SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO=user:password');
    expect(error.remedy).toContain('SCHEMA_REGISTRY_BEARER_TOKEN=token');
    expect(server.requests.map((request) => [request.url, request.authorization])).toEqual([['/subjects/s/versions', undefined]]);
  });

  it('401 with credentials: says they were refused, never shows the password', async () => {
    const server = await guarded(basicHeader('alice', 'wonder'));
    const error = await sourceFailure(read(server.url, { auth: { basic: { user: 'alice', password: 'n0t-the-one' } } }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_UNAUTHORIZED);
    expect(error.status).toBe(401);
    expect(error.message).toContain(`${server.url}/subjects/s/versions answered 401 Unauthorized: the credentials were refused`);
    expect(error.message).not.toContain('n0t-the-one');
    expect(server.requests.map((request) => request.authorization)).toEqual([basicHeader('alice', 'n0t-the-one')]);
  });

  it('sends basic user:password on every request', async () => {
    const header = basicHeader('alice', 'pa:ss wörd');
    expect(header).toBe(`Basic ${Buffer.from('alice:pa:ss wörd').toString('base64')}`);
    const server = await guarded(header);
    const snapshot = await read(server.url, { auth: { basic: { user: 'alice', password: 'pa:ss wörd' } } });
    expect(snapshot.versions).toEqual(EXPECTED_VERSIONS);
    expect(snapshot.strategy).toBe('FULL');
    expect(server.requests.map((request) => request.url)).toEqual(['/subjects/s/versions', '/config/s', '/subjects/s/versions/1']);
    expect(new Set(server.requests.map((request) => request.authorization))).toEqual(new Set([header]));
  });

  it('sends Bearer TOKEN, from the auth option and from registryAuthFrom', async () => {
    const server = await guarded('Bearer tok-123.abc');
    expect((await read(server.url, { auth: { bearer: 'tok-123.abc' } })).versions).toEqual(EXPECTED_VERSIONS);
    const fromValue = registryAuthFrom('Bearer tok-123.abc', {});
    const fromEnv = registryAuthFrom(undefined, { SCHEMA_REGISTRY_BEARER_TOKEN: 'tok-123.abc' });
    expect([fromValue, fromEnv]).toEqual([{ bearer: 'tok-123.abc' }, { bearer: 'tok-123.abc' }]);
    if (fromValue === undefined) throw new Error('no auth');
    expect((await read(server.url, { auth: fromValue })).versions).toEqual(EXPECTED_VERSIONS);
    expect(new Set(server.requests.map((request) => request.authorization))).toEqual(new Set(['Bearer tok-123.abc']));
  });

  it('takes credentials given inside the URL as basic auth, and keeps them out of messages and descriptions', async () => {
    const server = await guarded(basicHeader('alice', 'wonder'));
    const withCredentials = `http://alice:wonder@127.0.0.1:${server.port}`;
    const snapshot = await read(withCredentials);
    expect(snapshot.versions).toEqual(EXPECTED_VERSIONS);
    expect(snapshot.description).toBe(`registry ${server.url}: subject s, 1 version (1), level FULL (subject config)`);
    expect(server.requests.every((request) => request.authorization === basicHeader('alice', 'wonder'))).toBe(true);
    // Refused: the message names the URL without the password.
    const refused = await sourceFailure(read(`http://alice:wrong-pw@127.0.0.1:${server.port}`));
    expect(refused.code).toBe(SourceErrorCode.REGISTRY_UNAUTHORIZED);
    expect(refused.source).toBe(`registry ${server.url}`);
    expect(refused.message).not.toContain('wrong-pw');
  });

  it('decodes percent-encoded URL credentials', async () => {
    const server = await guarded(basicHeader('al@ice', 'p:w d'));
    const snapshot = await read(`http://al%40ice:p%3Aw%20d@127.0.0.1:${server.port}`);
    expect(snapshot.versions).toEqual(EXPECTED_VERSIONS);
  });

  it('the auth option wins over credentials in the URL', async () => {
    const server = await guarded('Bearer option-token');
    const snapshot = await read(`http://alice:wonder@127.0.0.1:${server.port}`, { auth: { bearer: 'option-token' } });
    expect(snapshot.versions).toEqual(EXPECTED_VERSIONS);
    expect(server.requests.every((request) => request.authorization === 'Bearer option-token')).toBe(true);
  });

  it('403: REGISTRY_FORBIDDEN with the registry\'s own message, not retried', async () => {
    const server = await stub((_request, response) => sendJson(response, 403, { error_code: 40301, message: 'User is denied operation Read on Subject: s' }));
    const error = await sourceFailure(read(server.url, { retries: 3, auth: { bearer: 'weak' } }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_FORBIDDEN);
    expect(error.status).toBe(403);
    expect(error.message).toContain(`${server.url}/subjects/s/versions answered 403 Forbidden: `);
    expect(error.message).toContain('User is denied operation Read on Subject: s');
    expect(error.remedy).toBe('Use credentials that may read this subject or topic');
    expect(server.requests).toHaveLength(1);
  });
});

describe('registryAuthFrom', () => {
  it('an explicit value wins over SCHEMA_REGISTRY_BEARER_TOKEN, which wins over SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO', () => {
    const env = { SCHEMA_REGISTRY_BEARER_TOKEN: 'env-token', SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO: 'envuser:envpass' };
    expect(registryAuthFrom('bob:builder', env)).toEqual({ basic: { user: 'bob', password: 'builder' } });
    expect(registryAuthFrom(undefined, env)).toEqual({ bearer: 'env-token' });
    expect(registryAuthFrom(undefined, { SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO: 'envuser:envpass' })).toEqual({ basic: { user: 'envuser', password: 'envpass' } });
    expect(registryAuthFrom(undefined, { SCHEMA_REGISTRY_BEARER_TOKEN: '', SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO: 'u:p' })).toEqual({ basic: { user: 'u', password: 'p' } });
    expect(registryAuthFrom(undefined, {})).toBeUndefined();
    expect(registryAuthFrom(undefined, { SCHEMA_REGISTRY_BEARER_TOKEN: '', SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO: '' })).toBeUndefined();
  });

  it('reads "Bearer x" in any case, and splits user:password at the first colon', () => {
    expect(registryAuthFrom('Bearer abc.def', {})).toEqual({ bearer: 'abc.def' });
    expect(registryAuthFrom('bearer   abc ', {})).toEqual({ bearer: 'abc' });
    expect(registryAuthFrom('user:pa:ss', {})).toEqual({ basic: { user: 'user', password: 'pa:ss' } });
    expect(registryAuthFrom('user:', {})).toEqual({ basic: { user: 'user', password: '' } });
  });

  it('a value that is neither is BAD_SOURCE naming where it came from, without echoing the secret', () => {
    const cases: Array<[string | undefined, Record<string, string>, string]> = [
      ['hunter2-secret', {}, 'the registry credentials'],
      [':hunter2-secret', {}, 'the registry credentials'],
      [undefined, { SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO: 'hunter2-secret' }, 'SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO'],
    ];
    for (const [value, env, source] of cases) {
      let caught: unknown;
      try {
        registryAuthFrom(value, env);
      } catch (error: unknown) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(SourceError);
      const error = caught as SourceError;
      expect([error.code, error.source]).toEqual([SourceErrorCode.BAD_SOURCE, source]);
      expect(error.message).toBe(`${source}: credentials are user:password or "Bearer TOKEN"`);
      expect(error.message).not.toContain('hunter2');
    }
  });
});

describe('retries, timeouts and network failures', () => {
  it('retries a 500 and then reads the history', async () => {
    let failures = 0;
    const server = await stub((request, response) => {
      if (request.url === '/subjects/s/versions' && failures < 2) {
        failures++;
        sendJson(response, 500, { error_code: 50001, message: 'Error in the backend data store' });
      } else if (!confluent(request, response)) {
        sendJson(response, 404, NOT_FOUND);
      }
    });
    const snapshot = await read(server.url, { retries: 3 });
    expect(snapshot.versions).toEqual(EXPECTED_VERSIONS);
    expect(server.requests.map((request) => request.url)).toEqual([
      '/subjects/s/versions', '/subjects/s/versions', '/subjects/s/versions', '/config/s', '/subjects/s/versions/1',
    ]);
  });

  it('a 500 that lasts is REGISTRY_SERVER_ERROR after retries + 1 attempts, with the status and the body', async () => {
    const server = await stub((_request, response) => sendJson(response, 500, { error_code: 50001, message: 'Error in the backend data store' }));
    const started = Date.now();
    const error = await sourceFailure(read(server.url, { retries: 2, retryDelayMs: 40 }));
    const elapsed = Date.now() - started;
    expect(error.code).toBe(SourceErrorCode.REGISTRY_SERVER_ERROR);
    expect(error.status).toBe(500);
    expect(error.message).toContain(`${server.url}/subjects/s/versions answered 500 (`);
    expect(error.message).toContain('Error in the backend data store');
    expect(error.message).toContain(' 3 times');
    expect(error.remedy).toBe('The registry is failing; try again later or ask its operators');
    expect(server.requests.map((request) => request.url)).toEqual(['/subjects/s/versions', '/subjects/s/versions', '/subjects/s/versions']);
    // Exponential back-off: 40 ms, then 80 ms.
    expect(elapsed).toBeGreaterThanOrEqual(110);
  });

  it('retries: 0 asks once', async () => {
    const server = await stub((_request, response) => sendText(response, 503, 'Service Unavailable'));
    const error = await sourceFailure(read(server.url, { retries: 0 }));
    expect([error.code, error.status]).toEqual([SourceErrorCode.REGISTRY_SERVER_ERROR, 503]);
    expect(error.message).toContain('answered 503 (Service Unavailable) 1 time');
    expect(server.requests).toHaveLength(1);
  });

  it('waits as long as a 429\'s Retry-After says, then reads the history', async () => {
    let limited = false;
    const server = await stub((request, response) => {
      if (!limited) {
        limited = true;
        response.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
        response.end(JSON.stringify({ error_code: 42901, message: 'Request rate limit exceeded' }));
      } else if (!confluent(request, response)) {
        sendJson(response, 404, NOT_FOUND);
      }
    });
    const started = Date.now();
    const snapshot = await read(server.url, { retries: 2, retryDelayMs: 5 });
    expect(snapshot.versions).toEqual(EXPECTED_VERSIONS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests.map((request) => request.url).slice(0, 2)).toEqual(['/subjects/s/versions', '/subjects/s/versions']);
  });

  it('a 429 that lasts is an error with status 429 after retries + 1 attempts', async () => {
    const server = await stub((_request, response) => sendJson(response, 429, { error_code: 42901, message: 'Request rate limit exceeded' }));
    const error = await sourceFailure(read(server.url, { retries: 1 }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_SERVER_ERROR);
    expect(error.status).toBe(429);
    expect(error.message).toContain(`${server.url}/subjects/s/versions answered 429 (`);
    expect(server.requests).toHaveLength(2);
  });

  it('a Retry-After longer than it is willing to wait is not waited for (http.ts: "the registry is down, say so")', async () => {
    const server = await stub((_request, response) => {
      response.writeHead(503, { 'retry-after': '3600', 'content-type': 'text/plain' });
      response.end('down for maintenance');
    });
    const started = Date.now();
    const pending = read(server.url, { retries: 1 });
    pending.catch(() => undefined);
    const outcome = await Promise.race([
      pending.then(() => 'resolved', (error: unknown) => error),
      new Promise<string>((resolve) => setTimeout(() => resolve('still waiting after 2.5 s'), 2_500)),
    ]);
    expect(outcome).toBeInstanceOf(SourceError);
    const error = outcome as SourceError;
    expect([error.code, error.status]).toEqual([SourceErrorCode.REGISTRY_SERVER_ERROR, 503]);
    expect(error.message).toContain(`${server.url}/subjects/s/versions answered 503`);
    expect(server.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('a slow answer is REGISTRY_TIMEOUT after retries + 1 attempts, naming the request and the timeout', async () => {
    const server = await stub((_request, response) => {
      const timer = setTimeout(() => sendJson(response, 200, [1]), 3_000);
      response.on('close', () => clearTimeout(timer));
    });
    const started = Date.now();
    const error = await sourceFailure(read(server.url, { retries: 1, timeoutMs: 150 }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_TIMEOUT);
    expect(error.status).toBeUndefined();
    expect(error.message).toContain(`no answer from GET ${server.url}/subjects/s/versions within 150 ms`);
    expect(error.remedy).toBe('Check that the URL is the registry and that it is up; a larger timeout may help');
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a timeout is retried: a slow first answer, then a fast one', async () => {
    let slow = true;
    const server = await stub((request, response) => {
      if (slow) {
        slow = false;
        const timer = setTimeout(() => sendJson(response, 200, [1]), 3_000);
        response.on('close', () => clearTimeout(timer));
      } else if (!confluent(request, response)) {
        sendJson(response, 404, NOT_FOUND);
      }
    });
    const snapshot = await read(server.url, { retries: 1, timeoutMs: 150 });
    expect(snapshot.versions).toEqual(EXPECTED_VERSIONS);
    expect(server.requests.map((request) => request.url).slice(0, 2)).toEqual(['/subjects/s/versions', '/subjects/s/versions']);
  });

  it('a reset connection is retried', async () => {
    let resets = 0;
    const server = await stub((request, response, raw) => {
      if (resets === 0) {
        resets++;
        raw.socket.destroy();
      } else if (!confluent(request, response)) {
        sendJson(response, 404, NOT_FOUND);
      }
    });
    const snapshot = await read(server.url, { retries: 2 });
    expect(snapshot.versions).toEqual(EXPECTED_VERSIONS);
    expect(resets).toBe(1);
    expect(server.requests.map((request) => request.url).slice(0, 2)).toEqual(['/subjects/s/versions', '/subjects/s/versions']);
  });

  it('a connection reset on every attempt is REGISTRY_UNREACHABLE after retries + 1 attempts', async () => {
    const server = await stub((_request, _response, raw) => {
      raw.socket.destroy();
    });
    const error = await sourceFailure(read(server.url, { retries: 2 }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_UNREACHABLE);
    expect(error.message).toContain(`cannot reach ${server.url}/subjects/s/versions: `);
    expect(error.remedy).toBe('Check the URL, the network and that the registry is up');
    expect(server.requests).toHaveLength(3);
  });

  it('a closed port is REGISTRY_UNREACHABLE naming the URL and the refused connection', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}`;
    const error = await sourceFailure(read(url, { retries: 1 }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_UNREACHABLE);
    expect(error.source).toBe(`registry ${url}`);
    expect(error.status).toBeUndefined();
    expect(error.message).toContain(`cannot reach ${url}/subjects/s/versions: ECONNREFUSED`);
    expect(error.message).toContain('Check the URL, the network and that the registry is up');
  });
});

describe('answers that are not the API', () => {
  it('a 200 that is not JSON is REGISTRY_BAD_RESPONSE with an excerpt, not retried', async () => {
    const server = await stub((_request, response) => sendText(response, 200, '<html><body>Welcome to the schema UI</body></html>', 'text/html'));
    const error = await sourceFailure(read(server.url, { retries: 3 }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_BAD_RESPONSE);
    expect(error.message).toContain(`${server.url}/subjects/s/versions: its answer is not JSON: <html><body>Welcome to the schema UI</body></html>`);
    expect(error.remedy).toBe('Check that the URL is the registry API itself (not a proxy page or a UI)');
    expect(server.requests).toHaveLength(1);
  });

  it('JSON of the wrong shape is REGISTRY_BAD_RESPONSE, never an empty history', async () => {
    const server = await stub((request, response) => {
      if (request.url === '/subjects/s/versions') sendJson(response, 200, { versions: [1] });
      else if (!confluent(request, response)) sendJson(response, 404, NOT_FOUND);
    });
    const error = await sourceFailure(read(server.url));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_BAD_RESPONSE);
    expect(error.message).toContain(`${server.url}/subjects/s/versions: expected a list of version numbers`);
  });

  it('a version without its schema text is REGISTRY_BAD_RESPONSE', async () => {
    const server = await stub((request, response) => {
      if (request.url === '/subjects/s/versions/1') sendJson(response, 200, { subject: 's', version: 1, id: 7 });
      else if (!confluent(request, response)) sendJson(response, 404, NOT_FOUND);
    });
    const error = await sourceFailure(read(server.url));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_BAD_RESPONSE);
    expect(error.message).toContain(`${server.url}/subjects/s/versions/1: expected a version with its schema`);
  });

  it('an unknown compatibility level is REGISTRY_BAD_RESPONSE naming it', async () => {
    const server = await stub((request, response) => {
      if (request.url === '/config/s') sendJson(response, 200, { compatibilityLevel: 'SIDEWAYS' });
      else if (!confluent(request, response)) sendJson(response, 404, NOT_FOUND);
    });
    const error = await sourceFailure(read(server.url));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_BAD_RESPONSE);
    expect(error.message).toContain(`${server.url}/config/s: unknown compatibility level "SIDEWAYS"`);
  });

  it('a wrong base URL answering an HTML 404 is REGISTRY_NOT_FOUND with the URL, the status and the remedy', async () => {
    const server = await stub((_request, response) => sendText(response, 404, '<html><head><title>404 Not Found</title></head><body>nginx</body></html>', 'text/html'));
    const base = `${server.url}/ui`;
    const error = await sourceFailure(read(base, { retries: 2 }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_NOT_FOUND);
    expect(error.status).toBe(404);
    expect(error.message).toContain(base);
    expect(error.remedy).toMatch(/registry API root/);
    // A 404 is an answer, not a failure: nothing is retried.
    expect(server.requests.map((request) => request.url).every((url) => url.startsWith('/ui/'))).toBe(true);
    expect(new Set(server.requests.map((request) => request.url)).size).toBe(server.requests.length);
  });

  it('a version deleted between the listing and its read is left out with a note', async () => {
    const server = await stub((request, response) => {
      if (request.url === '/subjects/s/versions') sendJson(response, 200, [1, 2]);
      else if (request.url === '/subjects/s/versions/2') sendJson(response, 404, { error_code: 40402, message: 'Version 2 not found.' });
      else if (!confluent(request, response)) sendJson(response, 404, NOT_FOUND);
    });
    const snapshot = await read(server.url);
    expect(snapshot.versions).toEqual(EXPECTED_VERSIONS);
    expect(snapshot.notes).toEqual(['version 2 was deleted while the history was read: left out']);
    expect(snapshot.description).toBe(`registry ${server.url}: subject s, 1 version (1), level FULL (subject config)`);
  });

  it('a reference that cannot be read is an error, never a version without its reference', async () => {
    const server = await stub((request, response) => {
      if (request.url === '/subjects/s/versions/1') {
        sendJson(response, 200, { subject: 's', version: 1, id: 7, schema: PLAIN, references: [{ name: 'com.acme.Gone', subject: 'gone', version: 3 }] });
      } else if (request.url === '/subjects/gone/versions/3') {
        sendJson(response, 404, { error_code: 40402, message: 'Version 3 not found.' });
      } else if (!confluent(request, response)) {
        sendJson(response, 404, NOT_FOUND);
      }
    });
    const error = await sourceFailure(read(server.url));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_NOT_FOUND);
    expect(error.status).toBe(404);
    expect(error.message).toContain(`${server.url}/subjects/gone/versions/3 answered 404: Version 3 not found. (error_code 40402)`);
  });

  it('a 404 listing that is not Confluent\'s 40401 is not a new subject', async () => {
    const server = await stub((request, response) => {
      if (request.url === '/subjects/s/versions') sendJson(response, 404, { error_code: 404, message: 'HTTP 404 Not Found' });
      else if (!confluent(request, response)) sendJson(response, 404, NOT_FOUND);
    });
    const error = await sourceFailure(read(server.url));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_NOT_FOUND);
    expect(error.message).toContain(`${server.url}/subjects/s/versions answered 404: HTTP 404 Not Found (error_code 404)`);
  });

  it('another 4xx is REGISTRY_REFUSED with the registry\'s message', async () => {
    const server = await stub((request, response) => {
      if (request.url === '/subjects/s/versions') sendJson(response, 400, { error_code: 400, message: 'Bad request' });
      else if (!confluent(request, response)) sendJson(response, 404, NOT_FOUND);
    });
    const error = await sourceFailure(read(server.url));
    expect([error.code, error.status]).toEqual([SourceErrorCode.REGISTRY_REFUSED, 400]);
    expect(error.message).toContain(`${server.url}/subjects/s/versions answered 400: Bad request (error_code 400)`);
  });
});

describe('what is sent', () => {
  it('asks for Confluent\'s media type, and askRegistry posts Confluent\'s register body (schemaType left out for AVRO)', async () => {
    const server = await stub((request, response) => {
      if (request.method === 'POST' && request.url === '/subjects/a%2Fb%20c') sendJson(response, 404, { error_code: 40403, message: 'Schema not found' });
      else if (request.method === 'POST' && request.url === '/compatibility/subjects/a%2Fb%20c/versions?verbose=true') sendJson(response, 200, { is_compatible: false, messages: ['one', 'two'] });
      else sendJson(response, 404, NOT_FOUND);
    });
    const references = [{ name: 'com.acme.Ref', subject: 'ref', version: 2 }];
    const avro = await askRegistry(server.url, 'a/b c', { schemaType: 'avro', schema: PLAIN, references }, { ...fast, verdict: true, auth: { bearer: 't' } });
    expect(avro).toEqual({ wouldCreateVersion: true, subjectExists: true, verdict: { compatible: false, messages: ['one', 'two'] } });
    const json = await askRegistry(server.url, 'a/b c', { schemaType: 'json', schema: '{"type":"object"}' }, fast);
    expect(json).toEqual({ wouldCreateVersion: true, subjectExists: true });
    expect(server.requests.map((request) => [request.method, request.url, request.contentType, JSON.parse(request.body) as unknown])).toEqual([
      ['POST', '/subjects/a%2Fb%20c', 'application/json', { schema: PLAIN, references }],
      ['POST', '/compatibility/subjects/a%2Fb%20c/versions?verbose=true', 'application/json', { schema: PLAIN, references }],
      ['POST', '/subjects/a%2Fb%20c', 'application/json', { schema: '{"type":"object"}', schemaType: 'JSON' }],
    ]);
    expect(server.requests.map((request) => request.accept)).toEqual(Array(3).fill('application/vnd.schemaregistry.v1+json, application/json'));
    expect(server.requests.map((request) => request.authorization)).toEqual(['Bearer t', 'Bearer t', undefined]);
  });

  it('askRegistry fails with the same typed errors: 401 on the lookup', async () => {
    const server = await stub((_request, response) => sendJson(response, 401, { error_code: 401, message: 'Unauthorized' }));
    const error = await sourceFailure(askRegistry(server.url, 's', { schemaType: 'AVRO', schema: PLAIN }, fast));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_UNAUTHORIZED);
    expect(error.message).toContain(`${server.url}/subjects/s answered 401 Unauthorized: it needs credentials`);
  });

  it('askRegistry: a lookup answer without a version is REGISTRY_BAD_RESPONSE', async () => {
    const server = await stub((_request, response) => sendJson(response, 200, { id: 3 }));
    const error = await sourceFailure(askRegistry(server.url, 's', { schemaType: 'AVRO', schema: PLAIN }, fast));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_BAD_RESPONSE);
    expect(error.message).toContain(`${server.url}/subjects/s: expected the version the schema is registered as`);
  });
});
