import { readFileSync, readSync, statSync } from 'node:fs';

/** The largest schema, configuration or history file read (16 MiB): a schema is kilobytes; this bounds a mistake. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** The most the committed versions read for one history may hold together (128 MiB: eight files at the largest). */
export const MAX_HISTORY_BYTES = 8 * MAX_FILE_BYTES;

/** A file that is no regular file (a FIFO, a device, a socket) or is larger than `MAX_FILE_BYTES`: the reason in `code`. */
function refusal(code: 'ENOTREGULAR' | 'ETOOLARGE', message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Reads a regular file as UTF-8, at most `MAX_FILE_BYTES`: a FIFO would block the reader forever
 * and `/dev/zero` would grow without end, so anything but a regular file is refused before it is
 * opened. Throws Node's own error (ENOENT, EACCES, ...) or one with code ENOTREGULAR or ETOOLARGE.
 */
export function readRegularFile(path: string): string {
  const stats = statSync(path);
  if (!stats.isFile()) throw refusal('ENOTREGULAR', `${path} is not a regular file`);
  if (stats.size > MAX_FILE_BYTES) throw refusal('ETOOLARGE', `${path} is larger than ${MAX_FILE_BYTES} bytes`);
  return readFileSync(path, 'utf8');
}

/**
 * Reads all of a file descriptor (standard input: 0) as UTF-8 in 64 KiB chunks, at most
 * `MAX_FILE_BYTES`; `name` names it in the error. A FIFO opened without blocking reads 0 both at its
 * end and before any writer opened it (open(2): O_NONBLOCK): with `writerWaitMs`, an end before any
 * writer came is waited out that long, so one that no one writes to reads as empty, never for ever.
 */
export function readAllBounded(fd = 0, name = 'standard input', writerWaitMs = 0): string {
  const chunks: Buffer[] = [];
  const chunk = Buffer.alloc(64 * 1024);
  const started = Date.now();
  let total = 0;
  let writerSeen = writerWaitMs === 0;
  for (;;) {
    let read: number;
    try {
      read = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error: unknown) {
      // A non-blocking pipe with a writer and nothing yet: wait a moment for it, without spinning.
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
        writerSeen = true;
        pauseMs(10);
        continue;
      }
      if ((error as NodeJS.ErrnoException).code === 'EOF') break;
      throw error;
    }
    if (read === 0) {
      if (writerSeen || Date.now() - started >= writerWaitMs) break;
      pauseMs(10);
      continue;
    }
    writerSeen = true;
    total += read;
    if (total > MAX_FILE_BYTES) throw refusal('ETOOLARGE', `${name} is larger than ${MAX_FILE_BYTES} bytes`);
    chunks.push(Buffer.from(chunk.subarray(0, read)));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function pauseMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
