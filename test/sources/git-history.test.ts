import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCompatibility } from 'schema-compat';
import { GitHistoryCache, SourceError, SourceErrorCode, loadHistory, readHistory } from 'schema-compat/sources';
import { GitRepo, userSchema } from '../support/git-repo.js';

// What a file's git history is (docs/sources.md, "Git"): the versions its branch held, along the
// first-parent history (merge results included, a merged branch's own commits not), renames
// followed and copies new; blobs sized before they are read; histories bounded by a range.

const ID = { name: 'id', type: 'long' } as const;
const EMAIL = { name: 'email', type: ['null', 'string'], default: null } as const;
const NAME = { name: 'name', type: 'string', default: '' } as const;
const PHONE = { name: 'phone', type: 'string', default: '' } as const;
const V1 = userSchema(ID);
const V2 = userSchema(ID, EMAIL);
const V3 = userSchema(ID, EMAIL, NAME);
const V4 = userSchema(ID, EMAIL, NAME, PHONE);

async function sourceError(promise: Promise<unknown>): Promise<SourceError> {
  const error: unknown = await promise.then(() => undefined, (caught: unknown) => caught);
  if (!(error instanceof SourceError)) throw new Error(`expected a SourceError, got ${String(error)}`);
  return error;
}

/** Runs `read` with git tracing every command it runs into a file; answers the git command lines. */
async function gitCommandsOf(read: () => Promise<unknown>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'schema-compat-trace-'));
  const file = join(dir, 'trace.txt');
  const before = process.env['GIT_TRACE'];
  process.env['GIT_TRACE'] = file;
  try {
    await read().catch(() => undefined);
    return readFileSync(file, 'utf8').split('\n').filter((line) => line.includes('trace: built-in: git'));
  } finally {
    if (before === undefined) delete process.env['GIT_TRACE'];
    else process.env['GIT_TRACE'] = before;
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An Avro record with one field per line and lines between the optional `b` and `c` fields, so that
 * git merges a branch that edits `b` with one that adds `c` without a conflict.
 */
function mergeable(b: string | undefined, c: string | undefined): string {
  return [
    '{"type": "record", "name": "User", "fields": [', '  {"name": "id", "type": "long"},', b,
    '  {"name": "x1", "type": "int"},', '  {"name": "x2", "type": "int"},', '  {"name": "x3", "type": "int"},', '  {"name": "x4", "type": "int"},',
    c, '  {"name": "z", "type": "int"}', ']}', '',
  ].filter((line): line is string => line !== undefined).join('\n');
}

describe('git-log: the versions the branch held (its first-parent history)', () => {
  let repo: GitRepo;
  const B1 = '  {"name": "b", "type": "int", "default": 0},';
  const B2 = '  {"name": "b", "type": "int", "default": 1},';
  const C = '  {"name": "c", "type": "int", "default": 0},';
  const ids: Record<string, string> = {};

  beforeAll(() => {
    repo = GitRepo.create();
    ids['a'] = repo.commit('A', { 'schemas/user.avsc': mergeable(undefined, undefined) }, '2026-03-01');
    repo.git('checkout', '-q', '-b', 'feature');
    ids['b1'] = repo.commit('B1: b', { 'schemas/user.avsc': mergeable(B1, undefined) }, '2026-03-02');
    ids['b2'] = repo.commit('B2: b defaults to 1', { 'schemas/user.avsc': mergeable(B2, undefined) }, '2026-03-03');
    repo.git('checkout', '-q', 'main');
    ids['c'] = repo.commit('C: c', { 'schemas/user.avsc': mergeable(undefined, C) }, '2026-03-04');
    repo.git('merge', '-q', '--no-edit', '--no-ff', 'feature');
    ids['merge'] = repo.git('rev-parse', 'HEAD').trim();
  });
  afterAll(() => repo.remove());

  it('a merge whose result differs from both parents is a version; the merged branch\'s own commits are not', async () => {
    expect(repo.git('show', 'HEAD:schemas/user.avsc')).toBe(mergeable(B2, C));
    const snapshot = await readHistory('git-log', { cwd: repo.dir, path: 'schemas/user.avsc' });
    expect(snapshot.versions.map((version) => [version.commit, version.text])).toEqual([
      [ids['a'], mergeable(undefined, undefined)],
      [ids['c'], mergeable(undefined, C)],
      [ids['merge'], mergeable(B2, C)],
    ]);
    // The feature branch's own history is B1 and B2.
    const feature = await readHistory('git-log:feature', { cwd: repo.dir, path: 'schemas/user.avsc' });
    expect(feature.versions.map((version) => version.commit)).toEqual([ids['a'], ids['b1'], ids['b2']]);
  });

  it('a candidate that breaks the merged version fails (the latest version is the merge result, not the side commit before it)', async () => {
    const candidate = mergeable('  {"name": "b", "type": "string", "default": ""},', C);
    const loaded = await loadHistory('git-log', { cwd: repo.dir, path: 'schemas/user.avsc', candidate });
    const result = checkCompatibility('BACKWARD', candidate, loaded.history);
    expect(result.compatible).toBe(false);
    expect(result.incompatibilities.map((finding) => [finding.type, loaded.versions.find((version) => version.version === finding.version)?.commit])).toEqual([['TYPE_MISMATCH', ids['merge']]]);
  });

  it('a revert is a version: the content comes back after the one it undoes', async () => {
    repo.git('checkout', '-q', '-b', 'revert');
    try {
      const added = repo.commit('d', { 'schemas/user.avsc': mergeable(B2, '  {"name": "d", "type": "int", "default": 0},') }, '2026-03-06');
      repo.git('revert', '--no-edit', 'HEAD');
      const revert = repo.git('rev-parse', 'HEAD').trim();
      const snapshot = await readHistory('git-log', { cwd: repo.dir, path: 'schemas/user.avsc' });
      expect(snapshot.versions.map((version) => version.commit)).toEqual([ids['a'], ids['c'], ids['merge'], added, revert]);
      expect(snapshot.versions.at(-1)?.text).toBe(mergeable(B2, C));
    } finally {
      repo.git('checkout', '-q', 'main');
    }
  });

  it('a merge that leaves the file as the branch had it is no version', async () => {
    repo.git('checkout', '-q', '-b', 'docs');
    repo.commit('docs', { 'README.md': 'hello\n' }, '2026-03-07');
    repo.git('checkout', '-q', '-b', 'docs-merge', 'main');
    repo.git('merge', '-q', '--no-edit', '--no-ff', 'docs');
    try {
      const snapshot = await readHistory('git-log', { cwd: repo.dir, path: 'schemas/user.avsc' });
      expect(snapshot.versions.map((version) => version.commit)).toEqual([ids['a'], ids['c'], ids['merge']]);
    } finally {
      repo.git('checkout', '-q', 'main');
    }
  });
});

describe('git-log: renames continue a history, copies start a new one', () => {
  let repo: GitRepo;
  const ids: Record<string, string> = {};

  beforeAll(() => {
    repo = GitRepo.create();
    // Even when the repository asks git to find copies, a copy is a new file.
    repo.git('config', 'diff.renames', 'copies');
    ids['v1'] = repo.commit('v1', { 'schemas/user.avsc': V1 }, '2026-04-01');
    ids['v2'] = repo.commit('v2', { 'schemas/user.avsc': V2 }, '2026-04-02');
    // The copy, and the original changed in the same commit (what git's copy detection looks at).
    ids['copy'] = repo.commit('copy', { 'schemas/copy.avsc': V2, 'schemas/user.avsc': V3 }, '2026-04-03');
    ids['copy2'] = repo.commit('copy v2', { 'schemas/copy.avsc': V3 }, '2026-04-04');
    repo.git('mv', 'schemas/user.avsc', 'schemas/customer.avsc');
    ids['move1'] = repo.commit('move to customer', {}, '2026-04-05');
    ids['v4'] = repo.commit('v4', { 'schemas/customer.avsc': V4 }, '2026-04-06');
    repo.git('mv', 'schemas/customer.avsc', 'schemas/account.avsc');
    // Moved and edited in one commit: still similar enough for git's rename detection.
    ids['move2'] = repo.commit('move to account, edited', { 'schemas/account.avsc': V4.replace('"phone"', '"mobile"') }, '2026-04-07');
  });
  afterAll(() => repo.remove());

  it('a copy has no history before the commit that made it', async () => {
    const snapshot = await readHistory('git-log', { cwd: repo.dir, path: 'schemas/copy.avsc' });
    expect(snapshot.versions.map((version) => [version.commit, version.path])).toEqual([
      [ids['copy'], 'schemas/copy.avsc'],
      [ids['copy2'], 'schemas/copy.avsc'],
    ]);
    expect(snapshot.notes).toEqual([]);
  });

  it('a file renamed twice (user → customer → account, the second time edited) keeps its whole history', async () => {
    const snapshot = await readHistory('git-log', { cwd: repo.dir, path: 'schemas/account.avsc' });
    expect(snapshot.versions.map((version) => [version.commit, version.path])).toEqual([
      [ids['v1'], 'schemas/user.avsc'],
      [ids['v2'], 'schemas/user.avsc'],
      [ids['copy'], 'schemas/user.avsc'],
      // The first move changed nothing: the same content, counted once.
      [ids['v4'], 'schemas/customer.avsc'],
      [ids['move2'], 'schemas/account.avsc'],
    ]);
  });

  it('a run shares one walk of the history between the files it reads (GitHistoryCache)', async () => {
    const gitCache = new GitHistoryCache(['schemas/account.avsc', 'schemas/copy.avsc']);
    const commands = await gitCommandsOf(async () => {
      const account = await readHistory('git-log', { cwd: repo.dir, path: 'schemas/account.avsc', gitCache });
      const copy = await readHistory('git-log', { cwd: repo.dir, path: 'schemas/copy.avsc', gitCache });
      expect([account.versions.length, copy.versions.length]).toEqual([5, 2]);
    });
    expect(commands.filter((line) => line.includes(' log --first-parent '))).toHaveLength(1);
  });
});

describe('git blobs are sized before they are read', () => {
  let repo: GitRepo;
  let huge: string;

  /** Commits a blob of `bytes` blanks (then a JSON string) at `path`, written to git's object store without a work-tree file. */
  function commitBlob(path: string, bytes: number, tail: string, date: string): string {
    const end = Buffer.from(`"${tail}"\n`);
    const blob = Buffer.alloc(bytes, 0x20);
    end.copy(blob, bytes - end.length);
    const sha = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: repo.dir, input: blob, encoding: 'utf8' }).trim();
    repo.git('update-index', '--add', '--cacheinfo', `100644,${sha},${path}`);
    // Not GitRepo.commit: its `git add -A` would stage the work tree's file over the blob.
    repo.git('commit', '-q', '-m', `${path}: ${bytes} bytes (${date})`);
    return repo.git('rev-parse', 'HEAD').trim();
  }

  beforeAll(() => {
    repo = GitRepo.create();
    repo.commit('v1', { 'schemas/user.avsc': '"string"\n' }, '2026-05-01');
    huge = commitBlob('schemas/user.avsc', 17 * 1024 * 1024, 'long', '2026-05-02');
    repo.commit('v3', { 'schemas/user.avsc': '"string"\n' }, '2026-05-03');
  });
  afterAll(() => repo.remove());

  it('a blob above 16 MiB is refused with FILE_TOO_LARGE naming the path and the commit, and never read', async () => {
    let error: SourceError | undefined;
    const commands = await gitCommandsOf(async () => {
      error = await sourceError(readHistory('git-log', { cwd: repo.dir, path: 'schemas/user.avsc' }));
    });
    expect(error?.code).toBe(SourceErrorCode.FILE_TOO_LARGE);
    expect(error?.message).toBe(`git-log HEAD: schemas/user.avsc at commit ${huge.slice(0, 12)} is ${17 * 1024 * 1024} bytes, more than the 16 MiB a schema file may be: not read. A schema is kilobytes: look at what was committed there (\`git show --stat ${huge.slice(0, 12)} -- schemas/user.avsc\`)`);
    expect(commands.some((line) => line.endsWith('cat-file --batch-check --follow-symlinks'))).toBe(true);
    expect(commands.some((line) => line.endsWith('cat-file --batch'))).toBe(false);
  });

  it('git:REF and git-tags refuse it too', async () => {
    repo.git('tag', 'v2', huge);
    expect((await sourceError(readHistory(`git:${huge}`, { cwd: repo.dir, path: 'schemas/user.avsc' }))).code).toBe(SourceErrorCode.FILE_TOO_LARGE);
    expect((await sourceError(readHistory('git-tags:v*', { cwd: repo.dir, path: 'schemas/user.avsc' }))).code).toBe(SourceErrorCode.FILE_TOO_LARGE);
  });

  it('versions of one history above 128 MiB together are refused with HISTORY_TOO_LARGE', async () => {
    repo.git('checkout', '-q', '-b', 'many');
    try {
      for (let i = 0; i < 9; i++) commitBlob('schemas/many.avsc', 15 * 1024 * 1024, `v${i}`, `2026-06-0${i + 1}`);
      const error = await sourceError(readHistory('git-log', { cwd: repo.dir, path: 'schemas/many.avsc' }));
      expect(error.code).toBe(SourceErrorCode.HISTORY_TOO_LARGE);
      expect(error.message).toMatch(/^git-log HEAD: the 9 committed versions to read hold 141557760 bytes together, more than the 128 MiB one history may hold: not read/);
    } finally {
      repo.git('checkout', '-q', 'main');
    }
  });
});

