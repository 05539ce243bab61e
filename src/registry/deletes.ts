import type { RegistryCore } from './core.js';
import { RegistryError, RegistryErrorCode, deleteOrder, notFound } from './errors.js';
import type { VersionRecord } from './storage.js';
import type { DeleteOptions } from './types.js';
import type { VersionId } from './versions.js';
import { isDeleted } from './view.js';

/**
 * Deletes a subject. Confluent: soft delete marks every active version (and drops the subject's
 * config); permanent delete needs a soft delete first. Pulsar: a delete writes a tombstone that
 * takes a version; permanent (force) delete removes the history. Returns the versions deleted
 * (Pulsar soft delete: the tombstone's version).
 */
export async function deleteSubject(core: RegistryCore, subject: string, options: DeleteOptions): Promise<number[]> {
  return core.lock.run(subject, async () => {
    const view = await core.view(subject);
    if (view.records.length === 0) throw notFound.subject(subject);
    if (options.permanent) {
      if (core.mode === 'confluent' && view.active.length > 0) throw deleteOrder.subjectNotSoftDeleted(subject);
      await refuseReferenced(core, subject, view.all);
      await core.storage.removeVersions(subject, view.records.map((record) => record.version));
      return view.all.map((record) => record.version);
    }
    if (view.active.length === 0) throw core.mode === 'confluent' ? deleteOrder.subjectSoftDeleted(subject) : notFound.subject(subject);
    await refuseReferenced(core, subject, view.active);
    if (core.mode === 'pulsar') {
      const tombstone = { version: view.nextVersion, id: -1, deleted: false, tombstone: true };
      await core.storage.appendVersion(subject, tombstone);
      return [tombstone.version];
    }
    const versions = view.active.map((record) => record.version);
    await core.storage.markDeleted(subject, versions);
    await core.storage.setConfig(subject, undefined);
    return versions;
  });
}

/** Deletes one version: soft (it stops counting), or permanent after a soft delete (Confluent's order). */
export async function deleteVersion(core: RegistryCore, subject: string, version: VersionId, options: DeleteOptions): Promise<number> {
  return core.lock.run(subject, async () => {
    const view = await core.view(subject);
    if (view.all.length === 0) throw notFound.subject(subject);
    const pool = options.permanent ? view.all : view.active;
    const record = version === 'latest' ? pool[pool.length - 1] : view.all.find((item) => item.version === version);
    if (record === undefined) throw notFound.version(version);
    const active = !isDeleted(view, record);
    if (options.permanent) {
      if (active) throw deleteOrder.versionNotSoftDeleted(subject, record.version);
      await refuseReferenced(core, subject, [record]);
      await core.storage.removeVersions(subject, [record.version]);
    } else {
      if (!active) throw deleteOrder.versionSoftDeleted(subject, record.version);
      await refuseReferenced(core, subject, [record]);
      await core.storage.markDeleted(subject, [record.version]);
    }
    return record.version;
  });
}

/** Confluent refuses to delete a version that an active version of any subject references (42206). */
async function refuseReferenced(core: RegistryCore, subject: string, records: readonly VersionRecord[]): Promise<void> {
  const targets = new Set(records.map((record) => record.version));
  for (const other of await core.storage.subjects()) {
    const view = await core.view(other);
    for (const record of view.active) {
      const stored = await core.storedById(record.id);
      const hit = stored.references.find((reference) => reference.subject === subject && targets.has(reference.version));
      if (hit) {
        throw new RegistryError(
          RegistryErrorCode.REFERENCE_EXISTS,
          `One or more references exist to the schema {subject=${subject},version=${hit.version}}: version ${record.version} of subject '${other}' references it`,
        );
      }
    }
  }
}
