import { basename, dirname, posix, resolve } from 'node:path';
import { SourceError, SourceErrorCode } from '../errors.js';
import type { GitHistoryCache } from './history-cache.js';
import { gitFailure, gitText, runGit } from './run.js';

/** A repository and the folder git commands run in. */
export interface GitRepo {
  /** The work tree's top folder. */
  readonly root: string;
  /** The source, for messages. */
  readonly where: string;
  /** The run's shared reads (`ReadHistoryOptions.gitCache`), when it shares them. */
  readonly shared?: GitHistoryCache;
}

/**
 * `load()` once per run and source for `key` when the repository's reads are shared (the same
 * question then fails the same way, with the same source in its message), else each time.
 */
export function sharedAnswer<T>(repo: Pick<GitRepo, 'root' | 'where' | 'shared'>, key: readonly string[], load: () => Promise<T>): Promise<T> {
  return repo.shared === undefined ? load() : repo.shared.once([repo.root, repo.where, ...key], load);
}

/** The repository that holds `dir`. */
export async function openRepo(dir: string, where: string, shared?: GitHistoryCache): Promise<GitRepo> {
  const root = await sharedAnswer({ root: dir, where, ...(shared === undefined ? {} : { shared }) }, ['toplevel'], async () => (await gitText(dir, ['rev-parse', '--show-toplevel'], where)).trim());
  return { root, where, ...(shared === undefined ? {} : { shared }) };
}

/**
 * The repository of a file and the file's path in it (what `REF:PATH` takes). The file need not
 * be tracked, or exist: a new schema has no history yet.
 */
export async function locateFile(file: string, cwd: string, where: string, shared?: GitHistoryCache): Promise<{ repo: GitRepo; path: string }> {
  const absolute = resolve(cwd, file);
  const folder = dirname(absolute);
  const prefix = await sharedAnswer({ root: folder, where, ...(shared === undefined ? {} : { shared }) }, ['prefix'], async () => (await gitText(folder, ['rev-parse', '--show-prefix'], where)).trim());
  const repo = await openRepo(folder, where, shared);
  return { repo, path: posix.join(prefix, basename(absolute)) };
}

/**
 * A path as git's `REF:PATH` reads it: from the top of the repository, or from `cwd` when it starts
 * with `./` or `../` (gitrevisions(7)).
 */
export async function repoPathOf(path: string, cwd: string, where: string, shared?: GitHistoryCache): Promise<{ repo: GitRepo; path: string }> {
  if (path.startsWith('./') || path.startsWith('../')) return locateFile(path, cwd, where, shared);
  return { repo: await openRepo(cwd, where, shared), path: posix.normalize(path) };
}

/** The commit a ref names; an unknown ref is a `SourceError` with the fetch that would bring it. */
export function resolveCommit(repo: GitRepo, ref: string): Promise<string> {
  return sharedAnswer(repo, ['commit', ref], () => commitOf(repo, ref));
}

async function commitOf(repo: GitRepo, ref: string): Promise<string> {
  const output = await runGit(repo.root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], repo.where);
  if (output.code === 0) return output.stdout.toString('utf8').trim();
  if (output.stderr !== '') throw gitFailure(output.stderr, ['rev-parse', ref], repo.where);
  throw new SourceError(SourceErrorCode.UNKNOWN_REF, repo.where, `git knows no commit named ${JSON.stringify(ref)}`, { remedy: await fetchAdvice(repo, ref) });
}

/** What to run so that `ref` exists here: CI checkouts fetch one commit and no other branch or tag. */
async function fetchAdvice(repo: GitRepo, ref: string): Promise<string> {
  const remotes = (await gitText(repo.root, ['remote'], repo.where)).split('\n').filter(Boolean);
  const shallow = await isShallow(repo);
  const ci = shallow
    ? ' This clone is shallow: in GitHub Actions give actions/checkout `fetch-depth: 0`'
    : ' In GitHub Actions, actions/checkout with `fetch-depth: 0` fetches every branch and tag';
  const slash = ref.indexOf('/');
  const remote = slash > 0 ? ref.slice(0, slash) : undefined;
  if (remote !== undefined && remotes.includes(remote)) return `Fetch it: \`git fetch ${remote} ${ref.slice(slash + 1)}\`.${ci}`;
  if (/^v?\d/.test(ref) || ref.startsWith('refs/tags/')) return `If it is a tag, fetch the tags: \`git fetch --tags\`.${ci}`;
  const known = remotes.length === 0 ? '' : ` (a remote's branch is named like ${remotes[0]}/main)`;
  return `Check the name with \`git branch -a\` and \`git tag\`${known}, or fetch it.${ci}`;
}

export function isShallow(repo: GitRepo): Promise<boolean> {
  return sharedAnswer(repo, ['shallow'], async () => (await gitText(repo.root, ['rev-parse', '--is-shallow-repository'], repo.where)).trim() === 'true');
}

/** Refuses a shallow clone for a source that needs whole histories (the answer would silently miss versions). */
export async function requireFullHistory(repo: GitRepo): Promise<void> {
  if (!(await isShallow(repo))) return;
  throw new SourceError(SourceErrorCode.SHALLOW_CLONE, repo.where, 'this clone is shallow: the history it holds is cut off, so versions would be missing', {
    remedy: 'Fetch the whole history: `git fetch --unshallow` (GitHub Actions: actions/checkout with `fetch-depth: 0`)',
  });
}

/** The object names of `specs` that this repository does not hold (`git cat-file --batch-check`). */
export function missingObjects(repo: GitRepo, specs: readonly string[]): Promise<string[]> {
  return specs.length === 0 ? Promise.resolve([]) : sharedAnswer(repo, ['missing', ...specs], () => missingOf(repo, specs));
}

async function missingOf(repo: GitRepo, specs: readonly string[]): Promise<string[]> {
  const output = await runGit(repo.root, ['cat-file', '--batch-check'], repo.where, `${specs.join('\n')}\n`);
  if (output.code !== 0) throw gitFailure(output.stderr, ['cat-file', '--batch-check'], repo.where);
  return output.stdout.toString('utf8').split('\n').filter((line) => line.endsWith(' missing')).map((line) => line.slice(0, -' missing'.length));
}

/**
 * The commit a range's lower bound names (`git-log:BOUND..REF`). A bound git does not know is
 * UNKNOWN_REF, one that `commit` (REF's) does not contain is BAD_SOURCE: either would otherwise
 * read as a whole history or as none.
 */
export function resolveBound(repo: GitRepo, bound: string, commit: string, ref: string): Promise<string> {
  return sharedAnswer(repo, ['bound', bound, commit, ref], () => boundOf(repo, bound, commit, ref));
}

async function boundOf(repo: GitRepo, bound: string, commit: string, ref: string): Promise<string> {
  const resolved = await resolveCommit(repo, bound);
  const output = await runGit(repo.root, ['merge-base', '--is-ancestor', resolved, commit], repo.where);
  if (output.code === 0) return resolved;
  if (output.code !== 1) throw gitFailure(output.stderr, ['merge-base', '--is-ancestor', bound, ref], repo.where);
  throw new SourceError(SourceErrorCode.BAD_SOURCE, repo.where, `${bound} (${resolved.slice(0, 7)}) is not in ${ref}'s history: the lower bound of a range must be a commit ${ref} contains`, {
    remedy: `Name a commit or tag of ${ref}'s history (\`git log --first-parent --oneline ${ref}\`), or read the file at tags with git-tags:GLOB`,
  });
}
