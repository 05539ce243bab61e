import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_USAGE_LINE, cli, root } from '../cli/support.js';

// Issue 13, CLI: user words that are Object.prototype keys (f13, f20), files that are no regular
// files (f14), and Pulsar's unreadable enum symbols said in every format.

/** Runs the built CLI in `cwd` with a time limit: a hang fails the test (status null) instead of stalling the suite. */
function bounded(args: readonly string[], cwd: string, stdin: number | 'pipe' = 'pipe'): { status: number | null; stdout: string; stderr: string } {
  const { NO_COLOR: _unset, GITHUB_STEP_SUMMARY: _noSummary, ...env } = process.env;
  const child = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), ...args], { cwd, env, encoding: 'utf8', timeout: 20_000, stdio: [stdin, 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'schema-compat-hostile-cli-'));
  writeFileSync(join(dir, 'v1.avsc'), '"int"');
  writeFileSync(join(dir, 'reader.avsc'), JSON.stringify({ type: 'record', name: 'R', fields: [{ name: 'e', type: { type: 'enum', name: 'E', symbols: ['A', 'B'] } }] }));
  writeFileSync(join(dir, 'writer.avsc'), JSON.stringify({ type: 'record', name: 'R', fields: [{ name: 'e', type: { type: 'enum', name: 'E', symbols: ['A', 'B', 'C'] } }] }));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('words that are Object.prototype keys are words like any other (f13, f20)', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('--type %s is a usage error (exit 2), not an internal error', (word) => {
    const run = cli(['check', '--type', word, 'a.avsc', 'b.avsc']);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `error: --type must be one of avro, json, protobuf, key-value, protobuf-native, not ${JSON.stringify(word)}\n${CHECK_USAGE_LINE}\n` });
  });

  it.each(['__proto__', 'constructor', 'valueOf'])('fingerprint --algorithm %s names the algorithms it knows', (word) => {
    const run = bounded(['fingerprint', '--algorithm', word, 'v1.avsc'], dir);
    expect([run.status, run.stderr.split('\n')[0]]).toEqual([2, `error: --algorithm must be one of crc64, md5, sha256, not ${JSON.stringify(word)}`]);
  });
});

// f14 as issue 23 rewrote it: pipes are read like files, with the 16 MiB cap; only a device that never ends is refused.
describe('files, pipes and devices are read up to 16 MiB, never for ever (f14)', () => {
  it('a FIFO that nobody writes to is read as empty after a short wait, never blocking: exit 2', () => {
    const fifo = join(dir, 'fifo.avsc');
    const made = spawnSync('mkfifo', [fifo]);
    expect(made.status).toBe(0);
    try {
      const started = Date.now();
      const run = bounded(['check', 'fifo.avsc', 'v1.avsc'], dir);
      expect(run).toEqual({ status: 2, stdout: '', stderr: 'error: fifo.avsc: at line 1, column 1: not valid JSON: expected a value, found the end of the text [INVALID_JSON]\n' });
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      rmSync(fifo, { force: true });
    }
  });

  it('/dev/zero is read up to the cap and refused, not read until memory runs out: exit 2', () => {
    const run = bounded(['check', '--type', 'avro', '/dev/zero', 'v1.avsc'], dir);
    expect(run).toEqual({ status: 2, stdout: '', stderr: 'error: cannot read /dev/zero: larger than 16 MiB, the most a schema file may be\n' });
  });

  it('a history file larger than 16 MiB is refused, naming the limit', () => {
    const big = join(dir, 'big.avsc');
    writeFileSync(big, `"int"${' '.repeat(16 * 1024 * 1024)}`);
    try {
      const run = bounded(['check', 'v1.avsc', 'big.avsc'], dir);
      expect(run).toEqual({ status: 2, stdout: '', stderr: 'error: cannot read big.avsc: larger than 16 MiB, the most a schema file may be\n' });
    } finally {
      rmSync(big, { force: true });
    }
  });

  it('an endless standard input (- < /dev/zero) stops at 16 MiB: exit 2', () => {
    const zero = openSync('/dev/zero', 'r');
    try {
      const run = bounded(['check', '-', '--type', 'avro', 'v1.avsc'], dir, zero);
      expect(run).toEqual({ status: 2, stdout: '', stderr: 'error: cannot read standard input (-): larger than 16 MiB, the most a schema file may be\n' });
    } finally {
      closeSync(zero);
    }
  });
});

describe("Pulsar's unreadable enum symbols: the verdict is Pulsar's, the warning cannot be missed", () => {
  const warning = 'warning: reader.avsc: version 1 writes enum symbols [C] that the candidate cannot read (at /fields/0/type/symbols): the check passes, as Pulsar\'s broker does, but data holding them fails to decode. Gate with --fail-on warning.\n';

  it.each(['text', 'json', 'github', 'junit', 'markdown', 'sarif', 'confluent'])('--format %s: compatible (exit 0), and the warning on stderr', (format) => {
    const run = bounded(['check', '--profile', 'pulsar', '--format', format, 'reader.avsc', 'writer.avsc'], dir);
    expect([run.status, run.stderr]).toEqual([0, warning]);
  });

  it('with --fail-on warning the warning fails the check (exit 1) and is reported by the format itself', () => {
    const run = bounded(['check', '--profile', 'pulsar', '--fail-on', 'warning', 'reader.avsc', 'writer.avsc'], dir);
    expect([run.status, run.stderr]).toEqual([1, '']);
    expect(run.stdout).toContain('UNREADABLE_ENUM_SYMBOLS at /fields/0/type/symbols');
  });
});
