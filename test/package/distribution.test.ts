import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { GitRepo, userSchema } from '../support/git-repo.js';
import { startRegistryProxy } from '../support/npm-registry-proxy.js';
import type { RegistryProxy } from '../support/npm-registry-proxy.js';
import { workTreeSnapshot } from '../support/work-tree-snapshot.js';

// The CI distribution: action.yml (a composite GitHub Action) and .pre-commit-hooks.yaml, installed and
// run as GitHub and pre-commit do, from a clean snapshot of this work tree, with npm pointed at a
// registry on which the name `schema-compat` does not exist (issue 23: the name is not published, and
// whoever registered it would run code in every adopter's CI). Both must run the code of their own
// revision: the proxy records every request for that name, and none may come.

const root = fileURLToPath(new URL('../..', import.meta.url));

interface ActionStep {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly shell?: string;
  readonly 'working-directory'?: string;
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
/** npm ci, a build and pre-commit's installs on a 2-core machine. */
const INSTALL_TIMEOUT = 420_000;

let repo: GitRepo;
let registry: RegistryProxy;
let snapshot: { dir: string; commit: string };

beforeAll(async () => {
  repo = GitRepo.create();
  repo.commit('user v1', {
    'schemas/user.avsc': userSchema(ID),
    '.schema-compat.yaml': 'defaults:\n  against: git-log\nsubjects:\n  - files: schemas/*.avsc\n    subject: "{name}-value"\n',
  }, '2026-10-01');
  // The change under review: a field without a default, which no reader of the old data can fill in.
  repo.write('schemas/user.avsc', userSchema(ID, AGE));
  registry = await startRegistryProxy('schema-compat');
  snapshot = workTreeSnapshot(root);
});

afterAll(async () => {
  repo.remove();
  rmSync(snapshot.dir, { recursive: true, force: true });
  await registry.close();
});

/** npm as the job's runner has it, but asking the proxy; no npx shim, no node_modules/.bin of ours on PATH. */
function npmEnv(extra: Readonly<Record<string, string>>): Record<string, string> {
  const { NO_COLOR: _unset, GITHUB_STEP_SUMMARY: _unsetToo, ...base } = process.env;
  const path = (base['PATH'] ?? '').split(':').filter((dir) => !dir.includes('node_modules')).join(':');
  return {
    ...base as Record<string, string>, PATH: path, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1',
    npm_config_registry: registry.url, npm_config_update_notifier: 'false', ...extra,
  };
}

/**
 * Runs a script as a job's step does. Asynchronous: the registry proxy answers from this process, so
 * a synchronous spawn would leave npm waiting on it for ever.
 */
function shellRun(script: string, cwd: string, env: Readonly<Record<string, string>>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-e', '-c', script], { cwd, env: npmEnv(env), stdio: ['ignore', 'pipe', 'pipe'], timeout: INSTALL_TIMEOUT });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('action.yml, the composite GitHub Action', () => {
  const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as Action;
  const [setup, install, check] = action.runs.steps as [ActionStep, ActionStep, ActionStep];
  /** The action as GitHub lays it out: its own revision checked out at $GITHUB_ACTION_PATH. */
  const actionPath = (): string => snapshot.dir;

  it('is a composite action that installs its own checkout and passes inputs to the script through the environment', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs)).toEqual(['config', 'against', 'format', 'changed-since', 'sarif-file', 'step-summary', 'working-directory', 'node-version']);
    expect(action.inputs['format']?.default).toBe('github');
    expect(setup.uses).toBe('actions/setup-node@v4');
    expect([install['working-directory'], install.shell, check.shell]).toEqual(['${{ github.action_path }}', 'bash', 'bash']);
    // No input is spliced into a script: a pull request's branch name cannot inject a command.
    for (const step of [install, check]) expect(step.run).not.toMatch(/\$\{\{/);
    expect(Object.values(check.env ?? {}).every((value) => /^\$\{\{ inputs\.[a-z-]+ \}\}$/.test(value))).toBe(true);
    // Nothing is fetched by package name at run time.
    for (const step of [install, check]) expect(step.run).not.toMatch(/\bnpx\b|npm (exec|install|i) /);
  });

