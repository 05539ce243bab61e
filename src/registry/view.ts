import type { RegistryMode } from './types.js';
import type { VersionRecord } from './storage.js';

/** A subject's records as the mode sees them. */
export interface SubjectView {
  /** Every record, tombstones included, ascending. */
  readonly records: readonly VersionRecord[];
  /** Versions that count: not soft-deleted and (Pulsar) after the last tombstone, ascending. */
  readonly active: readonly VersionRecord[];
  /** Every schema version, deleted ones included (no tombstones), ascending. */
  readonly all: readonly VersionRecord[];
  /** The version the next registration takes. */
  readonly nextVersion: number;
}

/**
 * Confluent: soft-deleted versions stop counting. Pulsar: a delete writes a tombstone that takes a
 * version, and only versions after the last tombstone count (pulsar.md §1.4, §3.3).
 */
export function viewOf(records: readonly VersionRecord[], mode: RegistryMode, firstVersion: number): SubjectView {
  let lastTombstone = -1;
  if (mode === 'pulsar') {
    for (let i = records.length - 1; i >= 0; i--) {
      if (records[i]?.tombstone) {
        lastTombstone = i;
        break;
      }
    }
  }
  const active = records.filter((record, i) => i > lastTombstone && !record.tombstone && !record.deleted);
  const all = records.filter((record) => !record.tombstone);
  const last = records[records.length - 1];
  return { records, active, all, nextVersion: last === undefined ? firstVersion : last.version + 1 };
}

/** Whether a version is deleted as the mode sees it (soft-deleted, or before the last tombstone). */
export function isDeleted(view: SubjectView, record: VersionRecord): boolean {
  return record.deleted || record.tombstone || view.active.length === 0 || record.version < (view.active[0] as VersionRecord).version;
}
