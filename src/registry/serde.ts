import { createAvroResolver, encodeAvro, parseSchema } from 'schema-compat';
import type { AvroProfile, AvroResolver, AvroSchema, ParsedSchema } from 'schema-compat';
import { BoundedMemo, SchemaMemo, prepareWriter, subjectNamer, writerById, writerId, writerMemo } from './serde-source.js';
import type { SerdeOptions, SerdeRegistry } from './serde-source.js';
import { decodeConfluentFrame, frameWith } from './wire/confluent.js';
import { BytePool } from '../util/byte-pool.js';

/** An Avro schema as the serde takes it: text or a JSON document. */
export type AvroSchemaSource = string | object;

export interface AvroSerdeOptions extends SerdeOptions {
  /** The schema values are read into; default each message's own writer schema. */
  readonly readerSchema?: AvroSchemaSource;
  /** Whose resolution rules read old data: `confluent` (default), `pulsar` or `strict` (docs/avro-data.md). */
  readonly profile?: AvroProfile;
}

/** Confluent-framed Avro messages against a registry. */
export interface AvroSerde {
  /** Writes `value` with `schema` (registered or looked up under the strategy's subject) in Confluent's wire format. */
  serialize(topic: string, value: unknown, schema: AvroSchemaSource): Promise<Uint8Array>;
  /**
   * Reads a framed message: fetches the writer schema by the id in the frame and resolves the datum
   * into the reader schema. Throws `WireFormatError` (bad frame), `RegistryError` or
   * `RegistryClientError` (unknown id), `IncompatibleSchemaError` (the reader cannot read the writer)
   * or `AvroDataError` (a corrupt datum, or one past the data plane's limits: docs/avro-data.md,
   * "Limits"). A corrupt message is refused in time linear in its bytes, and the serde reads the
   * next message as before. `T` is what you know the value to be; it is not checked against it.
   */
  deserialize<T = unknown>(bytes: Uint8Array, options?: { readonly readerSchema?: AvroSchemaSource }): Promise<T>;
}

/**
 * A serde over `source`: the in-process `Registry` or a `RegistryClient` (any `SerdeRegistry`). Its
 * caches (writer schemas by text or document, ids by subject, parsed writers by id, resolvers) live in
 * the returned object: a schema it has seen is never parsed or stringified again.
 */
export function createAvroSerde(source: SerdeRegistry, options: AvroSerdeOptions = {}): AvroSerde {
  const nameSubject = subjectNamer(options);
  const profile = options.profile ?? 'confluent';
  const writers = new BoundedMemo<number, Promise<ParsedSchema>>();
  const readers = new SchemaMemo<ParsedSchema>();
  const resolvers = new WeakMap<ParsedSchema, WeakMap<ParsedSchema, AvroResolver>>();
  const defaultReader = options.readerSchema === undefined ? undefined : parseSchema('AVRO', options.readerSchema, { label: 'readerSchema' });

  const writerOf = writerMemo((schema) => prepareWriter(source, options, 'AVRO', schema, avroRecordName));
  const resolverOf = (reader: ParsedSchema, writer: ParsedSchema): AvroResolver => {
    let byWriter = resolvers.get(reader);
    if (byWriter === undefined) resolvers.set(reader, (byWriter = new WeakMap()));
    let resolver = byWriter.get(writer);
    if (resolver === undefined) byWriter.set(writer, (resolver = createAvroResolver(reader, writer, { profile })));
    return resolver;
  };

  // Frames are carved from the serde's own pool: an ArrayBuffer per message costs more than a small record's encoding.
  const pool = new BytePool();
  const frames = (length: number): Uint8Array => pool.take(length);
  return {
    async serialize(topic, value, schema) {
      const writer = await writerOf(schema);
      const id = await writerId(source, options, 'AVRO', writer.text, nameSubject(topic, writer.recordName), writer.ids);
      return frameWith(frames, id, encodeAvro(value, writer.parsed));
    },

    async deserialize<T>(bytes: Uint8Array, read: { readonly readerSchema?: AvroSchemaSource } = {}): Promise<T> {
      const frame = decodeConfluentFrame(bytes);
      const writer = await writerById(source, 'AVRO', writers, frame.schemaId);
      const reader = read.readerSchema === undefined ? defaultReader ?? writer : readers.get(read.readerSchema, () => parseSchema('AVRO', read.readerSchema as AvroSchemaSource, { label: 'readerSchema' }));
      return resolverOf(reader, writer).decode(frame.payload) as T;
    },
  };
}

/** The full name of a record root (what `RecordNameStrategy` names the subject after). */
function avroRecordName(parsed: ParsedSchema): string | undefined {
  const root = (parsed.schema as AvroSchema).root;
  return 'fullName' in root && root.kind === 'record' ? root.fullName : undefined;
}