  it('installs from its own revision with the npm registry unreachable for its name, then checks, annotates, writes SARIF and the summary', async () => {
    const installed = await shellRun(install.run as string, actionPath(), { GITHUB_ACTION_PATH: actionPath() });
    expect(installed.code, installed.stderr.slice(-4000)).toBe(0);
    const summary = join(repo.dir, 'summary.md');
    const result = await shellRun(check.run as string, repo.dir, {
      GITHUB_ACTION_PATH: actionPath(), GITHUB_STEP_SUMMARY: summary,
      SCHEMA_COMPAT_CONFIG: '', SCHEMA_COMPAT_AGAINST: '', SCHEMA_COMPAT_FORMAT: 'github', SCHEMA_COMPAT_CHANGED_SINCE: '',
      SCHEMA_COMPAT_SARIF_FILE: 'out.sarif', SCHEMA_COMPAT_STEP_SUMMARY: 'true',
    });
    try {
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);
      expect(result.stdout.split('\n').filter((line) => line.startsWith('::error file=schemas/user.avsc,'))).toHaveLength(1);
      expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('schema-compat: 1 subject: 0 compatible, 1 incompatible');
      const sarif = JSON.parse(readFileSync(join(repo.dir, 'out.sarif'), 'utf8')) as { version: string; runs: Array<{ results: Array<{ ruleId: string }> }> };
      expect([sarif.version, sarif.runs[0]?.results.map((item) => item.ruleId)]).toEqual(['2.1.0', ['READER_FIELD_MISSING_DEFAULT_VALUE']]);
      expect(readFileSync(summary, 'utf8')).toContain('READER_FIELD_MISSING_DEFAULT_VALUE');
      expect(registry.refused).toEqual([]);
    } finally {
      for (const file of [summary, join(repo.dir, 'out.sarif')]) rmSync(file, { force: true });
    }
    // The other inputs, with the same installation.
    const other = await shellRun(check.run as string, repo.dir, {
      GITHUB_ACTION_PATH: actionPath(), GITHUB_STEP_SUMMARY: summary,
      SCHEMA_COMPAT_CONFIG: '.schema-compat.yaml', SCHEMA_COMPAT_AGAINST: 'git:main', SCHEMA_COMPAT_FORMAT: 'text', SCHEMA_COMPAT_CHANGED_SINCE: 'main',
      SCHEMA_COMPAT_SARIF_FILE: '', SCHEMA_COMPAT_STEP_SUMMARY: 'false',
    });
    expect(other.code).toBe(1);
    expect(other.stdout).toContain(`Against git main: schemas/user.avsc at ${repo.short('main')} (2026-10-01)`);
    expect(other.stdout.trimEnd().split('\n').at(-1)).toBe('1 subject: 0 compatible, 1 incompatible');
    expect(() => readFileSync(summary)).toThrow(/ENOENT/);
  }, INSTALL_TIMEOUT * 2);
});

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
    writeFileSync(join(repo.dir, '.pre-commit-config.yaml'), `repos:\n  - repo: ${snapshot.dir}\n    rev: ${snapshot.commit}\n    hooks:\n      - id: schema-compat\n      - id: schema-compat-all\n`);
    try {
      for (const id of ['schema-compat-all', 'schema-compat']) {
        const result = await shellRun(`pre-commit run ${id} --all-files`, repo.dir, { PRE_COMMIT_HOME: home });
        expect(result.code, result.stdout.slice(-4000)).toBe(1);
        expect(result.stdout).toContain('1 subject: 0 compatible, 1 incompatible');
        expect(result.stdout).toMatch(/READER_FIELD_MISSING_DEFAULT_VALUE|reader field/i);
      }
      expect(registry.refused).toEqual([]);
    } finally {
      rmSync(join(repo.dir, '.pre-commit-config.yaml'), { force: true });
      rmSync(home, { recursive: true, force: true });
    }
  }, INSTALL_TIMEOUT * 2);
});
