import { InvalidOptionError } from '../../errors.js';
import type { ParsedSchema } from '../../schema.js';
import { isParsedSchema } from '../../schema.js';
import { avscTypeSchema } from '../avsc-type.js';
import type { AvroSchema } from '../model.js';
import { parseAvroSchema } from '../parse.js';

/**
 * An Avro schema as the data plane takes it: parsed (`AvroChecker.parse`), a `ParsedSchema` of type
 * AVRO, an avsc `Type` (read with its defaults and attributes), or text or JSON; as text, a bare
 * primitive name (`long`) is that primitive, as avsc takes it.
 */
export type AvroSchemaInput = AvroSchema | ParsedSchema | string | object;

/** Spec 1.12 "Primitive Types": the names a bare text may be. */
const PRIMITIVE_NAME = /^\s*(null|boolean|int|long|float|double|bytes|string)\s*$/;

/*
 * avsc Types parsed by the data plane, by Type: a service passes the same Type object on every call,
 * and the parsed schema is what the codec cache (codec-cache.ts) is keyed by. A WeakMap (entries
 * live as long as the Type) of a pure function's results, like codec-cache.ts's.
 */
const AVSC_TYPES = new WeakMap<object, AvroSchema>();

/** A schema input as an `AvroSchema`, parsed if needed. Throws `SchemaParseError` or `InvalidOptionError` naming `label`. */
export function toAvroSchema(input: AvroSchemaInput, label: string): AvroSchema {
  if (isParsedSchema(input)) {
    if (input.schemaType !== 'AVRO') throw new InvalidOptionError(label, `a ${input.schemaType} schema is not an Avro schema`);
    return input.schema as AvroSchema;
  }
  if (isAvroSchema(input)) return input;
  if (typeof input === 'string') {
    const primitive = PRIMITIVE_NAME.exec(input);
    return parseAvroSchema(primitive ? JSON.stringify(primitive[1]) : input, { label });
  }
  if (typeof input !== 'object' || input === null) {
    throw new InvalidOptionError(label, 'must be an Avro schema: text, JSON, a ParsedSchema, an AvroSchema or an avsc Type');
  }
  const known = AVSC_TYPES.get(input);
  if (known) return known;
  const schema = parseAvroSchema(input, { label });
  if (avscTypeSchema(input) !== undefined) AVSC_TYPES.set(input, schema);
  return schema;
}

function isAvroSchema(input: unknown): input is AvroSchema {
  const candidate = input as Partial<AvroSchema>;
  return typeof input === 'object' && input !== null && candidate.named instanceof Map && typeof candidate.root === 'object' && candidate.root !== null;
}
