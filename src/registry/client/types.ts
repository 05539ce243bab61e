import type { ConfigUpdate } from '../config.js';
import type { HttpOptions } from '../http/settings.js';
import type { ReadOptions, DeleteOptions, RegistryConfig, SchemaById, SchemaSubmission, SubjectVersion, SubmitOptions } from '../types.js';

export interface RegistryClientOptions extends HttpOptions {
  /** The registry API root: `http://localhost:8081`, Apicurio's `https://host/apis/ccompat/v7`. Credentials in it (`https://user:pass@host`) become basic auth. */
  readonly url: string;
  /** Schemas kept by id (ids are immutable); the oldest is dropped past it. Default 10,000. */
  readonly cacheSize?: number;
}

/** What registering answers: the global id, and the version where the registry says it (Confluent 7.x and later). */
export interface RegisteredSchema {
  readonly id: number;
  readonly version?: number;
}

/**
 * A Confluent-compatible registry over HTTP. Every call may throw `RegistryClientError`, whose
 * `code`, `status` and `errorCode` (the registry's `error_code`) say why.
 */
export interface RegistryClient {
  /** The registry URL, without credentials. */
  readonly url: string;
  /** `GET /schemas/ids/{id}`, cached for the client's life (failures are not cached). */
  getById(id: number): Promise<SchemaById>;
  /** `POST /subjects/{s}/versions` (`?normalize=true` with `normalize`): registers, or answers the id it already has. */
  register(subject: string, schema: SchemaSubmission | string, options?: SubmitOptions): Promise<RegisteredSchema>;
  /** `POST /subjects/{s}`: the version the schema already is; 40403 (`SCHEMA_NOT_FOUND`) when it is none. */
  lookup(subject: string, schema: SchemaSubmission | string, options?: SubmitOptions & ReadOptions): Promise<SubjectVersion>;
  /** `GET /subjects`. */
  listSubjects(options?: ReadOptions): Promise<string[]>;
  /** `GET /subjects/{s}/versions`. */
  listVersions(subject: string, options?: ReadOptions): Promise<number[]>;
  /** `GET /subjects/{s}/versions/{v}`; `v` a number or `latest`. */
  getVersion(subject: string, version: number | string, options?: ReadOptions): Promise<SubjectVersion>;
  getLatest(subject: string): Promise<SubjectVersion>;
  /** `GET /schemas/ids/{id}/versions`: the subjects and versions that use an id. */
  usesOfId(id: number): Promise<{ readonly subject: string; readonly version: number }[]>;
  /** `POST /compatibility/subjects/{s}/versions[/{v}]?verbose=true`: against the subject's level (all versions) or one version. */
  testCompatibility(subject: string, schema: SchemaSubmission | string, options?: SubmitOptions & { readonly version?: number | string }): Promise<{ readonly compatible: boolean; readonly messages: readonly string[] }>;
  /** `DELETE /subjects/{s}` (`?permanent=true`: hard, after a soft delete): the versions deleted. */
  deleteSubject(subject: string, options?: DeleteOptions): Promise<number[]>;
  /** `DELETE /subjects/{s}/versions/{v}`: the version deleted. */
  deleteVersion(subject: string, version: number | string, options?: DeleteOptions): Promise<number>;
  /** `GET /config[/{s}]` (`null`: the global config); `defaultToGlobal` falls back to the global level. */
  getConfig(subject: string | null, options?: { readonly defaultToGlobal?: boolean }): Promise<RegistryConfig>;
  /** `PUT /config[/{s}]`. */
  setConfig(subject: string | null, update: ConfigUpdate): Promise<RegistryConfig>;
  /** `DELETE /config[/{s}]`. */
  deleteConfig(subject: string | null): Promise<RegistryConfig>;
  /** `GET /mode[/{s}]`: `READWRITE`, `READONLY`, `IMPORT`. */
  getMode(subject?: string | null): Promise<string>;
  /** `PUT /mode[/{s}]`. */
  setMode(subject: string | null, mode: string): Promise<string>;
}
