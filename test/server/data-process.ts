import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** A `schema-compat serve --data` child (the built CLI), its URL and what it printed on stderr. */
export interface ServeChild {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  readonly url: string;
  readonly stderr: () => string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Starts `dist/cli.js serve --port 0 --data DIR ...extra` and waits for its "listening" line. */
export function serveData(dir: string, extra: readonly string[] = []): Promise<ServeChild> {
  const child = spawn(process.execPath, ['dist/cli.js', 'serve', '--port', '0', '--data', dir, ...extra], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => { errors += chunk.toString(); });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
      if (url !== undefined) resolve({ child, url, stderr: () => errors, exited });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${String(code)}: ${errors}`)));
  });
}

export async function post(url: string, body: unknown, method = 'POST'): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/vnd.schemaregistry.v1+json' } });
  return { status: response.status, body: await response.json() };
}

export async function get(url: string): Promise<unknown> {
  return (await fetch(url)).json();
}
