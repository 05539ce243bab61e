/**
 * Changes Confluent's diff does not compare, which Buf's rules and readers may care about: options,
 * a field's type within its wire group, label, proto2 default and JSON name, reserved names and
 * numbers, and services.
 */
export const ProtobufDetailChangeType = {
  OPTION_ADDED: 'OPTION_ADDED',
  OPTION_REMOVED: 'OPTION_REMOVED',
  OPTION_CHANGED: 'OPTION_CHANGED',
  FIELD_TYPE_CHANGED: 'FIELD_TYPE_CHANGED',
  FIELD_LABEL_CHANGED: 'FIELD_LABEL_CHANGED',
  FIELD_DEFAULT_CHANGED: 'FIELD_DEFAULT_CHANGED',
  FIELD_JSON_NAME_CHANGED: 'FIELD_JSON_NAME_CHANGED',
  RESERVED_ADDED: 'RESERVED_ADDED',
  RESERVED_REMOVED: 'RESERVED_REMOVED',
  METHOD_ADDED: 'METHOD_ADDED',
  METHOD_REMOVED: 'METHOD_REMOVED',
  METHOD_CHANGED: 'METHOD_CHANGED',
} as const;
export type ProtobufDetailChangeType = (typeof ProtobufDetailChangeType)[keyof typeof ProtobufDetailChangeType];
