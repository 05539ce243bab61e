import type { Roles } from '../../checkers/types.js';
import type { Finding } from '../../result.js';

/**
 * The incompatibility codes of the Avro checker: Java's six `SchemaIncompatibilityType` names,
 * plus AMBIGUOUS_FIELD_ALIAS, where Java throws instead of answering.
 */
export const AvroIncompatibilityType = {
  NAME_MISMATCH: 'NAME_MISMATCH',
  FIXED_SIZE_MISMATCH: 'FIXED_SIZE_MISMATCH',
  MISSING_ENUM_SYMBOLS: 'MISSING_ENUM_SYMBOLS',
  READER_FIELD_MISSING_DEFAULT_VALUE: 'READER_FIELD_MISSING_DEFAULT_VALUE',
  TYPE_MISMATCH: 'TYPE_MISMATCH',
  MISSING_UNION_BRANCH: 'MISSING_UNION_BRANCH',
  /** A reader field whose name and aliases match more than one writer field. */
  AMBIGUOUS_FIELD_ALIAS: 'AMBIGUOUS_FIELD_ALIAS',
} as const;
export type AvroIncompatibilityType = (typeof AvroIncompatibilityType)[keyof typeof AvroIncompatibilityType];

/**
 * Warnings of the Avro checker: findings that do not change the verdict (except LOGICAL_TYPE_CHANGED
 * and DECIMAL_MISMATCH, incompatibilities under the `strict` profile), about values readers will
 * misread or fail on.
 */
export const AvroWarningType = {
  /** An int or long read as a float, or a long as a double: values beyond 2^24 (float) or 2^53 (double) are rounded. */
  LOSSY_PROMOTION: 'LOSSY_PROMOTION',
  /** Two decimals with different precision or scale: the reader scales the unscaled value by its own scale (spec 1.12 says they do not match). */
  DECIMAL_MISMATCH: 'DECIMAL_MISMATCH',
  /** The same underlying type with another logical type (timestamp-millis read as timestamp-micros, a date read as a plain int, a uuid annotation dropped). */
  LOGICAL_TYPE_CHANGED: 'LOGICAL_TYPE_CHANGED',
  /** Profile `pulsar`: writer enum symbols the reader lacks, with no enum default; data with them fails when read. */
  UNREADABLE_ENUM_SYMBOLS: 'UNREADABLE_ENUM_SYMBOLS',
} as const;
export type AvroWarningType = (typeof AvroWarningType)[keyof typeof AvroWarningType];

/**
 * The field a READER_FIELD_MISSING_DEFAULT_VALUE names: the message itself under `confluent` and
 * `strict` (Java's SchemaCompatibility gives the field name), the tail of Java's runtime resolver
 * text under `pulsar` ("Found User, expecting User, missing required field age").
 */
function missingFieldName(message: string): string {
  return /, missing required field (.+)$/.exec(message)?.[1] ?? message;
}

/**
 * Confluent's sentence for an Avro finding (its `avro/Difference` templates), with the reader
 * and writer filled in as "new" or "old" by the direction of the check.
 */
export function describeAvroFinding(finding: Finding, roles: Roles): string {
  const path = finding.location;
  switch (finding.type) {
    case AvroIncompatibilityType.FIXED_SIZE_MISMATCH:
      return `The size of FIXED type field at path '${path}' in the ${roles.reader} schema does not match with the ${roles.writer} schema`;
    case AvroIncompatibilityType.TYPE_MISMATCH:
      return `The type (path '${path}') of a field in the ${roles.reader} schema does not match with the ${roles.writer} schema`;
    case AvroIncompatibilityType.NAME_MISMATCH:
      return `The name of the schema has changed (path '${path}')`;
    case AvroIncompatibilityType.MISSING_ENUM_SYMBOLS:
      return `The ${roles.reader} schema is missing enum symbols '${finding.message}' at path '${path}' in the ${roles.writer} schema`;
    case AvroIncompatibilityType.MISSING_UNION_BRANCH:
      return `The ${roles.reader} schema is missing a type inside a union field at path '${path}' in the ${roles.writer} schema`;
    case AvroIncompatibilityType.READER_FIELD_MISSING_DEFAULT_VALUE:
      return `The field '${missingFieldName(finding.message)}' at path '${path}' in the ${roles.reader} schema has no default value and is missing in the ${roles.writer} schema`;
    case AvroIncompatibilityType.AMBIGUOUS_FIELD_ALIAS:
      return `The field at path '${path}' in the ${roles.reader} schema matches more than one field of the ${roles.writer} schema by its name and aliases`;
    case AvroWarningType.LOSSY_PROMOTION:
      return `The ${roles.reader} schema reads a number of the ${roles.writer} schema as a less precise type at path '${path}' (${finding.message})`;
    case AvroWarningType.DECIMAL_MISMATCH:
      return `The ${roles.reader} schema reads a decimal of the ${roles.writer} schema with another precision or scale at path '${path}' (${finding.message})`;
    case AvroWarningType.LOGICAL_TYPE_CHANGED:
      return `The ${roles.reader} schema reads a value of the ${roles.writer} schema with another logical type at path '${path}' (${finding.message})`;
    case AvroWarningType.UNREADABLE_ENUM_SYMBOLS:
      return `The ${roles.reader} schema is missing enum symbols '${finding.message}' at path '${path}' of the ${roles.writer} schema: data holding them fails when read`;
    default:
      return `${finding.message} (path '${path}')`;
  }
}
