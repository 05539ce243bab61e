import type { ParsedSchema } from 'schema-compat';
import type { Candidate, RegistryCore } from './core.js';
import type { VersionRecord } from './storage.js';
import type { SubjectView } from './view.js';

/** A history version, parsed, with its stored text. */
export interface HistoryEntry {
  readonly record: VersionRecord;
  readonly parsed: ParsedSchema;
  readonly schemaType: string;
  readonly text: string;
}

export async function historyOf(core: RegistryCore, records: readonly VersionRecord[]): Promise<HistoryEntry[]> {
  return Promise.all(records.map(async (record) => {
    const [parsed, stored] = await Promise.all([core.parsedById(record.id, record.version), core.storedById(record.id)]);
    return { record, parsed, schemaType: stored.schemaType, text: stored.schema };
  }));
}

/** The active version identical to the candidate (same type, references and checker identity), newest first. */
export async function findIdentical(core: RegistryCore, view: SubjectView, candidate: Candidate): Promise<VersionRecord | undefined> {
  const checker = core.checkers.get(candidate.schemaType);
  const refs = JSON.stringify(candidate.references);
  for (let i = view.active.length - 1; i >= 0; i--) {
    const record = view.active[i] as VersionRecord;
    const stored = await core.storedById(record.id);
    if (stored.schemaType !== candidate.schemaType || JSON.stringify(stored.references) !== refs) continue;
    const parsed = await core.parsedById(record.id);
    if (checker.isIdentical(candidate.parsed.schema, parsed.schema)) return record;
  }
  return undefined;
}

/**
 * Confluent's `compatibilityGroup`: only versions whose metadata property `group` equals the
 * candidate's are checked (an absent value matches an absent one) (confluent.md §1.3).
 */
export function inGroup(records: readonly VersionRecord[], group: string | undefined, value: string | undefined): VersionRecord[] {
  if (group === undefined) return [...records];
  return records.filter((record) => record.metadata?.properties?.[group] === value);
}

/** Old schema text by version label, for the message trailers. */
export function textsByVersion(entries: readonly HistoryEntry[]): (version: number) => string | undefined {
  const texts = new Map(entries.map((entry) => [entry.record.version, entry.text]));
  return (version) => texts.get(version);
}
