import type { ProtoFile } from './model.js';
import type { ParsedFile } from './parse-file.js';

/** A message or enum full name a file defines, with its kind. */
export type DefinedName = readonly [fullName: string, kind: 'message' | 'enum'];

/**
 * How each type name written in a built file resolved (`scope\0written` to a full name, or
 * undefined when the lookup found nothing): the built model is valid in another `parse` call as
 * long as every lookup gives the same answer there.
 */
export type ResolutionLog = ReadonlyMap<string, string | undefined>;

/** An imported file as kept between calls: its text, protobufjs' parse, its names, and once built, its model. */
export interface CachedReference {
  readonly text: string;
  readonly parsed: ParsedFile;
  readonly names: readonly DefinedName[];
  readonly built?: { readonly file: ProtoFile; readonly log: ResolutionLog };
}

/**
 * Imported files parsed once and shared between `parse` calls: pass the same cache as the
 * `referenceCache` option of every `ProtobufChecker.parse` of a snapshot, and a file every schema
 * imports (a 5,000-line `validate.proto`) is parsed and modelled once instead of once a schema.
 * An entry is used only while its import name maps to the same text, and its model only while
 * every type name in it resolves as it did; otherwise the file is parsed again and the entry
 * replaced. The cache holds every file it was given (by import name) until `clear()`: use one per
 * snapshot or per batch rather than one for a process's lifetime.
 */
export class ProtobufReferenceCache {
  private readonly entries = new Map<string, CachedReference>();

  /** How many imported files the cache holds. */
  get size(): number {
    return this.entries.size;
  }

  /** Forgets every file. */
  clear(): void {
    this.entries.clear();
  }

  /** @internal The entry for an import name when its text is `text`. */
  lookup(name: string, text: string): CachedReference | undefined {
    const entry = this.entries.get(name);
    return entry !== undefined && entry.text === text ? entry : undefined;
  }

  /** @internal Keeps (or replaces) the entry of an import name. */
  keep(name: string, entry: CachedReference): void {
    this.entries.set(name, entry);
  }
}
