import { describeVersions } from '../describe.js';
import { sameContent, schemaTypeOfPath } from '../file-types.js';
import type { HistorySnapshot, ReadHistoryOptions, SourceVersion } from '../types.js';
import { readBlobs } from './blobs.js';
import { collapseVersions, withAllDependencies } from './dependencies.js';
import { fileHistory } from './history-cache.js';
import type { RangeHistory } from './history-cache.js';
import { requireNewFile } from './new-file.js';
import { formerPaths } from './renames.js';
import { requireFullHistory, resolveBound, resolveCommit } from './repo.js';
import type { GitRepo } from './repo.js';
import { commitInfo, commitLabel, gitTarget, gitVersion } from './target.js';
import type { CommitInfo } from './target.js';

/** A committed version before it is numbered: the commit, the file's path there, its label. */
interface Found {
  readonly info: CommitInfo;
  readonly path: string;
  readonly label: string;
  /** The file as a range's lower bound has it, first of the history. */
  readonly bound?: true;
}

/**
 * `git-log`, `git-log:REF`, `git-log:BOUND..REF`: the versions the file had in REF's first-parent
 * history (default HEAD), oldest first: each commit of the branch that changed it, a merge whose
 * result differs from the branch before it included, a merged branch's own commits not (they were
 * never the branch's version). Renames are followed, copies are new files. Consecutive equal
 * versions (the file, and with `dependenciesOf` what it depends on at each commit) are collapsed into their first commit; a revert to an older content is a version. With
 * a lower bound, the history starts with the file as the bound has it, then the commits after it.
 * When the newest equals the candidate (the change is already committed) it is left out, or the
 * candidate would be checked against itself and the change hidden; the notes say so. A file with no
 * commit is a new subject when it is new in this change (`requireNewFile`), else an error. A
 * shallow clone is refused: its history is cut off.
 */
export async function readGitLog(source: { readonly ref: string; readonly since?: string; readonly path?: string }, options: ReadHistoryOptions): Promise<HistorySnapshot> {
  const range = source.since === undefined ? source.ref : `${source.since}..${source.ref}`;
  const where = `git-log ${range}`;
  const target = await gitTarget(source.path, options, where);
  const repo = target.repo;
  await requireFullHistory(repo);
  const commit = await resolveCommit(repo, source.ref);
  const bound = source.since === undefined ? undefined : await resolveBound(repo, source.since, commit, source.ref);
  const notes: string[] = [];
  let path = target.path;
  const lower = bound === undefined ? undefined : { commit: bound, name: source.since as string };
  let found = await readPath(repo, commit, lower, path);
  if (found.length === 0 && !target.explicit) {
    for (const former of await formerPaths(repo, commit, path, options.candidate)) {
      found = await readPath(repo, commit, lower, former.path);
      if (found.length === 0) continue;
      notes.push(`${path} was ${former.path} at ${source.ref} (found by ${former.how}): its history is that file's`);
      path = former.path;
      break;
    }
  }
  const start = found[0];
  if (bound !== undefined && start !== undefined && start.bound && start.info.commit !== bound) {
    notes.push(`${source.since} is not a commit of ${source.ref}'s first-parent history: the history starts at ${commitLabel(start.info)}, the newest of its commits that ${source.since} contains`);
  }
  const texts = await readBlobs(repo, found.map((entry) => `${entry.info.commit}:${entry.path}`));
  const schemaType = schemaTypeOfPath(path, options.schemaType, where);
  const committed: SourceVersion[] = [];
  for (const [i, entry] of found.entries()) {
    const text = texts[i];
    if (text !== undefined) committed.push(gitVersion({ version: committed.length + 1, label: entry.label, name: entry.info.short, path: entry.path, info: entry.info, text }, options, where));
  }
  const read = await withAllDependencies(committed, options);
  // A commit is a new version when the file or what it depends on there (options.dependenciesOf) changed.
  const versions = collapseVersions(read).kept;
  if (found.length === 0) await requireNewFile(repo, source.ref, commit, path, target.explicit);
  const newest = versions[versions.length - 1];
  let isNew = found.length === 0;
  // With dependencies, the candidate's own are not known here: parseHistory settles it by the checker's identity.
  if (newest !== undefined && options.candidate !== undefined && options.dependenciesOf === undefined && sameContent(newest.text, options.candidate, schemaType)) {
    versions.pop();
    isNew = versions.length === 0;
    notes.push(isNew
      ? `new subject: no history yet: the only committed version of ${path}, ${newest.label}, is the candidate itself`
      : `the newest committed version, ${newest.label}, equals the candidate (the change is committed): left out, so the candidate is compared with the versions before it`);
  }
  if (found.length === 0) notes.push(`new subject: no history yet: no commit of ${path} in ${range}'s history`);
  return {
    source: { kind: 'git-log', ...source },
    description: `${where}: ${isNew ? `new subject: no history yet (${path})` : describeVersions(versions, path)}`,
    versions,
    notes,
    isNew,
    path,
  };
}

/**
 * The commits that hold a version of the file, oldest first (deletions left out): with a lower
 * bound, first the commit the range starts after (labelled with the bound's name) when the file
 * is there.
 */
async function readPath(repo: GitRepo, commit: string, lower: { readonly commit: string; readonly name: string } | undefined, path: string): Promise<Found[]> {
  const history = await fileHistory(repo, commit, lower?.commit, path);
  const found: Found[] = [];
  for (let i = history.commits.length - 1; i >= 0; i--) {
    const entry = history.commits[i] as RangeHistory['commits'][number];
    if (entry.path !== undefined) found.push({ info: entry.info, path: entry.path, label: commitLabel(entry.info) });
  }
  if (lower === undefined || history.start === undefined) return found;
  const [text] = await readBlobs(repo, [`${history.start}:${history.before}`]);
  if (text === undefined) return found;
  const info = await commitInfo(repo, history.start);
  const label = history.start === lower.commit ? `${lower.name} ${commitLabel(info)}` : commitLabel(info);
  return [{ info, path: history.before, label, bound: true }, ...found];
}
