import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCompatibility } from 'schema-compat';
import { SourceError, SourceErrorCode, loadHistory, readHistory } from 'schema-compat/sources';
import type { HistorySnapshot } from 'schema-compat/sources';
import { GitRepo, userSchema } from '../support/git-repo.js';

const ID = { name: 'id', type: 'long' } as const;
const EMAIL = { name: 'email', type: ['null', 'string'], default: null } as const;
const NAME = { name: 'name', type: 'string', default: '' } as const;
const V1 = userSchema(ID);
const V2 = userSchema(ID, EMAIL);
const V3 = userSchema(ID, EMAIL, NAME);
/** Changes the type of `id`: incompatible with every version, in both directions. */
const BREAKING = userSchema({ name: 'id', type: 'string' }, EMAIL, NAME);

/** What a snapshot says, without the texts: labels, versions, paths, notes. */
function summary(snapshot: HistorySnapshot): unknown {
  return {
    description: snapshot.description,
    versions: snapshot.versions.map(({ version, label, path, where }) => ({ version, label, path, where })),
    notes: snapshot.notes,
    isNew: snapshot.isNew,
  };
}

async function sourceError(promise: Promise<unknown>): Promise<SourceError> {
  const error: unknown = await promise.then(() => undefined, (caught: unknown) => caught);
  if (!(error instanceof SourceError)) throw new Error(`expected a SourceError, got ${String(error)}`);
  return error;
}

