// schema-compat/protobuf: the Protobuf checker (protobufjs is an optional peer dependency; this entry loads it).
export { ProtobufChecker } from './checker.js';
export type { ProtobufCheckerOptions, ProtobufDifference, ProtobufRules } from './checker.js';
export { ProtobufChangeType } from './confluent/differences.js';
export { ProtobufDetailChangeType } from './detail-types.js';
export type { ProtobufDiffChangeType } from './changes.js';
export { PulsarProtobufFindingType } from './pulsar.js';
export { ProtobufParseRule } from './parse-rules.js';
export { ProtobufjsMissingError } from './protobufjs-runtime.js';
export type { ProtobufParseOptions } from './parse.js';
export { ProtobufReferenceCache } from './reference-cache.js';
export { PROTOBUF_RULES } from './rule-sets.js';
export { isUnstablePackage } from './unstable-package.js';
export type {
  ProtobufSchema, ProtoFile, ProtoDefinition, ProtoMessage, ProtoEnum, ProtoEnumValue, ProtoField, ProtoOneof, ProtoLabel,
  ProtoType, ProtoScalar, ProtoReserved, ProtoService, ProtoMethod, ProtoSymbol,
} from './model.js';
// Pulsar's PROTOBUF_NATIVE, as Pulsar stores it (ProtobufNativeSchemaData).
export { ProtobufNativeChecker } from './native/checker.js';
export type { ProtobufNativeCheckerOptions } from './native/checker.js';
export { ProtobufNativeFindingType } from './native/advanced.js';
export { ProtobufNativeParseRule } from './native/data.js';
export type { ProtobufNativeSchema, ProtobufNativeParseOptions } from './native/data.js';
