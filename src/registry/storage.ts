import type { RegistryConfig, SchemaMetadata, SchemaReference } from './types.js';

/** A schema's content, as stored once under its global id. */
export interface StoredSchema {
  readonly schemaType: string;
  readonly schema: string;
  readonly references: readonly SchemaReference[];
}

/** One entry of a subject's history. */
export interface VersionRecord {
  readonly version: number;
  /** The global schema id (Pulsar tombstones: -1). */
  readonly id: number;
  /** Soft-deleted (Confluent). */
  readonly deleted: boolean;
  /** A Pulsar delete marker: it takes a version number, and only versions after the last one count. */
  readonly tombstone: boolean;
  readonly metadata?: SchemaMetadata;
}

/** Where a global id is used. */
export interface IdUse {
  readonly subject: string;
  readonly version: number;
}

/**
 * Where a registry keeps its state. Every call is async so a real registry can put it on its own
 * database; the two writes that race (`idForContent`, `appendVersion`) must be atomic there.
 * `createMemoryStorage()` is the in-memory default.
 */
export interface Storage {
  /**
   * The id of the schema whose content key is `key`, allocating the next id (from 1) and storing
   * `schema` when the key is new. Atomic: concurrent calls with one key get one id.
   */
  idForContent(key: string, schema: StoredSchema): Promise<number>;
  schemaById(id: number): Promise<StoredSchema | undefined>;
  /** Every record of a subject in ascending version order, soft-deleted ones and tombstones included. */
  versions(subject: string): Promise<readonly VersionRecord[]>;
  /**
   * Appends `record` when its version is above every stored version of the subject, and returns
   * true; returns false (and stores nothing) when another writer appended first.
   */
  appendVersion(subject: string, record: VersionRecord): Promise<boolean>;
  /** Marks versions soft-deleted. */
  markDeleted(subject: string, versions: readonly number[]): Promise<void>;
  /** Removes versions for good (hard delete); the subject disappears with its last record. */
  removeVersions(subject: string, versions: readonly number[]): Promise<void>;
  /** Every subject with at least one record, sorted. */
  subjects(): Promise<readonly string[]>;
  /** The subject versions (soft-deleted included) that use a global id. */
  usesOfId(id: number): Promise<readonly IdUse[]>;
  /** The configuration of a subject, or the global one for `null`; undefined when unset. */
  getConfig(subject: string | null): Promise<RegistryConfig | undefined>;
  /** Sets (or, with undefined, clears) a subject's configuration or the global one. */
  setConfig(subject: string | null, config: RegistryConfig | undefined): Promise<void>;
}
