import type { RegistryConfig } from './types.js';
import type { IdUse, Storage, StoredSchema, VersionRecord } from './storage.js';

const useKey = (subject: string, version: number): string => `${version}\u0000${subject}`;

function useOf(key: string): IdUse {
  const split = key.indexOf('\u0000');
  return { subject: key.slice(split + 1), version: Number(key.slice(0, split)) };
}

/**
 * A `Storage` in this process's memory: state lives in the returned object only (nothing shared
 * between registries). Every method completes synchronously, so its writes are atomic.
 */
export function createMemoryStorage(): Storage {
  const ids = new Map<string, number>();
  const schemas = new Map<number, StoredSchema>();
  const histories = new Map<string, VersionRecord[]>();
  const uses = new Map<number, Set<string>>();
  const configs = new Map<string | null, RegistryConfig>();

  const use = (id: number): Set<string> => {
    let set = uses.get(id);
    if (!set) uses.set(id, (set = new Set()));
    return set;
  };

  return {
    idForContent: async (key, schema) => {
      const known = ids.get(key);
      if (known !== undefined) return known;
      const id = ids.size + 1;
      ids.set(key, id);
      schemas.set(id, Object.freeze({ ...schema, references: Object.freeze([...schema.references]) }));
      return id;
    },
    schemaById: async (id) => schemas.get(id),
    versions: async (subject) => [...(histories.get(subject) ?? [])],
    appendVersion: async (subject, record) => {
      const history = histories.get(subject) ?? [];
      const last = history[history.length - 1];
      if (last !== undefined && last.version >= record.version) return false;
      history.push(Object.freeze({ ...record }));
      histories.set(subject, history);
      if (!record.tombstone) use(record.id).add(useKey(subject, record.version));
      return true;
    },
    markDeleted: async (subject, versions) => {
      const history = histories.get(subject);
      if (!history) return;
      const marked = new Set(versions);
      histories.set(subject, history.map((record) => (marked.has(record.version) ? Object.freeze({ ...record, deleted: true }) : record)));
    },
    removeVersions: async (subject, versions) => {
      const history = histories.get(subject);
      if (!history) return;
      const removed = new Set(versions);
      for (const record of history) if (removed.has(record.version)) uses.get(record.id)?.delete(useKey(subject, record.version));
      const kept = history.filter((record) => !removed.has(record.version));
      if (kept.length === 0) histories.delete(subject);
      else histories.set(subject, kept);
    },
    subjects: async () => [...histories.keys()].sort(),
    usesOfId: async (id) => [...(uses.get(id) ?? [])].map(useOf),
    getConfig: async (subject) => configs.get(subject),
    setConfig: async (subject, config) => {
      if (config === undefined) configs.delete(subject);
      else configs.set(subject, Object.freeze({ ...config }));
    },
  };
}
