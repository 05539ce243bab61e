import { posix } from 'node:path';
import picomatch from 'picomatch';
import { RepositoryError } from './errors.js';

/** Whether a file (relative to the configuration's folder, `/` separators) is excluded from the subjects. */
export type ExcludeTest = (file: string) => boolean;

/**
 * The test of the paths no rule may take as subjects: the configuration's `exclude` (each a path or
 * a glob) and `excludePaths` (paths only, as Buf's `--exclude-path` takes them: a file, or a folder
 * and everything below it). Every entry is relative to the configuration's folder; one that is
 * absolute or climbs out of it (`..`) is refused, and so is an `excludePaths` entry that names no
 * file of `files`: a mistyped exclusion would otherwise check what it meant to leave out, silently.
 */
export function excludeTest(configExclude: readonly string[], excludePaths: readonly string[], files: readonly string[], configFile: string): ExcludeTest {
  const configPaths = configExclude.map((entry) => inside(entry, `${configFile}: exclude`));
  const flagPaths = excludePaths.map((entry) => inside(entry, 'exclude path'));
  for (const [i, path] of flagPaths.entries()) {
    if (!files.some((file) => under(file, path))) throw new RepositoryError(`exclude path ${excludePaths[i] as string} names no file or folder below the configuration's folder, ${posix.dirname(configFile)}`);
  }
  const glob = configPaths.length === 0 ? () => false : picomatch(configPaths);
  return (file) => glob(file) || configPaths.some((path) => under(file, path)) || flagPaths.some((path) => under(file, path));
}

/** `a/b/` and `./a/b` as `a/b`; `.` as the whole folder (`''`). */
function inside(entry: string, what: string): string {
  const path = posix.normalize(entry).replace(/\/+$/, '');
  if (posix.isAbsolute(path) || path === '..' || path.startsWith('../')) throw new RepositoryError(`${what} ${entry} is outside the configuration's folder: give it relative to that folder`);
  return path === '.' ? '' : path;
}

/** The file is the path, or lies below the folder it names. */
function under(file: string, path: string): boolean {
  return path === '' || file === path || file.startsWith(`${path}/`);
}
