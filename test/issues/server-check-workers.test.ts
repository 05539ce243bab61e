import { execFile } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { AvroChecker, CheckerRegistry, DefaultChecker, Strategy, parseSchema } from 'schema-compat';
import type { PairResult, SchemaChecker } from 'schema-compat';
import { ProtobufChecker, ProtobufNativeChecker } from 'schema-compat/protobuf';
import { RegistryError, RegistryErrorCode, createLocalJudge, createRegistry } from 'schema-compat/registry';
import type { JudgedSchema, VerdictRequest } from 'schema-compat/registry';
import { startServer } from 'schema-compat/server';
import type { RunningServer, ServerOptions } from 'schema-compat/server';
import { CheckPool, workerExecArgv } from '../../src/server/check-pool.js';
import { checkersFrom, recipesFor } from '../../src/server/checker-recipes.js';
import { checkWorkerScript } from '../../src/server/worker-location.js';

// f21: the local server parses and checks in worker threads, so one expensive registration does
// not hold up other requests; a check past its budget is answered 500 / 50002 (Confluent's
// "Operation timed out") and its worker replaced. Every bound here is generous: the machine is shared.

const MEDIA = 'application/vnd.schemaregistry.v1+json';
const record = (fields: readonly object[]): string => JSON.stringify({ type: 'record', name: 'Big', namespace: 'f21', fields });
const longFields = (count: number): object[] => Array.from({ length: count }, (_, i) => ({ name: `f${i}`, type: 'long' }));

/**
 * An Avro record whose parse alone takes at least a second in this process (measured, doubling the
 * field count), so that registering it costs seconds however fast the checkers become.
 */
function expensiveRecord(): { readonly fields: number; readonly text: string; readonly parseMs: number } {
  for (let fields = 100_000; ; fields *= 2) {
    const text = record(longFields(fields));
    const started = performance.now();
    parseSchema('AVRO', text);
    const parseMs = performance.now() - started;
    if (parseMs >= 1_000 || fields >= 1_600_000) return { fields, text, parseMs };
  }
}

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(options: ServerOptions): Promise<RunningServer> {
  const server = await startServer({ port: 0, maxBodyBytes: 128 * 1024 * 1024, ...options });
  servers.push(server);
  return server;
}

async function call(server: RunningServer, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const init: RequestInit = { method, headers: { 'content-type': MEDIA }, signal: AbortSignal.timeout(100_000) };
  const response = await fetch(`${server.url}${path}`, body === undefined ? init : { ...init, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as unknown };
}

/**
 * The client of the latency measurement, in its own process (a blocked server thread must not block
 * the client that times it): registers a record of `fields` long fields, then, while it registers the
 * same record plus a field with a default, asks `GET /` every 20 ms. Prints what it saw as JSON.
 */
const CLIENT = `
const [url, count] = process.argv.slice(-2);
const record = (fields) => JSON.stringify({ type: 'record', name: 'Big', namespace: 'f21', fields });
const base = Array.from({ length: Number(count) }, (_, i) => ({ name: 'f' + i, type: 'long' }));
const post = async (body) => {
  const response = await fetch(url + '/subjects/big/versions', { method: 'POST', headers: { 'content-type': '${MEDIA}' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
};
const seeded = await post({ schema: record(base) });
const v2 = { schema: record([...base, { name: 'extra', type: 'int', default: 0 }]) };
const pings = [];
let stop = false;
const pinger = (async () => {
  while (!stop) {
    const startedAt = performance.now();
    // A kept-alive connection the server closed at its idle timeout (late, when its event loop was
    // blocked) can be reset as the client reuses it: ask again on a new one; the wait counts in full.
    await fetch(url + '/').catch((error) => { if (error?.cause?.code !== 'ECONNRESET') throw error; return fetch(url + '/'); });
    pings.push({ ms: performance.now() - startedAt, startedAt });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();
await new Promise((resolve) => setTimeout(resolve, 200));
const started = performance.now();
const registered = await post(v2);
const workMs = performance.now() - started;
stop = true;
await pinger;
const during = pings.filter((ping) => ping.startedAt >= started - 25 && ping.startedAt <= started + workMs).map((ping) => ping.ms);
console.log(JSON.stringify({ seeded, registered, workMs, pings: during }));
`;

interface Measured {
  readonly seeded: unknown;
  readonly registered: unknown;
  readonly workMs: number;
  readonly pings: readonly number[];
}

/** Runs CLIENT against `server` in a child process (killed after 200 s, so a hang fails the test). */
function measureFromOutside(server: RunningServer, fields: number): Promise<Measured> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', CLIENT, server.url, String(fields)], { timeout: 200_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as Measured);
    });
  });
}

