import type { CheckerRegistry, Strategy } from 'schema-compat';
import { canConsume, testCompatibility } from './compatibility.js';
import type { ConfigUpdate } from './config.js';
import { deleteConfig, getConfig, setConfig } from './config.js';
import { RegistryCore } from './core.js';
import type { RegistryOptions } from './core.js';
import { deleteSubject, deleteVersion } from './deletes.js';
import { notFound } from './errors.js';
import { createLocalJudge } from './judge.js';
import { createMemoryStorage } from './memory-storage.js';
import { lookupSchema, registerSchema } from './register.js';
import type { IdUse, Storage } from './storage.js';
import type {
  CompatibilityCheck, DeleteOptions, ReadOptions, RegistryConfig, RegistryMode, SchemaById, SchemaSubmission, SubjectVersion, SubmitOptions,
} from './types.js';
import type { Judge } from './verdict.js';
import type { VersionId } from './versions.js';
import { parseVersionId } from './versions.js';

/** A schema registry built on `checkCompatibility`: subjects, versions, global ids, configs, deletes. */
export interface Registry {
  readonly mode: RegistryMode;
  /** The first version number of a subject (Confluent 1, Pulsar 0). */
  readonly firstVersion: number;
  readonly storage: Storage;
  /** The checkers this registry parses and checks with. */
  readonly checkers: CheckerRegistry;
  /** The schema types this registry has checkers for. */
  schemaTypes(): string[];
  /**
   * This registry (the same storage, configs and one-registration-per-subject order) with its
   * parsing and checking done by `judge`, e.g. in worker threads, as `schema-compat/server` does.
   * The registry still reads the storage, decides and stores; the judge only computes verdicts.
   */
  withJudge(judge: Judge): Registry;
  /**
   * Registers a schema (text, JSON or a submission with type and references). An identical active
   * version is returned as is; an incompatible schema throws `IncompatibleRegistrationError` with
   * the full `CompatibilityResult`; an unparsable one `SchemaParseError`.
   */
  register(subject: string, schema: SchemaSubmission | string, options?: SubmitOptions): Promise<SubjectVersion>;
  /** The version of a subject whose schema is identical to `schema`; `SCHEMA_NOT_FOUND` if none. */
  lookup(subject: string, schema: SchemaSubmission | string, options?: SubmitOptions & ReadOptions): Promise<SubjectVersion>;
  /** A version by number, `'latest'` or `-1`. */
  getVersion(subject: string, version: number | string, options?: ReadOptions): Promise<SubjectVersion>;
  getLatest(subject: string): Promise<SubjectVersion>;
  /** A schema by its global id (soft-deleted versions keep their ids readable; hard-deleted ones do not). */
  getById(id: number): Promise<SchemaById>;
  /** The subject versions that use a global id. */
  usesOfId(id: number, options?: ReadOptions): Promise<IdUse[]>;
  listSubjects(options?: ReadOptions): Promise<string[]>;
  listVersions(subject: string, options?: ReadOptions): Promise<number[]>;
  /** Confluent's compatibility test: one version (`'latest'` or a number), or every active one when no version is given. */
  testCompatibility(subject: string, schema: SchemaSubmission | string, options?: SubmitOptions & { readonly version?: number | string }): Promise<CompatibilityCheck>;
  /** Pulsar's consumer check: may a consumer with this schema subscribe? */
  canConsume(subject: string, schema: SchemaSubmission | string): Promise<CompatibilityCheck>;
  /** The level a registration under this subject is checked with. */
  compatibilityOf(subject: string, schemaType?: string): Promise<Strategy>;
  deleteSubject(subject: string, options?: DeleteOptions): Promise<number[]>;
  deleteVersion(subject: string, version: number | string, options?: DeleteOptions): Promise<number>;
  /** A subject's config (`null`: the global one, which always has a level). */
  getConfig(subject: string | null, options?: { readonly defaultToGlobal?: boolean }): Promise<RegistryConfig>;
  setConfig(subject: string | null, update: ConfigUpdate): Promise<RegistryConfig>;
  deleteConfig(subject: string | null): Promise<RegistryConfig>;
}

