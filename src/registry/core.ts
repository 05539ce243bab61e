import { CheckerRegistry, InvalidOptionError, defaultStrategy, parseStrategy } from 'schema-compat';
import type { AvroCheckerOptions, Strategy, StrategyName } from 'schema-compat';
import { normalizedText, schemaText, schemaTypeOf } from './content.js';
import { RegistryError, RegistryErrorCode, notFound } from './errors.js';
import { KeyedLock } from './lock.js';
import type { Storage, StoredSchema, VersionRecord } from './storage.js';
import type { RegistryConfig, RegistryMode, SchemaReference, SchemaSubmission, SubjectVersion } from './types.js';
import type { JudgedSchema, SchemaSource } from './verdict.js';
import type { SubjectView } from './view.js';
import { isDeleted, viewOf } from './view.js';

export interface RegistryOptions {
  /** `'confluent'` (default) or `'pulsar'`: version base, default levels, deletes (docs/registry.md). */
  readonly mode?: RegistryMode;
  /** Where state is kept; default a fresh `createMemoryStorage()`. */
  readonly storage?: Storage;
  /** Checkers by schema type; default `CheckerRegistry.withDefaults()` (register JSON or Protobuf checkers here). */
  readonly checkers?: CheckerRegistry;
  /** Avro checker options when `checkers` is not given; the profile defaults to the mode. */
  readonly avro?: AvroCheckerOptions;
  /**
   * The level when neither the subject nor the global config sets one. Default: Confluent BACKWARD;
   * Pulsar `defaultStrategy(type, 'pulsar')` (FULL for AVRO and JSON, ALWAYS_INCOMPATIBLE otherwise).
   */
  readonly compatibility?: StrategyName;
  /** The first version number of a subject. Default 1 (Confluent) or 0 (Pulsar). */
  readonly firstVersion?: number;
  /** How many parsed stored schemas to keep in memory. Default 10,000. */
  readonly parsedCacheSize?: number;
}

/** A submission, checked and ready for a judge (parsing is the judge's work); `schema` is the text stored. */
export type Candidate = JudgedSchema;

/** The state and helpers every registry call shares. */
export class RegistryCore {
  readonly mode: RegistryMode;
  readonly storage: Storage;
  readonly checkers: CheckerRegistry;
  readonly firstVersion: number;
  readonly lock = new KeyedLock();
  /** Reads stored schemas for a judge: the stored text, references and the texts those name. */
  readonly source: SchemaSource = {
    schema: async (id) => {
      const stored = await this.storedById(id);
      return { ...stored, referenceTexts: await this.referenceTexts(stored.references) };
    },
  };
  private readonly fallbackLevel: Strategy | undefined;

  constructor(storage: Storage, options: RegistryOptions) {
    const mode = options.mode ?? 'confluent';
    if (mode !== 'confluent' && mode !== 'pulsar') throw new InvalidOptionError('mode', `${JSON.stringify(mode)} is not 'confluent' or 'pulsar'`);
    this.mode = mode;
    this.storage = storage;
    // Pulsar's JSON schemas are Avro record definitions judged by its broker's engine (reference/pulsar.md §2.4).
    this.checkers = options.checkers ?? CheckerRegistry.withDefaults({ avro: { profile: mode, ...options.avro }, json: { registry: mode } });
    this.firstVersion = options.firstVersion ?? (mode === 'pulsar' ? 0 : 1);
    if (!Number.isInteger(this.firstVersion) || this.firstVersion < 0) throw new InvalidOptionError('firstVersion', `${String(options.firstVersion)} is not a non-negative integer`);
    this.fallbackLevel = options.compatibility === undefined ? undefined : parseStrategy(options.compatibility);
  }

  async view(subject: string): Promise<SubjectView> {
    return viewOf(await this.storage.versions(checkSubject(subject)), this.mode, this.firstVersion);
  }

  /** The level for a subject: its own, else the global one, else the option, else the mode's default for the type. */
  async levelFor(subject: string, schemaType: string): Promise<Strategy> {
    const config = await this.settingsFor(subject);
    return config.compatibility ?? this.defaultLevel(schemaType);
  }

