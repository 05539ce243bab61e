import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findingFingerprint } from 'schema-compat';
import { createRegistry } from 'schema-compat/registry';
import type { Registry } from 'schema-compat/registry';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';
import { GitRepo, userSchema } from '../support/git-repo.js';
import { cliIn, parseAnnotation, root } from './support.js';
import type { Run } from './support.js';

// `schema-compat check CANDIDATE --against SOURCE`, run as users run it: dist/cli.js in a child
// process, in real git repositories in temporary folders and against real HTTP servers on 127.0.0.1.

const schemaCompat = cliIn;

/** `--format json` of a check against a source. */
interface CheckJson {
  readonly compatible: boolean;
  readonly strategy: string;
  readonly checked: readonly number[];
  readonly identical?: { readonly version: number };
  readonly incompatibilities: ReadonlyArray<{ readonly type: string; readonly direction: string; readonly version: number; readonly location: string }>;
  readonly source?: {
    readonly kind: string;
    readonly description: string;
    readonly notes: readonly string[];
    readonly strategyFrom?: string;
    readonly isNew?: boolean;
    readonly skipped?: ReadonlyArray<{ readonly version: number; readonly label: string; readonly where: string; readonly error: { readonly code: string; readonly message: string } }>;
    readonly versions: ReadonlyArray<{
      readonly version: number; readonly label: string; readonly path?: string; readonly commit?: string; readonly date?: string; readonly tag?: string; readonly id?: number;
    }>;
  };
  readonly registry?: {
    readonly existing?: { readonly version: number; readonly id: number };
    readonly wouldCreateVersion: boolean;
    readonly subjectExists: boolean;
    readonly verdict?: { readonly compatible: boolean; readonly messages: readonly string[] };
  };
}

function parsed(run: Run): CheckJson {
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as CheckJson;
}

/** A bad baseline: exit 2, nothing on stdout, one line on stderr. */
function expectBaselineError(run: Run, message: string): void {
  expect(run).toEqual({ code: 2, stdout: '', stderr: `error: ${message}\n` });
}

/** A usage mistake: exit 2, nothing on stdout, the error and then the usage line on stderr. */
function expectUsageError(run: Run, message: string): void {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  const lines = run.stderr.split('\n');
  expect(lines[0]).toBe(`error: ${message}`);
  expect(lines[1]).toMatch(/^usage: schema-compat check /);
}

// Temporary folders and repositories, removed after the file.
const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function repository(): GitRepo {
  const repo = GitRepo.create();
  cleanups.push(() => repo.remove());
  return repo;
}

function cloneOf(source: GitRepo, ...args: string[]): GitRepo {
  const repo = GitRepo.clone(source, ...args);
  cleanups.push(() => repo.remove());
  return repo;
}

