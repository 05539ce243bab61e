/**
 * Schema types, by Pulsar's `SchemaType` names (Confluent's AVRO, JSON and PROTOBUF are among
 * them). A checker is registered per type in a `CheckerRegistry`.
 */
export const SchemaType = {
  AVRO: 'AVRO',
  JSON: 'JSON',
  PROTOBUF: 'PROTOBUF',
  PROTOBUF_NATIVE: 'PROTOBUF_NATIVE',
  KEY_VALUE: 'KEY_VALUE',
  NONE: 'NONE',
  STRING: 'STRING',
  BOOLEAN: 'BOOLEAN',
  INT8: 'INT8',
  INT16: 'INT16',
  INT32: 'INT32',
  INT64: 'INT64',
  FLOAT: 'FLOAT',
  DOUBLE: 'DOUBLE',
  BYTES: 'BYTES',
  DATE: 'DATE',
  TIME: 'TIME',
  TIMESTAMP: 'TIMESTAMP',
  INSTANT: 'INSTANT',
  LOCAL_DATE: 'LOCAL_DATE',
  LOCAL_TIME: 'LOCAL_TIME',
  LOCAL_DATE_TIME: 'LOCAL_DATE_TIME',
} as const;
/** The name of a schema type this library knows. */
export type BuiltInSchemaType = (typeof SchemaType)[keyof typeof SchemaType];
/**
 * A schema type's name: one of the built-in ones (which editors complete), or the name of a type a
 * user registered on a `CheckerRegistry`.
 */
export type SchemaType = BuiltInSchemaType | (string & {});

/** Pulsar's types whose schema data is empty: their only rule is "identical or incompatible". */
export const PULSAR_PRIMITIVE_TYPES: readonly BuiltInSchemaType[] = [
  SchemaType.STRING, SchemaType.BOOLEAN, SchemaType.INT8, SchemaType.INT16, SchemaType.INT32, SchemaType.INT64,
  SchemaType.FLOAT, SchemaType.DOUBLE, SchemaType.BYTES, SchemaType.DATE, SchemaType.TIME, SchemaType.TIMESTAMP,
  SchemaType.INSTANT, SchemaType.LOCAL_DATE, SchemaType.LOCAL_TIME, SchemaType.LOCAL_DATE_TIME, SchemaType.NONE,
];
