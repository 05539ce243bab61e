import { ownValue } from '../util/own.js';
import type { VersionRecord } from './storage.js';
import type { SchemaMetadata } from './types.js';
import type { VersionPointer } from './verdict.js';

/**
 * Confluent's `compatibilityGroup`: only versions whose metadata property `group` equals the
 * candidate's are checked (an absent value matches an absent one) (confluent.md §1.3). Only own
 * properties count: a group named `constructor` or `__proto__` is an ordinary property name.
 */
export function inGroup(records: readonly VersionRecord[], group: string | undefined, candidate: SchemaMetadata | undefined): VersionRecord[] {
  if (group === undefined) return [...records];
  const value = groupValue(candidate, group);
  return records.filter((record) => groupValue(record.metadata, group) === value);
}

/** A metadata property by name, own properties only (Confluent's metadata properties are a string map). */
export function groupValue(metadata: SchemaMetadata | undefined, group: string): string | undefined {
  return ownValue(metadata?.properties, group);
}

/** The records as a judge takes them: version label and global id. */
export function pointers(records: readonly VersionRecord[]): VersionPointer[] {
  return records.map((record) => ({ version: record.version, id: record.id }));
}
