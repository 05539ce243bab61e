import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SchemaParseError } from 'schema-compat';
import { SourceError, SourceErrorCode, loadHistory, readHistory } from 'schema-compat/sources';
import { GitRepo, userSchema } from '../support/git-repo.js';

// Issue 22 items 3 and 7b: a source that finds no version where one was asked for is an error, not a
// silent "compatible"; only a new subject is an empty history. Real folders, links and git repositories.

const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const done of cleanup.splice(0)) done();
});

function tree(files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'schema-compat-gaps-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function repository(): GitRepo {
  const repo = GitRepo.create();
  cleanup.push(() => repo.remove());
  return repo;
}

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  const outcome = await promise.then(() => undefined, (error: unknown) => error);
  if (!(outcome instanceof SourceError)) throw new Error(`expected a SourceError, got ${String(outcome)}`);
  return outcome;
}

const V1 = userSchema({ name: 'id', type: 'long' });
const V2 = userSchema({ name: 'id', type: 'long' }, { name: 'email', type: ['null', 'string'], default: null });

describe('dir: and glob: never pass on nothing', () => {
  it('a folder whose versions sit in sub-folders is NO_VERSIONS, naming them and the glob source to use', async () => {
    const dir = tree({ 'AdminOperation/v1/AdminOperation.avsc': V1, 'AdminOperation/v2/AdminOperation.avsc': V2 });
    const error = await failure(readHistory('dir:AdminOperation', { cwd: dir, path: 'AdminOperation.avsc' }));
    expect(error.code).toBe(SourceErrorCode.NO_VERSIONS);
    expect(error.message).toBe("dir AdminOperation: no schema file (.avsc, .json, .proto) in the folder itself; its sub-folders (v1, v2) may hold the versions. A folder of versioned sub-folders is read with a glob source: --against 'glob:AdminOperation/*/*.avsc' (docs/sources.md)");
  });

  it('a folder holding only the candidate is a new subject, said so', async () => {
    const dir = tree({ 'history/v1.avsc': V1 });
    const snapshot = await readHistory('dir:history', { cwd: dir, path: 'history/v1.avsc' });
    expect([snapshot.versions, snapshot.isNew, snapshot.notes]).toEqual([[], true, ['new subject: no history yet: the folder holds only the candidate, history/v1.avsc']]);
    expect(snapshot.description).toBe('dir history: new subject: no history yet (the folder holds only the candidate, history/v1.avsc)');
  });

  it('glob: reads versioned sub-folders in natural order (v2 before v10), numbered by the number in the path', async () => {
    const dir = tree({
      'AdminOperation/v10/AdminOperation.avsc': V2, 'AdminOperation/v2/AdminOperation.avsc': V1, 'AdminOperation/v1/AdminOperation.avsc': V1,
      'AdminOperation/v3/notes.txt': 'not a schema', 'AdminOperation/.v4/AdminOperation.avsc': V1, 'AdminOperation/README.md': 'x',
    });
    const snapshot = await readHistory('glob:AdminOperation/v*/*.avsc', { cwd: dir });
    expect(snapshot.versions.map((version) => [version.version, version.label])).toEqual([
      [1, 'AdminOperation/v1/AdminOperation.avsc'], [2, 'AdminOperation/v2/AdminOperation.avsc'], [10, 'AdminOperation/v10/AdminOperation.avsc'],
    ]);
    expect(snapshot.versions[2]?.text).toBe(V2);
    expect(snapshot.description).toBe('glob AdminOperation/v*/*.avsc: 3 files: AdminOperation/v1/AdminOperation.avsc, AdminOperation/v2/AdminOperation.avsc, AdminOperation/v10/AdminOperation.avsc');
  });

  it('glob: leaves the candidate out; only the candidate is a new subject; nothing matched is NO_VERSIONS; ** is refused', async () => {
    const dir = tree({ 'user/v1/user.avsc': V1, 'user/v2/user.avsc': V2 });
    const left = await readHistory('glob:user/*/user.avsc', { cwd: dir, path: 'user/v2/user.avsc' });
    expect(left.versions.map((version) => version.label)).toEqual(['user/v1/user.avsc']);
    const only = await readHistory('glob:user/v2/*.avsc', { cwd: dir, path: 'user/v2/user.avsc' });
    expect([only.isNew, only.notes]).toEqual([true, ['new subject: no history yet: the glob matches only the candidate, user/v2/user.avsc']]);
    const none = await failure(readHistory('glob:user/v*/*.json', { cwd: dir }));
    expect([none.code, none.message]).toEqual([SourceErrorCode.NO_VERSIONS, 'glob user/v*/*.json: no schema file (.avsc, .json, .proto) matches user/v*/*.json: nothing to compare with. Check the pattern against the folder user']);
    const deep = await failure(readHistory('glob:user/**/*.avsc', { cwd: dir }));
    expect(deep.code).toBe(SourceErrorCode.BAD_SOURCE);
  });

  it('glob: refuses names natural order cannot place, naming them', async () => {
    const dir = tree({ 'user/v1/a.avsc': V1, 'user/v1/b.avsc': V2 });
    const error = await failure(readHistory('glob:user/*/*.avsc', { cwd: dir }));
    expect(error.code).toBe(SourceErrorCode.UNORDERED_NAMES);
    expect(error.message).toContain('v1/a.avsc and v1/b.avsc');
  });
});

