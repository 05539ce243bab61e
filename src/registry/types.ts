import type { CompatibilityResult, Strategy } from 'schema-compat';

/** `'confluent'` or `'pulsar'`: picks the small behavioural differences (version base, defaults, deletes). */
export type RegistryMode = 'confluent' | 'pulsar';

/** A named reference to a schema registered under another subject (Confluent schema references). */
export interface SchemaReference {
  /** The name the referring schema uses (Avro: the referenced type's full name). */
  readonly name: string;
  readonly subject: string;
  readonly version: number;
}

/** Metadata a schema is registered with; `properties` drive `compatibilityGroup`. */
export interface SchemaMetadata {
  readonly properties?: Readonly<Record<string, string>>;
}

/** A schema as a client submits it (Confluent's register body). */
export interface SchemaSubmission {
  /** Schema text, or a parsed JSON document (stored as its JSON text). */
  readonly schema: string | object;
  /** Default `AVRO`. */
  readonly schemaType?: string;
  readonly references?: readonly SchemaReference[];
  readonly metadata?: SchemaMetadata;
}

/** A schema by its global id: what `GET /schemas/ids/{id}` answers. */
export interface SchemaById {
  readonly id: number;
  readonly schemaType: string;
  readonly schema: string;
  readonly references: readonly SchemaReference[];
}

/** One version of a subject: what `GET /subjects/{s}/versions/{v}` answers. */
export interface SubjectVersion extends SchemaById {
  readonly subject: string;
  readonly version: number;
  /** Soft-deleted (Confluent), or before the last tombstone (Pulsar). */
  readonly deleted: boolean;
  readonly metadata?: SchemaMetadata;
}

/** Per-subject or global configuration (Confluent's `/config` resource). */
export interface RegistryConfig {
  /** The compatibility level (any name `parseStrategy` accepts); unset falls through to the global one, then the mode's default. */
  readonly compatibility?: Strategy;
  /** Only versions whose metadata property of this name equals the candidate's are checked (Confluent). */
  readonly compatibilityGroup?: string;
  /** Store the schema text in its normalized form (compact JSON for JSON-based schema texts). */
  readonly normalize?: boolean;
}

/** What a compatibility test answers (Confluent's `POST /compatibility/...`). */
export interface CompatibilityCheck {
  readonly compatible: boolean;
  readonly result: CompatibilityResult;
  /** Confluent's message list (`toConfluentMessages`). */
  readonly messages: readonly string[];
}

/** Options of the read calls that may include deleted versions. */
export interface ReadOptions {
  /** Include soft-deleted versions and subjects (Confluent's `?deleted=true`). Default false. */
  readonly deleted?: boolean;
}

/** Options of the delete calls. */
export interface DeleteOptions {
  /** Hard delete (Confluent's `?permanent=true`, Pulsar's force delete). Default false: soft delete / tombstone. */
  readonly permanent?: boolean;
}

/** Options of register and lookup. */
export interface SubmitOptions {
  /** Normalize the schema text before storing or looking it up (Confluent's `?normalize=true`). */
  readonly normalize?: boolean;
}
