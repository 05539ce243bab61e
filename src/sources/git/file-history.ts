import { gitText } from './run.js';
import type { GitRepo } from './repo.js';
import type { CommitInfo } from './target.js';

/** One commit that touched the file, and the path the file had there (undefined: it was deleted). */
export interface FileCommit {
  readonly info: CommitInfo;
  readonly path: string | undefined;
}

/**
 * The commits of `git log --follow` for one file, newest first. With `-z` each commit is
 * `\x01<format>\0` then `\n`, then name-status entries: `M\0path\0`, `R100\0old\0new\0`.
 */
export async function fileHistory(repo: GitRepo, commit: string, path: string): Promise<FileCommit[]> {
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
