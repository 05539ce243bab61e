import { sameContent, schemaTypeOfPath } from '../file-types.js';
import type { HistorySnapshot, ReadHistoryOptions, SourceVersion } from '../types.js';
import { gitText } from './run.js';
import { readBlobs, renamedFrom, requireFullHistory, resolveCommit } from './repo.js';
import type { GitRepo } from './repo.js';
import { commitLabel, gitTarget, gitVersion } from './target.js';
import type { CommitInfo } from './target.js';

/** One commit that touched the file, and the path the file had there (undefined: it was deleted). */
interface FileCommit {
  readonly info: CommitInfo;
  readonly path: string | undefined;
}

/**
 * `git-log` / `git-log:REF`: every committed version of the file in REF's history (default HEAD),
 * oldest first, renames followed, consecutive equal contents collapsed into their first commit.
 * When the newest equals the candidate (the change is already committed) it is left out, or the
 * candidate would be checked against itself and the change hidden; the notes say so. A shallow
 * clone is refused: its history is cut off.
 */
export async function readGitLog(source: { readonly ref: string; readonly path?: string }, options: ReadHistoryOptions): Promise<HistorySnapshot> {
  const where = `git-log ${source.ref}`;
  const target = await gitTarget(source.path, options, where);
  await requireFullHistory(target.repo);
  const commit = await resolveCommit(target.repo, source.ref);
  const notes: string[] = [];
  let path = target.path;
  let commits = await fileHistory(target.repo, commit, path);
  if (commits.length === 0 && !target.explicit) {
    const old = await renamedFrom(target.repo, commit, path);
    if (old !== undefined) {
      notes.push(`${path} was ${old} at ${source.ref}: its history is that file's`);
      path = old;
      commits = await fileHistory(target.repo, commit, path);
    }
  }
  const present = commits.filter((entry): entry is FileCommit & { path: string } => entry.path !== undefined).reverse();
  const texts = await readBlobs(target.repo, present.map((entry) => `${entry.info.commit}:${entry.path}`));
  const schemaType = schemaTypeOfPath(path, options.schemaType, where);
  const kept: Array<{ entry: FileCommit & { path: string }; text: string }> = [];
  present.forEach((entry, i) => {
    const text = texts[i];
    if (text !== undefined && (kept.length === 0 || !sameContent((kept[kept.length - 1] as { text: string }).text, text, schemaType))) kept.push({ entry, text });
  });
  const newest = kept[kept.length - 1];
  if (newest !== undefined && options.candidate !== undefined && sameContent(newest.text, options.candidate, schemaType)) {
    kept.pop();
    notes.push(`the newest committed version, ${commitLabel(newest.entry.info)}, equals the candidate (the change is committed): left out, so the candidate is compared with the versions before it`);
  }
  const versions: SourceVersion[] = kept.map(({ entry, text }, i) =>
    gitVersion({ version: i + 1, label: commitLabel(entry.info), name: entry.info.short, path: entry.path, info: entry.info, text }, options, where));
  if (commits.length === 0) notes.push(`no commit of ${path} in ${source.ref}'s history: a new schema, nothing to compare with`);
  return {
    source: { kind: 'git-log', ...source },
    description: `${where}: ${describeVersions(versions, path)}`,
    versions,
    notes,
    isNew: commits.length === 0,
  };
}

/** `4 versions of schemas/user.avsc: a1b2c3d (2026-10-01), ...`, at most six named. */
export function describeVersions(versions: readonly SourceVersion[], path: string): string {
  const count = `${versions.length} ${versions.length === 1 ? 'version' : 'versions'} of ${path}`;
  if (versions.length === 0) return count;
  const labels = versions.map((version) => version.label);
  const named = labels.length <= 6 ? labels : [...labels.slice(0, 2), '...', ...labels.slice(-3)];
  return `${count}: ${named.join(', ')}`;
}

/**
 * The commits of `git log --follow` for one file, newest first. With `-z` each commit is
 * `\x01<format>\0` then `\n`, then name-status entries: `M\0path\0`, `R100\0old\0new\0`.
 */
async function fileHistory(repo: GitRepo, commit: string, path: string): Promise<FileCommit[]> {
  const output = await gitText(repo.root, ['log', '--follow', '--name-status', '-z', '--format=%x01%H%x00%h%x00%cI', commit, '--', path], repo.where);
  const commits: FileCommit[] = [];
  let current = path;
  for (const record of output.split('\x01').slice(1)) {
    const [full = '', short = '', date = '', ...rest] = record.split('\0');
    const fields = rest.map((field) => field.replace(/^\n/, '')).filter((field) => field !== '');
    const status = fields[0];
    let at: string | undefined = current;
    if (status?.startsWith('R') || status?.startsWith('C')) {
      at = fields[2];
      current = fields[1] ?? current;
    } else if (status !== undefined) {
      at = status.startsWith('D') ? undefined : fields[1];
      current = fields[1] ?? current;
    }
    commits.push({ info: { commit: full, short, date }, path: at });
  }
  return commits;
}
