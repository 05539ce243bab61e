import { SourceError, SourceErrorCode } from '../errors.js';
import type { ReadHistoryOptions, SourceVersion } from '../types.js';
import { schemaTypeOfPath, withoutBom } from '../file-types.js';
import { gitText } from './run.js';
import { locateFile, repoPathOf, sharedAnswer } from './repo.js';
import type { GitRepo } from './repo.js';

/** The file a git source reads: an explicit path (as git's REF:PATH reads it) or the candidate's own. */
export async function gitTarget(path: string | undefined, options: ReadHistoryOptions, where: string): Promise<{ repo: GitRepo; path: string; explicit: boolean }> {
  const cwd = options.cwd ?? process.cwd();
  if (path !== undefined) return { ...(await repoPathOf(path, cwd, where, options.gitCache)), explicit: true };
  if (options.path === undefined) {
    throw new SourceError(SourceErrorCode.BAD_SOURCE, where, 'which file? The candidate has no path (stdin)', { remedy: 'Name it in the source: git:REF:PATH, git-log:REF:PATH or git-tags:GLOB:PATH' });
  }
  return { ...(await locateFile(options.path, cwd, where, options.gitCache)), explicit: false };
}

/** A commit as reports name it. */
export interface CommitInfo {
  readonly commit: string;
  /** The abbreviated id git prints (`a1b2c3d`). */
  readonly short: string;
  /** The committer date, ISO 8601. */
  readonly date: string;
}

/** `a1b2c3d (2026-10-01)`. */
export function commitLabel(info: CommitInfo): string {
  return `${info.short} (${info.date.slice(0, 10)})`;
}

export function commitInfo(repo: GitRepo, commit: string): Promise<CommitInfo> {
  return sharedAnswer(repo, ['info', commit], () => readCommitInfo(repo, commit));
}

async function readCommitInfo(repo: GitRepo, commit: string): Promise<CommitInfo> {
  const [full = commit, short = commit, date = ''] = (await gitText(repo.root, ['log', '-1', '--format=%H%x00%h%x00%cI', commit, '--'], repo.where)).trim().split('\0');
  return { commit: full, short, date };
}

/** A committed file as a history version; `name` is what names the commit in messages (its short id, or a tag). */
export function gitVersion(
  fields: { readonly version: number; readonly label: string; readonly name: string; readonly path: string; readonly info: CommitInfo; readonly text: string; readonly tag?: string },
  options: ReadHistoryOptions,
  where: string,
): SourceVersion {
  return {
    version: fields.version,
    label: fields.label,
    where: `${fields.name}:${fields.path}`,
    schemaType: schemaTypeOfPath(fields.path, options.schemaType, where),
    text: withoutBom(fields.text),
    path: fields.path,
    commit: fields.info.commit,
    date: fields.info.date,
    ...(fields.tag === undefined ? {} : { tag: fields.tag }),
  };
}
