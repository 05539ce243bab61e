import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliIn, isolatedEnv, root } from './support.js';
import type { Run } from './support.js';

// Issue 23 on the command line: file arguments may be pipes (`<(...)`, /dev/stdin, `-`), read up to
// 16 MiB; a device that never ends is refused; malformed registry URLs and YAML alias bombs are
// bad input (exit 2) that never prints a password or "internal error".

const V1 = '{"type":"record","name":"R","fields":[{"name":"a","type":"int"}]}';
const V2 = '{"type":"record","name":"R","fields":[{"name":"a","type":"string"}]}';
const PASSWORD = 'Cli-S3CRET-pw';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'schema-compat-bounded-input-'));
  writeFileSync(join(dir, 'v1.avsc'), V1);
  writeFileSync(join(dir, 'v2.avsc'), V2);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `bash -c SCRIPT` in the test folder with $CLI the built CLI: process substitution needs a shell. */
function bash(script: string, input = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd: dir, env: { ...isolatedEnv(), CLI: join(root, 'dist', 'cli.js') }, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

const hasBash = spawnSync('bash', ['-c', 'true']).status === 0;

describe('file arguments that are pipes', () => {
  it.runIf(hasBash)('process substitution: check reads /dev/fd/N (an incompatible pair exits 1, a compatible one 0)', async () => {
    const incompatible = await bash('node "$CLI" check --type avro --strategy BACKWARD <(cat v2.avsc) <(cat v1.avsc)');
    expect(incompatible.code).toBe(1);
    expect(incompatible.stdout).toMatch(/INCOMPATIBLE/);
    expect((await bash('node "$CLI" check --type avro --strategy BACKWARD <(cat v1.avsc) <(cat v1.avsc)')).code).toBe(0);
  });

  it.runIf(hasBash)('process substitution in diff, audit and --reference', async () => {
    const diff = await bash('node "$CLI" diff --type avro <(cat v1.avsc) <(cat v2.avsc)');
    expect(diff.code).toBe(1);
    expect(diff.stdout).toMatch(/^\/dev\/fd\/\d+ → \/dev\/fd\/\d+: 1 change, 1 breaking under BACKWARD\n/);
    const audit = await bash('node "$CLI" audit --type avro <(cat v2.avsc) <(cat v1.avsc)');
    expect(audit.code).toBe(0);
    writeFileSync(join(dir, 'uses.avsc'), '{"type":"record","name":"U","fields":[{"name":"r","type":"R"}]}');
    expect((await bash('node "$CLI" fingerprint --reference R=<(cat v1.avsc) uses.avsc')).code).toBe(0);
  });

  it('- and /dev/stdin read standard input: fingerprint, canonical, a history file, diff OLD', async () => {
    const fingerprint = await cliIn(dir, ['fingerprint', '-'], { input: V1 });
    expect(fingerprint).toMatchObject({ code: 0, stderr: '' });
    expect((await cliIn(dir, ['fingerprint', '/dev/stdin'], { input: V1 })).stdout).toBe(fingerprint.stdout);
    expect((await cliIn(dir, ['fingerprint', 'v1.avsc'])).stdout).toBe(fingerprint.stdout);
    expect(await cliIn(dir, ['canonical', '-'], { input: V1 })).toEqual(await cliIn(dir, ['canonical', 'v1.avsc']));
    const history = await cliIn(dir, ['check', '--type', 'avro', '--format', 'json', 'v2.avsc', '-'], { input: V1 });
    expect(history.code).toBe(1);
    expect(history.stdout).toContain('"version": 1');
    expect((await cliIn(dir, ['diff', '--type', 'avro', '/dev/stdin', 'v2.avsc'], { input: V1 })).code).toBe(1);
    expect((await cliIn(dir, ['diff', '--type', 'avro', '-', 'v1.avsc'], { input: V1 })).code).toBe(0);
  });

  it('a pipe has no extension: without --type, a usage error says to give it', async () => {
    const run = await cliIn(dir, ['check', 'v2.avsc', '/dev/stdin'], { input: V1 });
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe('error: /dev/stdin is a pipe or device, whose name tells no schema type: give --type avro|json|protobuf');
    const dash = await cliIn(dir, ['diff', '-', 'v2.avsc'], { input: V1 });
    expect(dash.code).toBe(2);
    expect(dash.stderr.split('\n')[0]).toBe('error: a schema read from stdin (-) needs --type avro|json|protobuf');
  });

  it('/dev/zero and /dev/urandom are refused once past 16 MiB: exit 2, quickly', async () => {
    for (const device of ['/dev/zero', '/dev/urandom']) {
      const started = Date.now();
      const run = await cliIn(dir, ['check', '--type', 'avro', device, 'v1.avsc']);
      expect(run).toEqual({ code: 2, stdout: '', stderr: `error: cannot read ${device}: larger than 16 MiB, the most a schema file may be\n` });
      expect(Date.now() - started).toBeLessThan(30_000);
    }
  });

  it('standard input above 16 MiB is refused: exit 2', async () => {
    const run = await cliIn(dir, ['fingerprint', '-'], { input: ' '.repeat(16 * 1024 * 1024 + 1) });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'error: cannot read standard input (-): larger than 16 MiB, the most a schema file may be\n' });
  });

  it.runIf(hasBash)('a FIFO no one writes to reads as empty after a moment, never hangs; one written to later is read', async () => {
    mkdirSync(join(dir, 'fifo'), { recursive: true });
    const made = spawnSync('mkfifo', [join(dir, 'fifo', 'lonely'), join(dir, 'fifo', 'fed')]);
    if (made.status !== 0) return;
    const lonely = await cliIn(dir, ['fingerprint', 'fifo/lonely']);
    expect(lonely.code).toBe(2);
    expect(lonely.stderr).toMatch(/^error: fifo\/lonely/);
    const fed = await bash('(sleep 0.2; cat v1.avsc > fifo/fed) & node "$CLI" fingerprint fifo/fed; wait');
    expect(fed).toMatchObject({ code: 0, stderr: '' });
  });

  it('a folder is still refused, and a regular file reads as before', async () => {
    expect(await cliIn(dir, ['fingerprint', 'fifo'])).toEqual({ code: 2, stdout: '', stderr: 'error: cannot read fifo: is a directory\n' });
  });
});

