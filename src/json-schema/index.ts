// The JSON Schema checker's public surface (re-exported by the package root).
export { JsonSchemaChecker, JsonFormatFindingType, isAvroRecordDefinition } from './checker.js';
export type { JsonSchemaCheckerOptions, JsonTypeSchema, JsonSchemaDifference, JsonRuleSet } from './checker.js';
export { JsonDifferenceType } from './diff/types.js';
export type { JsonSchemaPolicy } from './diff/session.js';
export { JsonSchemaParseRule, JSON_SCHEMA_MAX_DEPTH } from './parse-rules.js';
export type { JsonSchemaDocument, JsonNode, Draft } from './model.js';
export { jsonSchemaExplainer, explainJsonWitness, JsonWitnessReason } from './explain/witness.js';
export type { JsonWitnessResult } from './explain/witness.js';
export { jsonSchemaHint } from './explain/hints.js';
export { validateInstance } from './instance/validate.js';
export type { InstanceVerdict } from './instance/validate.js';
