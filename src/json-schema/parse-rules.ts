/** Why a JSON Schema document was rejected: the `rule` of its `SchemaParseError`. */
export const JsonSchemaParseRule = {
  /** The text is not JSON. */
  INVALID_JSON: 'INVALID_JSON',
  /** A schema must be an object or a boolean (JSON Schema core §4.3.1; booleans from draft 6). */
  NOT_A_SCHEMA: 'NOT_A_SCHEMA',
  /** A keyword's value has the wrong JSON type or range (JSON Schema Validation, each keyword's "MUST"). */
  KEYWORD_TYPE: 'KEYWORD_TYPE',
  /** `$schema` names a dialect this library does not read. */
  UNKNOWN_DRAFT: 'UNKNOWN_DRAFT',
  /** `pattern` or a `patternProperties` name is not a regular expression JavaScript can compile. */
  INVALID_REGEX: 'INVALID_REGEX',
  /** A `$ref` points nowhere: no such pointer, anchor, `$id` or named reference. */
  DANGLING_REF: 'DANGLING_REF',
  /** `$ref`s that only point at each other, so no schema is ever reached. */
  REF_CYCLE: 'REF_CYCLE',
  /** Nested deeper than the bound (`JSON_SCHEMA_MAX_DEPTH`): refused rather than risk the stack. */
  TOO_DEEP: 'TOO_DEEP',
  /** A document given as an object that would be more than 2^20 values as text (an object used in many places counts in each). */
  TOO_LARGE: 'TOO_LARGE',
} as const;
export type JsonSchemaParseRule = (typeof JsonSchemaParseRule)[keyof typeof JsonSchemaParseRule];

/** How deeply schemas may nest inside one document before parsing stops with `TOO_DEEP`. */
export const JSON_SCHEMA_MAX_DEPTH = 256;
