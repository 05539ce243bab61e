import { closeSync, constants, openSync, readSync, statSync } from 'node:fs';
import { MAX_FILE_BYTES, readRegularFile } from '../sources/read-file.js';

/** How long a FIFO that no one has opened for writing yet is waited for (`mkfifo p; cat x > p &`). */
const WRITER_WAIT_MS = 1000;
const CHUNK_BYTES = 64 * 1024;

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
    return readBounded(fd, path, fifo);
  } finally {
    closeSync(fd);
  }
}

/** All of `fd`, at most `MAX_FILE_BYTES`; on a non-blocking FIFO, end of file before any writer came is waited out for `WRITER_WAIT_MS`. */
function readBounded(fd: number, path: string, fifo: boolean): string {
  const chunks: Buffer[] = [];
  const chunk = Buffer.alloc(CHUNK_BYTES);
  const started = Date.now();
  let total = 0;
  let writerSeen = !fifo;
  for (;;) {
    let read: number;
    try {
      read = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error: unknown) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      // A writer, nothing written yet: wait a moment, without spinning.
      writerSeen = true;
      pauseMs(10);
      continue;
    }
    if (read === 0) {
      // Non-blocking, a FIFO reads 0 both at its end and before any writer opened it.
      if (writerSeen || Date.now() - started >= WRITER_WAIT_MS) break;
      pauseMs(10);
      continue;
    }
    writerSeen = true;
    total += read;
    if (total > MAX_FILE_BYTES) throw Object.assign(new Error(`${path} is larger than ${MAX_FILE_BYTES} bytes`), { code: 'ETOOLARGE' });
    chunks.push(Buffer.from(chunk.subarray(0, read)));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function pauseMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Reads standard input once: a second `-` on the same command line reads the same text. */
export function stdinOnce(read: () => string): () => string {
  let text: string | undefined;
  return () => {
    text ??= read();
    return text;
  };
}
