import { SchemaCompatError } from 'schema-compat';
import type { CompatibilityResult } from 'schema-compat';

/**
 * What went wrong in a registry call, as a stable code. Each maps to one Confluent REST error
 * (`confluentErrorCode`, HTTP status = its first three digits), from Confluent's `rest/exceptions/Errors.java`.
 */
export const RegistryErrorCode = {
  SUBJECT_NOT_FOUND: 'SUBJECT_NOT_FOUND',
  VERSION_NOT_FOUND: 'VERSION_NOT_FOUND',
  SCHEMA_NOT_FOUND: 'SCHEMA_NOT_FOUND',
  SUBJECT_SOFT_DELETED: 'SUBJECT_SOFT_DELETED',
  SUBJECT_NOT_SOFT_DELETED: 'SUBJECT_NOT_SOFT_DELETED',
  VERSION_SOFT_DELETED: 'VERSION_SOFT_DELETED',
  VERSION_NOT_SOFT_DELETED: 'VERSION_NOT_SOFT_DELETED',
  SUBJECT_CONFIG_NOT_FOUND: 'SUBJECT_CONFIG_NOT_FOUND',
  INCOMPATIBLE_SCHEMA: 'INCOMPATIBLE_SCHEMA',
  INVALID_SCHEMA: 'INVALID_SCHEMA',
  INVALID_VERSION: 'INVALID_VERSION',
  INVALID_COMPATIBILITY_LEVEL: 'INVALID_COMPATIBILITY_LEVEL',
  REFERENCE_EXISTS: 'REFERENCE_EXISTS',
  INVALID_SUBJECT: 'INVALID_SUBJECT',
  /** The storage kept changing under a registration (a concurrent writer won every retry). */
  STORE_CONFLICT: 'STORE_CONFLICT',
} as const;
export type RegistryErrorCode = (typeof RegistryErrorCode)[keyof typeof RegistryErrorCode];

/** Confluent's `error_code` for each registry error (its HTTP status is the first three digits). */
export const CONFLUENT_ERROR_CODES: Readonly<Record<RegistryErrorCode, number>> = {
  SUBJECT_NOT_FOUND: 40401,
  VERSION_NOT_FOUND: 40402,
  SCHEMA_NOT_FOUND: 40403,
  SUBJECT_SOFT_DELETED: 40404,
  SUBJECT_NOT_SOFT_DELETED: 40405,
  VERSION_SOFT_DELETED: 40406,
  VERSION_NOT_SOFT_DELETED: 40407,
  SUBJECT_CONFIG_NOT_FOUND: 40408,
  INCOMPATIBLE_SCHEMA: 40901,
  INVALID_SCHEMA: 42201,
  INVALID_VERSION: 42202,
  INVALID_COMPATIBILITY_LEVEL: 42203,
  REFERENCE_EXISTS: 42206,
  INVALID_SUBJECT: 42208,
  STORE_CONFLICT: 50001,
};

/**
 * A registry call that cannot be answered: an unknown subject, version or id, a delete out of
 * order, a bad version or level. `message` is Confluent's text for the same case.
 */
export class RegistryError extends SchemaCompatError {
  override readonly name: string = 'RegistryError';
  readonly registryCode: RegistryErrorCode;
  /** Confluent's `error_code`, e.g. 40401. */
  readonly confluentErrorCode: number;
  /** The HTTP status Confluent answers with, e.g. 404. */
  readonly httpStatus: number;

  constructor(registryCode: RegistryErrorCode, message: string) {
    super(registryCode, message);
    this.registryCode = registryCode;
    this.confluentErrorCode = CONFLUENT_ERROR_CODES[registryCode];
    this.httpStatus = Math.floor(this.confluentErrorCode / 100);
  }
}

/**
 * A registration rejected by the compatibility check. `result` is the full `CompatibilityResult`;
 * `messages` is Confluent's list for it (`toConfluentMessages`), `message` Confluent's 409 text.
 */
export class IncompatibleRegistrationError extends RegistryError {
  override readonly name: string = 'IncompatibleRegistrationError';
  readonly subject: string;
  readonly result: CompatibilityResult;
  readonly messages: readonly string[];

  constructor(subject: string, result: CompatibilityResult, messages: readonly string[]) {
    super(RegistryErrorCode.INCOMPATIBLE_SCHEMA, incompatibleMessage(subject, messages));
    this.subject = subject;
    this.result = result;
    this.messages = messages;
  }
}