describe('f21: one expensive check does not hold up the local server', () => {
  it('keeps answering GET / while a multi-second registration runs in a worker (and not without workers)', async () => {
    const big = expensiveRecord();
    const figures: string[] = [];
    const slowest: Record<string, number> = {};
    for (const checkWorkers of [2, 0]) {
      const server = await serve({ checkWorkers, checkTimeoutMs: 300_000, checkMemoryMb: 4096 });
      const run = await measureFromOutside(server, big.fields);
      expect([run.seeded, run.registered]).toEqual([{ status: 200, body: { id: 1 } }, { status: 200, body: { id: 2 } }]);
      const worst = Math.max(0, ...run.pings);
      slowest[String(checkWorkers)] = worst;
      figures.push(`checkWorkers ${checkWorkers}: registration ${run.workMs.toFixed(0)} ms, ${run.pings.length} GET / meanwhile, slowest ${worst.toFixed(0)} ms`);
      if (checkWorkers > 0) {
        // The server's thread still reads and parses the multi-megabyte body (a few hundred ms on a busy machine), never the check.
        expect(run.pings.length).toBeGreaterThanOrEqual(3);
        expect(worst).toBeLessThan(Math.max(1_500, run.workMs / 4));
      }
    }
    console.log(`f21 (${big.fields} fields, ${(big.text.length / 1e6).toFixed(1)} MB, parse ${big.parseMs.toFixed(0)} ms here):\n  ${figures.join('\n  ')}`);
    // In the server's own thread the same registration holds up every request for about its duration.
    expect(slowest['0']).toBeGreaterThan(slowest['2'] ?? 0);
  }, 240_000);

  it('answers a check past its budget with 500 / 50002, stores nothing, and serves the next check', async () => {
    const big = expensiveRecord();
    const budget = Math.max(250, Math.round(big.parseMs / 3));
    const server = await serve({ checkWorkers: 2, checkTimeoutMs: budget, checkMemoryMb: 4096 });
    // Two workers, both started: the check after the timeout finds a ready one.
    await Promise.all([call(server, 'POST', '/subjects/warm-a/versions', { schema: '"int"' }), call(server, 'POST', '/subjects/warm-b/versions', { schema: '"long"' })]);
    const started = performance.now();
    const timedOut = await call(server, 'POST', '/subjects/big/versions', { schema: big.text });
    const elapsed = performance.now() - started;
    expect(timedOut).toEqual({
      status: 500,
      body: { error_code: 50002, message: `Operation timed out: parsing and checking the schema took longer than the server's budget of ${budget} ms` },
    });
    expect(elapsed).toBeLessThan(budget + 30_000);
    expect((await call(server, 'GET', '/subjects')).body).toEqual(['warm-a', 'warm-b']);
    expect(await call(server, 'POST', '/subjects/after/versions', { schema: '"string"' })).toEqual({ status: 200, body: { id: 3 } });
    expect((await call(server, 'POST', '/subjects/after/versions', { schema: '"int"' })).status).toBe(409);
  }, 240_000);

  it('answers a check that needs more memory than a worker has with 500 / 50001, and goes on', async () => {
    const server = await serve({ checkWorkers: 1, checkMemoryMb: 32, checkTimeoutMs: 120_000 });
    const huge = await call(server, 'POST', '/subjects/huge/versions', { schema: record(longFields(400_000)) });
    expect(huge).toEqual({ status: 500, body: { error_code: 50001, message: 'Error in the schema registry: checking the schema needed more than the server\'s 32 MiB of memory' } });
    expect(await call(server, 'POST', '/subjects/small/versions', { schema: '"int"' })).toEqual({ status: 200, body: { id: 1 } });
  }, 240_000);

  it('keeps registrations on one subject in order and ids consistent with checks in workers', async () => {
    const server = await serve({ checkWorkers: 2 });
    const schema = record([{ name: 'id', type: 'long' }]);
    const same = await Promise.all(Array.from({ length: 40 }, (_, i) => call(server, 'POST', `/subjects/race-${i % 4}/versions`, { schema })));
    expect(new Set(same.map((reply) => JSON.stringify(reply)))).toEqual(new Set([JSON.stringify({ status: 200, body: { id: 1 } })]));
    const evolutions = Array.from({ length: 12 }, (_, v) => record([{ name: 'id', type: 'long' }, ...Array.from({ length: v + 1 }, (_, f) => ({ name: `x${f}`, type: 'string', default: '' }))]));
    const replies = await Promise.all(evolutions.map((text) => call(server, 'POST', '/subjects/race-0/versions', { schema: text })));
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    expect((await call(server, 'GET', '/subjects/race-0/versions')).body).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    for (const [i, text] of evolutions.entries()) {
      const id = (replies[i]?.body as { id: number }).id;
      expect((await call(server, 'GET', `/schemas/ids/${id}`)).body).toEqual({ schema: text });
    }
  }, 120_000);

  it('answers parse errors, incompatibilities and verbose tests from a worker exactly as in the server\'s thread', async () => {
    const requests: Array<[string, string, unknown]> = [
      ['POST', '/subjects/s/versions', { schema: record([{ name: 'id', type: 'long' }]) }],
      ['POST', '/subjects/s/versions', { schema: record([{ name: 'id', type: 'string' }]) }],
      ['POST', '/subjects/s/versions', { schema: '{"type":"record","name":"R","fields":[{"name":"a","type":"nope"}]}' }],
      ['POST', '/subjects/s/versions', { schema: '{}', schemaType: 'XML' }],
      ['POST', '/compatibility/subjects/s/versions/latest?verbose=true', { schema: '{"type":"record"' }],
      ['POST', '/compatibility/subjects/s/versions/latest?verbose=true', { schema: record([{ name: 'id', type: 'int' }]) }],
      ['POST', '/compatibility/subjects/none/versions/7', { schema: '{"type":"record"' }],
      ['POST', '/subjects/s', { schema: record([{ name: 'id', type: 'long' }]) }],
      ['POST', '/subjects/s', { schema: '"int"' }],
      ['POST', '/subjects/ref/versions', { schema: record([{ name: 'id', type: 'long' }]), references: [{ name: 'x', subject: 'nowhere', version: 1 }] }],
    ];
    const answers = async (checkWorkers: number): Promise<unknown[]> => {
      const server = await serve({ checkWorkers });
      const replies = [];
      for (const [method, path, body] of requests) replies.push(await call(server, method, path, body));
      return replies;
    };
    const inWorkers = await answers(2);
    expect(inWorkers).toEqual(await answers(0));
    expect(inWorkers.map((reply) => (reply as { status: number }).status)).toEqual([200, 409, 422, 422, 200, 200, 422, 200, 404, 422]);
  }, 120_000);

  it('rebuilds the registry\'s built-in checkers in the workers, options included, and keeps custom ones in the server\'s thread', async () => {
    const cli = CheckerRegistry.withDefaults({ avro: { profile: 'pulsar', javaQuirks: true }, json: { registry: 'pulsar' } }).register(new ProtobufChecker({ changes: 'warnings' }));
    const recipes = await recipesFor(cli);
    expect(recipes).toContainEqual({ kind: 'avro', options: { profile: 'pulsar', javaQuirks: true, warnings: true } });
    expect(recipes).toContainEqual({ kind: 'protobuf', options: { rules: 'confluent', registry: 'confluent', changes: 'warnings' } });
    const rebuilt = await checkersFrom(recipes ?? []);
    expect(rebuilt.types()).toEqual(cli.types());
    for (const type of cli.types()) expect(JSON.stringify(rebuilt.get(type))).toBe(JSON.stringify(cli.get(type)));

    class Lenient extends DefaultChecker {
      override canRead(): PairResult {
        return { compatible: true, incompatibilities: [], warnings: [] };
      }
    }
    const custom = CheckerRegistry.withDefaults().register(new Lenient('STRING') as SchemaChecker<unknown>);
    expect(await recipesFor(custom)).toBeUndefined();
    // Served anyway, in the server's thread, with the custom checker's rules.
    const server = await serve({ registry: createRegistry({ checkers: custom }) });
    expect((await call(server, 'POST', '/subjects/str/versions', { schema: '', schemaType: 'STRING' })).status).toBe(200);
    expect((await call(server, 'POST', '/subjects/str/versions', { schema: 'null', schemaType: 'STRING' })).body).toEqual({ id: 2 });
    expect(await recipesFor(CheckerRegistry.withDefaults().register(new AvroChecker({ profile: 'strict' })))).toContainEqual({ kind: 'avro', options: { profile: 'strict', javaQuirks: false, warnings: true } });
  }, 120_000);

  it('rebuilds KEY_VALUE (over the worker\'s own checkers) and PROTOBUF_NATIVE (its rules) in the workers (issue 26)', async () => {
    const cli = CheckerRegistry.withDefaults().register(new ProtobufNativeChecker({ rules: 'advanced' }));
    const recipes = await recipesFor(cli);
    expect(recipes).toContainEqual({ kind: 'key-value' });
    expect(recipes).toContainEqual({ kind: 'protobuf-native', options: { rules: 'advanced' } });
    const rebuilt = await checkersFrom(recipes ?? []);
    expect(rebuilt.types()).toEqual(cli.types());
    const kv = JSON.stringify({ key: { type: 'STRING' }, value: { type: 'PROTOBUF_NATIVE', schema: 'syntax = "proto2"; package e; message O { optional int32 id = 1; }' } });
    expect(parseSchema('KEY_VALUE', kv, { registry: rebuilt }).schemaType).toBe('KEY_VALUE');
  }, 120_000);

  it('runs Protobuf checks in a worker for a registry like `schema-compat serve` builds', async () => {
    const checkers = CheckerRegistry.withDefaults().register(new ProtobufChecker() as SchemaChecker<unknown>);
    const server = await serve({ registry: createRegistry({ checkers }), checkWorkers: 1 });
    const proto = (type: string): string => `syntax = "proto3"; message M { ${type} a = 1; }`;
    expect((await call(server, 'POST', '/subjects/p/versions', { schema: proto('int64'), schemaType: 'PROTOBUF' })).body).toEqual({ id: 1 });
    const refused = await call(server, 'POST', '/subjects/p/versions', { schema: proto('string'), schemaType: 'PROTOBUF' });
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toContain('FIELD_SCALAR_KIND_CHANGED');
  }, 120_000);

  it('refuses check options out of range', async () => {
    await expect(startServer({ port: 0, checkWorkers: -1 })).rejects.toThrow(/checkWorkers/);
    await expect(startServer({ port: 0, checkTimeoutMs: 0 })).rejects.toThrow(/checkTimeoutMs/);
    await expect(startServer({ port: 0, checkMemoryMb: 1 })).rejects.toThrow(/checkMemoryMb/);
  });

  describe('the pool itself', () => {
    const avro = (schema: string): JudgedSchema => ({ schemaType: 'AVRO', schema, references: [], referenceTexts: [] });
    const pool = (script: string): CheckPool => new CheckPool({
      script, recipes: [{ kind: 'avro', options: {} }], workers: 1, timeoutMs: 60_000, memoryMb: 256, cacheSize: 10,
      fallback: createLocalJudge(CheckerRegistry.withDefaults()),
    });

    it('asks the server for stored schemas, and answers the server\'s own error when one cannot be read', async () => {
      const script = checkWorkerScript();
      expect(script).toBeDefined();
      const checks = pool(script as string);
      try {
        const stored: Record<number, JudgedSchema> = { 1: avro('"int"'), 2: avro('"long"') };
        const source = {
          schema: async (id: number): Promise<JudgedSchema> => {
            const found = stored[id];
            if (found === undefined) throw new RegistryError(RegistryErrorCode.SCHEMA_NOT_FOUND, `Schema ${id} not found`);
            return found;
          },
        };
        const request: VerdictRequest = { candidate: avro('"long"'), dedup: [{ version: 2, id: 2 }], contentKey: true };
        expect(await checks.judge(request, source)).toEqual({ schemaType: 'AVRO', identical: 2 });
        const checked = await checks.judge({ candidate: avro('"long"'), check: { level: Strategy.BACKWARD, versions: [{ version: 1, id: 1 }] } }, source);
        expect([checked.check?.result.compatible, checked.check?.messages]).toEqual([true, []]);
        const missing = await checks.judge({ candidate: avro('"long"'), dedup: [{ version: 9, id: 99 }] }, source).catch((error: unknown) => error);
        expect(missing).toBeInstanceOf(RegistryError);
        expect((missing as RegistryError).message).toBe('Schema 99 not found');
      } finally {
        await checks.close();
      }
    }, 60_000);

    it('judges in the server\'s thread, with a warning, when a worker cannot start', async () => {
      const warnings: string[] = [];
      const listen = (warning: Error): void => {
        warnings.push(warning.message);
      };
      process.on('warning', listen);
      const checks = pool('/nonexistent/check-worker.js');
      try {
        const source = { schema: async (): Promise<JudgedSchema> => avro('"int"') };
        expect(await checks.judge({ candidate: avro('"int"'), dedup: [{ version: 1, id: 1 }] }, source)).toEqual({ schemaType: 'AVRO', identical: 1 });
        expect(await checks.judge({ candidate: avro('"string"') }, source)).toEqual({ schemaType: 'AVRO' });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(warnings.filter((text) => text.includes('a check worker did not start'))).toHaveLength(1);
      } finally {
        process.off('warning', listen);
        await checks.close();
      }
    }, 60_000);

    it('starts workers without the parent\'s evaluated code', () => {
      expect(workerExecArgv(['--input-type=module', '--enable-source-maps', '-e', 'code', '--stack-size=900'])).toEqual(['--enable-source-maps', '--stack-size=900']);
      expect(workerExecArgv(['-p', 'x', '--conditions', 'node'])).toEqual(['--conditions', 'node']);
    });
  });
});
