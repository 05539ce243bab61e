import { constants } from 'node:fs';
import { lstat, mkdir, open, readFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createMemoryStorage } from 'schema-compat/registry';
import type { RegistryConfig, RegistryMode, Storage, StoredSchema, VersionRecord } from 'schema-compat/registry';
import { decodeLog, encodeRecord } from './data-log.js';
import { DataDirError } from './data-dir-error.js';
import { takeDataLock } from './data-lock.js';
import { replayRecord } from './data-records.js';
import type { LogRecord } from './data-records.js';

export const DATA_LOG_FILE = 'registry.log';

export interface FileStorageOptions {
  /** The registry mode; a data folder written in one mode refuses the other. Default: the folder's, else `'confluent'`. */
  readonly mode?: RegistryMode;
  /** Told about a torn or corrupt tail that was dropped on load. */
  readonly onWarning?: (message: string) => void;
}

/** A `Storage` on a data folder, open until `close()`. */
export interface FileStorage {
  readonly storage: Storage;
  /** The mode the folder was written in (or is now, when new). */
  readonly mode: RegistryMode;
  /** The absolute path of the log. */
  readonly logPath: string;
  /** Closes the log and releases the folder's lock; later writes fail. */
  close(): Promise<void>;
}

/**
 * Opens (creating when missing) a registry's data folder: an append-only log that every write is
 * added to and fsynced (`fdatasync(2)`) before it resolves, so what a registry acknowledged survives
 * a crash or SIGKILL. On open the log is read back; a torn or corrupt tail (a crash during a write)
 * is cut off with a warning while every record before it loads. Ids are never reused, deleted or
 * not. Neither the folder nor the log may be a symbolic link, and one process holds a folder at a
 * time (`DataDirError`).
 */
export async function openFileStorage(dir: string, options: FileStorageOptions = {}): Promise<FileStorage> {
  const folder = resolve(dir);
  await ensureFolder(folder);
  const releaseLock = await takeDataLock(folder);
  try {
    return await openLog(folder, options, releaseLock);
  } catch (error: unknown) {
    await releaseLock();
    throw error;
  }
}

async function ensureFolder(folder: string): Promise<void> {
  const existing = await lstat(folder).catch(() => undefined);
  if (existing?.isSymbolicLink() === true) throw new DataDirError(folder, 'it is a symbolic link: schema-compat never writes through one');
  if (existing !== undefined && !existing.isDirectory()) throw new DataDirError(folder, 'it is not a folder');
  if (existing === undefined) {
    await mkdir(folder, { recursive: true });
    await syncFolder(dirname(folder));
  }
}

/** fsync(2) on a folder, so that an entry just created in it survives a crash. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, constants.O_RDONLY);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function openLog(folder: string, options: FileStorageOptions, releaseLock: () => Promise<void>): Promise<FileStorage> {
  const logPath = join(folder, DATA_LOG_FILE);
  const existed = (await lstat(logPath).catch(() => undefined)) !== undefined;
  let handle: FileHandle;
  try {
    handle = await open(logPath, constants.O_RDWR | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0), 0o600);
  } catch (error: unknown) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ELOOP') throw new DataDirError(logPath, 'it is a symbolic link: schema-compat never writes through one');
    throw error;
  }
  if (!existed) await syncFolder(folder);
  try {
    const log = decodeLog(await readFile(handle));
    if (log.tail !== undefined) {
      options.onWarning?.(`${logPath}: dropped ${log.tail} (a write that was never acknowledged, or a damaged disk); everything before it is loaded`);
      await handle.truncate(log.goodBytes);
      await handle.datasync();
    }
    return await startLog(handle, logPath, log.records, log.goodBytes, options, releaseLock);
  } catch (error: unknown) {
    await handle.close();
    throw error;
  }
}

async function startLog(
  handle: FileHandle, logPath: string, records: readonly unknown[], size: number, options: FileStorageOptions, releaseLock: () => Promise<void>,
): Promise<FileStorage> {
  const memory = createMemoryStorage();
  const keys = new Map<string, number>();
  let mode: RegistryMode | undefined;
  for (const [index, record] of records.entries()) {
    const opened = await replayRecord(memory, keys, record, index);
    if (opened !== undefined) mode = opened;
  }
  const log = new AppendLog(handle, size);
  if (mode === undefined) {
    mode = options.mode ?? 'confluent';
    await log.append({ op: 'open', format: 1, mode });
  } else if (options.mode !== undefined && options.mode !== mode) {
    throw new DataDirError(logPath, `it holds a ${mode}-mode registry; start it with --mode ${mode} (or another folder)`);
  }
  return { storage: fileBackedStorage(memory, keys, log), mode, logPath, close: async () => { await log.close(); await releaseLock(); } };
}

/** The log's writes, one at a time, each fsynced; a failed write is cut off again so the next one follows whole records. */
class AppendLog {
  private tail: Promise<unknown> = Promise.resolve();
  private broken: Error | undefined;
  private closed = false;

