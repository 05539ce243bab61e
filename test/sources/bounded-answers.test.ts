import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { askRegistry, parseSource, readHistory, SourceErrorCode } from 'schema-compat/sources';
import { basicHeader, sendJson, sourceFailure, startStub } from './http-stub.js';
import type { Stub, StubHandler, StubRequest } from './http-stub.js';

// Issue 23 items 4 and 5: what a registry or Pulsar broker sends back is bounded (size, time) and
// never quotes the credentials back. Real HTTP servers on 127.0.0.1, made here.

const PLAIN = JSON.stringify({ type: 'record', name: 'Plain', fields: [{ name: 'x', type: 'int' }] });
const MIB = 1024 * 1024;

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

/** Subject `s` with one version; true when the request was one of its paths. */
function confluent(request: StubRequest, response: ServerResponse): boolean {
  const answers: Record<string, unknown> = {
    '/subjects/s/versions': [1],
    '/subjects/s/versions/1': { subject: 's', version: 1, id: 7, schema: PLAIN },
    '/config/s': { compatibilityLevel: 'FULL' },
  };
  const answer = answers[request.url];
  if (answer === undefined) return false;
  sendJson(response, 200, answer);
  return true;
}

/** Headers at once, then one space every `everyMs` for ever (slowloris); stops when the client goes. */
function drip(response: ServerResponse, everyMs: number): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write('[');
  const timer = setInterval(() => response.write(' '), everyMs);
  response.on('close', () => clearInterval(timer));
}

/** An endless body of spaces, written as fast as the client reads it; `aborted` says whether the client dropped it. */
function endless(response: ServerResponse, seen: { aborted: boolean; sent: number }, length?: number): void {
  response.writeHead(200, { 'content-type': 'application/json', ...(length === undefined ? {} : { 'content-length': String(length) }) });
  const chunk = Buffer.alloc(MIB, 0x20);
  response.on('close', () => {
    if (!response.writableFinished) seen.aborted = true;
  });
  const pump = (): void => {
    while (!response.destroyed && (length === undefined || seen.sent + chunk.length <= length)) {
      seen.sent += chunk.length;
      if (!response.write(chunk)) return;
    }
  };
  response.on('drain', pump);
  response.write('[');
  pump();
}

const read = (url: string, options: Record<string, unknown> = {}) => readHistory(`registry:${url}`, { retryDelayMs: 5, timeoutMs: 2_000, retries: 0, subject: 's', ...options });

