import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Builds dist/ once before the test files run: the CLI tests run dist/cli.js, and the package
 * tests load dist/ through the package's exports map, as users do.
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['tsup', '--silent'], { cwd: root, timeout: 180_000, stdio: 'pipe' });
}
