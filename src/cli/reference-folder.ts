import { UsageError } from './args.js';
import type { CliIO } from './io.js';
import { InputError } from './io.js';
import { fileFailure } from '../sources/file-failure.js';
import { isSchemaFileName, withoutBom } from '../sources/file-types.js';

/** How many schema files one `--reference FOLDER` may hold, and how deep its sub-folders may go. */
export const MAX_REFERENCE_FOLDER_FILES = 2000;
export const MAX_REFERENCE_FOLDER_DEPTH = 32;

/**
 * The schema files (`.avsc`, `.json`, `.proto`) under a folder given as `--reference [PREFIX=]FOLDER`,
 * each named PREFIX + its path below the folder (`common/money.proto`, or a URL prefix's
 * `https://acme.test/schemas/address.json`): the names Protobuf imports and relative `$ref`s use.
 * Sub-folders are walked; symbolic links and other special entries are not followed (a folder named
 * on the command line is trusted, what a link in it points to need not be).
 */
export function readReferenceFolder(prefix: string, folder: string, io: CliIO): Record<string, string> {
  const found: Record<string, string> = {};
  let count = 0;
  const walk = (dir: string, below: string, depth: number): void => {
    if (depth > MAX_REFERENCE_FOLDER_DEPTH) throw new InputError(`--reference ${folder}: sub-folders nest deeper than ${MAX_REFERENCE_FOLDER_DEPTH} levels`);
    let entries: ReadonlyArray<{ readonly name: string; readonly kind: string }>;
    try {
      entries = io.folders?.listEntries !== undefined ? io.folders.listEntries(dir) : io.listFiles(dir).map((name) => ({ name, kind: 'file' }));
    } catch (error: unknown) {
      throw new InputError(`cannot read the folder ${dir} (--reference): ${fileFailure(error)}`);
    }
    for (const entry of [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = `${dir}/${entry.name}`;
      const name = `${below}${entry.name}`;
      if (entry.kind === 'folder') walk(path, `${name}/`, depth + 1);
      else if (entry.kind === 'file' && isSchemaFileName(entry.name)) {
        count += 1;
        if (count > MAX_REFERENCE_FOLDER_FILES) throw new InputError(`--reference ${folder}: more than ${MAX_REFERENCE_FOLDER_FILES} schema files`);
        try {
          found[`${prefix}${name}`] = withoutBom(io.readFile(path));
        } catch (error: unknown) {
          throw new InputError(`cannot read ${path} (--reference): ${fileFailure(error)}`);
        }
      }
    }
  };
  walk(folder.replace(/\/+$/, '') || '/', '', 0);
  if (count === 0) throw new UsageError(`--reference ${folder}: the folder holds no schema files (.avsc, .json, .proto)`);
  return found;
}

/** Whether a path names a folder, as the CLI's reader tells (`EISDIR`), without reading a file twice. */
export function isFolder(path: string, io: CliIO): boolean {
  try {
    io.listFiles(path);
    return true;
  } catch {
    return false;
  }
}
