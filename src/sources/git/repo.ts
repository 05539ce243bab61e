import { basename, dirname, posix, resolve } from 'node:path';
import { SourceError, SourceErrorCode } from '../errors.js';
import { gitFailure, gitText, runGit } from './run.js';

/** A repository and the folder git commands run in. */
export interface GitRepo {
  /** The work tree's top folder. */
  readonly root: string;
  /** The source, for messages. */
  readonly where: string;
}

/** The repository that holds `dir`. */
export async function openRepo(dir: string, where: string): Promise<GitRepo> {
  const root = (await gitText(dir, ['rev-parse', '--show-toplevel'], where)).trim();
  return { root, where };
}

/**
 * The repository of a file and the file's path in it (what `REF:PATH` takes). The file need not
 * be tracked, or exist: a new schema has no history yet.
 */
export async function locateFile(file: string, cwd: string, where: string): Promise<{ repo: GitRepo; path: string }> {
  const absolute = resolve(cwd, file);
  const folder = dirname(absolute);
  const prefix = (await gitText(folder, ['rev-parse', '--show-prefix'], where)).trim();
  const repo = await openRepo(folder, where);
  return { repo, path: posix.join(prefix, basename(absolute)) };
}

/**
 * A path as git's `REF:PATH` reads it: from the top of the repository, or from `cwd` when it starts
 * with `./` or `../` (gitrevisions(7)).
 */
export async function repoPathOf(path: string, cwd: string, where: string): Promise<{ repo: GitRepo; path: string }> {
  if (path.startsWith('./') || path.startsWith('../')) return locateFile(path, cwd, where);
  return { repo: await openRepo(cwd, where), path: posix.normalize(path) };
}

/** The commit a ref names; an unknown ref is a `SourceError` with the fetch that would bring it. */
export async function resolveCommit(repo: GitRepo, ref: string): Promise<string> {
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

export async function isShallow(repo: GitRepo): Promise<boolean> {
  return (await gitText(repo.root, ['rev-parse', '--is-shallow-repository'], repo.where)).trim() === 'true';
}

/** Refuses a shallow clone for a source that needs whole histories (the answer would silently miss versions). */
export async function requireFullHistory(repo: GitRepo): Promise<void> {
  if (!(await isShallow(repo))) return;
  throw new SourceError(SourceErrorCode.SHALLOW_CLONE, repo.where, 'this clone is shallow: the history it holds is cut off, so versions would be missing', {
    remedy: 'Fetch the whole history: `git fetch --unshallow` (GitHub Actions: actions/checkout with `fetch-depth: 0`)',
  });
}

/** The object names of `specs` that this repository does not hold (`git cat-file --batch-check`). */
export async function missingObjects(repo: GitRepo, specs: readonly string[]): Promise<string[]> {
  if (specs.length === 0) return [];
  const output = await runGit(repo.root, ['cat-file', '--batch-check'], repo.where, `${specs.join('\n')}\n`);
  if (output.code !== 0) throw gitFailure(output.stderr, ['cat-file', '--batch-check'], repo.where);
  return output.stdout.toString('utf8').split('\n').filter((line) => line.endsWith(' missing')).map((line) => line.slice(0, -' missing'.length));
}

/**
 * The commit a range's lower bound names (`git-log:BOUND..REF`). A bound git does not know is
 * UNKNOWN_REF, one that `commit` (REF's) does not contain is BAD_SOURCE: either would otherwise
 * read as a whole history or as none.
 */
export async function resolveBound(repo: GitRepo, bound: string, commit: string, ref: string): Promise<string> {
  const resolved = await resolveCommit(repo, bound);
  const output = await runGit(repo.root, ['merge-base', '--is-ancestor', resolved, commit], repo.where);
  if (output.code === 0) return resolved;
  if (output.code !== 1) throw gitFailure(output.stderr, ['merge-base', '--is-ancestor', bound, ref], repo.where);
  throw new SourceError(SourceErrorCode.BAD_SOURCE, repo.where, `${bound} (${resolved.slice(0, 7)}) is not in ${ref}'s history: the lower bound of a range must be a commit ${ref} contains`, {
    remedy: `Name a commit or tag of ${ref}'s history (\`git log --first-parent --oneline ${ref}\`), or read the file at tags with git-tags:GLOB`,
  });
}