/** Confluent's 409 text: the messages as Java's `List.toString` prints them (SubjectVersionsResource). */
export function incompatibleMessage(subject: string, messages: readonly string[]): string {
  return `Schema being registered is incompatible with an earlier schema for subject "${subject}", details: [${messages.join(', ')}]`;
}

/** The reasons framed bytes cannot be read. */
export const WireFormatProblem = {
  /** Fewer bytes than the header needs. */
  TRUNCATED: 'TRUNCATED',
  /** The first byte is not the format's magic byte (Confluent 0, single-object C3 01). */
  BAD_MAGIC: 'BAD_MAGIC',
  /** A Protobuf message-index array that is negative, too long or runs past the data. */
  BAD_MESSAGE_INDEXES: 'BAD_MESSAGE_INDEXES',
  /** A schema id outside 0 .. 2^31-1, or a fingerprint that is not 8 bytes. */
  BAD_SCHEMA_ID: 'BAD_SCHEMA_ID',
  /** The payload after the header is not what its schema type writes (JSON: not UTF-8 JSON; Protobuf: not a message). */
  BAD_PAYLOAD: 'BAD_PAYLOAD',
} as const;
export type WireFormatProblem = (typeof WireFormatProblem)[keyof typeof WireFormatProblem];

/** Bytes that are not a framed message of the expected wire format: never decoded into a value. */
export class WireFormatError extends SchemaCompatError {
  override readonly name: string = 'WireFormatError';
  readonly problem: WireFormatProblem;

  constructor(problem: WireFormatProblem, message: string) {
    super('INVALID_WIRE_FORMAT', message);
    this.problem = problem;
  }
}

/**
 * A message that its schema does not allow: refused on write (never framed), and on read when the
 * serde validates (`validateOnRead`). `verdict` is `invalid`, or `undecided` when the schema nests
 * past the validator's depth bound.
 */
export class MessageValidationError extends SchemaCompatError {
  override readonly name: string = 'MessageValidationError';
  readonly schemaId: number | undefined;
  readonly verdict: 'invalid' | 'undecided';

  constructor(message: string, verdict: 'invalid' | 'undecided', schemaId?: number) {
    super('MESSAGE_INVALID', message);
    this.verdict = verdict;
    this.schemaId = schemaId;
  }
}

// Confluent's message texts for the registry errors (Errors.java and the Rest*Exception classes).
export const notFound = {
  subject: (subject: string): RegistryError => new RegistryError(RegistryErrorCode.SUBJECT_NOT_FOUND, `Subject '${subject}' not found.`),
  version: (version: number | string): RegistryError => new RegistryError(RegistryErrorCode.VERSION_NOT_FOUND, `Version ${version} not found.`),
  schema: (id?: number): RegistryError => new RegistryError(RegistryErrorCode.SCHEMA_NOT_FOUND, id === undefined ? 'Schema not found' : `Schema ${id} not found`),
  subjectConfig: (subject: string): RegistryError =>
    new RegistryError(RegistryErrorCode.SUBJECT_CONFIG_NOT_FOUND, `Subject '${subject}' does not have subject-level compatibility configured`),
};

export const deleteOrder = {
  subjectSoftDeleted: (subject: string): RegistryError =>
    new RegistryError(RegistryErrorCode.SUBJECT_SOFT_DELETED, `Subject '${subject}' was soft deleted.Set permanent=true to delete permanently`),
  subjectNotSoftDeleted: (subject: string): RegistryError =>
    new RegistryError(RegistryErrorCode.SUBJECT_NOT_SOFT_DELETED, `Subject '${subject}' was not deleted first before being permanently deleted`),
  versionSoftDeleted: (subject: string, version: number): RegistryError =>
    new RegistryError(RegistryErrorCode.VERSION_SOFT_DELETED, `Subject '${subject}' Version ${version} was soft deleted.Set permanent=true to delete permanently`),
  versionNotSoftDeleted: (subject: string, version: number): RegistryError =>
    new RegistryError(RegistryErrorCode.VERSION_NOT_SOFT_DELETED, `Subject '${subject}' Version ${version} was not deleted first before being permanently deleted`),
};

export function invalidVersion(version: string): RegistryError {
  return new RegistryError(
    RegistryErrorCode.INVALID_VERSION,
    `The specified version '${version}' is not a valid version id. Allowed values are between [1, 2^31-1] and the string "latest"`,
  );
}

export function invalidCompatibilityLevel(): RegistryError {
  return new RegistryError(
    RegistryErrorCode.INVALID_COMPATIBILITY_LEVEL,
    'Invalid compatibility level. Valid values are none, backward, forward, full, backward_transitive, forward_transitive, and full_transitive',
  );
}