  defaultLevel(schemaType: string): Strategy {
    return this.fallbackLevel ?? defaultStrategy(schemaType, this.mode);
  }

  /** The subject's settings over the global ones, field by field. */
  async settingsFor(subject: string): Promise<RegistryConfig> {
    const [own, global] = await Promise.all([this.storage.getConfig(subject), this.storage.getConfig(null)]);
    return { ...global, ...own };
  }

  /**
   * Reads a submission: its text (normalized when asked), its checked references and the texts they
   * name, and its type as the checker names it (`UnknownSchemaTypeError` for a type without one).
   */
  async candidate(submission: SchemaSubmission, normalize: boolean): Promise<Candidate> {
    if (typeof submission !== 'object' || submission === null) throw new InvalidOptionError('schema', 'must be an object with a `schema` field');
    const type = schemaTypeOf(submission);
    const raw = schemaText(submission);
    const text = normalize ? normalizedText(raw) : raw;
    const references = checkReferences(submission.references ?? []);
    const referenceTexts = await this.referenceTexts(references);
    return { schemaType: this.checkers.get(type).schemaType, schema: text, references, referenceTexts };
  }

  async storedById(id: number): Promise<StoredSchema> {
    const stored = Number.isInteger(id) ? await this.storage.schemaById(id) : undefined;
    if (stored === undefined) throw notFound.schema(id);
    return stored;
  }

  async subjectVersion(subject: string, view: SubjectView, record: VersionRecord): Promise<SubjectVersion> {
    const stored = await this.storedById(record.id);
    return {
      subject, version: record.version, id: record.id, schemaType: stored.schemaType, schema: stored.schema, references: stored.references,
      deleted: isDeleted(view, record), ...(record.metadata ? { metadata: record.metadata } : {}),
    };
  }

  /**
   * The texts of the schemas `references` name, dependencies first, as `[name, text]` pairs (what a
   * judge parses with); a reference to a version that does not exist is `INVALID_SCHEMA`.
   */
  async referenceTexts(references: readonly SchemaReference[]): Promise<Array<[string, string]>> {
    const texts = new Map<string, string>();
    await this.collectReferences(references, texts, new Set());
    return [...texts];
  }

  private async collectReferences(references: readonly SchemaReference[], into: Map<string, string>, seen: Set<string>): Promise<void> {
    for (const reference of references) {
      const key = JSON.stringify([reference.subject, reference.version]);
      if (seen.has(key)) continue;
      seen.add(key);
      const view = await this.view(reference.subject);
      const record = view.all.find((item) => item.version === reference.version);
      if (record === undefined) {
        throw new RegistryError(RegistryErrorCode.INVALID_SCHEMA, `Invalid schema: reference '${reference.name}' names version ${reference.version} of subject '${reference.subject}', which does not exist`);
      }
      const stored = await this.storedById(record.id);
      await this.collectReferences(stored.references, into, seen);
      // A later reference of the same name replaces the earlier text but keeps its place, as an object key did.
      into.set(reference.name, stored.schema);
    }
  }
}

/** A subject name: a non-empty string without control characters (else `INVALID_SUBJECT`, 42208). */
export function checkSubject(subject: string): string {
  if (typeof subject !== 'string' || subject.length === 0 || /[\u0000-\u001f]/.test(subject)) {
    throw new RegistryError(RegistryErrorCode.INVALID_SUBJECT, `The specified subject '${String(subject)}' is not valid.`);
  }
  return subject;
}

function checkReferences(references: readonly SchemaReference[]): readonly SchemaReference[] {
  if (!Array.isArray(references)) throw new RegistryError(RegistryErrorCode.INVALID_SCHEMA, 'Invalid schema: references must be an array of {name, subject, version}');
  return references.map((reference: SchemaReference, i) => {
    const ok = typeof reference === 'object' && reference !== null && typeof reference.name === 'string' && typeof reference.subject === 'string'
      && Number.isInteger(reference.version);
    if (!ok) throw new RegistryError(RegistryErrorCode.INVALID_SCHEMA, `Invalid schema: references[${i}] is not {name, subject, version}`);
    return { name: reference.name, subject: reference.subject, version: reference.version };
  });
}
