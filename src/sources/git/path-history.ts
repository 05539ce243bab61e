import type { WalkedCommit } from './first-parent.js';
import type { CommitInfo } from './target.js';

/** One commit that changed the file, and the path the file had there (undefined: it was deleted, or moved away). */
export interface FileCommit {
  readonly info: CommitInfo;
  readonly path: string | undefined;
}

/** A file's history along a first-parent walk. */
export interface PathHistory {
  /** Newest first. */
  readonly commits: readonly FileCommit[];
  /** The path the file had before the oldest commit walked (at a range's lower bound): its path at the start when it never moved. */
  readonly before: string;
}

/**
 * Follows files (given by their path at the newest commit) back through a first-parent walk, newest
 * commit first: a commit that adds, modifies or deletes the path the file has there is one of its
 * commits; a rename to that path is one too, and from there on (older) the file is followed at the
 * renamed path. A copy (git reports it as an addition without `-C`) starts a new file: nothing
 * continues to the copied one. Renames are applied after each commit's changes, so that a commit
 * that swaps two names is read right.
 */
export function pathTracker(paths: Iterable<string>): { readonly onCommit: (walked: WalkedCommit) => void; readonly histories: () => Map<string, PathHistory> } {
  const commits = new Map<string, FileCommit[]>();
  const current = new Map<string, string>();
  const following = new Map<string, Set<string>>();
  for (const path of paths) {
    commits.set(path, []);
    current.set(path, path);
    following.set(path, new Set([path]));
  }
  const onCommit = ({ info, changes }: WalkedCommit): void => {
    const seen = new Map<string, string | undefined>();
    const moves: Array<{ readonly file: string; readonly to: string }> = [];
    const see = (path: string, at: string | undefined): void => {
      for (const file of following.get(path) ?? []) if (seen.get(file) === undefined) seen.set(file, at);
    };
    for (const change of changes) {
      if (change.status.startsWith('R') && change.from !== undefined) {
        see(change.path, change.path);
        for (const file of following.get(change.path) ?? []) moves.push({ file, to: change.from });
        // The old path stopped existing here: for a file followed there, that is a deletion.
        see(change.from, undefined);
      } else {
        see(change.path, change.status.startsWith('D') ? undefined : change.path);
      }
    }
    for (const [file, at] of seen) (commits.get(file) as FileCommit[]).push({ info, path: at });
    for (const { file } of moves) following.get(current.get(file) as string)?.delete(file);
    for (const { file, to } of moves) {
      current.set(file, to);
      following.set(to, (following.get(to) ?? new Set()).add(file));
    }
  };
  const histories = (): Map<string, PathHistory> => new Map([...commits].map(([file, list]) => [file, { commits: list, before: current.get(file) as string }]));
  return { onCommit, histories };
}
