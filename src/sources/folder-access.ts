import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { SourceError, SourceErrorCode } from './errors.js';
import { readRegularFile } from './read-file.js';
import type { FileAccess, FolderEntry } from './types.js';

/** Node's `fs`, as the folder and glob sources read it. */
export const NODE_FILES: FileAccess = {
  readFile: (path) => readRegularFile(path),
  listFiles: (dir) => readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name),
  listEntries: (dir) => readdirSync(dir, { withFileTypes: true }).map((entry): FolderEntry => ({
    name: entry.name,
    kind: entry.isFile() ? 'file' : entry.isDirectory() ? 'folder' : entry.isSymbolicLink() ? 'symlink' : 'other',
  })),
  realPath: (path) => realpathSync(path),
  repositoryRoot: (realFolder) => {
    // The nearest folder holding `.git` (a folder, or a file in a worktree or submodule), as git finds its repository.
    for (let dir = realFolder; ; dir = dirname(dir)) {
      if (existsSync(join(dir, '.git'))) return dir;
      if (dirname(dir) === dir) return undefined;
    }
  },
};

/** A folder's entries with their kinds; an injected access without `listEntries` lists regular files only. */
export function entriesOf(files: FileAccess, dir: string): readonly FolderEntry[] {
  return files.listEntries !== undefined ? files.listEntries(dir) : files.listFiles(dir).map((name) => ({ name, kind: 'file' as const }));
}

/**
 * Where a symbolic link among the versions may point: the repository that holds the folder, or the
 * folder's own tree outside a repository. Undefined when the access cannot resolve links.
 */
export function linkBoundary(files: FileAccess, folder: string): string | undefined {
  if (files.realPath === undefined) return undefined;
  const real = files.realPath(folder);
  return files.repositoryRoot?.(real) ?? real;
}

/**
 * The real path a symbolic link leads to, when it stays inside `boundary`; otherwise a
 * `SourceError` naming the link: a version is never skipped silently, and a file outside the
 * repository (a link to `/etc/passwd`, to another checkout) is never read for it.
 */
export function followLink(files: FileAccess, boundary: string | undefined, link: string, shown: string, where: string): string {
  if (boundary === undefined || files.realPath === undefined) {
    throw new SourceError(SourceErrorCode.SYMLINK_OUTSIDE, where, `${shown} is a symbolic link, which this file access cannot resolve`);
  }
  let real: string;
  try {
    real = files.realPath(link);
  } catch {
    throw new SourceError(SourceErrorCode.UNREADABLE_FILE, where, `${shown} is a symbolic link to nothing (its target does not exist)`);
  }
  const inside = relative(boundary, real);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    throw new SourceError(SourceErrorCode.SYMLINK_OUTSIDE, where, `${shown} is a symbolic link to a file outside ${boundary}: refused`, {
      remedy: 'Copy the version into the repository, or point the link at a file inside it',
    });
  }
  return real;
}
