import { mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RepositoryError, checkRepository, loadConfig, MAX_CONCURRENCY } from 'schema-compat/repository';
import type { CheckRepositoryOptions, RepositoryReport } from 'schema-compat/repository';
import { GitRepo } from '../support/git-repo.js';
import { MANY_SUBJECTS, buildManySubjects } from '../support/many-subjects.js';

// checkRepository with `concurrency`: subjects under way at once, their git reads shared
// (GitHistoryCache: one walk per ref, one tag listing, blobs read in batches across subjects), and
// the report the same as one subject at a time. The repository is test/support/many-subjects.ts.

const TODAY = '2026-03-01';

let repo: GitRepo;

beforeAll(() => {
  repo = buildManySubjects();
});
afterAll(() => repo.remove());

function run(options: CheckRepositoryOptions = {}): Promise<RepositoryReport> {
  return checkRepository(loadConfig(join(repo.dir, '.schema-compat.yaml')), { today: TODAY, ...options });
}

/** The git commands (GIT_TRACE) that `read` runs. */
async function gitCommandsOf(read: () => Promise<unknown>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'schema-compat-trace-'));
  const file = join(dir, 'trace.txt');
  const before = process.env['GIT_TRACE'];
  process.env['GIT_TRACE'] = file;
  try {
    await read();
    return readFileSync(file, 'utf8').split('\n').filter((line) => line.includes('trace: built-in: git'));
  } finally {
    if (before === undefined) delete process.env['GIT_TRACE'];
    else process.env['GIT_TRACE'] = before;
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('checkRepository with concurrency', () => {
  for (const against of ['git-log:main', 'git-tags:v*']) {
    it(`reports the same, in the configuration's order, one subject at a time or all at once (${against})`, async () => {
      const overrides = { against };
      const one = await run({ overrides, concurrency: 1 });
      expect(one.subjects.map((outcome) => outcome.subject.name)).toEqual(MANY_SUBJECTS.map((name) => `${name}-value`));
      expect(one.subjects.map((outcome) => outcome.status)).toEqual(['compatible', 'incompatible', 'compatible', 'compatible', 'compatible', 'error', 'compatible', 'compatible', 'incompatible']);
      expect(one.exitCode).toBe(2);
      expect(await run({ overrides })).toEqual(one);
      expect(await run({ overrides, concurrency: MANY_SUBJECTS.length })).toEqual(one);
      expect(await run({ overrides, concurrency: MAX_CONCURRENCY })).toEqual(one);
    });
  }

  it('a history version through the shared reference resolves it at its own commit, whatever else is read at once', async () => {
    const report = await run({ concurrency: MANY_SUBJECTS.length });
    const zeta = report.subjects.find((outcome) => outcome.subject.name === 'zeta-value');
    const money = (zeta?.check?.versions ?? []).map((version) => (JSON.parse(version.references?.['shop.common.Money'] ?? '{}') as { fields?: unknown[] }).fields?.length);
    // Zeta's versions at commits 3, 5 and 8: Money had 1 field, then 2, then 3.
    expect(money).toEqual([1, 2, 3]);
  });

  it('walks the history once, lists the tags once and reads blobs in batches across subjects', async () => {
    const all = MANY_SUBJECTS.length;
    const walks = (commands: readonly string[]): number => commands.filter((line) => line.includes(' log --first-parent ')).length;
    const batches = (commands: readonly string[]): number => commands.filter((line) => / cat-file --batch-check/.test(line)).length;
    const log = await gitCommandsOf(() => run({ concurrency: all }));
    // main's history, and HEAD's for the new file's former paths (a file new in the work tree may have moved).
    expect(walks(log)).toBeLessThanOrEqual(2);
    const serial = await gitCommandsOf(() => run({ concurrency: 1 }));
    expect(walks(serial)).toBeLessThanOrEqual(2);
    expect(batches(log)).toBeLessThan(batches(serial));
    expect(batches(log)).toBeLessThan(all);
    const tags = await gitCommandsOf(() => run({ overrides: { against: 'git-tags:v*' }, concurrency: all }));
    expect(tags.filter((line) => line.includes(' tag --list '))).toHaveLength(1);
    expect(walks(tags)).toBeLessThanOrEqual(1);
    expect(batches(tags)).toBeLessThan(all);
  });

  it('is a whole number from 1 to 64: anything else is a RepositoryError before anything is read', async () => {
    for (const concurrency of [0, -1, 1.5, 65, Number.NaN, Number.POSITIVE_INFINITY]) {
      const failure = await run({ concurrency }).catch((error: unknown) => error);
      expect(failure, String(concurrency)).toBeInstanceOf(RepositoryError);
      expect((failure as RepositoryError).message).toBe(`concurrency must be a whole number from 1 to 64, not ${String(concurrency)}`);
    }
  });
});

describe('a subject whose history cannot be read, among others read in the same batches', () => {
  let linked: GitRepo;

  beforeAll(() => {
    linked = GitRepo.create('schema-compat-linked-');
    const record = (name: string, extra: boolean): string => `${JSON.stringify({ type: 'record', name, fields: [{ name: 'id', type: 'long' }, ...(extra ? [{ name: 'note', type: ['null', 'string'], default: null }] : [])] })}\n`;
    linked.commit('config', { '.schema-compat.yaml': 'defaults:\n  against: git-log:main\nsubjects:\n  - files: "s/*.avsc"\n', 's/a.avsc': record('A', false), 's/c.avsc': record('C', false) });
    // b.avsc is first committed as a link out of the repository (to the folder above its root), then as a file.
    symlinkSync('../../outside.avsc', join(linked.dir, 's/b.avsc'));
    linked.commit('a link');
    unlinkSync(join(linked.dir, 's/b.avsc'));
    linked.commit('files', { 's/a.avsc': record('A', true), 's/b.avsc': record('B', false), 's/c.avsc': record('C', true) });
  });
  afterAll(() => linked.remove());

  it('is an error of its own; the others are checked as one at a time', async () => {
    const check = (concurrency: number): Promise<RepositoryReport> => checkRepository(loadConfig(join(linked.dir, '.schema-compat.yaml')), { today: TODAY, concurrency });
    const one = await check(1);
    expect(one.subjects.map((outcome) => [outcome.subject.name, outcome.status, outcome.error?.code])).toEqual([['s/a.avsc', 'compatible', undefined], ['s/b.avsc', 'error', 'OUTSIDE_REPOSITORY'], ['s/c.avsc', 'compatible', undefined]]);
    expect(one.subjects[1]?.error?.message).toMatch(/^git-log main: [0-9a-f]{40}:s\/b\.avsc is a symbolic link that leads outside the repository: not read/);
    expect(await check(3)).toEqual(one);
  });
});
