// Core: strategies and the history check.
export { checkCompatibility } from './check.js';
export type { CheckOptions } from './check.js';
export {
  Strategy, STRATEGY_ALIASES, parseStrategy, defaultStrategy, upgradeOrder, strategyScope, strategyDirections, strategyNames,
} from './strategy.js';
export type { Direction, StrategyAlias, StrategyName, StrategyScope, UpgradeOrder } from './strategy.js';
export { CoreFindingType } from './result.js';
export { findingFingerprint } from './finding-fingerprint.js';
export type { CompatibilityResult, Incompatibility, Finding, PairResult, Explanation, Witness } from './result.js';
export { diffSchemas } from './diff/diff-schemas.js';
export type { DiffOptions } from './diff/diff-schemas.js';
export { DiffChangeType } from './diff/change.js';
export type { Change, ChangeDraft, ChangeLocation } from './diff/change.js';

// Audit of a whole history: who reads whom, which strategies it satisfies.
export { auditHistory, AUDITED_STRATEGIES } from './audit/index.js';
export type { Audit, AuditCell, AuditFinding, AuditOptions, StrategyViolation, UpgradeAdvice } from './audit/index.js';

// Schemas and checkers.
export { SchemaType } from './schema-type.js';
export type { BuiltInSchemaType } from './schema-type.js';
export { parseSchema, isParsedSchema } from './schema.js';
export type { ParsedSchema, SchemaInput, ParseSchemaOptions } from './schema.js';
export { CheckerRegistry } from './checkers/registry.js';
export { DefaultChecker, DefaultFindingType } from './checkers/default.js';
export type { PrimitiveSchema } from './checkers/default.js';
export { KeyValueChecker, KeyValueFindingType, KeyValueParseRule, encodeKeyValueData } from './checkers/key-value.js';
export type { KeyValueSchema, KeyValuePart, KeyValueEncoding } from './checkers/key-value.js';
export type { SchemaChecker, PairChecker, ParseOptions, Roles, SessionHistory } from './checkers/types.js';

// Avro.
export { AvroChecker } from './avro/checker.js';
export type { AvroCheckerOptions, AvroProfile } from './avro/checker.js';
export { AvroIncompatibilityType, AvroWarningType } from './avro/compat/findings.js';
export { AvroParseRule } from './avro/parse-rules.js';
export { AvroChangeType } from './avro/diff/change-types.js';
export { parsingCanonicalForm, fingerprint, fingerprint64 } from './avro/fingerprint.js';
export type { FingerprintAlgorithm, AvroSchemaLike } from './avro/fingerprint.js';
export { toHex } from './hash/hex.js';
export type {
  AvroSchema, AvroNode, AvroNamed, AvroRecord, AvroEnum, AvroFixed, AvroArray, AvroMap, AvroUnion, AvroPrimitive,
  AvroField, AvroKind, AvroPrimitiveKind, AvroFieldOrder,
} from './avro/model.js';

// JSON Schema.
export type { JsonChangeType } from './json-schema/changes.js';
export { JsonSchemaChecker, JsonFormatFindingType, isAvroRecordDefinition, JsonDifferenceType, JsonSchemaParseRule, JSON_SCHEMA_MAX_DEPTH } from './json-schema/index.js';
export type { JsonSchemaCheckerOptions, JsonTypeSchema, JsonSchemaDifference, JsonRuleSet, JsonSchemaPolicy, JsonSchemaDocument, JsonNode, Draft } from './json-schema/index.js';
export { jsonSchemaExplainer, explainJsonWitness, JsonWitnessReason, jsonSchemaHint, validateInstance } from './json-schema/index.js';
export type { JsonWitnessResult, InstanceVerdict } from './json-schema/index.js';

// Errors.
export {
  SchemaCompatError, SchemaParseError, UnknownStrategyError, UnknownSchemaTypeError, InvalidOptionError, CheckTooDeepError, isSchemaCompatError,
} from './errors.js';
export type { SchemaParseErrorDetails } from './errors.js';
export type { JsonValue, JsonObject } from './util/json.js';

// Avro data plane (avsc), witnesses and hints.
export { createAvroResolver, decodeAvro, encodeAvro } from './avro/data/resolver.js';
export { createAvroCodec } from './avro/data/avro-codec.js';
export type { AvroCodec } from './avro/data/avro-codec.js';
export type { AvroResolver, AvroResolverOptions, AvroSchemaInput } from './avro/data/resolver.js';
export { IncompatibleSchemaError, AvroDataError } from './avro/data/errors.js';
export { avroWitness } from './avro/explain/witness.js';
export { avroHint } from './avro/explain/hints.js';
