import { SourceError, SourceErrorCode } from '../errors.js';
import { gitText, runGit } from './run.js';
import type { GitRepo } from './repo.js';
import { commitLabel } from './target.js';

/**
 * The candidate's own path has no version at `ref`: it is a new subject only when it is new in
 * this change, otherwise a `PATH_NOT_FOUND` saying why. New means: the path is not one you named
 * (`explicit`), git does not ignore it (an ignored file is in no commit, so no ref can give its
 * history), and no commit of `ref`'s history touched it (a file deleted before `ref` is no new
 * file: its history is there). Renames are followed before this is asked.
 */
export async function requireNewFile(repo: GitRepo, ref: string, commit: string, path: string, explicit: boolean): Promise<void> {
  if (explicit) {
    throw new SourceError(SourceErrorCode.PATH_NOT_FOUND, repo.where, `${path} has no version at ${ref}`, { remedy: `List what is there: \`git ls-tree -r --name-only ${ref}\`` });
  }
  // git check-ignore exits 0 when the path is ignored (gitignore(5)); a tracked file is never reported.
  const ignored = await runGit(repo.root, ['check-ignore', '--quiet', '--', path], repo.where);
  if (ignored.code === 0) {
    throw new SourceError(SourceErrorCode.PATH_NOT_FOUND, repo.where, `git ignores ${path} (.gitignore): no commit holds it, so ${ref} cannot give its history`, {
      remedy: 'Commit the schema (take it out of .gitignore), or read the history from a folder or a registry',
    });
  }
  const last = (await gitText(repo.root, ['log', '-1', '--format=%H%x00%h%x00%cI', commit, '--', path], repo.where)).trim();
  if (last !== '') {
    const [full = '', short = '', date = ''] = last.split('\0');
    throw new SourceError(SourceErrorCode.PATH_NOT_FOUND, repo.where, `${path} is not at ${ref}, but ${ref}'s history has it (last changed in ${commitLabel({ commit: full, short, date })}): it was deleted, so it is no new subject`, {
      remedy: `Compare with its former versions: --against git-log:${ref}`,
    });
  }
}
