import { spawnSync } from 'node:child_process';
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
  const { NO_COLOR: _ignored, ...base } = process.env;
  const child = spawnSync(process.execPath, [...(options.nodeArgs ?? []), 'dist/cli.js', ...args], { cwd: root, encoding: 'utf8', env: { ...base, ...env } });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

export function json(run: Run): CompatibilityResult {
  return JSON.parse(run.stdout) as CompatibilityResult;
}

export const CHECK_USAGE_LINE = 'usage: schema-compat check [--strategy S] [--type T] [--format F] [options] CANDIDATE (HISTORY... | --against SOURCE | --history DIR)';

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