describe('symbolic links among the versions', () => {
  it('dir: follows a link whose real file is inside the repository', async () => {
    const repo = repository();
    repo.write('shared/v2.avsc', V2).write('history/v1.avsc', V1);
    symlinkSync('../shared/v2.avsc', join(repo.dir, 'history', 'v2.avsc'));
    const snapshot = await readHistory('dir:history', { cwd: repo.dir });
    expect(snapshot.versions.map((version) => [version.version, version.label, version.text])).toEqual([[1, 'history/v1.avsc', V1], [2, 'history/v2.avsc', V2]]);
  });

  it('dir: refuses, by name, a link to a file outside the repository', async () => {
    const repo = repository();
    const outside = tree({ 'secret.avsc': V2 });
    repo.write('history/v1.avsc', V1);
    symlinkSync(join(outside, 'secret.avsc'), join(repo.dir, 'history', 'v2.avsc'));
    const error = await failure(readHistory('dir:history', { cwd: repo.dir }));
    expect(error.code).toBe(SourceErrorCode.SYMLINK_OUTSIDE);
    expect(error.message).toContain('dir history: history/v2.avsc is a symbolic link to a file outside ');
  });

  it('outside a repository, a link may point inside the folder\'s own tree only; a dangling link is named too', async () => {
    const dir = tree({ 'history/v1.avsc': V1, 'history/old/v2.avsc': V2, 'elsewhere/v3.avsc': V2 });
    symlinkSync('old/v2.avsc', join(dir, 'history', 'v2.avsc'));
    const inside = await readHistory(`dir:${join(dir, 'history')}`);
    expect(inside.versions.map((version) => version.version)).toEqual([1, 2]);
    symlinkSync('../elsewhere/v3.avsc', join(dir, 'history', 'v3.avsc'));
    const error = await failure(readHistory(`dir:${join(dir, 'history')}`));
    expect([error.code, error.message.includes('v3.avsc is a symbolic link to a file outside')]).toEqual([SourceErrorCode.SYMLINK_OUTSIDE, true]);
    rmSync(join(dir, 'history', 'v3.avsc'));
    symlinkSync('missing.avsc', join(dir, 'history', 'v4.avsc'));
    const dangling = await failure(readHistory(`dir:${join(dir, 'history')}`));
    expect(dangling.message).toContain('v4.avsc is a symbolic link to nothing');
  });

  it('glob: follows a linked version folder inside the repository and refuses one outside', async () => {
    const repo = repository();
    repo.write('user/v1/user.avsc', V1).write('archive/v2/user.avsc', V2);
    symlinkSync('../archive/v2', join(repo.dir, 'user', 'v2'));
    const snapshot = await readHistory('glob:user/v*/user.avsc', { cwd: repo.dir });
    expect(snapshot.versions.map((version) => [version.version, version.text])).toEqual([[1, V1], [2, V2]]);
    const outside = tree({ 'v3/user.avsc': V2 });
    symlinkSync(join(outside, 'v3'), join(repo.dir, 'user', 'v3'));
    const error = await failure(readHistory('glob:user/v*/user.avsc', { cwd: repo.dir }));
    expect([error.code, error.message.includes('user/v3 is a symbolic link to a file outside')]).toEqual([SourceErrorCode.SYMLINK_OUTSIDE, true]);
  });
});

