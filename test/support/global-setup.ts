import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What dist/ is built from: a change to any of them makes dist/ stale. */
const INPUTS = ['src', 'tsup.config.ts', 'tsconfig.json', 'package.json'];
/** Files every build writes: each must exist and be newer than every input. */
const OUTPUTS = ['index.js', 'index.cjs', 'index.d.ts', 'cli.js', 'registry.js', 'server.js', 'protobuf.js', 'sources.js', 'repository.js', 'config.schema.json'];

/** The newest modification time under a file or folder (a folder's files, recursively). */
function newest(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stats.mtimeMs);
}

/**
 * Builds dist/ before the test files run, unless it is already newer than every source (as after
 * `npm ci`, whose `postprepare` builds it, or `npm start`): the CLI tests run dist/cli.js, and the
 * package tests load dist/ through the package's exports map, as users do.
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dist = join(root, 'dist');
  const outputs = OUTPUTS.map((name) => join(dist, name));
  if (outputs.every((path) => existsSync(path))) {
    const built = Math.min(...outputs.map((path) => statSync(path).mtimeMs));
    if (INPUTS.every((input) => newest(join(root, input)) < built)) return;
  }
  execFileSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['tsup', '--silent'], { cwd: root, timeout: 600_000, stdio: 'pipe' });
}
