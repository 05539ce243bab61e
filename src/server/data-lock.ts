import { constants } from 'node:fs';
import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { DataDirError } from './data-dir-error.js';

const LOCK_FILE = 'registry.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error: unknown) {
    // EPERM: the process exists but belongs to someone else.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/**
 * Takes a data folder for this process: `registry.lock` holds the owner's pid, created with
 * O_EXCL|O_NOFOLLOW. A lock whose process is gone (a crash, SIGKILL) is taken over; a live one is a
 * `DataDirError` (two registries appending to one log would interleave their ids). Answers the release.
 */
export async function takeDataLock(folder: string): Promise<() => Promise<void>> {
  const path = join(folder, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
      try {
        await handle.writeFile(String(process.pid));
      } finally {
        await handle.close();
      }
      return () => unlink(path).catch(() => undefined);
    } catch (error: unknown) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(path, { encoding: 'utf8', flag: constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) }).catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
        throw new DataDirError(folder, `it is in use by process ${owner} (another schema-compat serve); stop it first`);
      }
      await unlink(path);
    }
  }
  throw new DataDirError(folder, 'its lock file could not be taken');
}
