import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';

const record = (fields: readonly object[]): string => JSON.stringify({ type: 'record', name: 'R', fields });
const V1 = record([{ name: 'a', type: 'int' }]);
const V2 = record([{ name: 'a', type: 'int' }, { name: 'b', type: 'string', default: '' }]);
const BAD = record([{ name: 'a', type: 'int' }, { name: 'c', type: 'int' }]);
const MEDIA = 'application/vnd.schemaregistry.v1+json';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, maxBodyBytes: 4096 });
});
afterAll(async () => {
  await server.close();
});

interface Reply {
  readonly status: number;
  readonly type: string | undefined;
  readonly body: unknown;
}

/** One request with Node's own client; `raw` sends the text as is. */
function call(method: string, path: string, body?: unknown, headers: Record<string, string> = { 'content-type': MEDIA }, raw?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const text = raw ?? (body === undefined ? undefined : JSON.stringify(body));
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

describe('the local server: Confluent\'s REST shapes, status and error codes', () => {
  it('registers, looks up, lists and reads, answering in vnd.schemaregistry.v1+json', async () => {
    expect(await call('POST', '/subjects/rest%2Fs/versions', { schema: V1 })).toEqual({ status: 200, type: MEDIA, body: { id: 1 } });
    expect((await call('POST', '/subjects/rest%2Fs/versions?normalize=false', { schema: V2 })).body).toEqual({ id: 2 });
    expect((await call('POST', '/subjects/rest%2Fs', { schema: V1 })).body).toEqual({ subject: 'rest/s', version: 1, id: 1, schema: V1 });
    expect((await call('GET', '/subjects')).body).toEqual(['rest/s']);
    expect((await call('GET', '/subjects/rest%2Fs/versions')).body).toEqual([1, 2]);
    expect((await call('GET', '/subjects/rest%2Fs/versions/latest')).body).toEqual({ subject: 'rest/s', version: 2, id: 2, schema: V2 });
    expect((await call('GET', '/subjects/rest%2Fs/versions/1/schema')).body).toEqual(JSON.parse(V1));
    expect((await call('GET', '/schemas/ids/2')).body).toEqual({ schema: V2 });
    expect((await call('GET', '/schemas/ids/2/versions')).body).toEqual([{ subject: 'rest/s', version: 2 }]);
    expect((await call('GET', '/schemas/ids/1/subjects')).body).toEqual(['rest/s']);
    expect((await call('GET', '/schemas/types')).body).toEqual(['JSON', 'PROTOBUF', 'AVRO'].filter((type) => server.registry.schemaTypes().includes(type)));
    const typed = await call('POST', '/subjects/str/versions', { schema: '', schemaType: 'STRING' });
    expect((await call('GET', `/schemas/ids/${(typed.body as { id: number }).id}`)).body).toEqual({ schema: '', schemaType: 'STRING' });
  });

  it('answers an incompatible registration with 409 / 40901 and compatibility tests with is_compatible and verbose messages', async () => {
    const conflict = await call('POST', '/subjects/rest%2Fs/versions', { schema: BAD });
    expect(conflict.status).toBe(409);
    const messages = [
      "{errorType:'READER_FIELD_MISSING_DEFAULT_VALUE', description:'The field 'c' at path '/fields/1' in the new schema has no default value and is missing in the old schema', additionalInfo:'c'}",
      '{oldSchemaVersion: 2}', `{oldSchema: '${V2}'}`, "{validateFields: 'false', compatibility: 'BACKWARD'}",
    ];
    expect(conflict.body).toEqual({ error_code: 40901, message: `Schema being registered is incompatible with an earlier schema for subject "rest/s", details: [${messages.join(', ')}]` });
    expect((await call('POST', '/compatibility/subjects/rest%2Fs/versions/latest', { schema: BAD })).body).toEqual({ is_compatible: false });
    expect((await call('POST', '/compatibility/subjects/rest%2Fs/versions/latest?verbose=true', { schema: BAD })).body).toEqual({ is_compatible: false, messages });
    expect((await call('POST', '/compatibility/subjects/rest%2Fs/versions?verbose=true', { schema: V2 })).body).toEqual({ is_compatible: true, messages: [] });
    expect((await call('POST', '/compatibility/subjects/rest%2Fs/versions/1', { schema: V2 })).body).toEqual({ is_compatible: true });
    const unparsable = await call('POST', '/compatibility/subjects/rest%2Fs/versions?verbose=true', { schema: '{"type":"record"}' });
    expect(unparsable.status).toBe(200);
    expect((unparsable.body as { is_compatible: boolean }).is_compatible).toBe(false);
  });

  it('reads and writes the config, with 40408 for an unconfigured subject and 42203 for an unknown level', async () => {
    expect((await call('GET', '/config')).body).toEqual({ compatibilityLevel: 'BACKWARD' });
    expect(await call('GET', '/config/cfg')).toMatchObject({ status: 404, body: { error_code: 40408, message: "Subject 'cfg' does not have subject-level compatibility configured" } });
    expect((await call('GET', '/config/cfg?defaultToGlobal=true')).body).toEqual({ compatibilityLevel: 'BACKWARD' });
    expect((await call('PUT', '/config/cfg', { compatibility: 'FULL_TRANSITIVE' })).body).toEqual({ compatibility: 'FULL_TRANSITIVE' });
    expect((await call('GET', '/config/cfg')).body).toEqual({ compatibilityLevel: 'FULL_TRANSITIVE' });
    expect((await call('PUT', '/config/cfg', { compatibility: 'SIDEWAYS' })).body).toMatchObject({ error_code: 42203 });
    expect((await call('DELETE', '/config/cfg')).body).toEqual({ compatibilityLevel: 'FULL_TRANSITIVE' });
    expect((await call('GET', '/mode')).body).toEqual({ mode: 'READWRITE' });
  });

  it('deletes softly, then permanently, with Confluent\'s codes for the wrong order', async () => {
    await call('POST', '/subjects/del/versions', { schema: V1 });
    expect((await call('DELETE', '/subjects/del?permanent=true')).body).toMatchObject({ error_code: 40405 });
    expect((await call('DELETE', '/subjects/del/versions/1')).body).toBe(1);
    expect((await call('GET', '/subjects/del/versions')).body).toMatchObject({ error_code: 40401 });
    expect((await call('GET', '/subjects/del/versions?deleted=true')).body).toEqual([1]);
    expect((await call('DELETE', '/subjects/del/versions/1?permanent=true')).body).toBe(1);
    expect((await call('GET', '/subjects?deleted=true')).body).not.toContain('del');
  });

  it('answers bad requests with Confluent-shaped errors, never a crash', async () => {
    const cases: Array<[string, string, unknown, Record<string, string>?, string?]> = [
      ['GET', '/nowhere', undefined],
      ['PATCH', '/subjects', undefined],
      ['GET', '/subjects/none/versions/1', undefined],
      ['GET', '/subjects/x/versions/zero', undefined],
      ['GET', '/schemas/ids/77', undefined],
      ['GET', '/schemas/ids/abc', undefined],
      ['POST', '/subjects/x/versions', { schema: '{"type":"record","name":"R"}' }],
      ['POST', '/subjects/x/versions', { nothing: true }],
      ['POST', '/subjects/x/versions', { schema: '{}', schemaType: 'XML' }],
      ['POST', '/subjects/x/versions', undefined, { 'content-type': MEDIA }, '{not json'],
      ['POST', '/subjects/x/versions', undefined, { 'content-type': 'text/plain' }, '{}'],
      ['POST', '/subjects/x/versions', { schema: 'x'.repeat(5000) }],
      ['GET', '/subjects/%E0%A4%A', undefined],
    ];
    const replies = [];
    for (const [method, path, body, headers, raw] of cases) {
      const reply = await call(method, path, body, headers, raw);
      replies.push([reply.status, (reply.body as { error_code: number }).error_code]);
    }
    expect(replies).toEqual([
      [404, 404], [405, 405], [404, 40401], [422, 42202], [404, 40403], [404, 404], [422, 42201], [422, 42201], [422, 42201], [400, 400], [415, 415], [413, 413], [404, 404],
    ]);
    // The server still answers after all of that.
    expect((await call('GET', '/subjects/rest%2Fs/versions')).body).toEqual([1, 2]);
  });

  it('refuses a chunked body over the cap without reading it all', async () => {
    const reply = await new Promise<Reply>((resolve, reject) => {
      const req = request(`${server.url}/subjects/big/versions`, { method: 'POST', headers: { 'content-type': MEDIA, 'transfer-encoding': 'chunked' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }));
      });
      req.on('error', reject);
      req.write(`{"schema":"${'y'.repeat(3000)}`);
      req.end(`${'y'.repeat(3000)}"}`);
    });
    expect(reply).toEqual({ status: 413, type: MEDIA, body: { error_code: 413, message: 'Request body larger than 4096 bytes' } });
  });

  it('listens on 127.0.0.1 by default', () => {
    expect([server.host, server.url.startsWith('http://127.0.0.1:')]).toEqual(['127.0.0.1', true]);
  });
});
