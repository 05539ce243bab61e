import { MAX_FILE_BYTES } from './read-file.js';

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