describe('git-log: every committed version of a file', () => {
  let repo: GitRepo;
  const commits: string[] = [];

  beforeAll(() => {
    repo = GitRepo.create();
    commits.push(repo.commit('v1', { 'schemas/user.avsc': V1 }, '2026-10-01'));
    repo.commit('unrelated', { 'README.md': 'hello\n' }, '2026-10-02');
    commits.push(repo.commit('v2', { 'schemas/user.avsc': V2 }, '2026-10-03'));
    // Only trailing white space and line endings change: the same version, collapsed into the commit before.
    repo.commit('reformat', { 'schemas/user.avsc': `${V2.replace(/\n/g, '  \r\n')}\n\n` }, '2026-10-04');
    repo.git('mv', 'schemas/user.avsc', 'schemas/customer.avsc');
    repo.commit('rename', {}, '2026-10-05');
    commits.push(repo.commit('v3', { 'schemas/customer.avsc': V3 }, '2026-10-06'));
  });
  afterAll(() => repo.remove());

  it('reads them oldest first, follows the rename, collapses equal contents, labels each by short commit and date', async () => {
    const [c1, c2, c3] = commits.map((commit) => repo.short(commit));
    const snapshot = await readHistory('git-log', { cwd: repo.dir, path: 'schemas/customer.avsc', candidate: BREAKING });
    expect(summary(snapshot)).toEqual({
      description: `git-log HEAD: 3 versions of schemas/customer.avsc: ${c1} (2026-10-01), ${c2} (2026-10-03), ${c3} (2026-10-06)`,
      versions: [
        { version: 1, label: `${c1} (2026-10-01)`, path: 'schemas/user.avsc', where: `${c1}:schemas/user.avsc` },
        { version: 2, label: `${c2} (2026-10-03)`, path: 'schemas/user.avsc', where: `${c2}:schemas/user.avsc` },
        { version: 3, label: `${c3} (2026-10-06)`, path: 'schemas/customer.avsc', where: `${c3}:schemas/customer.avsc` },
      ],
      notes: [],
      isNew: false,
    });
    expect(snapshot.versions.map((version) => [version.text, version.schemaType, version.commit, version.date])).toEqual([
      [V1, 'AVRO', commits[0], '2026-10-01T12:00:00+00:00'],
      [V2, 'AVRO', commits[1], '2026-10-03T12:00:00+00:00'],
      [V3, 'AVRO', commits[2], '2026-10-06T12:00:00+00:00'],
    ]);
  });

  it('leaves out a newest version equal to the candidate (the change is committed), and says so', async () => {
    const c3 = repo.short(commits[2] as string);
    const snapshot = await readHistory('git-log', { cwd: repo.dir, path: 'schemas/customer.avsc', candidate: V3 });
    expect(snapshot.versions.map((version) => version.version)).toEqual([1, 2]);
    expect(snapshot.notes).toEqual([
      `the newest committed version, ${c3} (2026-10-06), equals the candidate (the change is committed): left out, so the candidate is compared with the versions before it`,
    ]);
  });

  it('loads parsed versions that checkCompatibility takes: a committed breaking change is still caught', async () => {
    repo.commit('breaking', { 'schemas/customer.avsc': BREAKING }, '2026-10-07');
    try {
      const loaded = await loadHistory('git-log', { cwd: repo.dir, path: 'schemas/customer.avsc', candidate: BREAKING });
      expect(loaded.history.map((schema) => [schema.schemaType, schema.version])).toEqual([['AVRO', 1], ['AVRO', 2], ['AVRO', 3]]);
      const result = checkCompatibility('BACKWARD_TRANSITIVE', BREAKING, loaded.history);
      expect(result.incompatibilities.map(({ type, version, location }) => ({ type, version, location }))).toEqual([
        { type: 'TYPE_MISMATCH', version: 3, location: '/fields/0/type' },
        { type: 'TYPE_MISMATCH', version: 2, location: '/fields/0/type' },
        { type: 'TYPE_MISMATCH', version: 1, location: '/fields/0/type' },
      ]);
    } finally {
      repo.git('reset', '-q', '--hard', 'HEAD~1');
    }
  });

  it('leaves out every committed version identical to the candidate (a doc-only commit after the change), by the checker\'s identity', async () => {
    const documented = BREAKING.replace('"name": "User",', '"name": "User",\n  "doc": "A customer",');
    repo.commit('breaking', { 'schemas/customer.avsc': BREAKING }, '2026-10-07');
    repo.commit('doc only', { 'schemas/customer.avsc': documented }, '2026-10-08');
    try {
      const loaded = await loadHistory('git-log', { cwd: repo.dir, path: 'schemas/customer.avsc', candidate: documented });
      expect(loaded.versions.map((version) => version.commit)).toEqual(commits);
      expect(loaded.history.map((schema) => schema.version)).toEqual([1, 2, 3]);
      const breaking = repo.short(repo.git('rev-parse', 'HEAD~1').trim());
      expect(loaded.notes.at(-1)).toBe(`the newest committed version, ${breaking} (2026-10-07), equals the candidate (the change is committed): left out, so the candidate is compared with the versions before it`);
      expect(checkCompatibility('BACKWARD', documented, loaded.history).compatible).toBe(false);
    } finally {
      repo.git('reset', '-q', '--hard', 'HEAD~2');
    }
  });

  it('reads the history of another ref (git-log:REF) and of another path (git-log:REF:PATH)', async () => {
    repo.git('checkout', '-q', '-b', 'feature');
    repo.commit('feature change', { 'schemas/customer.avsc': BREAKING }, '2026-10-08');
    try {
      const main = await readHistory('git-log:main', { cwd: repo.dir, path: 'schemas/customer.avsc' });
      expect(main.versions.map((version) => version.commit)).toEqual(commits);
      const byPath = await readHistory('git-log:main:schemas/customer.avsc', { cwd: join(repo.dir, 'schemas') });
      expect(byPath.versions.map((version) => version.commit)).toEqual(commits);
      const relative = await readHistory('git-log:main:./customer.avsc', { cwd: join(repo.dir, 'schemas') });
      expect(relative.versions.map((version) => version.commit)).toEqual(commits);
    } finally {
      repo.git('checkout', '-q', 'main');
    }
  });

  it('a file with no commit is a new subject: an empty history, and the note says so', async () => {
    repo.write('schemas/new.avsc', V1);
    const snapshot = await readHistory('git-log', { cwd: repo.dir, path: 'schemas/new.avsc' });
    expect(summary(snapshot)).toEqual({
      description: 'git-log HEAD: new subject: no history yet (schemas/new.avsc)',
      versions: [],
      notes: ["new subject: no history yet: no commit of schemas/new.avsc in HEAD's history"],
      isNew: true,
    });
    rmSync(join(repo.dir, 'schemas/new.avsc'));
  });

  it('a shallow clone is refused: its history is cut off', async () => {
    const shallow = GitRepo.clone(repo, '--depth', '1');
    try {
      const error = await sourceError(readHistory('git-log', { cwd: shallow.dir, path: 'schemas/customer.avsc' }));
      expect(error.code).toBe(SourceErrorCode.SHALLOW_CLONE);
      expect(error.message).toContain('`git fetch --unshallow` (GitHub Actions: actions/checkout with `fetch-depth: 0`)');
    } finally {
      shallow.remove();
    }
  });

  it('an unknown ref of a remote gets the fetch that brings it', async () => {
    const clone = GitRepo.clone(repo);
    try {
      const error = await sourceError(readHistory('git-log:origin/release', { cwd: clone.dir, path: 'schemas/customer.avsc' }));
      expect(error.code).toBe(SourceErrorCode.UNKNOWN_REF);
      expect(error.message).toBe('git-log origin/release: git knows no commit named "origin/release". Fetch it: `git fetch origin release`. In GitHub Actions, actions/checkout with `fetch-depth: 0` fetches every branch and tag');
    } finally {
      clone.remove();
    }
  });
});

