/** The rules a .proto input can break; the `rule` of a `SchemaParseError` from the Protobuf checker. */
export const ProtobufParseRule = {
  /** The text is not valid .proto syntax (protobufjs' parser says where). */
  SYNTAX_ERROR: 'SYNTAX_ERROR',
  /** `syntax` is neither `proto2` nor `proto3`. */
  UNSUPPORTED_SYNTAX: 'UNSUPPORTED_SYNTAX',
  /** An `edition` protobufjs does not parse. */
  UNSUPPORTED_EDITION: 'UNSUPPORTED_EDITION',
  /** An `import` that is neither a given reference nor a built-in well-known type. */
  UNRESOLVED_IMPORT: 'UNRESOLVED_IMPORT',
  /** Files that import each other in a cycle (protoc rejects them). */
  IMPORT_CYCLE: 'IMPORT_CYCLE',
  /** A field type that names no message or enum of the file or its imports. */
  UNRESOLVED_TYPE: 'UNRESOLVED_TYPE',
  /** Two definitions with the same full name. */
  DUPLICATE_NAME: 'DUPLICATE_NAME',
  /**
   * A name protobufjs cannot keep: `__proto__` (protoc accepts it, but protobufjs holds declarations
   * in objects keyed by name, where that key is the prototype, and would drop the declaration).
   */
  UNSUPPORTED_NAME: 'UNSUPPORTED_NAME',
  /** The input is not .proto text. */
  NOT_TEXT: 'NOT_TEXT',
  /** The `rootMessage` option names no message of the schema. */
  UNKNOWN_ROOT_MESSAGE: 'UNKNOWN_ROOT_MESSAGE',
} as const;
export type ProtobufParseRule = (typeof ProtobufParseRule)[keyof typeof ProtobufParseRule];
