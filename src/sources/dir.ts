import { basename, join, resolve } from 'node:path';
import { SourceError, SourceErrorCode } from './errors.js';
import { extensionOf, isSchemaFileName } from './file-types.js';
import { fileFailure } from './file-failure.js';
import { NODE_FILES, entriesOf, followLink, linkBoundary } from './folder-access.js';
import type { FileAccess, FolderEntry, HistorySnapshot, ReadHistoryOptions } from './types.js';
import { versionsOfFiles } from './version-files.js';
import type { FoundFile } from './version-files.js';

export { fileFailure } from './file-failure.js';

/**
 * `dir:PATH`: the schema files of a folder (.avsc, .json, .proto; hidden files skipped), oldest
 * first in natural name order (`versionsOfFiles`). A symbolic link is followed when its real file is
 * inside the repository (or the folder's own tree), else refused by name. The candidate is left
 * out when it is there; a folder holding only the candidate is a new subject. A folder with no
 * schema file is an error (`NO_VERSIONS`), pointing to `glob:` when sub-folders hold the versions.
 */
export function readDirectory(path: string, options: ReadHistoryOptions): HistorySnapshot {
  const files = options.files ?? NODE_FILES;
  // Paths are read as given (relative to the process) unless a cwd is given: an injected FileAccess sees what the user wrote.
  const at = (relative: string): string => (options.cwd === undefined ? relative : resolve(options.cwd, relative));
  const where = `dir ${path}`;
  const entries = listFolder(files, at(path), where);
  const boundary = entries.some((entry) => entry.kind === 'symlink') ? linkBoundary(files, at(path)) : undefined;
  const isCandidate = candidateTest(files, options, at);
  const found: FoundFile[] = [];
  let candidateFound = false;
  for (const entry of entries) {
    if (entry.name.startsWith('.') || !isSchemaFileName(entry.name) || (entry.kind !== 'file' && entry.kind !== 'symlink')) continue;
    const shown = join(path, entry.name);
    const read = entry.kind === 'symlink' ? followLink(files, boundary, at(shown), shown, where) : at(shown);
    if (isCandidate(at(shown), read)) candidateFound = true;
    else found.push({ name: entry.name, shown, read });
  }
  const source = { kind: 'dir' as const, path };
  if (found.length === 0) {
    if (candidateFound) return newSubject(source, where, `the folder holds only the candidate, ${options.path ?? ''}`);
    throw noVersions(where, path, entries, options.path);
  }
  const versions = versionsOfFiles(found, files, options, where);
  const described = `${versions.length} ${versions.length === 1 ? 'file' : 'files'}: ${versions.map((version) => basename(version.path ?? '')).join(', ')}`;
  return { source, description: `${where}: ${described}`, versions, notes: [], isNew: false };
}

/** A new subject: an empty history, and the report says so ("new subject: no history yet"). */
export function newSubject<S extends HistorySnapshot['source']>(source: S, where: string, why: string): HistorySnapshot & { source: S } {
  return { source, description: `${where}: new subject: no history yet (${why})`, versions: [], notes: [`new subject: no history yet: ${why}`], isNew: true };
}

/** Whether a path (and its real path) is the candidate's file. */
export function candidateTest(files: FileAccess, options: ReadHistoryOptions, at: (path: string) => string): (path: string, read: string) => boolean {
  if (options.path === undefined) return () => false;
  const candidate = resolve(at(options.path));
  let real: string | undefined;
  try {
    real = files.realPath?.(candidate);
  } catch {
    real = undefined;
  }
  return (path, read) => resolve(path) === candidate || (real !== undefined && resolve(read) === real);
}

function noVersions(where: string, path: string, entries: readonly FolderEntry[], candidate: string | undefined): SourceError {
  const folders = entries.filter((entry) => entry.kind === 'folder' && !entry.name.startsWith('.')).map((entry) => entry.name).sort();
  if (folders.length > 0) {
    const named = folders.length <= 5 ? folders.join(', ') : `${folders.slice(0, 5).join(', ')}, ...`;
    const extension = candidate === undefined ? '' : extensionOf(candidate);
    return new SourceError(SourceErrorCode.NO_VERSIONS, where, `no schema file (.avsc, .json, .proto) in the folder itself; its sub-folders (${named}) may hold the versions`, {
      remedy: `A folder of versioned sub-folders is read with a glob source: --against 'glob:${join(path, '*', `*${extension}`)}' (docs/sources.md)`,
    });
  }
  return new SourceError(SourceErrorCode.NO_VERSIONS, where, 'no schema file (.avsc, .json, .proto) in the folder: nothing to compare with', {
    remedy: 'Check the folder, or give the history another way (HISTORY files, --against git-log)',
  });
}

function listFolder(files: FileAccess, dir: string, where: string): readonly FolderEntry[] {
  try {
    return entriesOf(files, dir);
  } catch (error: unknown) {
    throw new SourceError(SourceErrorCode.UNREADABLE_FILE, where, `cannot read the folder: ${fileFailure(error)}`);
  }
}