describe('git:REF: the file at one ref', () => {
  let repo: GitRepo;
  let tip: string;

  beforeAll(() => {
    repo = GitRepo.create();
    repo.commit('v1', { 'schemas/user.avsc': V1, 'other/order.avsc': V1 }, '2026-10-01');
    tip = repo.commit('v2', { 'schemas/user.avsc': V2 }, '2026-10-02');
    repo.write('schemas/user.avsc', BREAKING);
  });
  afterAll(() => repo.remove());

  it('reads the candidate path at REF: one version, labelled by ref, commit and date', async () => {
    const short = repo.short(tip);
    const snapshot = await readHistory('git:main', { cwd: repo.dir, path: 'schemas/user.avsc' });
    expect(summary(snapshot)).toEqual({
      description: `git main: schemas/user.avsc at ${short} (2026-10-02)`,
      versions: [{ version: 1, label: `main ${short} (2026-10-02)`, path: 'schemas/user.avsc', where: `${short}:schemas/user.avsc` }],
      notes: [],
      isNew: false,
    });
    expect(snapshot.versions[0]?.text).toBe(V2);
  });

  it('reads another path (git:REF:PATH, from the top of the repository as git does)', async () => {
    const snapshot = await readHistory('git:main~1:other/order.avsc', { cwd: join(repo.dir, 'schemas') });
    expect(snapshot.versions.map((version) => version.text)).toEqual([V1]);
  });

  it('a candidate path that is not at REF is a new subject; an explicit PATH that is not there is an error', async () => {
    repo.write('schemas/fresh.avsc', V1);
    const fresh = await readHistory('git:main', { cwd: repo.dir, path: 'schemas/fresh.avsc' });
    expect(fresh.isNew).toBe(true);
    expect(fresh.notes).toEqual([`new subject: no history yet: schemas/fresh.avsc is not at main (${repo.short(tip)} (2026-10-02)) and no commit of its history touched it`]);
    const error = await sourceError(readHistory('git:main:schemas/fresh.avsc', { cwd: repo.dir }));
    expect(error.code).toBe(SourceErrorCode.PATH_NOT_FOUND);
    expect(error.message).toContain(`schemas/fresh.avsc is not a file at main (${repo.short(tip)})`);
    rmSync(join(repo.dir, 'schemas/fresh.avsc'));
  });

  it('follows a rename committed since REF to the old path', async () => {
    repo.git('checkout', '-q', '-b', 'move');
    repo.git('mv', 'schemas/user.avsc', 'schemas/account.avsc');
    repo.commit('move', {}, '2026-10-03');
    try {
      const snapshot = await readHistory('git:main', { cwd: repo.dir, path: 'schemas/account.avsc' });
      expect(snapshot.versions.map((version) => [version.path, version.text])).toEqual([['schemas/user.avsc', V2]]);
      expect(snapshot.notes).toEqual(["schemas/account.avsc was schemas/user.avsc at main (found by git's rename detection): compared with that file"]);
    } finally {
      repo.git('checkout', '-q', 'main');
      repo.write('schemas/user.avsc', BREAKING);
    }
  });

  it('finds a one-line schema moved and edited in one change by its schema name (git sees no rename in a rewritten line)', async () => {
    const oneLine = (fields: unknown[]): string => JSON.stringify({ type: 'record', name: 'Invoice', namespace: 'com.acme', fields });
    repo.git('checkout', '-q', '-b', 'invoices');
    repo.commit('invoice v1', { 'billing/invoice.avsc': oneLine([{ name: 'id', type: 'long' }]) }, '2026-10-04');
    repo.git('checkout', '-q', '-b', 'move-and-edit');
    repo.git('mv', 'billing/invoice.avsc', 'schemas/invoice.avsc');
    // Rewritten enough that git's similarity (by chunks of content) sees two unrelated files.
    const moved = oneLine([{ name: 'id', type: 'string' }, { name: 'customerReference', type: ['null', 'string'], default: null }, { name: 'totalAmountInCents', type: 'long', default: 0 }, { name: 'issuedAtEpochMillis', type: { type: 'long', logicalType: 'timestamp-millis' }, default: 0 }]);
    repo.commit('move and break', { 'schemas/invoice.avsc': moved }, '2026-10-05');
    try {
      for (const source of ['git:invoices', 'git-log:invoices']) {
        const snapshot = await readHistory(source, { cwd: repo.dir, path: 'schemas/invoice.avsc', candidate: moved });
        expect(snapshot.versions.map((version) => version.path), source).toEqual(['billing/invoice.avsc']);
        expect(snapshot.notes[0], source).toMatch(/^schemas\/invoice\.avsc was billing\/invoice\.avsc at invoices \(found by its schema name com\.acme\.Invoice\)/);
      }
    } finally {
      repo.git('checkout', '-q', 'main');
      repo.write('schemas/user.avsc', BREAKING);
    }
  });

  it('a source without a path for a stdin candidate says how to name one', async () => {
    const error = await sourceError(readHistory('git:main', { cwd: repo.dir }));
    expect(error.code).toBe(SourceErrorCode.BAD_SOURCE);
    expect(error.message).toBe('git main: which file? The candidate has no path (stdin). Name it in the source: git:REF:PATH, git-log:REF:PATH or git-tags:GLOB:PATH');
  });

  it('outside a repository: NOT_A_GIT_REPOSITORY', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'schema-compat-plain-'));
    try {
      const error = await sourceError(readHistory('git:main', { cwd: plain, path: 'user.avsc' }));
      expect(error.code).toBe(SourceErrorCode.NOT_A_GIT_REPOSITORY);
      expect(error.message).toBe('git main: not inside a git repository. Run it from a git checkout, or read the history from files (dir:PATH or HISTORY files)');
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});

