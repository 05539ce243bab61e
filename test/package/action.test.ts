import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INSTALL_TIMEOUT, shellRun, useDistribution } from '../support/distribution.js';

// action.yml, the composite GitHub Action, installed and run as GitHub does from a clean snapshot of
// this work tree, with npm pointed at a registry on which the name `schema-compat` does not exist
// (test/support/distribution.ts): it must run the code of its own revision; the proxy records every
// request for that name, and none may come.

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = useDistribution();
const registry = (): { readonly url: string; readonly refused: readonly string[] } => fixture().registry;

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

describe('action.yml, the composite GitHub Action', () => {
  const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as Action;
  const [setup, install, check] = action.runs.steps as [ActionStep, ActionStep, ActionStep];
  /** The action as GitHub lays it out: its own revision checked out at $GITHUB_ACTION_PATH. */
  const actionPath = (): string => fixture().snapshot.dir;

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
    const installed = await shellRun(registry().url, install.run as string, actionPath(), { GITHUB_ACTION_PATH: actionPath() });
    expect(installed.code, installed.stderr.slice(-4000)).toBe(0);
    const summary = join(fixture().repo.dir, 'summary.md');
    const result = await shellRun(registry().url, check.run as string, fixture().repo.dir, {
      GITHUB_ACTION_PATH: actionPath(), GITHUB_STEP_SUMMARY: summary,
      SCHEMA_COMPAT_CONFIG: '', SCHEMA_COMPAT_AGAINST: '', SCHEMA_COMPAT_FORMAT: 'github', SCHEMA_COMPAT_CHANGED_SINCE: '',
      SCHEMA_COMPAT_SARIF_FILE: 'out.sarif', SCHEMA_COMPAT_STEP_SUMMARY: 'true',
    });
    try {
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);
      expect(result.stdout.split('\n').filter((line) => line.startsWith('::error file=schemas/user.avsc,'))).toHaveLength(1);
      expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('schema-compat: 1 subject: 0 compatible, 1 incompatible');
      const sarif = JSON.parse(readFileSync(join(fixture().repo.dir, 'out.sarif'), 'utf8')) as { version: string; runs: Array<{ results: Array<{ ruleId: string }> }> };
      expect([sarif.version, sarif.runs[0]?.results.map((item) => item.ruleId)]).toEqual(['2.1.0', ['READER_FIELD_MISSING_DEFAULT_VALUE']]);
      expect(readFileSync(summary, 'utf8')).toContain('READER_FIELD_MISSING_DEFAULT_VALUE');
      expect(registry().refused).toEqual([]);
    } finally {
      for (const file of [summary, join(fixture().repo.dir, 'out.sarif')]) rmSync(file, { force: true });
    }
    // The other inputs, with the same installation.
    const other = await shellRun(registry().url, check.run as string, fixture().repo.dir, {
      GITHUB_ACTION_PATH: actionPath(), GITHUB_STEP_SUMMARY: summary,
      SCHEMA_COMPAT_CONFIG: '.schema-compat.yaml', SCHEMA_COMPAT_AGAINST: 'git:main', SCHEMA_COMPAT_FORMAT: 'text', SCHEMA_COMPAT_CHANGED_SINCE: 'main',
      SCHEMA_COMPAT_SARIF_FILE: '', SCHEMA_COMPAT_STEP_SUMMARY: 'false',
    });
    expect(other.code).toBe(1);
    expect(other.stdout).toContain(`Against git main: schemas/user.avsc at ${fixture().repo.short('main')} (2026-10-01)`);
    expect(other.stdout.trimEnd().split('\n').at(-1)).toBe('1 subject: 0 compatible, 1 incompatible');
    expect(() => readFileSync(summary)).toThrow(/ENOENT/);
  }, INSTALL_TIMEOUT * 2);
});
