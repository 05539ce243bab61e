import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WORKER_FILE = 'check-worker.js';

/**
 * dist/check-worker.js: next to this module in the built package (dist/server.js, dist/server.cjs,
 * dist/cli.js), else next to the package's own `schema-compat/server` entry (the tests run the
 * sources); undefined when neither exists (then checks run in the server's thread).
 */
export function checkWorkerScript(): string | undefined {
  const here = import.meta.url;
  const beside = fileURLToPath(new URL(`./${WORKER_FILE}`, here));
  if (existsSync(beside)) return beside;
  try {
    const entry = join(dirname(createRequire(here).resolve('schema-compat/server')), WORKER_FILE);
    return existsSync(entry) ? entry : undefined;
  } catch {
    return undefined;
  }
}
