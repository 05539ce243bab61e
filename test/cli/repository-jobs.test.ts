import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_SUBJECTS, buildManySubjects } from '../support/many-subjects.js';
import type { GitRepo } from '../support/git-repo.js';
import { CHECK_USAGE_LINE, cliIn } from './support.js';

// `schema-compat check --jobs N` without files: subjects are checked N at a time, and the report is
// the same whatever N is. The repository (test/support/many-subjects.ts) has nine Avro subjects
// that end up compatible, incompatible, in error, new, renamed, and using a shared type.

let repo: GitRepo;

beforeAll(() => {
  repo = buildManySubjects();
});
afterAll(() => repo.remove());

describe('check --jobs N (a repository run)', () => {
  for (const against of [[], ['--against', 'git-tags:v*']]) {
    const source = against.length === 0 ? 'git-log:main' : 'git-tags:v*';
    it(`gives byte for byte the same report with --jobs 1 and --jobs 4, text and JSON (${source})`, async () => {
      for (const format of ['text', 'json']) {
        const one = await cliIn(repo.dir, ['check', '--format', format, ...against, '--jobs', '1']);
        const four = await cliIn(repo.dir, ['check', '--format', format, ...against, '--jobs', '4']);
        const byDefault = await cliIn(repo.dir, ['check', '--format', format, ...against]);
        expect(four).toEqual(one);
        expect(byDefault).toEqual(one);
        // Every kind of outcome is there: the equality compares more than one path through the run.
        expect(one.code).toBe(2);
        if (format !== 'json') continue;
        const report = JSON.parse(one.stdout) as { subjects: ReadonlyArray<{ subject: string; status: string }>; errors: ReadonlyArray<{ subject: string }> };
        expect(report.subjects.map((entry) => entry.subject)).toEqual(MANY_SUBJECTS.filter((name) => name !== 'gamma').map((name) => `${name}-value`));
        expect(report.errors.map((entry) => entry.subject)).toEqual(['gamma-value']);
        expect(new Set(report.subjects.map((entry) => entry.status))).toEqual(new Set(['compatible', 'incompatible']));
      }
    });
  }

  it('--jobs that is not a whole number from 1 to 64 is a usage error', async () => {
    for (const value of ['0', '65', '1.5', 'four', '-1', '', ' 4', '1e1', '0x4', '00000000000000000000004']) {
      const run = await cliIn(repo.dir, ['check', `--jobs=${value}`]);
      expect(run, value).toEqual({ code: 2, stdout: '', stderr: `error: --jobs takes a whole number from 1 to 64, not ${JSON.stringify(value)}\n${CHECK_USAGE_LINE}\n` });
    }
  });

  it('--jobs is refused with CANDIDATE files: it is a repository run\'s', async () => {
    const run = await cliIn(repo.dir, ['check', '--jobs', '2', 'schemas/subjects/alpha.avsc', '--against', 'git-log:main']);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `error: --jobs cannot be used with CANDIDATE files (they belong to a repository run: check without files)\n${CHECK_USAGE_LINE}\n` });
  });
});
