import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'schema-compat';

/**
 * The version in this package's package.json, found by walking up from this file: one level from
 * the built dist/cli.js, two from src/cli/version.ts under vitest.
 */
export function readVersion(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (let depth = 0; depth < 4; depth++) {
    const manifest = readManifest(join(dir, 'package.json'));
    if (manifest?.name === PACKAGE_NAME && typeof manifest.version === 'string') return manifest.version;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return 'unknown';
}

function readManifest(path: string): { name?: unknown; version?: unknown } | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}
