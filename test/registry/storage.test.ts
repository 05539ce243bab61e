import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createRegistry } from 'schema-compat/registry';
import type { Storage } from 'schema-compat/registry';
import { record } from './support.js';

/** A storage whose every call yields to the event loop first, as a database round trip would. */
function slowStorage(inner: Storage): Storage {
  const later = <T>(run: () => Promise<T>): Promise<T> => new Promise((resolve, reject) => setTimeout(() => run().then(resolve, reject), Math.random() * 3));
  return {
    idForContent: (key, schema) => later(() => inner.idForContent(key, schema)),
    schemaById: (id) => later(() => inner.schemaById(id)),
    versions: (subject) => later(() => inner.versions(subject)),
    appendVersion: (subject, version) => later(() => inner.appendVersion(subject, version)),
    markDeleted: (subject, versions) => later(() => inner.markDeleted(subject, versions)),
    removeVersions: (subject, versions) => later(() => inner.removeVersions(subject, versions)),
    subjects: () => later(() => inner.subjects()),
    usesOfId: (id) => later(() => inner.usesOfId(id)),
    getConfig: (subject) => later(() => inner.getConfig(subject)),
    setConfig: (subject, config) => later(() => inner.setConfig(subject, config)),
  };
}

const schemaWith = (fields: number): string =>
  record(Array.from({ length: fields }, (_, f) => (f === 0 ? { name: 'f0', type: 'long' } : { name: `f${f}`, type: 'string', default: '' })));

describe('a Storage shared by several registries (several processes on one database)', () => {
  it('loses no version and gives one schema one id and one version when registries race on one subject', async () => {
    const shared = createMemoryStorage();
    const registries = Array.from({ length: 4 }, () => createRegistry({ storage: slowStorage(shared) }));
    const distinct = await Promise.all(Array.from({ length: 24 }, (_, i) => (registries[i % 4] as ReturnType<typeof createRegistry>).register('s', schemaWith(1 + (i % 12)))));
    // 12 distinct schemas, each registered twice by different registries: 12 versions, one id per schema.
    const versionsBySchema = new Map<string, Set<number>>();
    for (const found of distinct) versionsBySchema.set(found.schema, (versionsBySchema.get(found.schema) ?? new Set()).add(found.version));
    expect([...versionsBySchema.values()].map((set) => set.size)).toEqual(Array.from({ length: 12 }, () => 1));
    const reader = createRegistry({ storage: shared });
    expect(await reader.listVersions('s')).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const ids = await Promise.all(Array.from({ length: 12 }, async (_, i) => (await reader.lookup('s', schemaWith(1 + i))).id));
    expect(new Set(ids).size).toBe(12);
  });

  it('keeps configs and deletes in the storage, visible to every registry on it', async () => {
    const shared = createMemoryStorage();
    const [a, b] = [createRegistry({ storage: shared }), createRegistry({ storage: shared })];
    await a.setConfig('s', { compatibility: 'NONE' });
    expect(await b.compatibilityOf('s')).toBe('NONE');
    await a.register('s', schemaWith(1));
    expect(await b.deleteSubject('s')).toEqual([1]);
    expect(await a.listSubjects()).toEqual([]);
  });
});
