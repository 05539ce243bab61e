import { SourceError, SourceErrorCode } from '../errors.js';
import { gitFailure, streamGit } from './run.js';
import type { GitRepo } from './repo.js';
import type { CommitInfo } from './target.js';

/**
 * One file a commit changed against its first parent, as `git log --name-status` says it: `A`dded,
 * `M`odified, `D`eleted, `T`ype changed, `R`enamed (with the similarity: `R093`) from `from`.
 */
export interface PathChange {
  readonly status: string;
  readonly path: string;
  readonly from?: string;
}

/** A commit of a branch's first-parent history and what it changed against its first parent. */
export interface WalkedCommit {
  readonly info: CommitInfo;
  /** The first parent's id; undefined for a root commit. */
  readonly parent: string | undefined;
  readonly changes: readonly PathChange[];
}

/** The longest path (or other field) git's output may hold here: more is no output of this command. */
const MAX_FIELD_BYTES = 64 * 1024;

/**
 * Walks the first-parent history of `commit` (the versions the branch held, merge results
 * included, a merged branch's own commits not), newest first, without the commits `bound`
 * contains (git's `bound..commit`), handing each commit to `onCommit` as git prints it.
 *
 * - `--first-parent -m`: a merge is diffed against its first parent only (git-log(1), "Diff
 *   Formatting": with --first-parent, -m shows the first-parent diff), so a merge result that
 *   differs from the branch before it is a change of the merge commit;
 * - `-M` without `-C`: renames are detected (a file added whose deleted twin is similar), copies
 *   are not (a copy is a new file), whatever `diff.renames` says;
 * - `--root`: the first commit's files are additions, whatever `log.showRoot` says;
 * - `-z`: each commit is `\x01<id>\0<short id>\0<date>\0<parent ids>\0`, then `\n` and
 *   `STATUS\0PATH\0` (a rename: `R093\0OLD\0NEW\0`) per file.
 */
export async function walkFirstParent(repo: GitRepo, commit: string, bound: string | undefined, onCommit: (walked: WalkedCommit) => void): Promise<void> {
  const args = ['log', '--first-parent', '-m', '-M', '--root', '--name-status', '-z', '--format=%x01%H%x00%h%x00%cI%x00%P', commit, ...(bound === undefined ? [] : [`^${bound}`]), '--'];
  const parser = logParser(onCommit, (problem) => new SourceError(SourceErrorCode.GIT_FAILED, repo.where, `git log: ${problem}`));
  const end = await streamGit(repo.root, args, repo.where, parser.write);
  if (end.code !== 0) throw gitFailure(end.stderr, args, repo.where);
  parser.end();
}

/** A parser of the NUL-separated output above, fed chunk by chunk; fields are decoded whole, never split in a character. */
function logParser(onCommit: (walked: WalkedCommit) => void, broken: (problem: string) => Error): { write: (chunk: Buffer) => void; end: () => void } {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let header: string[] | undefined;
  let info: CommitInfo | undefined;
  let parent: string | undefined;
  let changes: PathChange[] = [];
  let entry: string[] = [];
  const emit = (): void => {
    if (info !== undefined) onCommit({ info, parent, changes });
    info = undefined;
    changes = [];
  };
  const field = (text: string): void => {
    if (header !== undefined) {
      header.push(text);
      if (header.length < 4) return;
      const [commit = '', short = '', date = '', parents = ''] = header;
      info = { commit, short, date };
      parent = parents === '' ? undefined : parents.split(' ')[0];
      header = undefined;
      return;
    }
    if (entry.length === 0) {
      const token = text.startsWith('\n') ? text.slice(1) : text;
      if (token.startsWith('\x01')) {
        emit();
        header = [token.slice(1)];
        return;
      }
      if (token === '') return;
      if (info === undefined || !/^[A-Z][0-9]*$/.test(token)) throw broken(`unexpected field ${JSON.stringify(token.slice(0, 40))}`);
      entry = [token];
      return;
    }
    entry.push(text);
    const status = entry[0] as string;
    const two = status.startsWith('R') || status.startsWith('C');
    if (entry.length < (two ? 3 : 2)) return;
    changes.push(two ? { status, from: entry[1] as string, path: entry[2] as string } : { status, path: entry[1] as string });
    entry = [];
  };
  return {
    write: (chunk) => {
      let at = 0;
      for (let nul = chunk.indexOf(0, at); nul >= 0; nul = chunk.indexOf(0, at)) {
        pending.push(chunk.subarray(at, nul));
        field(Buffer.concat(pending).toString('utf8'));
        pending = [];
        pendingBytes = 0;
        at = nul + 1;
      }
      if (at < chunk.length) {
        pendingBytes += chunk.length - at;
        if (pendingBytes > MAX_FIELD_BYTES) throw broken(`a field is longer than ${MAX_FIELD_BYTES} bytes`);
        // A copy: the chunk's memory is reused by the stream.
        pending.push(Buffer.from(chunk.subarray(at)));
      }
    },
    end: () => {
      if (pendingBytes > 0 || header !== undefined || entry.length > 0) throw broken('the output ended early');
      emit();
    },
  };
}
