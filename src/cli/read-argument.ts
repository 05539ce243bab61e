import { closeSync, constants, openSync, statSync } from 'node:fs';
import { readAllBounded, readRegularFile } from '../sources/read-file.js';

/** How long a FIFO that no one has opened for writing yet is waited for (`mkfifo p; cat x > p &`). */
const WRITER_WAIT_MS = 1000;

/**
 * Reads a file named on the command line as UTF-8, at most `MAX_FILE_BYTES` (16 MiB): a regular
 * file as `readRegularFile` does; a pipe (`<(git show main:x.avsc)`, `/dev/stdin`, a FIFO) or a
 * device in chunks until its end or the first chunk past the cap (`/dev/zero` is refused with
 * ETOOLARGE, never read without end). A FIFO is opened without blocking, so one that no one writes
 * to reads as empty after a second instead of waiting forever for a writer (open(2): O_NONBLOCK on
 * a FIFO). Throws Node's own error (ENOENT, EACCES, ...), EISDIR for a folder, or ETOOLARGE.
 */
export function readArgumentFile(path: string): string {
  const stats = statSync(path);
  if (stats.isFile()) return readRegularFile(path);
  if (stats.isDirectory()) throw Object.assign(new Error(`${path} is a directory`), { code: 'EISDIR' });
  const fifo = stats.isFIFO();
  const fd = openSync(path, constants.O_RDONLY | (fifo ? constants.O_NONBLOCK : 0));
  try {
    return readAllBounded(fd, path, fifo ? WRITER_WAIT_MS : 0);
  } finally {
    closeSync(fd);
  }
}

/** Reads standard input once: a second `-` on the same command line reads the same text. */
export function stdinOnce(read: () => string): () => string {
  let text: string | undefined;
  return () => {
    text ??= read();
    return text;
  };
}