describe('credentials in a malformed source are never printed', () => {
  it.each([
    `registry:http://alice:${PASSWORD}@127.0.0.1:99999`,
    `registry:https://alice:${PASSWORD}@registry example.com`,
    `registry:http://alice:${PASSWORD}@[::1`,
    `registry:ftp://alice:${PASSWORD}@registry.example.com`,
    `pulsar:http://alice:${PASSWORD}@127.0.0.1:99999`,
    `regsitry:http://alice:${PASSWORD}@127.0.0.1:8081`,
  ])('--against %s: exit 2, no password', async (against) => {
    const topic = against.startsWith('pulsar') ? ['--topic', 't'] : ['--subject', 's'];
    const run = await cliIn(dir, ['check', '--against', against, ...(against.startsWith('regsitry') ? [] : topic), 'v1.avsc']);
    expect(run.code).toBe(2);
    expect(`${run.stdout}${run.stderr}`).not.toContain(PASSWORD);
    expect(run.stderr).toContain('***@');
  });

  it('in a configuration\'s against: exit 2 at its line, no password', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'schema-compat-bounded-config-'));
    try {
      mkdirSync(join(repo, 'schemas'));
      writeFileSync(join(repo, 'schemas', 'a.avsc'), V1);
      writeFileSync(join(repo, '.schema-compat.yaml'), `defaults:\n  against: "registry:http://alice:${PASSWORD}@127.0.0.1:99999"\nsubjects:\n  - files: schemas/*.avsc\n`);
      const run = await cliIn(repo, ['check']);
      expect(run.code).toBe(2);
      expect(`${run.stdout}${run.stderr}`).not.toContain(PASSWORD);
      expect(run.stderr).toContain('.schema-compat.yaml:2:12: defaults.against: source "registry:http://***@127.0.0.1:99999"');
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});

describe('YAML alias limits in a configuration', () => {
  it.each([
    ['a billion-laughs bomb', [...['lol0: &lol0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'], ...Array.from({ length: 9 }, (_, i) => `lol${i + 1}: &lol${i + 1} [${Array<string>(9).fill(`*lol${i}`).join(', ')}]`)].join('\n'), 2, 14],
    ['150 uses of one anchor', ['ignore:', '  - &entry {subject: a, reason: "approved once"}', ...Array<string>(150).fill('  - *entry')].join('\n'), 3, 5],
  ])('%s: exit 2, a configuration error at line:column, no internal error', async (_what, yaml, line, column) => {
    const repo = mkdtempSync(join(tmpdir(), 'schema-compat-bounded-yaml-'));
    try {
      mkdirSync(join(repo, 'schemas'));
      writeFileSync(join(repo, 'schemas', 'a.avsc'), V1);
      writeFileSync(join(repo, '.schema-compat.yaml'), `${yaml}\nsubjects:\n  - files: schemas/*.avsc\n`);
      const run = await cliIn(repo, ['check']);
      expect(run.code).toBe(2);
      expect(run.stderr).not.toContain('internal error');
      expect(run.stderr).toContain(`.schema-compat.yaml:${line}:${column}: too many alias uses (*name)`);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
