import { posix } from 'node:path';
import { SourceError, SourceErrorCode } from '../sources/errors.js';
import { gitText, runGit } from '../sources/git/run.js';
import { readBlobs } from '../sources/git/blobs.js';
import type { GitHistoryCache } from '../sources/git/history-cache.js';
import { openRepo, resolveCommit } from '../sources/git/repo.js';
import { outsideProblem } from '../sources/path-guard.js';
import type { ReadFile } from './references.js';

/** The configuration folder's place in its git repository: where git runs, and the prefix of its paths. */
export interface GitPlace {
  readonly root: string;
  /** The configuration folder relative to the repository's top (`''` or `services/orders/`). */
  readonly prefix: string;
}

export async function gitPlace(folder: string): Promise<GitPlace> {
  const where = `git ${folder}`;
  const prefix = (await gitText(folder, ['rev-parse', '--show-prefix'], where)).trim();
  return { root: (await openRepo(folder, where)).root, prefix };
}

/**
 * Reads files (relative to the configuration folder) as they were at `commit`, each once. A path
 * that leaves the repository (absolute, or `..` above its top) and a committed symbolic link that
 * leads out of it are a `SourceError` OUTSIDE_REPOSITORY, never read (`readBlobs`). With the run's
 * shared reads, blobs are read in the run's batches.
 */
export function commitReader(place: GitPlace, commit: string, shared?: GitHistoryCache): ReadFile {
  const cache = new Map<string, Promise<string | undefined>>();
  const repo = { root: place.root, where: `git ${commit.slice(0, 12)}`, ...(shared === undefined ? {} : { shared }) };
  return (path) => {
    let pending = cache.get(path);
    if (pending === undefined) {
      const inTree = posix.normalize(posix.join(place.prefix, path));
      pending = posix.isAbsolute(path) || inTree === '..' || inTree.startsWith('../')
        ? Promise.reject(new SourceError(SourceErrorCode.OUTSIDE_REPOSITORY, repo.where, outsideProblem(path, 'path')))
        : readBlobs(repo, [`${commit}:${inTree}`]).then(([text]) => text);
      cache.set(path, pending);
    }
    return pending;
  };
}

/**
 * The files (relative to the configuration folder) that this branch changed since it left `ref`:
 * those that differ between the merge base of `ref` and HEAD (`git merge-base`; `ref` itself when
 * HEAD contains it) and the work tree, committed or not, and new files not ignored. What `ref`
 * received after the branch left it (another pull request merged into main) is not this branch's
 * change. Without a merge base (unrelated histories, no commit yet), `ref` itself. An unknown ref is a
 * `SourceError` with the fetch to run.
 */
export async function changedSince(place: GitPlace, ref: string): Promise<Set<string>> {
  const repo = { root: place.root, where: `--changed-since ${ref}` };
  const commit = await resolveCommit(repo, ref);
  const base = await runGit(place.root, ['merge-base', commit, 'HEAD'], repo.where);
  // merge-base fails when the two have no common ancestor (or HEAD has no commit yet): then `ref` itself.
  const since = base.code === 0 ? base.stdout.toString('utf8').trim() : commit;
  const changed = (await gitText(place.root, ['diff', '--name-only', '-z', since, '--'], repo.where)).split('\0');
  const untracked = (await gitText(place.root, ['ls-files', '--others', '--exclude-standard', '-z'], repo.where)).split('\0');
  const files = new Set<string>();
  for (const path of [...changed, ...untracked]) {
    if (path !== '' && path.startsWith(place.prefix)) files.add(path.slice(place.prefix.length));
  }
  return files;
}
