import { posix } from 'node:path';
import { SourceError, SourceErrorCode } from '../sources/errors.js';
import { gitText } from '../sources/git/run.js';
import { openRepo, readBlobs, resolveCommit } from '../sources/git/repo.js';
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
 * leads out of it are a `SourceError` OUTSIDE_REPOSITORY, never read (`readBlobs`).
 */
export function commitReader(place: GitPlace, commit: string): ReadFile {
  const cache = new Map<string, Promise<string | undefined>>();
  const repo = { root: place.root, where: `git ${commit.slice(0, 12)}` };
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
 * The files (relative to the configuration folder) that differ from `ref`: committed since, changed
 * in the work tree, or new and not ignored. An unknown ref is a `SourceError` with the fetch to run.
 */
export async function changedSince(place: GitPlace, ref: string): Promise<Set<string>> {
  const repo = { root: place.root, where: `--changed-since ${ref}` };
  const commit = await resolveCommit(repo, ref);
  const changed = (await gitText(place.root, ['diff', '--name-only', '-z', commit, '--'], repo.where)).split('\0');
  const untracked = (await gitText(place.root, ['ls-files', '--others', '--exclude-standard', '-z'], repo.where)).split('\0');
  const files = new Set<string>();
  for (const path of [...changed, ...untracked]) {
    if (path !== '' && path.startsWith(place.prefix)) files.add(path.slice(place.prefix.length));
  }
  return files;
}
