import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompatibilityResult } from 'schema-compat';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const fixture = (name: string): string => `test/fixtures/cli/${name}`;
export const example = (name: string): string => `examples/user/${name}`;
export const ESC = '\u001b';
export const USER_HISTORY = ['v1.avsc', 'v2.avsc', 'v3.avsc', 'v4.avsc'].map(example);

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built CLI (dist/cli.js, built by the global setup) from the repository root; stdout is a pipe, so never a TTY. */
export function cli(args: readonly string[], env: Readonly<Record<string, string>> = {}, options: { readonly nodeArgs?: readonly string[] } = {}): Run {
  // Without GITHUB_STEP_SUMMARY: a run under GitHub Actions must not append its reports to the job's summary.
  const { NO_COLOR: _ignored, GITHUB_STEP_SUMMARY: _summary, ...base } = process.env;
  const child = spawnSync(process.execPath, [...(options.nodeArgs ?? []), 'dist/cli.js', ...args], { cwd: root, encoding: 'utf8', env: { ...base, ...env } });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

export function json(run: Run): CompatibilityResult {
  return JSON.parse(run.stdout) as CompatibilityResult;
}

export const CHECK_USAGE_LINE = 'usage: schema-compat check [--strategy S] [--type T] [--format F] [options] [CANDIDATE (HISTORY... | --against SOURCE | --history DIR)]';

/** `::level k=v,k=v::message` → its parts, with the workflow-command escapes undone. */
export function parseAnnotation(line: string): { level: string; properties: Record<string, string>; message: string } {
  const match = /^::(\w+) ([^:]*)::(.*)$/.exec(line);
  if (match === null) throw new Error(`not an annotation: ${line}`);
  const unescape = (text: string): string => text.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const properties = Object.fromEntries((match[2] as string).split(',').map((pair) => {
    const eq = pair.indexOf('=');
    return [pair.slice(0, eq), unescape(pair.slice(eq + 1))];
  }));
  return { level: match[1] as string, properties, message: unescape(match[3] as string) };
}

/** Options of a run of the built CLI in a folder of its own. */
export interface RunOptions {
  readonly env?: Readonly<Record<string, string>>;
  /** Its standard input. */
  readonly input?: string;
}

/**
 * The environment of a run in a repository of a test: no colour switch, no step summary, no
 * registry credentials, no user or system git configuration, and no repository above a temporary folder.
 */
export function isolatedEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['NO_COLOR', 'GITHUB_STEP_SUMMARY', 'SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO', 'SCHEMA_REGISTRY_BEARER_TOKEN', 'GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) delete env[name];
  return { ...env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_CEILING_DIRECTORIES: tmpdir() };
}

/**
 * Runs `node dist/cli.js ARGS` in `cwd`, asynchronously: a synchronous child would block this
 * process's event loop, and with it the servers a test runs here.
 */
export function cliIn(cwd: string, args: readonly string[], options: RunOptions = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'dist', 'cli.js'), ...args], { cwd, env: { ...isolatedEnv(), ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
