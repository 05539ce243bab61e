import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/args.js';
import { runServe } from '../../src/cli/serve.js';
import type { RunningServer } from 'schema-compat/server';

function capture(): { io: { stdout: (text: string) => void; stderr: (text: string) => void }; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { stdout: (text) => out.push(text), stderr: (text) => err.push(text) }, out, err };
}

async function usageError(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('schema-compat serve (runServe)', () => {
  it('starts a registry on a loopback port, says so, and answers Confluent requests', async () => {
    const { io, out } = capture();
    let server: RunningServer | undefined;
    const code = await runServe(['--port', '0', '--mode', 'pulsar', '--compatibility', 'backward'], io, { onListening: (running) => { server = running; } });
    expect(code).toBe(0);
    if (!server) throw new Error('no server');
    try {
      expect(out).toEqual([`schema-compat registry (pulsar mode) listening on ${server.url} - for development and tests, not production\n`]);
      const response = await fetch(`${server.url}/config`);
      expect([response.status, response.headers.get('content-type'), await response.json()]).toEqual([200, 'application/vnd.schemaregistry.v1+json', { compatibilityLevel: 'BACKWARD' }]);
      const registered = await fetch(`${server.url}/subjects/t/versions`, { method: 'POST', body: JSON.stringify({ schema: '"int"' }), headers: { 'content-type': 'application/json' } });
      expect(await registered.json()).toEqual({ id: 1 });
      expect(await server.registry.listVersions('t')).toEqual([0]);
    } finally {
      await server.close();
    }
  });

  it('in pulsar mode accepts KEY_VALUE and PROTOBUF_NATIVE schemas (issue 26)', async () => {
    const { io } = capture();
    let server: RunningServer | undefined;
    await runServe(['--port', '0', '--mode', 'pulsar', '--compatibility', 'backward'], io, { onListening: (running) => { server = running; } });
    if (!server) throw new Error('no server');
    const post = async (path: string, body: object): Promise<[number, unknown]> => {
      const response = await fetch(`${(server as RunningServer).url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      return [response.status, await response.json()];
    };
    const kv = (fields: object[]): string => JSON.stringify({ key: { type: 'STRING' }, value: { type: 'AVRO', schema: { type: 'record', name: 'Order', fields } } });
    try {
      expect(await post('/subjects/kv/versions', { schemaType: 'KEY_VALUE', schema: kv([{ name: 'id', type: 'long' }]) })).toEqual([200, { id: 1 }]);
      const [status, body] = await post('/compatibility/subjects/kv/versions/latest?verbose=true', { schemaType: 'KEY_VALUE', schema: kv([{ name: 'id', type: 'long' }, { name: 'note', type: 'string' }]) });
      expect([status, (body as { is_compatible: boolean }).is_compatible]).toEqual([200, false]);
      expect(server.registry.schemaTypes()).toContain('PROTOBUF_NATIVE');
    } finally {
      await server.close();
    }
  });

  it('prints its help, and refuses bad options with a usage error', async () => {
    const { io, out } = capture();
    expect(await runServe(['--help'], io)).toBe(0);
    expect(out.join('')).toContain('For development and tests, NOT production');
    expect(await usageError(runServe(['--port', '99999'], io))).toBe('--port must be an integer from 0 to 65535');
    expect(await usageError(runServe(['--mode', 'kafka'], io))).toBe('--mode must be confluent or pulsar');
    expect(await usageError(runServe(['extra'], io))).toBe('serve takes no arguments (got "extra")');
    expect(await usageError(runServe(['--max-body-bytes', '0'], io))).toBe('--max-body-bytes must be an integer from 1 to 2147483647');
  });

  it('reports a port in use on stderr with exit code 2', async () => {
    let first: RunningServer | undefined;
    await runServe(['--port', '0'], capture().io, { onListening: (running) => { first = running; } });
    if (!first) throw new Error('no server');
    try {
      const { io, err } = capture();
      expect(await runServe(['--port', String(first.port)], io)).toBe(2);
      expect(err.join('')).toMatch(new RegExp(`^error: cannot listen on 127\\.0\\.0\\.1:${first.port}: .*EADDRINUSE`));
    } finally {
      await first.close();
    }
  });
});

describe('schema-compat serve in an install without protobufjs (the built CLI, a subprocess)', () => {
  it('starts with Avro and JSON Schema, says Protobuf is off and how to turn it on, and refuses a Protobuf schema', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    // no-protobufjs.mjs makes `protobufjs` unresolvable, as on an install without the optional peer.
    const child = spawn(process.execPath, ['--import', './test/cli/no-protobufjs.mjs', 'dist/cli.js', 'serve', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const lines = await firstLines(child, 2);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(lines[0] ?? '')?.[1];
      expect(lines[1]).toBe('Protobuf schemas are off: protobufjs is not installed (run `npm install protobufjs` next to schema-compat to accept them). Avro and JSON Schema are on.');
      if (url === undefined) throw new Error(`no listening line: ${lines.join('\n')}`);
      expect(await (await fetch(`${url}/schemas/types`)).json()).toEqual(['JSON', 'AVRO']);
      const avro = await fetch(`${url}/subjects/a/versions`, { method: 'POST', body: JSON.stringify({ schema: '"int"' }), headers: { 'content-type': 'application/json' } });
      expect(await avro.json()).toEqual({ id: 1 });
      const proto = await fetch(`${url}/subjects/p/versions`, { method: 'POST', body: JSON.stringify({ schemaType: 'PROTOBUF', schema: 'syntax = "proto3"; message M {}' }), headers: { 'content-type': 'application/json' } });
      expect(proto.status).toBe(422);
    } finally {
      child.kill();
    }
  });
});

/** The first `count` lines the child prints on stdout (rejects if it exits first). */
function firstLines(child: ChildProcessByStdio<null, Readable, Readable>, count: number): Promise<string[]> {
  return new Promise((resolveLines, reject) => {
    let text = '';
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => { errors += chunk.toString(); });
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const lines = text.split('\n');
      if (lines.length > count) resolveLines(lines.slice(0, count));
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${errors}`)));
  });
}