describe('bounded histories: git-log:SINCE..REF and git-tags:SINCE..GLOB', () => {
  let repo: GitRepo;
  const ids: Record<string, string> = {};
  const label = (name: string, day: string): string => `${repo.short(ids[name] as string)} (${day})`;

  beforeAll(() => {
    repo = GitRepo.create();
    ids['c0'] = repo.commit('v0', { 'schemas/user.avsc': userSchema() }, '2026-07-01');
    ids['c1'] = repo.commit('v1', { 'schemas/user.avsc': V1 }, '2026-07-02');
    repo.git('tag', '-a', '-m', 'release 1.0.0', 'v1.0.0');
    ids['c2'] = repo.commit('v2', { 'schemas/user.avsc': V2 }, '2026-07-03');
    repo.git('tag', 'rc-1');
    ids['c3'] = repo.commit('docs', { 'README.md': 'x\n' }, '2026-07-04');
    repo.git('tag', 'v1.1.0');
    ids['c4'] = repo.commit('v3', { 'schemas/user.avsc': V3 }, '2026-07-05');
    repo.git('tag', 'v1.2.0');
    repo.git('branch', 'elsewhere', ids['c2'] as string);
  });
  afterAll(() => repo.remove());

  const versionsOf = async (source: string): Promise<Array<[string, string]>> =>
    (await readHistory(source, { cwd: repo.dir, path: 'schemas/user.avsc' })).versions.map((version) => [version.label, version.text]);

  it('git-log:SINCE..REF starts with the file as SINCE has it, then the versions committed after it', async () => {
    expect(await versionsOf('git-log:v1.0.0..HEAD')).toEqual([[`v1.0.0 ${label('c1', '2026-07-02')}`, V1], [label('c2', '2026-07-03'), V2], [label('c4', '2026-07-05'), V3]]);
    // SINCE.. is up to HEAD, as in git.
    expect(await versionsOf('git-log:v1.0.0..')).toEqual(await versionsOf('git-log:v1.0.0..HEAD'));
    const snapshot = await readHistory('git-log:v1.0.0..main', { cwd: repo.dir, path: 'schemas/user.avsc' });
    expect(snapshot.description).toBe(`git-log v1.0.0..main: 3 versions of schemas/user.avsc: v1.0.0 ${label('c1', '2026-07-02')}, ${label('c2', '2026-07-03')}, ${label('c4', '2026-07-05')}`);
    expect(snapshot.source).toEqual({ kind: 'git-log', since: 'v1.0.0', ref: 'main' });
  });

  it('a file unchanged since the bound is one version, never an empty history', async () => {
    expect(await versionsOf('git-log:v1.1.0..v1.1.0')).toEqual([[`v1.1.0 ${label('c3', '2026-07-04')}`, V2]]);
    expect(await versionsOf('git-log:v1.1.0..')).toEqual([[`v1.1.0 ${label('c3', '2026-07-04')}`, V2], [label('c4', '2026-07-05'), V3]]);
  });

  it('a bound git does not know, or one outside REF\'s history, is an error (exit 2), not a whole or empty history', async () => {
    const unknown = await sourceError(readHistory('git-log:v9.9.9..HEAD', { cwd: repo.dir, path: 'schemas/user.avsc' }));
    expect(unknown.code).toBe(SourceErrorCode.UNKNOWN_REF);
    expect(unknown.message).toMatch(/^git-log v9\.9\.9\.\.HEAD: git knows no commit named "v9\.9\.9"/);
    repo.git('checkout', '-q', 'elsewhere');
    repo.commit('elsewhere', { 'schemas/user.avsc': V4 }, '2026-07-06');
    repo.git('checkout', '-q', 'main');
    const outside = await sourceError(readHistory('git-log:elsewhere..main', { cwd: repo.dir, path: 'schemas/user.avsc' }));
    expect(outside.code).toBe(SourceErrorCode.BAD_SOURCE);
    expect(outside.message).toBe(`git-log elsewhere..main: elsewhere (${repo.short('elsewhere').slice(0, 7)}) is not in main's history: the lower bound of a range must be a commit main contains. Name a commit or tag of main's history (\`git log --first-parent --oneline main\`), or read the file at tags with git-tags:GLOB`);
  });

  it('a bound merged from another branch starts the history at the newest commit of the branch it contains', async () => {
    repo.git('checkout', '-q', '-b', 'side', 'v1.2.0');
    const side = repo.commit('side', { 'schemas/user.avsc': V4 }, '2026-07-07');
    repo.git('checkout', '-q', '-b', 'trunk', 'v1.2.0');
    repo.commit('trunk docs', { 'README.md': 'y\n' }, '2026-07-08');
    repo.git('merge', '-q', '--no-edit', '--no-ff', 'side');
    const merge = repo.git('rev-parse', 'HEAD').trim();
    try {
      const snapshot = await readHistory(`git-log:${side}..trunk`, { cwd: repo.dir, path: 'schemas/user.avsc' });
      expect(snapshot.versions.map((version) => [version.commit, version.text])).toEqual([[ids['c4'], V3], [merge, V4]]);
      expect(snapshot.notes).toEqual([`${side} is not a commit of trunk's first-parent history: the history starts at ${label('c4', '2026-07-05')}, the newest of its commits that ${side} contains`]);
    } finally {
      repo.git('checkout', '-q', 'main');
    }
  });

  it('git-tags:SINCE..GLOB reads the tags from SINCE on, in their order', async () => {
    expect(await versionsOf('git-tags:v1.1.0..v*')).toEqual([['v1.1.0', V2], ['v1.2.0', V3]]);
    expect(await versionsOf('git-tags:v*')).toEqual([['v1.0.0', V1], ['v1.1.0', V2], ['v1.2.0', V3]]);
    const snapshot = await readHistory('git-tags:v1.1.0..v*', { cwd: repo.dir, path: 'schemas/user.avsc' });
    expect(snapshot.description).toBe('git-tags v1.1.0..v*: 2 versions of schemas/user.avsc: v1.1.0, v1.2.0');
  });

  it('a tag bound that is no tag, or that the glob does not match, is an error', async () => {
    const unknown = await sourceError(readHistory('git-tags:v9.0.0..v*', { cwd: repo.dir, path: 'schemas/user.avsc' }));
    expect(unknown.code).toBe(SourceErrorCode.UNKNOWN_REF);
    expect(unknown.message).toMatch(/^git-tags v9\.0\.0\.\.v\*: git knows no tag named "v9\.0\.0"\. Fetch the tags/);
    const elsewhere = await sourceError(readHistory('git-tags:rc-1..v*', { cwd: repo.dir, path: 'schemas/user.avsc' }));
    expect(elsewhere.code).toBe(SourceErrorCode.BAD_SOURCE);
    expect(elsewhere.message).toBe('git-tags rc-1..v*: the tag "rc-1" does not match "v*": it has no place among the tags read. Start from a tag that matches v* (`git tag --list \'v*\'`)');
  });
});
