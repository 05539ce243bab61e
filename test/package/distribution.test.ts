import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GitRepo, userSchema } from '../support/git-repo.js';

// The CI distribution: action.yml (a composite GitHub Action) and .pre-commit-hooks.yaml, run as
// GitHub and pre-commit run them, with `npx` replaced by a shim that runs the built CLI (this machine
// reaches no npm package of ours): what the shim receives is asserted too.

const root = fileURLToPath(new URL('../..', import.meta.url));

interface ActionStep {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly shell?: string;
  readonly env?: Readonly<Record<string, string>>;
}

interface Action {
  readonly inputs: Readonly<Record<string, { readonly default?: string; readonly description: string }>>;
  readonly runs: { readonly using: string; readonly steps: readonly ActionStep[] };
}

interface Hook {
  readonly id: string;
  readonly entry: string;
  readonly language: string;
  readonly pass_filenames?: boolean;
}

const ID = { name: 'id', type: 'long' } as const;
const AGE = { name: 'age', type: 'int' } as const;

let repo: GitRepo;
let bin: string;

beforeAll(() => {
  repo = GitRepo.create();
  repo.commit('user v1', {
    'schemas/user.avsc': userSchema(ID),
    '.schema-compat.yaml': 'defaults:\n  against: git-log\nsubjects:\n  - files: schemas/*.avsc\n    subject: "{name}-value"\n',
  }, '2026-10-01');
  // The change under review: a field without a default, which no reader of the old data can fill in.
  repo.write('schemas/user.avsc', userSchema(ID, AGE));
  bin = mkdtempSync(join(tmpdir(), 'schema-compat-npx-'));
  // npx --yes schema-compat[@version] ARGS... → node dist/cli.js ARGS..., and the package spec it was asked for, on fd 3.
  writeFileSync(join(bin, 'npx'), `#!/bin/sh
[ "$1" = --yes ] || { echo "npx shim: expected --yes, got $1" >&2; exit 99; }
shift
case "$1" in schema-compat|schema-compat@*) echo "$1" > "$NPX_SHIM_LOG";; *) echo "npx shim: unexpected package $1" >&2; exit 99;; esac
shift
exec "${process.execPath}" "${join(root, 'dist', 'cli.js')}" "$@"
`);
  chmodSync(join(bin, 'npx'), 0o755);
});

afterAll(() => {
  repo.remove();
  rmSync(bin, { recursive: true, force: true });
});

function shellRun(script: string, env: Readonly<Record<string, string>>): { code: number | null; stdout: string; stderr: string } {
  const { NO_COLOR: _unset, GITHUB_STEP_SUMMARY: _unsetToo, ...base } = process.env;
  const child = spawnSync('bash', ['-e', '-c', script], {
    cwd: repo.dir, encoding: 'utf8',
    env: { ...base, PATH: `${bin}:${process.env['PATH'] ?? ''}`, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', ...env },
  });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe('action.yml, the composite GitHub Action', () => {
  const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as Action;
  const step = action.runs.steps.find((candidate) => candidate.run !== undefined) as ActionStep;

  it('is a composite action with the inputs the documentation names, passed to the script through the environment', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(['config', 'against', 'format', 'changed-since', 'sarif-file', 'step-summary', 'working-directory', 'version', 'node-version']);
    expect(action.inputs['format']?.default).toBe('github');
    expect(step.shell).toBe('bash');
    // No input is spliced into the script text: a pull request's branch name cannot inject a command.
    expect(step.run).not.toMatch(/\$\{\{/);
    expect(Object.values(step.env ?? {}).every((value) => /^\$\{\{ inputs\.[a-z-]+ \}\}$/.test(value))).toBe(true);
  });

  it('runs the check with annotations, writes the SARIF file and the job summary, and fails on a break', () => {
    const summary = join(repo.dir, 'summary.md');
    const log = join(repo.dir, 'npx.log');
    const result = shellRun(step.run as string, {
      SCHEMA_COMPAT_CONFIG: '', SCHEMA_COMPAT_AGAINST: '', SCHEMA_COMPAT_FORMAT: 'github', SCHEMA_COMPAT_CHANGED_SINCE: '',
      SCHEMA_COMPAT_SARIF_FILE: 'out.sarif', SCHEMA_COMPAT_STEP_SUMMARY: 'true', SCHEMA_COMPAT_VERSION: '0.1.0',
      GITHUB_STEP_SUMMARY: summary, NPX_SHIM_LOG: log,
    });
    try {
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);
      expect(readFileSync(log, 'utf8').trim()).toBe('schema-compat@0.1.0');
      expect(result.stdout.split('\n').filter((line) => line.startsWith('::error file=schemas/user.avsc,'))).toHaveLength(1);
      expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('schema-compat: 1 subject: 0 compatible, 1 incompatible');
      const sarif = JSON.parse(readFileSync(join(repo.dir, 'out.sarif'), 'utf8')) as { version: string; runs: Array<{ results: Array<{ ruleId: string }> }> };
      expect([sarif.version, sarif.runs[0]?.results.map((item) => item.ruleId)]).toEqual(['2.1.0', ['READER_FIELD_MISSING_DEFAULT_VALUE']]);
      expect(readFileSync(summary, 'utf8')).toContain('READER_FIELD_MISSING_DEFAULT_VALUE');
    } finally {
      for (const file of [summary, log, join(repo.dir, 'out.sarif')]) rmSync(file, { force: true });
    }
  });

  it('passes --config, --against and --changed-since through, and leaves the summary alone when step-summary is false', () => {
    const summary = join(repo.dir, 'summary.md');
    const result = shellRun(step.run as string, {
      SCHEMA_COMPAT_CONFIG: '.schema-compat.yaml', SCHEMA_COMPAT_AGAINST: 'git:main', SCHEMA_COMPAT_FORMAT: 'text', SCHEMA_COMPAT_CHANGED_SINCE: 'main',
      SCHEMA_COMPAT_SARIF_FILE: '', SCHEMA_COMPAT_STEP_SUMMARY: 'false', SCHEMA_COMPAT_VERSION: 'latest',
      GITHUB_STEP_SUMMARY: summary, NPX_SHIM_LOG: join(repo.dir, 'npx.log'),
    });
    try {
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`Against git main: schemas/user.avsc at ${repo.short('main')} (2026-10-01)`);
      expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('1 subject: 0 compatible, 1 incompatible');
      expect(() => readFileSync(summary)).toThrow(/ENOENT/);
    } finally {
      rmSync(join(repo.dir, 'npx.log'), { force: true });
    }
  });
});

describe('.pre-commit-hooks.yaml', () => {
  const hooks = parse(readFileSync(join(root, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

  it('declares the two hooks, run without file names', () => {
    expect(hooks.map(({ id, language, pass_filenames }) => ({ id, language, pass_filenames }))).toEqual([
      { id: 'schema-compat', language: 'system', pass_filenames: false },
      { id: 'schema-compat-all', language: 'system', pass_filenames: false },
    ]);
  });

  it.each([['schema-compat'], ['schema-compat-all']])('%s runs its entry as pre-commit does: the breaking change fails the commit', (id) => {
    const hook = hooks.find((candidate) => candidate.id === id) as Hook;
    const result = shellRun(hook.entry, { NPX_SHIM_LOG: join(repo.dir, 'npx.log') });
    rmSync(join(repo.dir, 'npx.log'), { force: true });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('1 subject: 0 compatible, 1 incompatible');
  });
});
