import { lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PATH_EXCERPT_LENGTH, quoteExcerpt } from '../util/excerpt.js';
import { SourceError, SourceErrorCode } from './errors.js';

/**
 * The folder that paths named by repository content (configuration entries, `$ref`s, imports) must
 * stay in: as written (absolute) and with its symbolic links resolved.
 */
export interface PathBoundary {
  readonly path: string;
  readonly real: string;
}

/** Where a path named by repository content leads: its real path inside the boundary, outside it, or nowhere (missing). */
export type Placement =
  | { readonly kind: 'inside'; readonly real: string }
  | { readonly kind: 'outside'; readonly through: 'path' | 'link' }
  | { readonly kind: 'missing' };

/** The boundary of a folder (the repository root): its real path is read once. */
export function boundaryOf(folder: string): PathBoundary {
  const path = resolve(folder);
  try {
    return { path, real: realpathSync(path) };
  } catch {
    return { path, real: path };
  }
}

/**
 * The top of the git work tree that holds `folder`: the nearest folder, from `folder` up, with a
 * `.git` entry (a folder, or a file in a linked work tree or a submodule: gitrepository-layout(5)),
 * found as git itself looks for it but without running git; `folder` when there is none.
 */
export function workTreeTop(folder: string): string {
  const start = resolve(folder);
  for (let dir = start; ; dir = dirname(dir)) {
    if (exists(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

/** Whether `path` is `root` or below it (both absolute). */
export function isWithin(root: string, path: string): boolean {
  const rest = relative(root, path);
  return rest === '' || (rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
}

/**
 * Where `path` (relative to `base`, or absolute) leads. A path outside the boundary as written is
 * refused without touching the file system; one inside is resolved (`realpath`: every symbolic link
 * on its way) and refused when its real path leaves the boundary's. Nothing is opened or read.
 */
export function placePath(boundary: PathBoundary, base: string, path: string): Placement {
  const absolute = resolve(base, path);
  if (!isWithin(boundary.path, absolute) && !isWithin(boundary.real, absolute)) return { kind: 'outside', through: 'path' };
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch {
    // Missing, a dangling or looping link, or no permission: nothing there to read.
    return { kind: 'missing' };
  }
  return isWithin(boundary.real, real) ? { kind: 'inside', real } : { kind: 'outside', through: 'link' };
}

/** Why a path is refused, without its target: `../x leads outside the repository`, `a.json is a symbolic link out of the repository`. */
export function outsideProblem(path: string, through: 'path' | 'link'): string {
  const shown = quoteExcerpt(path, PATH_EXCERPT_LENGTH);
  return through === 'link'
    ? `${shown} leads outside the repository through a symbolic link: not read`
    : `${shown} is outside the repository: not read`;
}

/**
 * The real path of a file that repository content names, for reading: a `SourceError`
 * `OUTSIDE_REPOSITORY` (naming `where` and the path as written, never the target) when it leads
 * outside the boundary, undefined when it is missing.
 */
export function confinedPath(boundary: PathBoundary, base: string, path: string, where: string): string | undefined {
  const placement = placePath(boundary, base, path);
  if (placement.kind === 'outside') throw new SourceError(SourceErrorCode.OUTSIDE_REPOSITORY, where, outsideProblem(path, placement.through));
  return placement.kind === 'inside' ? placement.real : undefined;
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
