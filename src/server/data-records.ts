import type { RegistryConfig, RegistryMode, Storage, StoredSchema, VersionRecord } from 'schema-compat/registry';
import { DataDirError } from './data-dir-error.js';

/** One change, as the data log keeps it; replayed in order it rebuilds the registry's state. */
export type LogRecord =
  | { readonly op: 'open'; readonly format: 1; readonly mode: RegistryMode }
  | { readonly op: 'schema'; readonly id: number; readonly key: string; readonly schema: StoredSchema }
  | { readonly op: 'version'; readonly subject: string; readonly record: VersionRecord }
  | { readonly op: 'delete' | 'remove'; readonly subject: string; readonly versions: readonly number[] }
  | { readonly op: 'config'; readonly subject: string | null; readonly config: RegistryConfig | null };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumbers = (value: unknown): value is number[] => Array.isArray(value) && value.every((item) => Number.isInteger(item));

/**
 * Applies one log record to `memory` (and `keys`, content key -> id); answers the mode of an `open`
 * record. A record that checks out but means nothing here (another format, an id out of order) is
 * a `DataDirError` naming its index: the log was written by something else, and guessing would lose data.
 */
export async function replayRecord(memory: Storage, keys: Map<string, number>, value: unknown, index: number): Promise<RegistryMode | undefined> {
  const bad = (why: string): DataDirError => new DataDirError(`data log record ${index}`, why);
  if (!isObject(value) || typeof value['op'] !== 'string') throw bad('not a change record');
  const record = value as LogRecord;
  switch (record.op) {
    case 'open':
      if (index !== 0 || record.format !== 1 || (record.mode !== 'confluent' && record.mode !== 'pulsar')) throw bad('not the header of a format-1 data log');
      return record.mode;
    case 'schema': {
      if (typeof record.key !== 'string' || !isObject(record.schema) || record.id !== keys.size + 1) throw bad('a schema out of order');
      keys.set(record.key, record.id);
      await memory.idForContent(record.key, record.schema);
      return undefined;
    }
    case 'version':
      if (typeof record.subject !== 'string' || !isObject(record.record) || !Number.isInteger(record.record.version)) throw bad('not a version');
      if (!(await memory.appendVersion(record.subject, record.record))) throw bad('a version out of order');
      return undefined;
    case 'delete':
    case 'remove':
      if (typeof record.subject !== 'string' || !isNumbers(record.versions)) throw bad('not a delete');
      await (record.op === 'delete' ? memory.markDeleted(record.subject, record.versions) : memory.removeVersions(record.subject, record.versions));
      return undefined;
    case 'config':
      if ((record.subject !== null && typeof record.subject !== 'string') || (record.config !== null && !isObject(record.config))) throw bad('not a configuration');
      await memory.setConfig(record.subject, record.config ?? undefined);
      return undefined;
    default:
      throw bad(`an unknown change ${JSON.stringify((record as { op: string }).op).slice(0, 40)}`);
  }
}