describe('git-tags:GLOB: the file at each tag, in version order', () => {
  let repo: GitRepo;

  beforeAll(() => {
    repo = GitRepo.create();
    repo.commit('docs only', { 'README.md': 'x\n' }, '2026-09-01');
    repo.git('tag', 'v0.9.0');
    repo.commit('v1', { 'schemas/user.avsc': V1 }, '2026-10-01');
    repo.git('tag', '-a', '-m', 'release', 'v1.0.0');
    repo.commit('v2', { 'schemas/user.avsc': V2 }, '2026-10-02');
    repo.git('tag', 'v1.10.0-rc.1');
    repo.git('tag', 'v1.9.0', 'HEAD~1');
    repo.commit('v3', { 'schemas/user.avsc': V3 }, '2026-10-03');
    repo.git('tag', 'v1.10.0');
    repo.git('tag', 'other-tag');
  });
  afterAll(() => repo.remove());

  it('orders by Semantic Versioning (1.9 before 1.10, a pre-release before its release), skips tags without the file, collapses equal contents', async () => {
    const snapshot = await readHistory('git-tags:v*', { cwd: repo.dir, path: 'schemas/user.avsc' });
    expect(snapshot.versions.map(({ version, label, tag, text }) => ({ version, label, tag, text }))).toEqual([
      { version: 1, label: 'v1.0.0', tag: 'v1.0.0', text: V1 },
      { version: 2, label: 'v1.10.0-rc.1', tag: 'v1.10.0-rc.1', text: V2 },
      { version: 3, label: 'v1.10.0', tag: 'v1.10.0', text: V3 },
    ]);
    expect(snapshot.notes).toEqual([
      'schemas/user.avsc is not at v0.9.0: skipped',
      'v1.9.0 hold the same file as the tag before them: not counted again',
    ]);
    // An annotated tag is read at its commit.
    expect(snapshot.versions[0]?.commit).toBe(repo.git('rev-parse', 'v1.0.0^{commit}').trim());
  });

  it('reads tags made before the file moved at its former path (the file\'s git history)', async () => {
    repo.git('checkout', '-q', '-b', 'moved');
    repo.git('mv', 'schemas/user.avsc', 'schemas/customer.avsc');
    repo.commit('move', {}, '2026-10-04');
    try {
      const snapshot = await readHistory('git-tags:v*', { cwd: repo.dir, path: 'schemas/customer.avsc' });
      expect(snapshot.versions.map(({ label, path, text }) => ({ label, path, text }))).toEqual([
        { label: 'v1.0.0', path: 'schemas/user.avsc', text: V1 },
        { label: 'v1.10.0-rc.1', path: 'schemas/user.avsc', text: V2 },
        { label: 'v1.10.0', path: 'schemas/user.avsc', text: V3 },
      ]);
      expect(snapshot.notes).toContain("schemas/customer.avsc was schemas/user.avsc at some tags (found by git's rename detection): read from there");
    } finally {
      repo.git('checkout', '-q', 'main');
    }
  });

  it('orders by tag date when a tag holds no version number, and says so', async () => {
    const snapshot = await readHistory('git-tags', { cwd: repo.dir, path: 'schemas/user.avsc' });
    expect(snapshot.notes[0]).toBe('tags in date order: other-tag hold no version number');
    expect(snapshot.versions.map((version) => version.text)).toEqual([V1, V2, V3]);
  });

  it('no matching tag is an error with the fetch to run', async () => {
    const error = await sourceError(readHistory('git-tags:release-*', { cwd: repo.dir, path: 'schemas/user.avsc' }));
    expect(error.code).toBe(SourceErrorCode.NO_MATCHING_TAGS);
    expect(error.message).toContain('`git fetch --tags`');
  });
});