  constructor(private readonly handle: FileHandle, private size: number) {}

  /** Runs `task` after every earlier one; `task` may call `append`. */
  serial<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  async append(record: LogRecord): Promise<void> {
    if (this.closed) throw new Error('the data folder is closed');
    if (this.broken) throw new Error(`the data log cannot be written: ${this.broken.message}`);
    const bytes = encodeRecord(record);
    try {
      await this.handle.write(bytes, 0, bytes.length, this.size);
      await this.handle.datasync();
      this.size += bytes.length;
    } catch (error: unknown) {
      await this.handle.truncate(this.size).catch((cause: unknown) => { this.broken = cause instanceof Error ? cause : new Error(String(cause)); });
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.serial(async () => {
      if (this.closed) return;
      this.closed = true;
      await this.handle.close();
    });
  }
}

/** The in-memory state, written to the log (and fsynced) before each change is made and answered. */
function fileBackedStorage(memory: Storage, keys: Map<string, number>, log: AppendLog): Storage {
  const write = (record: LogRecord): Promise<void> => log.append(record);
  return {
    idForContent: async (key, schema) => keys.get(key) ?? log.serial(async () => {
      const known = keys.get(key);
      if (known !== undefined) return known;
      const id = keys.size + 1;
      await write({ op: 'schema', id, key, schema: plainSchema(schema) });
      keys.set(key, id);
      return memory.idForContent(key, schema);
    }),
    schemaById: (id) => memory.schemaById(id),
    versions: (subject) => memory.versions(subject),
    appendVersion: (subject, record) => log.serial(async () => {
      const last = (await memory.versions(subject)).at(-1);
      if (last !== undefined && last.version >= record.version) return false;
      await write({ op: 'version', subject, record: plainRecord(record) });
      return memory.appendVersion(subject, record);
    }),
    markDeleted: (subject, versions) => log.serial(async () => {
      await write({ op: 'delete', subject, versions: [...versions] });
      await memory.markDeleted(subject, versions);
    }),
    removeVersions: (subject, versions) => log.serial(async () => {
      await write({ op: 'remove', subject, versions: [...versions] });
      await memory.removeVersions(subject, versions);
    }),
    subjects: () => memory.subjects(),
    usesOfId: (id) => memory.usesOfId(id),
    getConfig: (subject) => memory.getConfig(subject),
    setConfig: (subject, config) => log.serial(async () => {
      await write({ op: 'config', subject, config: config === undefined ? null : plainConfig(config) });
      await memory.setConfig(subject, config);
    }),
  };
}

const plainSchema = (schema: StoredSchema): StoredSchema => ({ schemaType: schema.schemaType, schema: schema.schema, references: [...schema.references] });
const plainRecord = (record: VersionRecord): VersionRecord => ({ ...record });
const plainConfig = (config: RegistryConfig): RegistryConfig => ({ ...config });