describe('a body that times out', () => {
  it('a body that drips past the timeout is REGISTRY_TIMEOUT, retried like a slow answer', async () => {
    const server = await stub((_request, response) => drip(response, 50));
    const started = Date.now();
    const error = await sourceFailure(read(server.url, { timeoutMs: 300, retries: 2 }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_TIMEOUT);
    expect(error.message).toContain(`no answer from GET ${server.url}/subjects/s/versions within 300 ms`);
    expect(server.requests).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a dripping body is retried: the second answer is read', async () => {
    let first = true;
    const server = await stub((request, response) => {
      if (first) {
        first = false;
        drip(response, 50);
      } else if (!confluent(request, response)) {
        sendJson(response, 404, { error_code: 40401, message: 'not found' });
      }
    });
    const snapshot = await read(server.url, { timeoutMs: 300, retries: 1 });
    expect(snapshot.versions.map((version) => version.version)).toEqual([1]);
    expect(server.requests.filter((request) => request.url === '/subjects/s/versions')).toHaveLength(2);
  });
});

describe('an answer larger than the cap', () => {
  it('an endless body stops at the cap (16 MiB by default): REGISTRY_ANSWER_TOO_LARGE, the connection dropped, memory bounded, not retried', async () => {
    const seen = { aborted: false, sent: 0 };
    const server = await stub((_request, response) => endless(response, seen));
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const error = await sourceFailure(read(server.url, { timeoutMs: 20_000, retries: 3 }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_ANSWER_TOO_LARGE);
    expect(error.status).toBe(200);
    expect(error.message).toContain(`${server.url}/subjects/s/versions answered more than ${16 * MIB} bytes`);
    expect(error.remedy).toContain('maxAnswerBytes');
    expect(server.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.aborted).toBe(true);
    // The server wrote what the socket took: far less than an unbounded read would have, and the client kept about the cap.
    expect(seen.sent).toBeLessThan(64 * MIB);
    expect(process.memoryUsage().rss - before).toBeLessThan(160 * MIB);
  });

  it('maxAnswerBytes lowers (or raises) the cap; a declared Content-Length above it is refused before the body is read', async () => {
    const seen = { aborted: false, sent: 0 };
    const server = await stub((_request, response) => endless(response, seen, 8 * MIB));
    const error = await sourceFailure(read(server.url, { maxAnswerBytes: MIB }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_ANSWER_TOO_LARGE);
    expect(error.message).toContain(`answered more than ${MIB} bytes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.aborted).toBe(true);
    expect(seen.sent).toBeLessThan(8 * MIB);
  });

  it('an answer at the cap is read; one byte more is not', async () => {
    const versions = JSON.stringify([1]);
    const server = await stub((request, response) => {
      if (!confluent(request, response)) sendJson(response, 404, { error_code: 40401, message: 'not found' });
    });
    const sizes = [versions.length, JSON.stringify({ subject: 's', version: 1, id: 7, schema: PLAIN }).length, JSON.stringify({ compatibilityLevel: 'FULL' }).length];
    const largest = Math.max(...sizes);
    expect((await read(server.url, { maxAnswerBytes: largest })).versions).toHaveLength(1);
    expect((await sourceFailure(read(server.url, { maxAnswerBytes: largest - 1 }))).code).toBe(SourceErrorCode.REGISTRY_ANSWER_TOO_LARGE);
  });

  it('a Pulsar answer is capped the same way', async () => {
    const seen = { aborted: false, sent: 0 };
    const server = await stub((_request, response) => endless(response, seen));
    const error = await sourceFailure(readHistory(`pulsar:${server.url}`, { topic: 'public/default/t', retries: 0, maxAnswerBytes: 2 * MIB }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_ANSWER_TOO_LARGE);
    expect(error.source).toBe(`pulsar ${server.url}`);
  });

  it('a cap or deadline that is not a positive number is BAD_SOURCE', async () => {
    const server = await stub((request, response) => void confluent(request, response));
    expect((await sourceFailure(read(server.url, { maxAnswerBytes: 0 }))).message).toContain('maxAnswerBytes must be a positive number, not 0');
    expect((await sourceFailure(read(server.url, { deadlineMs: -1 }))).code).toBe(SourceErrorCode.BAD_SOURCE);
    expect(server.requests).toHaveLength(0);
  });
});

describe('the deadline of a whole source', () => {
  it('a slow answer within the per-request timeout still ends at the deadline: REGISTRY_TIMEOUT, not retried', async () => {
    const server = await stub((_request, response) => {
      const timer = setTimeout(() => sendJson(response, 200, [1]), 3_000);
      response.on('close', () => clearTimeout(timer));
    });
    const started = Date.now();
    const error = await sourceFailure(read(server.url, { timeoutMs: 10_000, retries: 3, deadlineMs: 300 }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_TIMEOUT);
    expect(error.message).toContain(`loading the source took longer than its deadline of 300 ms (at GET ${server.url}/subjects/s/versions)`);
    expect(error.remedy).toContain('deadlineMs');
    expect(server.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('retries stop at the deadline: a registry failing for ever ends with its last answer', async () => {
    const server = await stub((_request, response) => sendJson(response, 503, { error_code: 50301, message: 'down' }));
    const started = Date.now();
    const error = await sourceFailure(read(server.url, { retries: 1_000, retryDelayMs: 20, deadlineMs: 500 }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_SERVER_ERROR);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(server.requests.length).toBeGreaterThan(1);
    expect(server.requests.length).toBeLessThan(20);
  });

  it('the deadline covers every request of the source, not each one', async () => {
    // Each answer takes 150 ms: the list, then the version, then the config passes 400 ms.
    const server = await stub((request, response) => {
      const timer = setTimeout(() => {
        if (!confluent(request, response)) sendJson(response, 404, { error_code: 40401, message: 'not found' });
      }, 150);
      response.on('close', () => clearTimeout(timer));
    });
    const error = await sourceFailure(read(server.url, { deadlineMs: 400 }));
    expect(error.code).toBe(SourceErrorCode.REGISTRY_TIMEOUT);
    expect(error.message).toContain('deadline of 400 ms');
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
  });
});

describe('credentials never quoted back', () => {
  const PASSWORD = 'pw-Z3cr3t-9';
  const TOKEN = 'tok-Z3cr3t-7';

  /** Answers every request `status` with a body that echoes what the request carried. */
  async function echoing(status: number, body: (request: StubRequest) => unknown): Promise<Stub> {
    return stub((request, response) => sendJson(response, status, body(request)));
  }

  const BASIC_SECRETS = [PASSWORD, Buffer.from(`alice:${PASSWORD}`).toString('base64')];
  const secretsIn = (text: string, secrets: readonly string[] = BASIC_SECRETS): string[] => secrets.filter((secret) => text.includes(secret));

  it.each([
    [403, (request: StubRequest) => ({ message: `forbidden for ${request.authorization}` }), SourceErrorCode.REGISTRY_FORBIDDEN],
    [404, (request: StubRequest) => ({ error_code: 404, message: `no such thing; you sent ${request.authorization} (password ${PASSWORD})` }), SourceErrorCode.REGISTRY_NOT_FOUND],
    [500, (request: StubRequest) => ({ message: `boom: ${request.authorization}` }), SourceErrorCode.REGISTRY_SERVER_ERROR],
    [422, (request: StubRequest) => ({ message: `bad: ${request.authorization} ${PASSWORD}` }), SourceErrorCode.REGISTRY_REFUSED],
  ])('a %i answer echoing the basic credentials is quoted without them', async (status, body, code) => {
    const server = await echoing(status, body);
    const error = await sourceFailure(read(server.url, { auth: { basic: { user: 'alice', password: PASSWORD } } }));
    expect(error.code).toBe(code);
    expect(error.message).toContain('***');
    expect(secretsIn(`${error.message} ${error.source} ${error.remedy ?? ''}`)).toEqual([]);
  });

  it('credentials in the URL, a bearer token, and an answer that is no JSON quoting them', async () => {
    const server = await stub((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<p>hello ${request.authorization} ${PASSWORD} ${TOKEN}</p>`);
    });
    const inUrl = await sourceFailure(readHistory(`registry:${server.url.replace('//', `//alice:${PASSWORD}@`)}`, { subject: 's', retries: 0 }));
    expect(inUrl.code).toBe(SourceErrorCode.REGISTRY_BAD_RESPONSE);
    expect(server.requests[0]?.authorization).toBe(basicHeader('alice', PASSWORD));
    expect(secretsIn(inUrl.message)).toEqual([]);
    const bearer = await sourceFailure(read(server.url, { auth: { bearer: TOKEN } }));
    expect(bearer.message).toContain('<p>hello *** ');
    expect(secretsIn(bearer.message, [TOKEN])).toEqual([]);
  });

  it('a compatibility level that echoes the password is quoted without it', async () => {
    const server = await stub((request, response) => {
      if (request.url.startsWith('/config')) sendJson(response, 200, { compatibilityLevel: `LEVEL-${PASSWORD}` });
      else if (!confluent(request, response)) sendJson(response, 404, { error_code: 40401, message: 'not found' });
    });
    const error = await sourceFailure(read(server.url, { auth: { basic: { user: 'alice', password: PASSWORD } } }));
    expect(error.message).toContain('unknown compatibility level "LEVEL-***"');
  });

  it('askRegistry redacts too', async () => {
    const server = await echoing(422, () => ({ error_code: 42201, message: `invalid schema, password ${PASSWORD}` }));
    const error = await sourceFailure(askRegistry(server.url.replace('//', `//alice:${PASSWORD}@`), 's', { schemaType: 'AVRO', schema: PLAIN }, { retries: 0 }));
    expect(error.message).toBe(`registry ${server.url}: the registry cannot parse the candidate: invalid schema, password *** (error_code 42201)`);
  });
});

describe('a malformed source text never prints its credentials', () => {
  it.each([
    'registry:http://alice:S3CRET-pw@127.0.0.1:99999',
    'registry:https://alice:S3CRET-pw@registry example.com',
    'registry:http://alice:S3CRET-pw@[::1',
    'registry:ftp://alice:S3CRET-pw@registry.example.com',
    'registry:alice:S3CRET-pw@registry.example.com',
    'pulsar:http://alice:S3CRET-pw@127.0.0.1:99999',
    'regsitry:http://alice:S3CRET-pw@127.0.0.1:8081',
    'registry:http://[::1/?access_token=S3CRET-pw',
  ])('%s', (text) => {
    let message = '';
    try {
      parseSource(text);
    } catch (error: unknown) {
      message = error instanceof Error ? error.message : String(error);
    }
    expect(message).toMatch(/^source "/);
    expect(message).not.toContain('S3CRET');
    expect(message).toContain('***');
  });
});
