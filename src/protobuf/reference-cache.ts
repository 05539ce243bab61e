import type { ProtoFile, ProtoSymbol } from './model.js';
import type { ParsedFile } from './parse-file.js';

/** A message or enum full name a file defines, with its kind. */
export type DefinedName = readonly [fullName: string, kind: 'message' | 'enum'];

/**
 * How each type name written in a built file resolved: the full names it could mean, in protoc's
 * order, and the one found (with its kind), or none. The built model is valid in another `parse`
 * call as long as every lookup finds the same there.
 */
export type ResolutionLog = readonly { readonly candidates: readonly string[]; readonly answer: string | undefined; readonly kind: string | undefined }[];

/** A cached import's model and the tables a parse reads it through. */
export interface BuiltReference {
  readonly file: ProtoFile;
  readonly log: ResolutionLog;
  /** The file's own message and enum names (a layer of a parse's names). */
  readonly kinds: ReadonlyMap<string, 'message' | 'enum'>;
  /** The file's own definitions by full name (a layer of the schema's `symbols`). */
  readonly symbols: ReadonlyMap<string, ProtoSymbol>;
  /** Names the file's lookups tried and did not find: defining one elsewhere changes the model. */
  readonly absent: ReadonlySet<string>;
  /** The sets of imports (entry ids) this model has been checked to be right among. */
  readonly validWith: Set<string>;
}

/** An imported file as kept between calls: its text, protobufjs' parse, its names, and once built, its model. */
export interface CachedReference {
  /** Unique within its cache: sets of imports are told apart by their entries' ids. */
  readonly id: number;
  readonly text: string;
  readonly parsed: ParsedFile;
  readonly names: readonly DefinedName[];
  readonly built?: BuiltReference;
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
  readonly #entries = new Map<string, CachedReference>();
  #lastId = 0;

  /** How many imported files the cache holds. */
  get size(): number {
    return this.#entries.size;
  }

  /** Forgets every file. */
  clear(): void {
    this.#entries.clear();
  }

  /** @internal The entry for an import name when its text is `text`. */
  lookup(name: string, text: string): CachedReference | undefined {
    const entry = this.#entries.get(name);
    return entry !== undefined && entry.text === text ? entry : undefined;
  }

  /** @internal A new entry id. */
  nextId(): number {
    return ++this.#lastId;
  }

  /** @internal Keeps (or replaces) the entry of an import name. */
  keep(name: string, entry: CachedReference): void {
    this.#entries.set(name, entry);
  }
}
