import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The published types as a user's compiler sees them: the built package (dist/*.d.ts, through the
// exports map) linked into a fresh project, compiled by the repository's TypeScript.
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(root, 'test', 'fixtures', 'types');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const project = mkdtempSync(join(tmpdir(), 'schema-compat-types-'));
mkdirSync(join(project, 'node_modules'));
symlinkSync(root, join(project, 'node_modules', 'schema-compat'), 'dir');
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
for (const file of ['must-pass.ts', 'must-fail.ts']) copyFileSync(join(fixtures, file), join(project, file));
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** The lines of `file` on which tsc reports an error, under one module resolution. */
function errorLines(file: string, resolution: 'node16' | 'bundler'): number[] {
  const config = { compilerOptions: { strict: true, noEmit: true, skipLibCheck: true, target: 'ES2022', module: resolution === 'node16' ? 'node16' : 'esnext', moduleResolution: resolution, types: [] }, files: [file] };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(config));
  let output = '';
  try {
    execFileSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8', timeout: 120_000 });
  } catch (error) {
    output = String((error as { stdout?: unknown }).stdout ?? error);
  }
  const lines = [...output.matchAll(new RegExp(`^${file.replace('.', '\\.')}\\((\\d+),\\d+\\): error`, 'gm'))].map((match) => Number(match[1]));
  // Anything tsc says about another file (or no file) is a failure of the setup, not of the typing.
  const other = output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith(`${file}(`) && !line.startsWith(' '));
  expect(other).toEqual([]);
  return [...new Set(lines)];
}

describe('the published types guide the user (tsc on a file that must compile and one that must not)', () => {
  const marked = readFileSync(join(fixtures, 'must-fail.ts'), 'utf8').split('\n').flatMap((line, index) => (/; \/\/ error: /.test(line) ? [index + 1] : []));

  it.each(['node16', 'bundler'] as const)('with moduleResolution %s: strategy names and schema types compile when known', (resolution) => {
    expect(errorLines('must-pass.ts', resolution)).toEqual([]);
  }, 180_000);

  it.each(['node16', 'bundler'] as const)('with moduleResolution %s: a misspelt strategy, an unchecked string and an unknown built-in type are errors, each on its line', (resolution) => {
    expect(marked.length).toBe(6);
    expect(errorLines('must-fail.ts', resolution)).toEqual(marked);
  }, 180_000);
});
