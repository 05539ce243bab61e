import { readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INSTALL_TIMEOUT, shellRun, useDistribution } from '../support/distribution.js';

// .pre-commit-hooks.yaml, installed by Debian's pre-commit from a clean snapshot of this work tree,
// with npm pointed at a registry on which the name `schema-compat` does not exist
// (test/support/distribution.ts): the hooks must run the code of their own revision.

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = useDistribution();
const registry = (): { readonly url: string; readonly refused: readonly string[] } => fixture().registry;

interface Hook {
  readonly id: string;
  readonly entry: string;
  readonly language: string;
  readonly pass_filenames?: boolean;
}

describe('.pre-commit-hooks.yaml', () => {
  const hooks = parse(readFileSync(join(root, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
  const preCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
  const available = preCommit.status === 0;

  it('declares two node hooks, run without file names, that call the installed hook repository', () => {
    expect(hooks.map(({ id, language, pass_filenames, entry }) => ({ id, language, pass_filenames, entry }))).toEqual([
      { id: 'schema-compat', language: 'node', pass_filenames: false, entry: 'schema-compat check --changed-since HEAD' },
      { id: 'schema-compat-all', language: 'node', pass_filenames: false, entry: 'schema-compat check' },
    ]);
  });

  // .ci/run installs Debian's pre-commit; elsewhere this says so and skips.
  if (!available) console.warn('SKIPPED: the pre-commit hooks were not installed by pre-commit: `pre-commit` is not on PATH (apt-get install pre-commit)');
  it.skipIf(!available)('pre-commit installs the hook repository at its rev with the registry unreachable for the name, and the breaking change fails the commit', async () => {
    const home = mkdtempSync(join(tmpdir(), 'schema-compat-pre-commit-'));
    writeFileSync(join(fixture().repo.dir, '.pre-commit-config.yaml'), `repos:\n  - repo: ${fixture().snapshot.dir}\n    rev: ${fixture().snapshot.commit}\n    hooks:\n      - id: schema-compat\n      - id: schema-compat-all\n`);
    try {
      for (const id of ['schema-compat-all', 'schema-compat']) {
        const result = await shellRun(registry().url, `pre-commit run ${id} --all-files`, fixture().repo.dir, { PRE_COMMIT_HOME: home });
        expect(result.code, result.stdout.slice(-4000)).toBe(1);
        expect(result.stdout).toContain('1 subject: 0 compatible, 1 incompatible');
        expect(result.stdout).toMatch(/READER_FIELD_MISSING_DEFAULT_VALUE|reader field/i);
      }
      expect(registry().refused).toEqual([]);
    } finally {
      rmSync(join(fixture().repo.dir, '.pre-commit-config.yaml'), { force: true });
      rmSync(home, { recursive: true, force: true });
    }
  }, INSTALL_TIMEOUT * 2);
});
