import { SourceError, SourceErrorCode } from './errors.js';
import { extensionOf, schemaTypeOfPath, withoutBom } from './file-types.js';
import { fileFailure } from './file-failure.js';
import { sortNatural } from './natural-order.js';
import type { FileAccess, ReadHistoryOptions, SourceVersion } from './types.js';

/** A schema file found by a folder or glob source. */
export interface FoundFile {
  /** What orders it: the name in a folder, the path below the glob's fixed folder (`v10/AdminOperation.avsc`). */
  readonly name: string;
  /** How reports name it: the path as the user wrote it, joined with the name. */
  readonly shown: string;
  /** What is read: the path (a followed symbolic link's real path). */
  readonly read: string;
}

/**
 * Found files as versions, oldest first in natural order of their names (`v2` before `v10`). Names
 * natural order cannot place are refused, never guessed. When every name holds one number (`v1` ...
 * `v10`, `v10/AdminOperation`), that number is the version; otherwise versions are numbered by position.
 */
export function versionsOfFiles(found: readonly FoundFile[], files: FileAccess, options: ReadHistoryOptions, where: string): SourceVersion[] {
  const stem = (file: FoundFile): string => file.name.slice(0, file.name.length - extensionOf(file.name).length);
  const { sorted, ambiguous } = sortNatural(found, stem);
  if (ambiguous.length > 0) {
    const pairs = ambiguous.map(([a, b]) => `${a.name} and ${b.name}`).join('; ');
    throw new SourceError(SourceErrorCode.UNORDERED_NAMES, where, `cannot tell which of these comes first: ${pairs}`, {
      remedy: 'Name the versions so that only numbers differ (v1, v2, ... v10; user-1.9, user-1.10; 2024-01-15), or give the files in order on the command line',
    });
  }
  const numbers = sorted.map((file) => stem(file).match(/\d+/g));
  const byNumber = numbers.every((match) => match?.length === 1);
  return sorted.map((file, i) => ({
    version: byNumber ? Number((numbers[i] as RegExpMatchArray)[0]) : i + 1,
    label: file.shown,
    where: file.shown,
    path: file.shown,
    schemaType: schemaTypeOfPath(file.name, options.schemaType, where),
    text: withoutBom(readText(files, file.read, file.shown, where)),
  }));
}

function readText(files: FileAccess, path: string, shown: string, where: string): string {
  try {
    return files.readFile(path);
  } catch (error: unknown) {
    throw new SourceError(SourceErrorCode.UNREADABLE_FILE, where, `cannot read ${shown}: ${fileFailure(error)}`);
  }
}
