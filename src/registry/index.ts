// schema-compat/registry: an embeddable registry core on checkCompatibility, Confluent- and
// Pulsar-shaped answers, wire formats and an Avro serde. No Node built-ins: it runs anywhere.

// The registry.
export { createRegistry } from './registry.js';
export type { Registry } from './registry.js';
export type { RegistryOptions } from './core.js';
export type { ConfigUpdate } from './config.js';
export type {
  RegistryMode, SchemaReference, SchemaMetadata, SchemaSubmission, SchemaById, SubjectVersion, RegistryConfig, CompatibilityCheck,
  ReadOptions, DeleteOptions, SubmitOptions,
} from './types.js';

// Judges: where parsing and checking run (the registry keeps storage, ids and versions).
export { createLocalJudge } from './judge.js';
export type { LocalJudgeOptions } from './judge.js';
export type { Judge, JudgedSchema, SchemaSource, Verdict, VerdictRequest, VersionPointer } from './verdict.js';

// Storage.
export { createMemoryStorage } from './memory-storage.js';
export type { Storage, StoredSchema, VersionRecord, IdUse } from './storage.js';

// Answers in each registry's words.
export { toConfluentMessages, toConfluentError, OLD_SCHEMA_MAX_LENGTH } from './confluent-messages.js';
export type { ConfluentMessageOptions, ConfluentErrorResponse } from './confluent-messages.js';
export { toPulsarError, prettyJson } from './pulsar-messages.js';
export type { PulsarErrorOptions, PulsarErrorResponse, SchemaText } from './pulsar-messages.js';

// Subject names, wire formats, serde.
export { SubjectNameStrategies, subjectNameStrategy } from './subject-names.js';
export type { SubjectNameContext, SubjectNameStrategy, SubjectNameStrategyName } from './subject-names.js';
export {
  encodeConfluentFrame, decodeConfluentFrame, encodeMessageIndexes, decodeMessageIndexes, CONFLUENT_MAGIC_BYTE, CONFLUENT_HEADER_LENGTH,
} from './wire/confluent.js';
export type { ConfluentFrame, ConfluentFrameOptions } from './wire/confluent.js';
export { encodeSingleObject, decodeSingleObject, SINGLE_OBJECT_MARKER } from './wire/single-object.js';
export type { SingleObjectFrame } from './wire/single-object.js';
export { createAvroSerde } from './serde.js';
export type { AvroSerde, AvroSerdeOptions, AvroSchemaSource } from './serde.js';
export { parseVersionId } from './versions.js';
export type { VersionId } from './versions.js';

// Errors.
export {
  RegistryError, RegistryErrorCode, IncompatibleRegistrationError, WireFormatError, WireFormatProblem, CONFLUENT_ERROR_CODES,
} from './errors.js';

// A client of a registry over HTTP (Confluent's REST API), on `fetch` only.
export { createRegistryClient } from './client/client.js';
export type { RegistryClient, RegistryClientOptions, RegisteredSchema } from './client/types.js';
export { RegistryClientError } from './client/errors.js';
export type { RegistryClientErrorCode, RegistryClientErrorDetails } from './client/errors.js';
export type { RegistryAuth, HttpOptions } from './http/settings.js';