function tempDir(files: Readonly<Record<string, string>> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'schema-compat-cli-sources-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

// The schemas: User grows by fields with defaults (every step compatible), then BAD adds `age`
// without a default, which no reader of the old data can fill in (BACKWARD fails against every version).
const ID = { name: 'id', type: 'long' };
const NAME = { name: 'name', type: 'string', default: '' };
const EMAIL = { name: 'email', type: 'string', default: '' };
const AGE = { name: 'age', type: 'int' };
const V1 = userSchema(ID);
const V2 = userSchema(ID, NAME);
const V3 = userSchema(ID, NAME, EMAIL);
const BAD = userSchema(ID, NAME, EMAIL, AGE);
const PATH = 'schemas/user.avsc';

/**
 * The lines of BAD's one finding against an older version, as the text report prints it; its
 * fingerprint names the subject (the registry subject, else the candidate's path).
 */
function missingAge(name: string, subject = PATH): string[] {
  return [
    `  READER_FIELD_MISSING_DEFAULT_VALUE at /fields/3 (BACKWARD: the candidate reads data written with ${name})`,
    "    The field 'age' at path '/fields/3' in the new schema has no default value and is missing in the old schema",
    '    detail: age',
    `    fingerprint: ${findingFingerprint({ direction: 'BACKWARD', type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/3', message: 'age' }, subject)}`,
  ];
}

/** `a1b2c3d (2026-01-02)`: how reports name a commit. */
function commitLabel(repo: GitRepo, commit: string, day: string): string {
  return `${repo.short(commit)} (${day})`;
}

describe('check --against git-log: every committed version of the candidate\'s file', () => {
  let repo: GitRepo;
  const commits: Record<string, string> = {};
  let labels: { c1: string; c2: string; c5: string };

  beforeAll(() => {
    repo = repository();
    commits['c1'] = repo.commit('user v1', { 'schemas/account.avsc': V1 }, '2026-01-02');
    commits['c2'] = repo.commit('user v2: name', { 'schemas/account.avsc': V2 }, '2026-01-05');
    // The same schema with CRLF line ends and trailing blanks: a formatting commit, not a version.
    commits['c3'] = repo.commit('reformat', { 'schemas/account.avsc': V2.replace(/\n/g, '  \r\n') }, '2026-01-09');
    repo.git('mv', 'schemas/account.avsc', PATH);
    commits['c4'] = repo.commit('rename account to user', {}, '2026-01-12');
    commits['c5'] = repo.commit('user v3: email', { [PATH]: V3 }, '2026-01-20');
    repo.write(PATH, BAD);
    labels = {
      c1: commitLabel(repo, commits['c1'], '2026-01-02'),
      c2: commitLabel(repo, commits['c2'], '2026-01-05'),
      c5: commitLabel(repo, commits['c5'], '2026-01-20'),
    };
  });

  it('names the source, collapses the formatting commit, follows the rename, and labels sections by commit and date', async () => {
    const { c1, c2, c5 } = labels;
    const run = await schemaCompat(repo.dir, ['check', '--strategy', 'BACKWARD_TRANSITIVE', PATH, '--against', 'git-log']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe([
      `Against git-log HEAD: 3 versions of ${PATH}: ${c1}, ${c2}, ${c5}`,
      `INCOMPATIBLE under BACKWARD_TRANSITIVE: 3 incompatibilities with versions ${c5}, ${c2}, ${c1}`,
      `Checked versions ${c5}, ${c2}, ${c1} (newest first).`,
      '',
      `${c5}: 1 incompatibility`,
      ...missingAge(c5),
      '',
      `${c2}: 1 incompatibility`,
      ...missingAge(c2),
      '',
      `${c1}: 1 incompatibility`,
      ...missingAge(c1),
      '',
    ].join('\n'));
  });

  it('compares with the newest commit under the default BACKWARD and exits 1 on the breaking work-tree change', async () => {
    const { c1, c2, c5 } = labels;
    const run = await schemaCompat(repo.dir, ['check', PATH, '--against', 'git-log']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').slice(0, 5)).toEqual([
      `Against git-log HEAD: 3 versions of ${PATH}: ${c1}, ${c2}, ${c5}`,
      `INCOMPATIBLE under BACKWARD: 1 incompatibility with version ${c5}`,
      `Checked version ${c5} (newest first).`,
      '',
      `${c5}: 1 incompatibility`,
    ]);
    expect(run.stdout).not.toMatch(/\bversion [0-9]\b|Version [0-9]/);
  });

  it('lists each version in JSON with its commit, date, label and the path it had then', async () => {
    const { c1, c2, c5 } = labels;
    const result = parsed(await schemaCompat(repo.dir, ['check', '--format', 'json', PATH, '--against', 'git-log']));
    expect(result.compatible).toBe(false);
    expect(result.checked).toEqual([3]);
    expect(result.source).toEqual({
      isNew: false,
      skipped: [],
      kind: 'git-log',
      description: `git-log HEAD: 3 versions of ${PATH}: ${c1}, ${c2}, ${c5}`,
      notes: [],
      versions: [
        { version: 1, label: c1, path: 'schemas/account.avsc', commit: commits['c1'], date: '2026-01-02T12:00:00+00:00' },
        { version: 2, label: c2, path: 'schemas/account.avsc', commit: commits['c2'], date: '2026-01-05T12:00:00+00:00' },
        { version: 3, label: c5, path: PATH, commit: commits['c5'], date: '2026-01-20T12:00:00+00:00' },
      ],
    });
  });

  it('leaves out the newest commit when it equals the candidate (the change is committed), and still catches the breaking change', async () => {
    const committed = repository();
    const first = committed.commit('user v1', { [PATH]: V1 }, '2026-01-02');
    const second = committed.commit('user v3', { [PATH]: V3 }, '2026-01-10');
    const breaking = committed.commit('add age', { [PATH]: BAD }, '2026-01-15');
    const [c1, c2, c3] = [commitLabel(committed, first, '2026-01-02'), commitLabel(committed, second, '2026-01-10'), commitLabel(committed, breaking, '2026-01-15')];
    const note = `the newest committed version, ${c3}, equals the candidate (the change is committed): left out, so the candidate is compared with the versions before it`;

    const text = await schemaCompat(committed.dir, ['check', PATH, '--against', 'git-log']);
    expect(text.stderr).toBe('');
    expect(text.code).toBe(1);
    expect(text.stdout).toBe([
      `Against git-log HEAD: 2 versions of ${PATH}: ${c1}, ${c2}`,
      `Note: ${note}`,
      `INCOMPATIBLE under BACKWARD: 1 incompatibility with version ${c2}`,
      `Checked version ${c2} (newest first).`,
      '',
      `${c2}: 1 incompatibility`,
      ...missingAge(c2),
      '',
    ].join('\n'));

    const json = await schemaCompat(committed.dir, ['check', '--format', 'json', PATH, '--against', 'git-log']);
    expect(json.code).toBe(1);
    const result = parsed(json);
    expect(result.source?.notes).toEqual([note]);
    expect(result.source?.versions.map((version) => version.commit)).toEqual([first, second]);
  });

  it('collapses a commit that only re-indents the file (a whitespace-only reformat is not a new version)', async () => {
    const reindented = repository();
    const first = reindented.commit('user v1', { [PATH]: V1 }, '2026-01-02');
    const second = reindented.commit('user v2', { [PATH]: V2 }, '2026-01-05');
    reindented.commit('reformat with 4 spaces', { [PATH]: `${JSON.stringify(JSON.parse(V2), null, 4)}\n` }, '2026-01-09');
    reindented.write(PATH, BAD);
    const result = parsed(await schemaCompat(reindented.dir, ['check', '--format', 'json', PATH, '--against', 'git-log']));
    expect(result.source?.versions.map((version) => version.label)).toEqual([commitLabel(reindented, first, '2026-01-02'), commitLabel(reindented, second, '2026-01-05')]);
    expect(result.source?.description).toBe(`git-log HEAD: 2 versions of ${PATH}: ${commitLabel(reindented, first, '2026-01-02')}, ${commitLabel(reindented, second, '2026-01-05')}`);
  });

  it('still catches a committed breaking change when the work-tree copy is only re-indented (a formatter ran)', async () => {
    const formatted = repository();
    formatted.commit('user v3', { [PATH]: V3 }, '2026-01-02');
    formatted.commit('add age', { [PATH]: BAD }, '2026-01-05');
    formatted.write(PATH, `${JSON.stringify(JSON.parse(BAD), null, 4)}\n`);
    const run = await schemaCompat(formatted.dir, ['check', PATH, '--against', 'git-log']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
  });
});

describe('check --against git-log:REF, git:REF and git-tags:GLOB', () => {
  let repo: GitRepo;
  let onMain: { c1: string; c2: string };
  let mainHead: string;

  beforeAll(() => {
    repo = repository();
    const c1 = repo.commit('user v1, other', { [PATH]: V1, 'other/path.avsc': userSchema(ID, AGE) }, '2026-02-01');
    const c2 = repo.commit('user v2', { [PATH]: V2 }, '2026-02-10');
    onMain = { c1: commitLabel(repo, c1, '2026-02-01'), c2: commitLabel(repo, c2, '2026-02-10') };
    mainHead = repo.short(c2);
    repo.git('checkout', '-q', '-b', 'feature');
    repo.commit('feature: add age', { [PATH]: BAD }, '2026-02-15');
    // Not committed anywhere: a new schema.
    repo.write('schemas/new.avsc', userSchema(ID));
  });

  it('git-log:main from a feature branch: main\'s versions, without the feature commit', async () => {
    const { c1, c2 } = onMain;
    const run = await schemaCompat(repo.dir, ['check', PATH, '--against', 'git-log:main']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe([
      `Against git-log main: 2 versions of ${PATH}: ${c1}, ${c2}`,
      `INCOMPATIBLE under BACKWARD: 1 incompatibility with version ${c2}`,
      `Checked version ${c2} (newest first).`,
      '',
      `${c2}: 1 incompatibility`,
      ...missingAge(c2),
      '',
    ].join('\n'));
  });

  it('git:main: the one version at main, labelled with the ref, its commit and date', async () => {
    const label = `main ${onMain.c2}`;
    const run = await schemaCompat(repo.dir, ['check', PATH, '--against', 'git:main']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe([
      `Against git main: ${PATH} at ${onMain.c2}`,
      `INCOMPATIBLE under BACKWARD: 1 incompatibility with version ${label}`,
      `Checked version ${label} (newest first).`,
      '',
      `${label}: 1 incompatibility`,
      ...missingAge(label),
      '',
    ].join('\n'));
    const result = parsed(await schemaCompat(repo.dir, ['check', '--format', 'json', PATH, '--against', 'git:main']));
    expect(result.source?.versions).toEqual([
      { version: 1, label, path: PATH, commit: repo.git('rev-parse', 'main').trim(), date: '2026-02-10T12:00:00+00:00' },
    ]);
  });

  it('git:main:other/path.avsc: another file at main (here one the candidate can read: exit 0)', async () => {
    const label = `main ${onMain.c2}`;
    const run = await schemaCompat(repo.dir, ['check', PATH, '--against', 'git:main:other/path.avsc']);
    expect(run).toEqual({
      code: 0,
      stdout: `Against git main: other/path.avsc at ${onMain.c2}\nCOMPATIBLE under BACKWARD: checked version ${label}\n`,
      stderr: '',
    });
  });

  it('a file new in this change (not on main, no commit in main\'s history) is a new subject: exit 0, and the output says so', async () => {
    const ref = await schemaCompat(repo.dir, ['check', 'schemas/new.avsc', '--against', 'git:main']);
    expect(ref).toEqual({
      code: 0,
      stdout: [
        `Against git main: new subject: no history yet (schemas/new.avsc is not at ${onMain.c2})`,
        `Note: new subject: no history yet: schemas/new.avsc is not at main (${onMain.c2}) and no commit of its history touched it`,
        'COMPATIBLE under BACKWARD: new subject: no history yet, nothing checked',
        '',
      ].join('\n'),
      stderr: '',
    });
    const log = await schemaCompat(repo.dir, ['check', 'schemas/new.avsc', '--against', 'git-log:main']);
    expect(log).toEqual({
      code: 0,
      stdout: [
        'Against git-log main: new subject: no history yet (schemas/new.avsc)',
        'Note: new subject: no history yet: no commit of schemas/new.avsc in main\'s history',
        'COMPATIBLE under BACKWARD: new subject: no history yet, nothing checked',
        '',
      ].join('\n'),
      stderr: '',
    });
    const json = parsed(await schemaCompat(repo.dir, ['check', '--format', 'json', 'schemas/new.avsc', '--against', 'git-log:main']));
    expect(json.source).toMatchObject({ isNew: true, skipped: [], versions: [] });
  });

  it('an explicit path that is not at the ref is an error (exit 2), not a new schema', async () => {
    const run = await schemaCompat(repo.dir, ['check', PATH, '--against', 'git:main:missing.avsc']);
    expectBaselineError(run, `git main: missing.avsc is not a file at main (${mainHead}). List what is there: \`git ls-tree -r --name-only main\``);
  });

  describe('git-tags:GLOB', () => {
    let tagged: GitRepo;
    const ids: Record<string, string> = {};

    beforeAll(() => {
      tagged = repository();
      ids['v1'] = tagged.commit('user v1', { [PATH]: V1 }, '2026-03-01');
      ids['v2'] = tagged.commit('user v2', { [PATH]: V2 }, '2026-03-05');
      ids['v3'] = tagged.commit('user v3', { [PATH]: V3 }, '2026-03-09');
      tagged.commit('docs', { 'README.md': 'schemas\n' }, '2026-04-01');
      tagged.git('tag', 'v1.9.0', ids['v2']);
      tagged.git('tag', 'v1.10.0', ids['v3']);
      // Annotated, and made last: by date it would be the newest, by name between v1.10.0 and v1.9.0.
      tagged.git('tag', '-a', '-m', 'first release', 'v1.0.0', ids['v1']);
      tagged.write(PATH, BAD);
    });

    it('orders tags by version (v1.0.0, v1.9.0, v1.10.0), lightweight and annotated alike', async () => {
      const run = await schemaCompat(tagged.dir, ['check', '--strategy', 'BACKWARD_TRANSITIVE', '--format', 'json', PATH, '--against', 'git-tags:v*']);
      expect(run.code).toBe(1);
      const result = parsed(run);
      expect(result.source?.description).toBe(`git-tags v*: 3 versions of ${PATH}: v1.0.0, v1.9.0, v1.10.0`);
      expect(result.source?.notes).toEqual([]);
      expect(result.source?.versions).toEqual([
        { version: 1, label: 'v1.0.0', path: PATH, commit: ids['v1'], date: '2026-04-01T12:00:00+00:00', tag: 'v1.0.0' },
        { version: 2, label: 'v1.9.0', path: PATH, commit: ids['v2'], date: '2026-03-05T12:00:00+00:00', tag: 'v1.9.0' },
        { version: 3, label: 'v1.10.0', path: PATH, commit: ids['v3'], date: '2026-03-09T12:00:00+00:00', tag: 'v1.10.0' },
      ]);
      expect(result.checked).toEqual([3, 2, 1]);
    });

    it('names the newest tag in the text report', async () => {
      const run = await schemaCompat(tagged.dir, ['check', PATH, '--against', 'git-tags:v*']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(1);
      expect(run.stdout).toBe([
        `Against git-tags v*: 3 versions of ${PATH}: v1.0.0, v1.9.0, v1.10.0`,
        'INCOMPATIBLE under BACKWARD: 1 incompatibility with version v1.10.0',
        'Checked version v1.10.0 (newest first).',
        '',
        'v1.10.0: 1 incompatibility',
        ...missingAge('v1.10.0'),
        '',
      ].join('\n'));
    });

    it('no matching tag: exit 2 with the git fetch --tags advice', async () => {
      const run = await schemaCompat(tagged.dir, ['check', PATH, '--against', 'git-tags:release-*']);
      expectBaselineError(run, 'git-tags release-*: no tag matches "release-*". Fetch the tags (`git fetch --tags`; GitHub Actions: actions/checkout with `fetch-depth: 0` or `fetch-tags: true`), or check the glob with `git tag --list`');
    });
  });
});

describe('check --against: a baseline that is not there is exit 2 with the cause and the remedy', () => {
  let origin: GitRepo;

  beforeAll(() => {
    origin = repository();
    origin.commit('user v1', { [PATH]: V1 }, '2026-05-01');
    origin.commit('user v2', { [PATH]: V2 }, '2026-05-02');
  });

  it('a range whose lower bound names nothing: exit 2, never a whole or an empty history', async () => {
    expectBaselineError(
      await schemaCompat(origin.dir, ['check', PATH, '--against', 'git-log:v9.9.9..HEAD']),
      'git-log v9.9.9..HEAD: git knows no commit named "v9.9.9". If it is a tag, fetch the tags: `git fetch --tags`. In GitHub Actions, actions/checkout with `fetch-depth: 0` fetches every branch and tag',
    );
    const bounded = await schemaCompat(origin.dir, ['check', PATH, '--against', 'git-log:HEAD~1..']);
    expect([bounded.code, bounded.stdout.split('\n')[0]]).toEqual([0, expect.stringMatching(new RegExp(`^Against git-log HEAD~1\\.\\.HEAD: 1 version of ${PATH}: HEAD~1 [0-9a-f]+ \\(2026-05-01\\)$`))]);
  });

  it('an unknown remote branch: the git fetch that brings it', async () => {
    const clone = cloneOf(origin);
    clone.write(PATH, BAD);
    expectBaselineError(
      await schemaCompat(clone.dir, ['check', PATH, '--against', 'git-log:origin/nope']),
      'git-log origin/nope: git knows no commit named "origin/nope". Fetch it: `git fetch origin nope`. In GitHub Actions, actions/checkout with `fetch-depth: 0` fetches every branch and tag',
    );
    expectBaselineError(
      await schemaCompat(clone.dir, ['check', PATH, '--against', 'git:v9.9.9']),
      'git v9.9.9: git knows no commit named "v9.9.9". If it is a tag, fetch the tags: `git fetch --tags`. In GitHub Actions, actions/checkout with `fetch-depth: 0` fetches every branch and tag',
    );
    // The clone itself is fine: origin/main is there.
    const known = await schemaCompat(clone.dir, ['check', PATH, '--against', 'git-log:origin/main']);
    expect([known.code, known.stderr, known.stdout.split('\n')[0]]).toEqual([1, '', expect.stringMatching(new RegExp(`^Against git-log origin/main: 2 versions of ${PATH}: `))]);
  });

  it('a shallow clone: git-log is refused with fetch-depth: 0 advice (a one-version git: source still works)', async () => {
    const shallow = cloneOf(origin, '--depth', '1');
    expect(shallow.git('rev-parse', '--is-shallow-repository').trim()).toBe('true');
    shallow.write(PATH, BAD);
    expectBaselineError(
      await schemaCompat(shallow.dir, ['check', PATH, '--against', 'git-log']),
      'git-log HEAD: this clone is shallow: the history it holds is cut off, so versions would be missing. Fetch the whole history: `git fetch --unshallow` (GitHub Actions: actions/checkout with `fetch-depth: 0`)',
    );
    const one = await schemaCompat(shallow.dir, ['check', PATH, '--against', 'git:HEAD']);
    expect([one.code, one.stderr]).toEqual([1, '']);
  });

  it('a folder that is not in a git repository', async () => {
    const plain = tempDir({ 'user.avsc': BAD });
    expectBaselineError(
      await schemaCompat(plain, ['check', 'user.avsc', '--against', 'git-log']),
      'git-log HEAD: not inside a git repository. Run it from a git checkout, or read the history from files (dir:PATH or HISTORY files)',
    );
  });

  it('an unknown source kind lists the forms', async () => {
    const plain = tempDir({ 'user.avsc': BAD });
    expectBaselineError(
      await schemaCompat(plain, ['check', 'user.avsc', '--against', 'svn:x']),
      'source "svn:x": unknown source kind "svn". Sources: git:REF, git:REF:PATH, git-log, git-log:REF, git-log:SINCE..REF, git-log:REF:PATH, git-tags:GLOB, git-tags:SINCE..GLOB, git-tags:GLOB:PATH, dir:PATH, glob:PATTERN, registry:URL, pulsar:URL',
    );
  });
});

describe('check --against dir:PATH and --history PATH: natural name order', () => {
  // The candidate reads NEW's data (name is there) but not OLD's (name missing, no default):
  // BACKWARD against the newest file passes only when the files are in the right order.
  const OLD = V1;
  const NEW = V2;
  const CANDIDATE = userSchema(ID, { name: 'name', type: 'string' });

  it('puts user-1.9 before user-1.10', async () => {
    const dir = tempDir({ 'candidate.avsc': CANDIDATE, 'history/user-1.9.avsc': OLD, 'history/user-1.10.avsc': NEW });
    const run = await schemaCompat(dir, ['check', '--format', 'json', 'candidate.avsc', '--against', 'dir:history']);
    expect(run.code).toBe(0);
    const result = parsed(run);
    expect(result.checked).toEqual([2]);
    expect(result.source).toEqual({
      isNew: false,
      skipped: [],
      kind: 'dir',
      description: 'dir history: 2 files: user-1.9.avsc, user-1.10.avsc',
      notes: [],
      versions: [
        { version: 1, label: 'history/user-1.9.avsc', path: 'history/user-1.9.avsc' },
        { version: 2, label: 'history/user-1.10.avsc', path: 'history/user-1.10.avsc' },
      ],
    });
  });

  it('puts 2024-01-15 before 2024-03-02, and --history DIR is the same as --against dir:DIR', async () => {
    const dir = tempDir({ 'candidate.avsc': CANDIDATE, 'history/2024-03-02.avsc': NEW, 'history/2024-01-15.avsc': OLD });
    const against = await schemaCompat(dir, ['check', '--strategy', 'BACKWARD_TRANSITIVE', '--format', 'json', 'candidate.avsc', '--against', 'dir:history']);
    expect(against.code).toBe(1);
    const result = parsed(against);
    expect(result.checked).toEqual([2, 1]);
    expect(result.incompatibilities.map(({ version, location }) => [version, location])).toEqual([[1, '/fields/1']]);
    expect(result.source?.versions.map(({ version, label }) => [version, label])).toEqual([[1, 'history/2024-01-15.avsc'], [2, 'history/2024-03-02.avsc']]);
    const history = await schemaCompat(dir, ['check', '--strategy', 'BACKWARD_TRANSITIVE', '--format', 'json', 'candidate.avsc', '--history', 'history']);
    expect(history).toEqual(against);

    const text = await schemaCompat(dir, ['check', 'candidate.avsc', '--history', 'history']);
    expect(text).toEqual({
      code: 0,
      stdout: 'Against dir history: 2 files: 2024-01-15.avsc, 2024-03-02.avsc\nCOMPATIBLE under BACKWARD: checked version 2\n',
      stderr: '',
    });
  });

  it('refuses names it cannot order, naming both files (exit 2)', async () => {
    const words = tempDir({ 'candidate.avsc': CANDIDATE, 'history/latest.avsc': NEW, 'history/v1.avsc': OLD });
    const remedy = 'Name the versions so that only numbers differ (v1, v2, ... v10; user-1.9, user-1.10; 2024-01-15), or give the files in order on the command line';
    expectBaselineError(await schemaCompat(words, ['check', 'candidate.avsc', '--against', 'dir:history']), `dir history: cannot tell which of these comes first: latest.avsc and v1.avsc. ${remedy}`);
    const padded = tempDir({ 'candidate.avsc': CANDIDATE, 'history/v01.avsc': OLD, 'history/v1.avsc': NEW });
    expectBaselineError(await schemaCompat(padded, ['check', 'candidate.avsc', '--history', 'history']), `dir history: cannot tell which of these comes first: v01.avsc and v1.avsc. ${remedy}`);
  });
});

describe('check --against registry:URL --subject S (the project\'s own registry server, in this process)', () => {
  let registry: Registry;
  let server: RunningServer;
  let dir: string;
  const SUBJECT = 'users-value';

  beforeAll(async () => {
    registry = createRegistry();
    await registry.register(SUBJECT, V1);
    await registry.register(SUBJECT, V2);
    await registry.setConfig(SUBJECT, { compatibility: 'FULL_TRANSITIVE' });
    server = await startServer({ registry, port: 0, host: '127.0.0.1' });
    dir = tempDir({ 'bad.avsc': BAD, 'v2.avsc': V2 });
  });
  afterAll(async () => {
    await server.close();
  });

  const against = (): string[] => ['--against', `registry:${server.url}`];
  const fullFindings = (): string[] => [
    'INCOMPATIBLE under FULL_TRANSITIVE (subject config): 2 incompatibilities with versions 2, 1',
    'Checked versions 2, 1 (newest first).',
    '',
    'Version 2 (id 2): 1 incompatibility',
    ...missingAge('version 2', SUBJECT),
    '',
    'Version 1 (id 1): 1 incompatibility',
    ...missingAge('version 1', SUBJECT),
    '',
  ];

  it('checks every version under the subject\'s own level, says where the level comes from, and what registering would do', async () => {
    const run = await schemaCompat(dir, ['check', 'bad.avsc', ...against(), '--subject', SUBJECT]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe([
      `Against registry ${server.url}: subject ${SUBJECT}, 2 versions (1, 2), level FULL_TRANSITIVE (subject config)`,
      'Registry: registering the candidate would create a new version',
      ...fullFindings(),
    ].join('\n'));
  });

  it('--strategy overrides the subject\'s level', async () => {
    const run = await schemaCompat(dir, ['check', '--strategy', 'BACKWARD', 'bad.avsc', ...against(), '--subject', SUBJECT]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').slice(2, 4)).toEqual([
      'INCOMPATIBLE under BACKWARD: 1 incompatibility with version 2',
      'Checked version 2 (newest first).',
    ]);
  });

  it('a subject already holding the candidate: the lookup line names its version, and --registry-verdict agrees', async () => {
    const run = await schemaCompat(dir, ['check', 'v2.avsc', ...against(), '--subject', SUBJECT, '--registry-verdict']);
    expect(run).toEqual({
      code: 0,
      stdout: [
        `Against registry ${server.url}: subject ${SUBJECT}, 2 versions (1, 2), level FULL_TRANSITIVE (subject config)`,
        'Registry: the candidate is already version 2 (id 2); registering it creates no version',
        'Registry verdict: compatible (agrees)',
        'COMPATIBLE under FULL_TRANSITIVE (subject config): identical to version 2, nothing checked',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('--registry-verdict prints the registry\'s own verdict and its messages', async () => {
    const run = await schemaCompat(dir, ['check', 'bad.avsc', ...against(), '--subject', SUBJECT, '--registry-verdict']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      `Against registry ${server.url}: subject ${SUBJECT}, 2 versions (1, 2), level FULL_TRANSITIVE (subject config)`,
      'Registry: registering the candidate would create a new version',
      'Registry verdict: incompatible (agrees)',
    ]);
    expect(lines[3]).toMatch(/^ {2}registry: \{errorType:'READER_FIELD_MISSING_DEFAULT_VALUE', description:'The field 'age' at path '\/fields\/3' in the new schema/);
    expect(lines.slice(lines.indexOf(fullFindings()[0] as string))).toEqual(fullFindings());
  });

  it('with --strategy, a registry that disagrees is flagged', async () => {
    const run = await schemaCompat(dir, ['check', '--strategy', 'NONE', 'bad.avsc', ...against(), '--subject', SUBJECT, '--registry-verdict']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[2]).toBe('Registry verdict: incompatible (DISAGREES: schema-compat says compatible; the registry checks with its own level, not --strategy)');
  });

  it('has `source` and `registry` in JSON', async () => {
    const run = await schemaCompat(dir, ['check', '--format', 'json', 'bad.avsc', ...against(), '--subject', SUBJECT, '--registry-verdict']);
    expect(run.code).toBe(1);
    const result = parsed(run);
    expect(result.source).toEqual({
      isNew: false,
      skipped: [],
      kind: 'registry',
      description: `registry ${server.url}: subject ${SUBJECT}, 2 versions (1, 2), level FULL_TRANSITIVE (subject config)`,
      notes: [],
      strategyFrom: 'subject config',
      versions: [{ version: 1, label: 'version 1 (id 1)', id: 1 }, { version: 2, label: 'version 2 (id 2)', id: 2 }],
    });
    expect(result.registry).toMatchObject({ wouldCreateVersion: true, subjectExists: true, verdict: { compatible: false } });
    expect(result.registry?.existing).toBeUndefined();
    expect(result.registry?.verdict?.messages[0]).toMatch(/^\{errorType:'READER_FIELD_MISSING_DEFAULT_VALUE'/);
  });

  it('a subject that is not in the registry is exit 2 (the name may be wrong); with --allow-new-subject, a new subject: exit 0, said so', async () => {
    expectBaselineError(
      await schemaCompat(dir, ['check', 'bad.avsc', ...against(), '--subject', 'brand-new-value']),
      `registry ${server.url}: subject brand-new-value does not exist in the registry: nothing to compare with. Check the name (--subject). If it is a new subject, say so: --allow-new-subject (library: allowNewSubject), as a repository run does`,
    );
    const run = await schemaCompat(dir, ['check', 'bad.avsc', ...against(), '--subject', 'brand-new-value', '--allow-new-subject']);
    expect(run).toEqual({
      code: 0,
      stdout: [
        `Against registry ${server.url}: subject brand-new-value: new subject: no history yet, level BACKWARD (global config)`,
        'Note: new subject: no history yet: subject brand-new-value does not exist in the registry',
        'Registry: registering the candidate would create the subject and its first version',
        'COMPATIBLE under BACKWARD (global config): new subject: no history yet, nothing checked',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(await registry.listSubjects()).toEqual([SUBJECT]);
  });

  it('a registry source without --subject is exit 2', async () => {
    expectBaselineError(
      await schemaCompat(dir, ['check', 'bad.avsc', ...against()]),
      `registry ${server.url}: which subject? A registry source needs one. Give it: --subject orders-value (library: the subject option)`,
    );
  });
});

/** A small HTTP server on 127.0.0.1 answering with `handler`; it records each request. */
async function stub(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ url: string; requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders }>; close: () => Promise<void> }> {
  const requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    request.resume();
    request.on('end', () => handler(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

describe('check --against pulsar:URL --topic T (a stub of Pulsar\'s admin REST API)', () => {
  // The answers of Pulsar's admin API v2, as documented:
  // https://pulsar.apache.org/docs/next/admin-api-schemas/ (get all versions of a topic's schema) and
  // the admin REST API reference https://pulsar.apache.org/admin-rest-api/?version=master
  // (SchemasResource: GET /admin/v2/schemas/{tenant}/{namespace}/{topic}/schemas answers a
  // GetAllVersionsSchemaResponse {getSchemaResponses: [GetSchemaResponse {version, type, timestamp, data, properties}]};
  // PersistentTopics getSchemaCompatibilityStrategy: GET /admin/v2/persistent/{tenant}/{namespace}/{topic}/schemaCompatibilityStrategy
  // answers the strategy as a JSON string).
  let pulsar: Awaited<ReturnType<typeof stub>>;
  let dir: string;
  const TOPIC = 'persistent://public/default/t';

  beforeAll(async () => {
    pulsar = await stub((request, response) => {
      if (request.url === '/admin/v2/schemas/public/default/t/schemas') {
        answer(response, 200, {
          getSchemaResponses: [
            { version: 0, type: 'AVRO', timestamp: 1700000000000, data: JSON.stringify(JSON.parse(V1)), properties: {} },
            { version: 1, type: 'AVRO', timestamp: 1700086400000, data: JSON.stringify(JSON.parse(V2)), properties: {} },
          ],
        });
      } else if (request.url === '/admin/v2/persistent/public/default/t/schemaCompatibilityStrategy') {
        answer(response, 200, 'BACKWARD_TRANSITIVE');
      } else {
        answer(response, 404, { reason: 'not in this stub' });
      }
    });
    dir = tempDir({ 'bad.avsc': BAD });
  });
  afterAll(async () => {
    await pulsar.close();
  });

  /** BAD's finding under the pulsar profile, whose detail is the message of Java's runtime resolution. */
  const findingHead = (name: string): string => `  READER_FIELD_MISSING_DEFAULT_VALUE at /fields/3 (BACKWARD: the candidate reads data written with ${name})`;
  const DETAIL = '    detail: Found com.acme.User, expecting com.acme.User, missing required field age';
  const DESCRIPTION = "    The field 'age' at path '/fields/3' in the new schema has no default value and is missing in the old schema";
  // Against a topic, a fingerprint names the topic.
  const FINGERPRINT = `    fingerprint: ${findingFingerprint({ direction: 'BACKWARD', type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/3', message: DETAIL.slice('    detail: '.length) }, TOPIC)}`;

  it('checks every schema version of the topic under the topic policy, labelled version 0, 1', async () => {
    const run = await schemaCompat(dir, ['check', 'bad.avsc', '--against', `pulsar:${pulsar.url}`, '--topic', TOPIC]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    // The sentence of each finding (line 3 of its section) has a test of its own, below.
    expect(lines.filter((_, i) => i !== 6 && i !== 12)).toEqual([
      `Against pulsar ${pulsar.url}: topic ${TOPIC}, 2 versions (0, 1), strategy BACKWARD_TRANSITIVE (topic policy)`,
      'INCOMPATIBLE under BACKWARD_TRANSITIVE (topic policy): 2 incompatibilities with versions 1, 0',
      'Checked versions 1, 0 (newest first).',
      '',
      'Version 1: 1 incompatibility',
      findingHead('version 1'),
      DETAIL,
      FINGERPRINT,
      '',
      'Version 0: 1 incompatibility',
      findingHead('version 0'),
      DETAIL,
      FINGERPRINT,
      '',
    ]);
    expect(pulsar.requests.slice(0, 2).map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /admin/v2/schemas/public/default/t/schemas',
      'GET /admin/v2/persistent/public/default/t/schemaCompatibilityStrategy',
    ]);
  });

  it('names the missing field in the sentence of a finding (Pulsar checks with the pulsar profile)', async () => {
    const run = await schemaCompat(dir, ['check', 'bad.avsc', '--against', `pulsar:${pulsar.url}`, '--topic', TOPIC]);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').slice(4, 15)).toEqual([
      'Version 1: 1 incompatibility',
      findingHead('version 1'),
      DESCRIPTION,
      DETAIL,
      FINGERPRINT,
      '',
      'Version 0: 1 incompatibility',
      findingHead('version 0'),
      DESCRIPTION,
      DETAIL,
      FINGERPRINT,
    ]);
  });

  it('lists the versions in JSON with their registration dates', async () => {
    const run = await schemaCompat(dir, ['check', '--format', 'json', 'bad.avsc', '--against', `pulsar:${pulsar.url}`, '--topic', TOPIC]);
    expect(run.code).toBe(1);
    const result = parsed(run);
    expect(result.checked).toEqual([1, 0]);
    expect(result.source).toEqual({
      isNew: false,
      skipped: [],
      kind: 'pulsar',
      description: `pulsar ${pulsar.url}: topic ${TOPIC}, 2 versions (0, 1), strategy BACKWARD_TRANSITIVE (topic policy)`,
      notes: [],
      strategyFrom: 'topic policy',
      versions: [
        { version: 0, label: 'version 0', date: '2023-11-14T22:13:20.000Z' },
        { version: 1, label: 'version 1', date: '2023-11-15T22:13:20.000Z' },
      ],
    });
  });

  it('a Pulsar source without --topic is exit 2', async () => {
    expectBaselineError(
      await schemaCompat(dir, ['check', 'bad.avsc', '--against', `pulsar:${pulsar.url}`]),
      `pulsar ${pulsar.url}: which topic? A Pulsar source needs one. Give it: --topic persistent://tenant/namespace/topic (library: the topic option)`,
    );
  });
});

describe('check: the registry options and exit codes', () => {
  let dir: string;

  beforeAll(() => {
    dir = tempDir({ 'bad.avsc': BAD, 'v1.avsc': V1 });
  });

  it('--subject, --topic and --registry-auth without a source they belong to are usage errors', async () => {
    expectUsageError(await schemaCompat(dir, ['check', 'bad.avsc', 'v1.avsc', '--subject', 'users-value']), '--subject goes with --against registry:URL');
    expectUsageError(await schemaCompat(dir, ['check', 'bad.avsc', '--against', 'dir:.', '--subject', 'users-value']), '--subject goes with --against registry:URL');
    expectUsageError(await schemaCompat(dir, ['check', 'bad.avsc', '--against', 'registry:http://127.0.0.1:9', '--topic', 'persistent://public/default/t']), '--topic goes with --against pulsar:URL');
    expectUsageError(await schemaCompat(dir, ['check', 'bad.avsc', 'v1.avsc', '--registry-auth', 'u:p']), '--registry-auth goes with --against registry:URL or pulsar:URL');
  });

  it('--registry-verdict without a registry source is a usage error', async () => {
    expectUsageError(await schemaCompat(dir, ['check', 'bad.avsc', 'v1.avsc', '--registry-verdict']), '--registry-verdict asks a registry: give --against registry:URL --subject S');
  });

  it('--against with HISTORY files is a usage error', async () => {
    expectUsageError(await schemaCompat(dir, ['check', 'bad.avsc', 'v1.avsc', '--against', 'dir:.']), 'give one history: HISTORY files, --against SOURCE or --history DIR, not --against and HISTORY files');
  });

  describe('a registry that wants credentials', () => {
    let secured: Awaited<ReturnType<typeof stub>>;

    beforeAll(async () => {
      // Confluent's answers for a subject that does not exist (rest/exceptions/Errors.java: 40401, 40408).
      secured = await stub((request, response) => {
        if (request.headers.authorization !== 'Basic dTpw') return answer(response, 401, { error_code: 401, message: 'Unauthorized' });
        const path = request.url ?? '';
        if (request.method === 'GET' && path === '/subjects/s/versions') return answer(response, 404, { error_code: 40401, message: "Subject 's' not found." });
        if (request.method === 'GET' && path === '/config/s') return answer(response, 404, { error_code: 40408, message: "Subject 's' does not have subject-level compatibility configured" });
        if (request.method === 'GET' && path === '/config/s?defaultToGlobal=true') return answer(response, 200, { compatibilityLevel: 'BACKWARD' });
        if (request.method === 'POST' && path === '/subjects/s') return answer(response, 404, { error_code: 40401, message: "Subject 's' not found." });
        return answer(response, 500, { error_code: 50001, message: `unexpected ${request.method ?? ''} ${path}` });
      });
    });
    afterAll(async () => {
      await secured.close();
    });

    it('401 without credentials: exit 2 naming SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO', async () => {
      const run = await schemaCompat(dir, ['check', 'bad.avsc', '--against', `registry:${secured.url}`, '--subject', 's']);
      expectBaselineError(run, `registry ${secured.url}: ${secured.url}/subjects/s/versions answered 401 Unauthorized: it needs credentials. Give credentials: SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO=user:password or SCHEMA_REGISTRY_BEARER_TOKEN=token (CLI: also --registry-auth; library: the auth option)`);
    });

    it('sends SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO as HTTP basic auth on every request', async () => {
      const before = secured.requests.length;
      const run = await schemaCompat(dir, ['check', 'bad.avsc', '--against', `registry:${secured.url}`, '--subject', 's', '--allow-new-subject'], { env: { SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO: 'u:p' } });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('COMPATIBLE under BACKWARD (global config): new subject: no history yet, nothing checked\n');
      const seen = secured.requests.slice(before);
      expect(seen.map(({ method, url }) => `${method} ${url}`).sort()).toEqual(['GET /config/s', 'GET /config/s?defaultToGlobal=true', 'GET /subjects/s/versions', 'POST /subjects/s']);
      expect(seen.map(({ headers }) => headers.authorization)).toEqual(['Basic dTpw', 'Basic dTpw', 'Basic dTpw', 'Basic dTpw']);
    });

    it('--registry-auth user:password does the same', async () => {
      const before = secured.requests.length;
      const run = await schemaCompat(dir, ['check', 'bad.avsc', '--against', `registry:${secured.url}`, '--subject', 's', '--registry-auth', 'u:p', '--allow-new-subject']);
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(secured.requests.slice(before).every(({ headers }) => headers.authorization === 'Basic dTpw')).toBe(true);
    });
  });

  it('an unreachable registry (a closed port on 127.0.0.1) is exit 2', async () => {
    const closed = await stub((_request, response) => answer(response, 500, {}));
    const url = closed.url;
    await closed.close();
    const run = await schemaCompat(dir, ['check', 'bad.avsc', '--against', `registry:${url}`, '--subject', 's']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(new RegExp(`^error: registry ${url.replace(/\./g, '\\.')}: cannot reach ${url.replace(/\./g, '\\.')}/subjects/s/versions: ECONNREFUSED.*\\. Check the URL, the network and that the registry is up\\n$`));
  });
});

describe('check - (the candidate on stdin)', () => {
  let repo: GitRepo;
  let label: string;

  beforeAll(() => {
    repo = repository();
    repo.commit('user v1', { [PATH]: V1 }, '2026-06-01');
    const c2 = repo.commit('user v3', { [PATH]: V3 }, '2026-06-02');
    label = commitLabel(repo, c2, '2026-06-02');
  });

  it('reads the candidate from stdin with --type, against a git source that names the path', async () => {
    const run = await schemaCompat(repo.dir, ['check', '-', '--type', 'avro', '--against', `git:main:${PATH}`], { input: BAD });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').slice(0, 2)).toEqual([`Against git main: ${PATH} at ${label}`, `INCOMPATIBLE under BACKWARD: 1 incompatibility with version main ${label}`]);
    const fine = await schemaCompat(repo.dir, ['check', '-', '--type', 'avro', '--against', `git-log:main:${PATH}`], { input: userSchema(ID, NAME, EMAIL, { name: 'age', type: 'int', default: 0 }) });
    expect([fine.code, fine.stderr]).toEqual([0, '']);
  });

  it('- without --type is a usage error', async () => {
    expectUsageError(await schemaCompat(repo.dir, ['check', '-', '--against', `git:main:${PATH}`], { input: BAD }), 'a schema read from stdin (-) needs --type avro|json|protobuf');
  });

  it('- with git-log and no path: exit 2 with the advice to write git-log:REF:PATH', async () => {
    expectBaselineError(
      await schemaCompat(repo.dir, ['check', '-', '--type', 'avro', '--against', 'git-log'], { input: BAD }),
      'git-log HEAD: which file? The candidate has no path (stdin). Name it in the source: git:REF:PATH, git-log:REF:PATH or git-tags:GLOB:PATH',
    );
  });
});

describe('check --against git-log: --format github and junit', () => {
  let repo: GitRepo;
  let labels: { c1: string; c2: string };

  beforeAll(() => {
    repo = repository();
    const c1 = repo.commit('user v1', { [PATH]: V1 }, '2026-07-01');
    const c2 = repo.commit('user v3', { [PATH]: V3 }, '2026-07-08');
    labels = { c1: commitLabel(repo, c1, '2026-07-01'), c2: commitLabel(repo, c2, '2026-07-08') };
    repo.write(PATH, BAD);
  });

  it('github: BACKWARD findings are annotated on the line of the candidate file, and the summary names the source', async () => {
    const { c1, c2 } = labels;
    const run = await schemaCompat(repo.dir, ['check', '--strategy', 'BACKWARD_TRANSITIVE', '--format', 'github', PATH, '--against', 'git-log']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    const annotations = lines.filter((line) => line.startsWith('::')).map(parseAnnotation);
    // /fields/3 is the `{` of the age field, line 20 of the candidate as userSchema writes it.
    expect(annotations.map(({ level, properties }) => [level, properties['file'], properties['line'], properties['col'], properties['title']])).toEqual([
      ['error', PATH, '20', '5', `READER_FIELD_MISSING_DEFAULT_VALUE (BACKWARD, ${c2})`],
      ['error', PATH, '20', '5', `READER_FIELD_MISSING_DEFAULT_VALUE (BACKWARD, ${c1})`],
    ]);
    expect(BAD.split('\n')[19]).toBe('    {');
    expect(BAD.split('\n')[20]).toBe('      "name": "age",');
    expect(annotations[0]?.message.split('\n')).toEqual([
      "The field 'age' at path '/fields/3' in the new schema has no default value and is missing in the old schema",
      `BACKWARD: the candidate reads data written with ${c2}; at /fields/3.`,
      'detail: age',
      `fingerprint: ${findingFingerprint({ direction: 'BACKWARD', type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/3', message: 'age' }, PATH)}`,
    ]);
    expect(lines.at(-1)).toBe(`schema-compat: INCOMPATIBLE under BACKWARD_TRANSITIVE: ${PATH} against versions [${c2}, ${c1}] (against git-log HEAD: 2 versions of ${PATH}: ${c1}, ${c2}): 2 incompatibilities, 0 warnings`);
  });

  it('junit: the suite names the source, the test cases the commits', async () => {
    const { c1, c2 } = labels;
    const run = await schemaCompat(repo.dir, ['check', '--strategy', 'BACKWARD_TRANSITIVE', '--format', 'junit', PATH, '--against', 'git-log']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<testsuites name="schema-compat" tests="2" failures="2" errors="0">',
      `  <testsuite name="schema-compat check ${PATH} (BACKWARD_TRANSITIVE) against git-log HEAD: 2 versions of ${PATH}: ${c1}, ${c2}" tests="2" failures="2" errors="0" skipped="0">`,
    ]);
    expect(lines.filter((line) => line.includes('<testcase '))).toEqual([
      `    <testcase name="${c2}" classname="schema-compat.BACKWARD_TRANSITIVE">`,
      `    <testcase name="${c1}" classname="schema-compat.BACKWARD_TRANSITIVE">`,
    ]);
  });
});

describe('check --help', () => {
  it('documents --against SOURCE and the options that go with it', async () => {
    const run = await schemaCompat(root, ['check', '--help']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    for (const option of ['--against SOURCE', '--subject', '--topic', '--registry-auth', '--registry-verdict']) expect(run.stdout).toContain(option);
    for (const form of ['git-log', 'git-tags:GLOB', 'dir:PATH', 'registry:URL', 'pulsar:URL']) expect(run.stdout).toContain(form);
  });
});

describe('no pass on nothing: folders, globs, new files and unparseable versions (issue 22 items 3 and 7b)', () => {
  const ID = { name: 'id', type: 'long' };
  const EMAIL = { name: 'email', type: ['null', 'string'], default: null };
  const AGE = { name: 'age', type: 'int' };

  it('dir: of versioned sub-folders is exit 2 pointing to glob:, which reads them in natural order (v2 before v10)', async () => {
    const repo = repository();
    repo.write('AdminOperation/v2/AdminOperation.avsc', userSchema(ID)).write('AdminOperation/v10/AdminOperation.avsc', userSchema(ID, EMAIL));
    repo.write('AdminOperation.avsc', userSchema(ID, EMAIL, AGE));
    expectBaselineError(
      await schemaCompat(repo.dir, ['check', 'AdminOperation.avsc', '--against', 'dir:AdminOperation']),
      "dir AdminOperation: no schema file (.avsc, .json, .proto) in the folder itself; its sub-folders (v10, v2) may hold the versions. A folder of versioned sub-folders is read with a glob source: --against 'glob:AdminOperation/*/*.avsc' (docs/sources.md)",
    );
    const run = await schemaCompat(repo.dir, ['check', '--strategy', 'BACKWARD_TRANSITIVE', '--format', 'json', 'AdminOperation.avsc', '--against', 'glob:AdminOperation/*/*.avsc']);
    const result = parsed(run);
    expect(run.code).toBe(1);
    expect(result.source?.versions.map((version) => [version.version, version.label])).toEqual([[2, 'AdminOperation/v2/AdminOperation.avsc'], [10, 'AdminOperation/v10/AdminOperation.avsc']]);
    expect(result.checked).toEqual([10, 2]);
  });

  it('git:REF where the path was deleted before REF is exit 2, not a new subject', async () => {
    const repo = repository();
    repo.commit('user', { 'schemas/user.avsc': userSchema(ID) }, '2026-03-01');
    repo.git('rm', '-q', 'schemas/user.avsc');
    repo.commit('drop', {}, '2026-03-02');
    repo.write('schemas/user.avsc', userSchema(ID, AGE));
    const run = await schemaCompat(repo.dir, ['check', 'schemas/user.avsc', '--against', 'git:main']);
    expect([run.code, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toContain("error: git main: schemas/user.avsc is not at main, but main's history has it");
  });

  it('a repository run: a file added in this change is a new subject, said so in text and JSON', async () => {
    const repo = repository();
    repo.commit('config and user', {
      '.schema-compat.yaml': 'subjects:\n  - files: schemas/*.avsc\n    against: git-log:main\n',
      'schemas/user.avsc': userSchema(ID),
    }, '2026-03-01');
    repo.git('checkout', '-q', '-b', 'feature');
    repo.write('schemas/order.avsc', userSchema(ID, AGE));
    const run = await schemaCompat(repo.dir, ['check']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain('Note: new subject: no history yet: no commit of schemas/order.avsc in main\'s history');
    expect(run.stdout).toContain('COMPATIBLE under BACKWARD: new subject: no history yet, nothing checked');
    const json = await schemaCompat(repo.dir, ['check', '--format', 'json']);
    expect(json.code).toBe(0);
    expect(json.stdout).toContain('"isNew": true');
  });

  it('--skip-unparseable lists the skipped version and its error (text and JSON) and checks the rest; all skipped is exit 2', async () => {
    const repo = repository();
    repo.write('history/v1.avsc', '{"type": "record", "name": "User", "fields": [{"name": "id", "type": "lon"}]}');
    repo.write('history/v2.avsc', userSchema(ID)).write('user.avsc', userSchema(ID, AGE));
    const failing = await schemaCompat(repo.dir, ['check', 'user.avsc', '--history', 'history']);
    expect(failing.code).toBe(2);
    expect(failing.stderr).toContain('history/v1.avsc');
    const text = await schemaCompat(repo.dir, ['check', 'user.avsc', '--history', 'history', '--skip-unparseable']);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^Note: skipped history\/v1\.avsc: it does not parse \(SCHEMA_PARSE_ERROR\): .*lon/m);
    expect(text.stdout).toContain('INCOMPATIBLE under BACKWARD: 1 incompatibility with version 2');
    const json = parsed(await schemaCompat(repo.dir, ['check', '--format', 'json', 'user.avsc', '--history', 'history', '--skip-unparseable']));
    expect(json.checked).toEqual([2]);
    expect(json.source?.skipped).toHaveLength(1);
    expect(json.source?.skipped?.[0]).toMatchObject({ version: 1, label: 'history/v1.avsc', error: { code: 'SCHEMA_PARSE_ERROR' } });
    repo.write('history/v2.avsc', '{');
    const all = await schemaCompat(repo.dir, ['check', 'user.avsc', '--history', 'history', '--skip-unparseable']);
    expect([all.code, all.stdout]).toEqual([2, '']);
    expect(all.stderr).toMatch(/^error: dir history: every version was skipped as unparseable, so nothing is left to compare with: history\/v1\.avsc: .+; history\/v2\.avsc: /);
  });
});
