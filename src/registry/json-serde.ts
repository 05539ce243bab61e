import { validateInstance } from 'schema-compat';
import type { JsonObject, JsonSchemaDocument, JsonValue, ParsedSchema } from 'schema-compat';
import { MessageValidationError, WireFormatError, WireFormatProblem } from './errors.js';
import { BoundedMemo, prepareWriter, subjectNamer, writerById, writerId, writerMemo } from './serde-source.js';
import type { SerdeOptions, SerdeRegistry } from './serde-source.js';
import { decodeConfluentFrame, frameWith } from './wire/confluent.js';
import { BytePool } from '../util/byte-pool.js';

export interface JsonSchemaSerdeOptions extends SerdeOptions {
  /** Validate each value against its schema before writing it (Confluent's `json.fail.invalid.schema`). Default true. */
  readonly validate?: boolean;
  /** Validate each value read against its writer schema too. Default false. */
  readonly validateOnRead?: boolean;
}

/** Confluent-framed JSON messages against a registry: magic byte 0, the 4-byte schema id, the value as UTF-8 JSON. */
export interface JsonSchemaSerde {
  /** Validates `value` against `schema` (unless `validate: false`) and writes it; throws `MessageValidationError` when the schema refuses it. */
  serialize(topic: string, value: unknown, schema: string | object): Promise<Uint8Array>;
  /** Reads a framed message. Throws `WireFormatError` (bad frame or payload), `RegistryError`/`RegistryClientError` (unknown id), `MessageValidationError` (with `validateOnRead`). */
  deserialize<T = unknown>(bytes: Uint8Array): Promise<T>;
}

/**
 * A JSON Schema serde over `source` (the in-process `Registry` or a `RegistryClient`), validating
 * with the library's own JSON Schema validator (`validateInstance`). Schemas are parsed once per
 * serde. The record name of `RecordNameStrategy` is the schema's `title`, as Confluent's JSON serializer takes it.
 */
export function createJsonSchemaSerde(source: SerdeRegistry, options: JsonSchemaSerdeOptions = {}): JsonSchemaSerde {
  const nameSubject = subjectNamer(options);
  const writers = new BoundedMemo<number, Promise<ParsedSchema>>();
  const writerOf = writerMemo((schema) => prepareWriter(source, options, 'JSON', schema, jsonTitle));

  // Frames are carved from the serde's own pool: an ArrayBuffer per message costs more than a small record's encoding.
  const pool = new BytePool();
  const frames = (length: number): Uint8Array => pool.take(length);
  return {
    async serialize(topic, value, schema) {
      const writer = await writerOf(schema);
      const text = JSON.stringify(value);
      if (text === undefined) throw new MessageValidationError('the value has no JSON form (undefined, a function or a symbol)', 'invalid');
      if (options.validate ?? true) check(writer.parsed, JSON.parse(text) as JsonValue, 'the value', undefined);
      const id = await writerId(source, options, 'JSON', writer.text, nameSubject(topic, writer.recordName), writer.ids);
      return frameWith(frames, id, new TextEncoder().encode(text));
    },

    async deserialize<T>(bytes: Uint8Array): Promise<T> {
      const frame = decodeConfluentFrame(bytes);
      const writer = await writerById(source, 'JSON', writers, frame.schemaId);
      let value: JsonValue;
      try {
        value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(frame.payload)) as JsonValue;
      } catch {
        throw new WireFormatError(WireFormatProblem.BAD_PAYLOAD, `the payload of a message with schema id ${frame.schemaId} is not UTF-8 JSON`);
      }
      if (options.validateOnRead === true) check(writer, value, `the message with schema id ${frame.schemaId}`, frame.schemaId);
      return value as T;
    },
  };
}

/** Throws unless `value` is valid under the schema (JSON Schema validation, every keyword the model holds). */
function check(parsed: ParsedSchema, value: JsonValue, what: string, schemaId: number | undefined): void {
  const document = parsed.schema as JsonSchemaDocument;
  // A JSON-typed Pulsar/Avro record definition (`kind: 'avro'`) has no JSON Schema to validate with.
  if (document.kind !== 'json-schema') return;
  const verdict = validateInstance(document.root, value);
  if (verdict === 'valid') return;
  const why = verdict === 'invalid' ? 'is not valid under its JSON Schema' : 'could not be validated: its JSON Schema nests past the validator\'s depth bound';
  throw new MessageValidationError(`${what} ${why}`, verdict, schemaId);
}

/** The schema's `title`: Confluent's JSON serializer names the record after it. */
function jsonTitle(parsed: ParsedSchema): string | undefined {
  const raw = (parsed.schema as JsonSchemaDocument).raw;
  const title = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as JsonObject)['title'] : undefined;
  return typeof title === 'string' ? title : undefined;
}