/** A text schema is an AVRO submission. */
function submissionOf(schema: SchemaSubmission | string): SchemaSubmission {
  return typeof schema === 'string' ? { schema } : schema;
}

/**
 * A registry over `options.storage` (default in memory). It uses no Node built-ins, so it runs in
 * browsers and edge runtimes; `schema-compat/server` puts Confluent's REST API in front of it.
 */
export function createRegistry(options: RegistryOptions = {}): Registry {
  const core = new RegistryCore(options.storage ?? createMemoryStorage(), options);
  return registryOver(core, createLocalJudge(core.checkers, options.parsedCacheSize === undefined ? {} : { cacheSize: options.parsedCacheSize }));
}

function registryOver(core: RegistryCore, judge: Judge): Registry {
  const versionId = (version: number | string): VersionId => parseVersionId(version, core.firstVersion);
  const getVersion = async (subject: string, version: number | string, read: ReadOptions = {}): Promise<SubjectVersion> => {
    const id = versionId(version);
    const view = await core.view(subject);
    const pool = read.deleted ? view.all : view.active;
    if (pool.length === 0) throw notFound.subject(subject);
    const record = id === 'latest' ? pool[pool.length - 1] : pool.find((item) => item.version === id);
    if (record === undefined) throw notFound.version(id);
    return core.subjectVersion(subject, view, record);
  };
  return {
    mode: core.mode,
    firstVersion: core.firstVersion,
    storage: core.storage,
    checkers: core.checkers,
    schemaTypes: () => [...core.checkers.types()],
    withJudge: (other) => registryOver(core, other),
    register: (subject, schema, submit = {}) => registerSchema(core, judge, subject, submissionOf(schema), submit),
    lookup: (subject, schema, submit = {}) => lookupSchema(core, judge, subject, submissionOf(schema), submit),
    getVersion,
    getLatest: (subject) => getVersion(subject, 'latest'),
    getById: async (id) => {
      const stored = await core.storedById(id);
      if ((await core.storage.usesOfId(id)).length === 0) throw notFound.schema(id);
      return { id, ...stored };
    },
    usesOfId: async (id, read = {}) => {
      const uses = await core.storage.usesOfId(id);
      if (uses.length === 0) throw notFound.schema(id);
      const kept = [];
      for (const use of uses) {
        const view = await core.view(use.subject);
        const pool = read.deleted ? view.all : view.active;
        if (pool.some((record) => record.version === use.version)) kept.push(use);
      }
      return kept.sort((a, b) => (a.subject === b.subject ? a.version - b.version : a.subject < b.subject ? -1 : 1));
    },
    listSubjects: async (read = {}) => {
      const subjects = [];
      for (const subject of await core.storage.subjects()) {
        const view = await core.view(subject);
        if ((read.deleted ? view.all : view.active).length > 0) subjects.push(subject);
      }
      return subjects;
    },
    listVersions: async (subject, read = {}) => {
      const view = await core.view(subject);
      const pool = read.deleted ? view.all : view.active;
      if (pool.length === 0) throw notFound.subject(subject);
      return pool.map((record) => record.version);
    },
    testCompatibility: (subject, schema, test = {}) => {
      const { version, ...submit } = test;
      return testCompatibility(core, judge, subject, submissionOf(schema), { ...submit, ...(version === undefined ? {} : { version: versionId(version) }) });
    },
    canConsume: (subject, schema) => canConsume(core, judge, subject, submissionOf(schema)),
    compatibilityOf: (subject, schemaType = 'AVRO') => core.levelFor(subject, schemaType.toUpperCase()),
    deleteSubject: (subject, remove = {}) => deleteSubject(core, subject, remove),
    deleteVersion: (subject, version, remove = {}) => deleteVersion(core, subject, versionId(version), remove),
    getConfig: (subject, read = {}) => getConfig(core, subject, read.defaultToGlobal ?? false),
    setConfig: (subject, update) => setConfig(core, subject, update),
    deleteConfig: (subject) => deleteConfig(core, subject),
  };
}
