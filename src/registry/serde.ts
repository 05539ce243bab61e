import { createAvroResolver, encodeAvro, parseSchema } from 'schema-compat';
import type { AvroProfile, AvroResolver, AvroSchema, ParsedSchema } from 'schema-compat';
import { WireFormatError, WireFormatProblem } from './errors.js';
import type { Registry } from './registry.js';
import type { SubjectNameStrategy, SubjectNameStrategyName } from './subject-names.js';
import { subjectNameStrategy } from './subject-names.js';
import type { SchemaReference } from './types.js';
import { decodeConfluentFrame, encodeConfluentFrame } from './wire/confluent.js';
import { recordOf } from '../util/own.js';

/** An Avro schema as the serde takes it: text or a JSON document. */
export type AvroSchemaSource = string | object;

export interface AvroSerdeOptions {
  /** How the subject is named; default `TopicNameStrategy`. */
  readonly subjectNameStrategy?: SubjectNameStrategyName | SubjectNameStrategy;
  /** Serialize record keys (`<topic>-key`) rather than values. Default false. */
  readonly isKey?: boolean;
  /** Register the writer schema when it is new (Confluent's `auto.register.schemas`, default true); false: look it up. */
  readonly autoRegister?: boolean;
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
   * into the reader schema. Throws `WireFormatError` (bad frame), `RegistryError` (unknown id),
   * `IncompatibleSchemaError` (the reader cannot read the writer) or `AvroDataError` (a corrupt
   * datum, or one past the data plane's limits: docs/avro-data.md, "Limits"). A corrupt message is
   * refused in time linear in its bytes, and the serde reads the next message as before.
   */
  deserialize(bytes: Uint8Array, options?: { readonly readerSchema?: AvroSchemaSource }): Promise<unknown>;
}

/** A serde over `registry`; its caches (writer ids, parsed writers, resolvers) live in the returned object. */
export function createAvroSerde(registry: Registry, options: AvroSerdeOptions = {}): AvroSerde {
  const nameSubject = subjectNameStrategy(options.subjectNameStrategy ?? 'TopicNameStrategy');
  const profile = options.profile ?? 'confluent';
  const writerIds = new Map<string, number>();
  const writers = new Map<number, Promise<ParsedSchema>>();
  const resolvers = new Map<number, AvroResolver>();
  const defaultReader = options.readerSchema === undefined ? undefined : parseSchema('AVRO', options.readerSchema, { label: 'readerSchema' });

  const writerById = (id: number): Promise<ParsedSchema> => {
    let writer = writers.get(id);
    if (writer === undefined) {
      writer = loadWriter(registry, id);
      writers.set(id, writer);
      writer.catch(() => writers.delete(id));
    }
    return writer;
  };

  return {
    async serialize(topic, value, schema) {
      const text = typeof schema === 'string' ? schema : JSON.stringify(schema);
      const parsed = parseSchema('AVRO', text, { label: 'schema' });
      const root = (parsed.schema as AvroSchema).root;
      const recordName = 'fullName' in root && root.kind === 'record' ? root.fullName : undefined;
      const subject = nameSubject({ topic, isKey: options.isKey ?? false, ...(recordName === undefined ? {} : { recordName }) });
      const key = JSON.stringify([subject, text]);
      let id = writerIds.get(key);
      if (id === undefined) {
        const found = options.autoRegister ?? true ? await registry.register(subject, { schema: text }) : await registry.lookup(subject, { schema: text });
        id = found.id;
        writerIds.set(key, id);
      }
      return encodeConfluentFrame(id, encodeAvro(value, parsed));
    },

    async deserialize(bytes, read = {}) {
      const frame = decodeConfluentFrame(bytes);
      const writer = await writerById(frame.schemaId);
      if (read.readerSchema !== undefined) {
        return createAvroResolver(parseSchema('AVRO', read.readerSchema, { label: 'readerSchema' }), writer, { profile }).decode(frame.payload);
      }
      let resolver = resolvers.get(frame.schemaId);
      if (resolver === undefined) {
        resolver = createAvroResolver(defaultReader ?? writer, writer, { profile });
        resolvers.set(frame.schemaId, resolver);
      }
      return resolver.decode(frame.payload);
    },
  };
}

/** The writer schema of an id, with its references, parsed. */
async function loadWriter(registry: Registry, id: number): Promise<ParsedSchema> {
  const found = await registry.getById(id);
  if (found.schemaType !== 'AVRO') {
    throw new WireFormatError(WireFormatProblem.BAD_SCHEMA_ID, `schema id ${id} is a ${found.schemaType} schema, not an Avro one`);
  }
  const references = await referenceTexts(registry, found.references, recordOf());
  return parseSchema('AVRO', found.schema, { label: `schema ${id}`, references });
}

async function referenceTexts(registry: Registry, references: readonly SchemaReference[], into: Record<string, string>): Promise<Record<string, string>> {
  for (const reference of references) {
    // A reference's name is the user's (`__proto__`, `constructor`): `into` has no prototype (util/own.ts).
    if (Object.hasOwn(into, reference.name)) continue;
    const version = await registry.getVersion(reference.subject, reference.version, { deleted: true });
    await referenceTexts(registry, version.references, into);
    into[reference.name] = version.schema;
  }
  return into;
}
