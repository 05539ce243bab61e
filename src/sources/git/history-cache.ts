import { walkFirstParent } from './first-parent.js';
import { ObjectBatch } from './object-batch.js';
import { pathTracker } from './path-history.js';
import type { PathHistory } from './path-history.js';
import type { GitRepo } from './repo.js';

/** Files' histories from one walk, and where the walk stopped. */
interface Walk {
  readonly histories: Map<string, PathHistory>;
  /**
   * The commit before the oldest one walked (the newest first-parent commit a range's lower bound
   * contains: the bound itself when it is on the branch), the commit walked from when nothing was;
   * undefined when the walk reached the first commit.
   */
  readonly start: string | undefined;
}

/** A file's history, and the commit a range's walk starts after (see `Walk`). */
export interface RangeHistory extends PathHistory {
  readonly start: string | undefined;
}

/**
 * Shares the git reads of one run between its histories (a repository check reads the history of
 * every subject from the same branch, or the same tags). The first `git-log` read walks the
 * branch's first-parent history once for every path given here, and later reads of these paths at
 * the same ref take their answer from that walk; paths are from the top of the repository, as the
 * files are at the ref, and a path not given is walked on its own, as without a cache. Every git
 * source (`git`, `git-log`, `git-tags`) also asks once per run where a folder's repository is,
 * what a ref or a tag glob names, and what changed since a ref, and reads blobs in batches shared
 * by the histories read at the same time, each blob once (`ObjectBatch`). Make one per run: it
 * answers as the repository was when first asked.
 *
 * ```ts
 * const gitCache = new GitHistoryCache(['schemas/user.avsc', 'schemas/order.avsc']);
 * for (const path of ['schemas/user.avsc', 'schemas/order.avsc']) await readHistory('git-log:main', { path, gitCache });
 * ```
 */
export class GitHistoryCache {
  readonly #paths: ReadonlySet<string>;
  readonly #walks = new Map<string, Promise<Walk>>();
  readonly #answers = new Map<string, Promise<unknown>>();
  readonly #objects = new Map<string, ObjectBatch>();

  constructor(paths: Iterable<string> = []) {
    this.#paths = new Set(paths);
  }

  /** @internal The history of `path` in `commit`'s first-parent history after `bound`, from a shared walk when the path was given. */
  history(repo: GitRepo, commit: string, bound: string | undefined, path: string): Promise<RangeHistory> {
    const shared = this.#paths.has(path);
    const key = [repo.root, commit, bound ?? '', shared ? '' : path].join('\0');
    let walk = this.#walks.get(key);
    if (walk === undefined) {
      walk = walkPaths(repo, commit, bound, shared ? this.#paths : [path]);
      this.#walks.set(key, walk);
    }
    return walk.then(({ histories, start }) => ({ ...(histories.get(path) as PathHistory), start }));
  }

  /** @internal `load()`'s answer for `key`, asked once per run (a failure too: the same question fails the same way). */
  once<T>(key: readonly string[], load: () => Promise<T>): Promise<T> {
    const id = key.join('\0');
    let answer = this.#answers.get(id) as Promise<T> | undefined;
    if (answer === undefined) {
      answer = load();
      this.#answers.set(id, answer);
    }
    return answer;
  }

  /** @internal The shared blob reads of the repository at `root`. */
  objects(root: string): ObjectBatch {
    let batch = this.#objects.get(root);
    if (batch === undefined) {
      batch = new ObjectBatch(root);
      this.#objects.set(root, batch);
    }
    return batch;
  }
}

/** The histories of `paths` in one first-parent walk. */
async function walkPaths(repo: GitRepo, commit: string, bound: string | undefined, paths: Iterable<string>): Promise<Walk> {
  const tracker = pathTracker(paths);
  let start: string | undefined = commit;
  await walkFirstParent(repo, commit, bound, (walked) => {
    start = walked.parent;
    tracker.onCommit(walked);
  });
  return { histories: tracker.histories(), start };
}

/**
 * The commits of `commit`'s first-parent history (after `bound`) that changed the file at `path`,
 * newest first, renames followed (`pathTracker`): from the run's shared walk when there is one.
 */
export function fileHistory(repo: GitRepo, commit: string, bound: string | undefined, path: string): Promise<RangeHistory> {
  return (repo.shared ?? new GitHistoryCache()).history(repo, commit, bound, path);
}
