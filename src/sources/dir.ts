import { readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { SourceError, SourceErrorCode } from './errors.js';
import { extensionOf, isSchemaFileName, schemaTypeOfPath, withoutBom } from './file-types.js';
import { sortNatural } from './natural-order.js';
import { MAX_FILE_BYTES, readRegularFile } from './read-file.js';
import type { FileAccess, HistorySnapshot, ReadHistoryOptions, SourceVersion } from './types.js';

const NODE_FILES: FileAccess = {
  readFile: (path) => readRegularFile(path),
  listFiles: (dir) => readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name),
};

/**
 * `dir:PATH`: the schema files of a folder (.avsc, .json, .proto; hidden files skipped), oldest
 * first in natural name order (`user-1.9` before `user-1.10`). Names natural order cannot place
 * are refused, never guessed. When every name holds one number (`v1` ... `v10`), that number is the
 * version; otherwise versions are numbered by position. The candidate is left out when it is there.
 */
export function readDirectory(path: string, options: ReadHistoryOptions): HistorySnapshot {
  const files = options.files ?? NODE_FILES;
  // Paths are read as given (relative to the process) unless a cwd is given: an injected FileAccess sees what the user wrote.
  const at = (relative: string): string => (options.cwd === undefined ? relative : resolve(options.cwd, relative));
  const where = `dir ${path}`;
  const candidate = options.path === undefined ? undefined : resolve(at(options.path));
  const names = listDirectory(files, at(path), where)
    .filter((name) => !name.startsWith('.') && isSchemaFileName(name))
    .filter((name) => resolve(at(join(path, name))) !== candidate);
  const stem = (name: string): string => name.slice(0, name.length - extensionOf(name).length);
  const { sorted, ambiguous } = sortNatural(names, stem);
  if (ambiguous.length > 0) {
    const pairs = ambiguous.map(([a, b]) => `${a} and ${b}`).join('; ');
    throw new SourceError(SourceErrorCode.UNORDERED_NAMES, where, `cannot tell which of these comes first: ${pairs}`, {
      remedy: 'Name the versions so that only numbers differ (v1, v2, ... v10; user-1.9, user-1.10; 2024-01-15), or give the files in order on the command line',
    });
  }
  const numbers = sorted.map((name) => stem(name).match(/\d+/g));
  const byNumber = numbers.every((found) => found?.length === 1);
  const versions: SourceVersion[] = sorted.map((name, i) => {
    const file = join(path, name);
    return {
      version: byNumber ? Number((numbers[i] as RegExpMatchArray)[0]) : i + 1,
      label: file,
      where: file,
      path: file,
      schemaType: schemaTypeOfPath(name, options.schemaType, where),
      text: withoutBom(readText(files, at(file), file, where)),
    };
  });
  const described = versions.length === 0 ? 'no schema files' : `${versions.length} ${versions.length === 1 ? 'file' : 'files'}: ${sorted.map((name) => basename(name)).join(', ')}`;
  return { source: { kind: 'dir', path }, description: `${where}: ${described}`, versions, notes: [], isNew: versions.length === 0 };
}

function listDirectory(files: FileAccess, dir: string, where: string): readonly string[] {
  try {
    return files.listFiles(dir);
  } catch (error: unknown) {
    throw new SourceError(SourceErrorCode.UNREADABLE_FILE, where, `cannot read the folder: ${fileFailure(error)}`);
  }
}

function readText(files: FileAccess, absolute: string, shown: string, where: string): string {
  try {
    return files.readFile(absolute);
  } catch (error: unknown) {
    throw new SourceError(SourceErrorCode.UNREADABLE_FILE, where, `cannot read ${shown}: ${fileFailure(error)}`);
  }
}

/** A Node file error in words: `no such file or directory` for ENOENT, and so on. */
export function fileFailure(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'ENOTDIR') return 'not a directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'ENOTREGULAR') return 'not a regular file (a FIFO, a device or a socket is not read)';
  if (code === 'ETOOLARGE') return `larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB, the most a schema file may be`;
  return error instanceof Error ? error.message : String(error);
}