describe('git sources: a new file is a new subject, anything else missing is an error', () => {
  it('git:REF with a path that was deleted before REF is PATH_NOT_FOUND, not new', async () => {
    const repo = repository();
    repo.commit('user', { 'schemas/user.avsc': V1 }, '2026-10-01');
    repo.git('rm', '-q', 'schemas/user.avsc');
    repo.commit('drop user', {}, '2026-10-02');
    repo.write('schemas/user.avsc', V2);
    const error = await failure(readHistory('git:main', { cwd: repo.dir, path: 'schemas/user.avsc' }));
    expect(error.code).toBe(SourceErrorCode.PATH_NOT_FOUND);
    expect(error.message).toContain("schemas/user.avsc is not at main, but main's history has it");
    expect(error.message).toContain('--against git-log:main');
  });

  it('a file git ignores is PATH_NOT_FOUND: no commit can hold it', async () => {
    const repo = repository();
    repo.commit('ignore generated', { '.gitignore': 'generated/\n' }, '2026-10-01');
    repo.write('generated/user.avsc', V1);
    for (const source of ['git:main', 'git-log']) {
      const error = await failure(readHistory(source, { cwd: repo.dir, path: 'generated/user.avsc' }));
      expect([error.code, error.message.includes('git ignores generated/user.avsc')]).toEqual([SourceErrorCode.PATH_NOT_FOUND, true]);
    }
  });

  it('git-log:REF:PATH that was never committed is PATH_NOT_FOUND (a path you name must be there)', async () => {
    const repo = repository();
    repo.commit('user', { 'schemas/user.avsc': V1 }, '2026-10-01');
    const error = await failure(readHistory('git-log:main:schemas/typo.avsc', { cwd: repo.dir }));
    expect([error.code, error.message]).toEqual([SourceErrorCode.PATH_NOT_FOUND, 'git-log main: schemas/typo.avsc has no version at main. List what is there: `git ls-tree -r --name-only main`']);
  });

  it('git-log: a new file committed once, equal to the candidate, is a new subject', async () => {
    const repo = repository();
    repo.commit('user', { 'schemas/user.avsc': V1 }, '2026-10-01');
    const snapshot = await readHistory('git-log', { cwd: repo.dir, path: 'schemas/user.avsc', candidate: V1 });
    expect([snapshot.versions, snapshot.isNew]).toEqual([[], true]);
    expect(snapshot.notes[0]).toMatch(/^new subject: no history yet: the only committed version of schemas\/user\.avsc, \w+ \(2026-10-01\), is the candidate itself$/);
  });

  it('git-tags: no tag holds a file added since the newest tag: a new subject', async () => {
    const repo = repository();
    repo.commit('other', { 'schemas/other.avsc': V1 }, '2026-10-01');
    repo.git('tag', 'v1.0.0');
    repo.write('schemas/user.avsc', V1);
    const snapshot = await readHistory('git-tags:v*', { cwd: repo.dir, path: 'schemas/user.avsc' });
    expect([snapshot.isNew, snapshot.notes]).toEqual([true, ['new subject: no history yet: no tag holds schemas/user.avsc, and no commit before v1.0.0 touched it']]);
  });
});

describe('skipUnparseable', () => {
  it('lists each unparseable version with its error, in the notes too, and checks the rest', async () => {
    const dir = tree({ 'history/v1.avsc': '{"type": "record", "name": "User", "fields": [{"name": "id", "type": "lon"}]}', 'history/v2.avsc': V1, 'history/v3.avsc': V2 });
    const failing: unknown = await loadHistory('dir:history', { cwd: dir }).then(() => undefined, (error: unknown) => error);
    expect(failing).toBeInstanceOf(SchemaParseError);
    const loaded = await loadHistory('dir:history', { cwd: dir, skipUnparseable: true });
    expect(loaded.history.map((schema) => schema.version)).toEqual([2, 3]);
    expect(loaded.versions.map((version) => version.version)).toEqual([2, 3]);
    expect(loaded.skipped).toHaveLength(1);
    expect(loaded.skipped[0]).toMatchObject({ version: 1, label: 'history/v1.avsc', where: 'history/v1.avsc', error: { code: 'SCHEMA_PARSE_ERROR' } });
    expect(loaded.skipped[0]?.error.message).toContain('lon');
    expect(loaded.notes).toEqual([`skipped history/v1.avsc: it does not parse (SCHEMA_PARSE_ERROR): ${loaded.skipped[0]?.error.message}`]);
  });

  it('every version skipped is NO_VERSIONS, naming them', async () => {
    const dir = tree({ 'history/v1.avsc': '{', 'history/v2.avsc': '{"type": "nope"}' });
    const error = await failure(loadHistory('dir:history', { cwd: dir, skipUnparseable: true }));
    expect(error.code).toBe(SourceErrorCode.NO_VERSIONS);
    expect(error.message).toMatch(/^dir history: every version was skipped as unparseable, so nothing is left to compare with: history\/v1\.avsc: .+; history\/v2\.avsc: .+/);
  });
});
