import { join, resolve } from 'node:path';
import picomatch from 'picomatch';
import { candidateTest, newSubject } from './dir.js';
import { SourceError, SourceErrorCode } from './errors.js';
import { isSchemaFileName } from './file-types.js';
import { fileFailure } from './file-failure.js';
import { NODE_FILES, entriesOf, followLink, linkBoundary } from './folder-access.js';
import type { FileAccess, FolderEntry, HistorySnapshot, ReadHistoryOptions } from './types.js';
import { versionsOfFiles } from './version-files.js';
import type { FoundFile } from './version-files.js';

/** The most files a glob source reads: a history is tens of versions; this bounds a mistaken pattern. */
export const MAX_GLOB_FILES = 10_000;

/** Characters that make a path segment a pattern (picomatch's: wildcards, classes, braces, extglobs). */
const PATTERN = /[*?[\]{}()!+@]/;

/**
 * `glob:PATTERN`: the schema files a glob matches, segment by segment from its fixed folder
 * (`AdminOperation/v*\/*.avsc` reads `AdminOperation/v1/AdminOperation.avsc`, `v2/...`, ...),
 * oldest first in natural order of their paths below that folder (`v2/...` before `v10/...`).
 * Hidden entries are not matched; `**` is refused (versions sit at one depth). Symbolic links are
 * followed inside the repository (or the fixed folder's tree) and refused outside it, by name. A
 * glob that matches nothing is `NO_VERSIONS`; one that matches only the candidate, a new subject.
 */
export function readGlob(pattern: string, options: ReadHistoryOptions): HistorySnapshot {
  const where = `glob ${pattern}`;
  const files = options.files ?? NODE_FILES;
  const at = (relative: string): string => (options.cwd === undefined ? relative : resolve(options.cwd, relative));
  const segments = pattern.split('/');
  if (segments.includes('**')) {
    throw new SourceError(SourceErrorCode.BAD_SOURCE, where, '`**` is not supported: versions sit at one depth', { remedy: 'Write each level: glob:AdminOperation/v*/*.avsc' });
  }
  const fixed = segments.findIndex((segment) => PATTERN.test(segment));
  const cut = fixed < 0 ? segments.length - 1 : fixed;
  const base = segments.slice(0, cut).join('/') || (pattern.startsWith('/') ? '/' : '.');
  const walk: Walk = { files, where, at, base, boundary: undefined, found: [], isCandidate: candidateTest(files, options, at), candidateFound: false };
  visit(walk, base, '', segments.slice(cut));
  const source = { kind: 'glob' as const, pattern };
  if (walk.found.length === 0) {
    if (walk.candidateFound) return newSubject(source, where, `the glob matches only the candidate, ${options.path ?? ''}`);
    throw new SourceError(SourceErrorCode.NO_VERSIONS, where, `no schema file (.avsc, .json, .proto) matches ${pattern}: nothing to compare with`, {
      remedy: `Check the pattern against the folder ${base}`,
    });
  }
  const versions = versionsOfFiles(walk.found, files, options, where);
  return { source, description: `${where}: ${versions.length} ${versions.length === 1 ? 'file' : 'files'}: ${versions.map((version) => version.path).join(', ')}`, versions, notes: [], isNew: false };
}

interface Walk {
  readonly files: FileAccess;
  readonly where: string;
  readonly at: (path: string) => string;
  /** The fixed folder: outside a repository, links may point inside its tree only. */
  readonly base: string;
  boundary: string | undefined;
  readonly found: FoundFile[];
  readonly isCandidate: (path: string, read: string) => boolean;
  candidateFound: boolean;
}

/** Matches `segments` below `folder` (shown as written); `below` is the path under the fixed folder, which orders the versions. */
function visit(walk: Walk, folder: string, below: string, segments: readonly string[]): void {
  const [segment, ...rest] = segments;
  if (segment === undefined) return;
  const entries = listFolder(walk, folder, below !== '');
  if (entries === undefined) return;
  const matches = picomatch(segment, { dot: false });
  for (const entry of entries) {
    if (entry.name.startsWith('.') || !matches(entry.name)) continue;
    const shown = folder === '.' ? entry.name : join(folder, entry.name);
    const name = below === '' ? entry.name : `${below}/${entry.name}`;
    if (entry.kind === 'symlink') {
      walk.boundary ??= linkBoundary(walk.files, walk.at(walk.base));
    }
    if (rest.length > 0) {
      if (entry.kind === 'folder') visit(walk, shown, name, rest);
      else if (entry.kind === 'symlink') {
        followLink(walk.files, walk.boundary, walk.at(shown), shown, walk.where);
        visit(walk, shown, name, rest);
      }
      continue;
    }
    if (!isSchemaFileName(entry.name) || (entry.kind !== 'file' && entry.kind !== 'symlink')) continue;
    const read = entry.kind === 'symlink' ? followLink(walk.files, walk.boundary, walk.at(shown), shown, walk.where) : walk.at(shown);
    if (walk.isCandidate(walk.at(shown), read)) {
      walk.candidateFound = true;
      continue;
    }
    if (walk.found.length >= MAX_GLOB_FILES) throw new SourceError(SourceErrorCode.BAD_SOURCE, walk.where, `matches more than ${MAX_GLOB_FILES} files`, { remedy: 'Narrow the pattern' });
    walk.found.push({ name, shown, read });
  }
}

/** A folder's entries; below the fixed folder (`tolerant`), a followed link that is a file, not a folder, has none. */
function listFolder(walk: Walk, folder: string, tolerant: boolean): readonly FolderEntry[] | undefined {
  try {
    return entriesOf(walk.files, walk.at(folder));
  } catch (error: unknown) {
    if (tolerant && typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOTDIR') return undefined;
    throw new SourceError(SourceErrorCode.UNREADABLE_FILE, walk.where, `cannot read the folder ${folder}: ${fileFailure(error)}`);
  }
}
