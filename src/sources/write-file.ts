import { closeSync, constants, lstatSync, openSync, writeFileSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** A file that is not written: a symbolic link on its way, or no regular file (the reason in `code`). */
function refusal(code: 'ESYMLINK' | 'ENOTREGULAR', message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Writes a report or a baseline (`--report FORMAT=FILE`, `--write-baseline FILE`) without following
 * a symbolic link: a pull request may commit one at that path, dangling or not, to make the check
 * write outside the checkout. The file itself, and every folder between `from` (the working folder)
 * and it, must not be a link; what is there must be a regular file (or a character device such as
 * /dev/null). The file is opened with O_NOFOLLOW (open(2): ELOOP on a link) as well, then truncated
 * and written. Throws an error with code ESYMLINK or ENOTREGULAR (whose message does not name the
 * file: the caller's does), or Node's own (EACCES, ...).
 */
export function writeFileNoFollow(path: string, text: string, from = process.cwd()): void {
  const absolute = resolve(from, path);
  for (const folder of foldersBetween(resolve(from), absolute)) {
    if (lstatOrUndefined(folder)?.isSymbolicLink() === true) throw refusal('ESYMLINK', `the folder ${relative(from, folder) || folder} on its way is a symbolic link: schema-compat never writes through one`);
  }
  const existing = lstatOrUndefined(absolute);
  if (existing?.isSymbolicLink() === true) throw refusal('ESYMLINK', 'it is a symbolic link: schema-compat never writes through one (remove it, or write to another file)');
  if (existing !== undefined && !existing.isFile() && !existing.isCharacterDevice()) throw refusal('ENOTREGULAR', 'it is not a regular file');
  // O_NOFOLLOW is 0 where the platform has none (Windows), whose links the lstat above has refused.
  const fd = openSync(absolute, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0), 0o666);
  try {
    writeFileSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** The folders below `from` on the way to `path` (none when `path` is not below `from`). */
function foldersBetween(from: string, path: string): string[] {
  const rest = relative(from, path);
  if (rest === '' || rest === '..' || rest.startsWith(`..${sep}`) || isAbsolute(rest)) return [];
  const parts = rest.split(sep).slice(0, -1);
  return parts.map((_, i) => resolve(from, ...parts.slice(0, i + 1)));
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
