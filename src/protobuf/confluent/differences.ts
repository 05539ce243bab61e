/**
 * Confluent's 26 Protobuf `Difference.Type`s (protobuf-provider `diff/Difference.java`): 11 are
 * incompatible, 15 are informational changes (reference/confluent.md §4).
 */
export const ProtobufChangeType = {
  PACKAGE_CHANGED: 'PACKAGE_CHANGED',
  MESSAGE_ADDED: 'MESSAGE_ADDED',
  MESSAGE_REMOVED: 'MESSAGE_REMOVED',
  MESSAGE_MOVED: 'MESSAGE_MOVED',
  ENUM_ADDED: 'ENUM_ADDED',
  ENUM_REMOVED: 'ENUM_REMOVED',
  ENUM_CONST_ADDED: 'ENUM_CONST_ADDED',
  ENUM_CONST_CHANGED: 'ENUM_CONST_CHANGED',
  ENUM_CONST_REMOVED: 'ENUM_CONST_REMOVED',
  FIELD_ADDED: 'FIELD_ADDED',
  FIELD_REMOVED: 'FIELD_REMOVED',
  FIELD_NAME_CHANGED: 'FIELD_NAME_CHANGED',
  FIELD_KIND_CHANGED: 'FIELD_KIND_CHANGED',
  FIELD_SCALAR_KIND_CHANGED: 'FIELD_SCALAR_KIND_CHANGED',
  FIELD_NAMED_TYPE_CHANGED: 'FIELD_NAMED_TYPE_CHANGED',
  FIELD_NUMERIC_LABEL_CHANGED: 'FIELD_NUMERIC_LABEL_CHANGED',
  FIELD_STRING_OR_BYTES_LABEL_CHANGED: 'FIELD_STRING_OR_BYTES_LABEL_CHANGED',
  REQUIRED_FIELD_ADDED: 'REQUIRED_FIELD_ADDED',
  REQUIRED_FIELD_REMOVED: 'REQUIRED_FIELD_REMOVED',
  ONEOF_ADDED: 'ONEOF_ADDED',
  ONEOF_REMOVED: 'ONEOF_REMOVED',
  ONEOF_FIELD_ADDED: 'ONEOF_FIELD_ADDED',
  ONEOF_FIELD_REMOVED: 'ONEOF_FIELD_REMOVED',
  ONEOF_FIELD_MOVED_TO_TOP_LEVEL: 'ONEOF_FIELD_MOVED_TO_TOP_LEVEL',
  MULTIPLE_FIELDS_MOVED_TO_ONEOF: 'MULTIPLE_FIELDS_MOVED_TO_ONEOF',
  FIELD_MOVED_TO_EXISTING_ONEOF: 'FIELD_MOVED_TO_EXISTING_ONEOF',
} as const;
export type ProtobufChangeType = (typeof ProtobufChangeType)[keyof typeof ProtobufChangeType];

const T = ProtobufChangeType;

/** Confluent's `SchemaDiff.COMPATIBLE_CHANGES` (15 types). */
export const COMPATIBLE_CHANGES: ReadonlySet<string> = new Set<ProtobufChangeType>([
  T.MESSAGE_ADDED, T.MESSAGE_MOVED, T.ENUM_ADDED, T.ENUM_REMOVED, T.ENUM_CONST_ADDED, T.ENUM_CONST_CHANGED,
  T.ENUM_CONST_REMOVED, T.FIELD_ADDED, T.FIELD_REMOVED, T.FIELD_NAME_CHANGED, T.FIELD_STRING_OR_BYTES_LABEL_CHANGED,
  T.ONEOF_ADDED, T.ONEOF_REMOVED, T.ONEOF_FIELD_ADDED, T.ONEOF_FIELD_MOVED_TO_TOP_LEVEL,
]);

/**
 * A sentence per incompatible type in the wording of Confluent's `Difference.error()`; `{reader}`
 * and `{writer}` are filled with "new"/"old" by the roles of the check.
 */
export const INCOMPATIBLE_TEMPLATES: Readonly<Record<string, string>> = {
  [T.PACKAGE_CHANGED]: "The package at '{path}' in the {reader} schema does not match the package in the {writer} schema",
  [T.MESSAGE_REMOVED]: "The {reader} schema is missing a MESSAGE type at path '{path}' in the {writer} schema",
  [T.FIELD_KIND_CHANGED]: "The type of a field at path '{path}' in the {reader} schema does not match the {writer} schema",
  [T.FIELD_SCALAR_KIND_CHANGED]: "The kind of a SCALAR field at path '{path}' in the {reader} schema does not match its kind in the {writer} schema",
  [T.FIELD_NAMED_TYPE_CHANGED]: "The type of a MESSAGE field at path '{path}' in the {reader} schema does not match its type in the {writer} schema",
  [T.FIELD_NUMERIC_LABEL_CHANGED]: "The label for a NUMERIC field at path '{path}' in the {reader} schema does not match its label in the {writer} schema",
  [T.REQUIRED_FIELD_ADDED]: "A required field  at path '{path}' in the {reader} schema is missing in the {writer} schema",
  [T.REQUIRED_FIELD_REMOVED]: "The {reader} schema is missing a required field at path: '{path}' in the {writer} schema",
  [T.ONEOF_FIELD_REMOVED]: "The {reader} schema is missing a oneof field at path '{path}' in the {writer} schema",
  [T.MULTIPLE_FIELDS_MOVED_TO_ONEOF]: "Multiple fields in the oneof at path '{path}' in the {reader} schema are outside a oneof in the {writer} schema",
  [T.FIELD_MOVED_TO_EXISTING_ONEOF]: "A field in the oneof at path '{path}' in the {reader} schema is outside an existing oneof in the {writer} schema",
};
