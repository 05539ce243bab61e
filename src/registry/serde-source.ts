import { InvalidOptionError, parseSchema } from 'schema-compat';
import type { ParsedSchema } from 'schema-compat';
import { WireFormatError, WireFormatProblem } from './errors.js';
import type { SubjectNameStrategy, SubjectNameStrategyName } from './subject-names.js';
import { subjectNameStrategy } from './subject-names.js';
import type { ReadOptions, SchemaById, SchemaReference, SchemaSubmission, SubmitOptions } from './types.js';
import { recordOf } from '../util/own.js';

/**
 * What a serde needs of a registry: the in-process `Registry` (`createRegistry`) and the HTTP
 * `RegistryClient` (`createRegistryClient`) both are one, and so is any object of yours with these four calls.
 */
export interface SerdeRegistry {
  register(subject: string, schema: SchemaSubmission, options?: SubmitOptions): Promise<{ readonly id: number }>;
  lookup(subject: string, schema: SchemaSubmission, options?: SubmitOptions): Promise<{ readonly id: number }>;
  getById(id: number): Promise<SchemaById>;
  getVersion(subject: string, version: number, options?: ReadOptions): Promise<{ readonly schema: string; readonly references: readonly SchemaReference[] }>;
}

/** The options every serde takes. */
export interface SerdeOptions {
  /** How the subject is named; default `TopicNameStrategy`. */
  readonly subjectNameStrategy?: SubjectNameStrategyName | SubjectNameStrategy;
  /** Serialize record keys (`<topic>-key`) rather than values. Default false. */
  readonly isKey?: boolean;
  /** Register the writer schema when it is new (Confluent's `auto.register.schemas`, default true); false: look it up. */
  readonly autoRegister?: boolean;
  /** Ask the registry to normalize the schema when registering or looking it up (Confluent's `normalize.schemas`). Default false. */
  readonly normalize?: boolean;
  /** The schemas the writer schema references (Confluent schema references), registered beforehand. */
  readonly references?: readonly SchemaReference[];
}

/** A writer schema as a serde keeps it: parsed once, its text and record name, and its id per subject. */
export interface Writer {
  readonly parsed: ParsedSchema;
  readonly text: string;
  readonly recordName: string | undefined;
  readonly ids: Map<string, Promise<number>>;
}

/** Parses a writer schema once (its references fetched from the registry); `recordNameOf` finds the name the record strategies use. */
export async function prepareWriter(source: SerdeRegistry, options: SerdeOptions, schemaType: string, schema: string | object, recordNameOf: (parsed: ParsedSchema) => string | undefined): Promise<Writer> {
  const text = typeof schema === 'string' ? schema : JSON.stringify(schema);
  const references = options.references === undefined ? undefined : await referenceTexts(source, options.references, recordOf());
  const parsed = parseSchema(schemaType, text, { label: 'schema', ...(references === undefined ? {} : { references }) });
  return { parsed, text, recordName: recordNameOf(parsed), ids: new Map() };
}

/** Writers by the schema given, each prepared once; a failure (a reference the registry could not give) is not kept. */
export function writerMemo(prepare: (schema: string | object) => Promise<Writer>): (schema: string | object) => Promise<Writer> {
  const writers = new SchemaMemo<Promise<Writer>>();
  return (schema) => {
    // A caller's mistake (no schema given) is a typed error, not a WeakMap's TypeError.
    if (typeof schema !== 'string' && (typeof schema !== 'object' || schema === null)) {
      return Promise.reject(new InvalidOptionError('schema', `the schema to write with must be text, a JSON document or a parsed schema, not ${schema === null ? 'null' : typeof schema}`));
    }
    return writers.get(schema, () => {
      const made = prepare(schema);
      made.catch(() => writers.delete(schema));
      return made;
    });
  };
}

/** The most schemas a serde keeps by text or by id; the oldest goes first past it. */
const CACHE_CAPACITY = 1000;

/** A bounded memo by key, oldest first out: a serde's caches never grow with hostile ids or texts. */
export class BoundedMemo<K, V> {
  private readonly entries = new Map<K, V>();

  get(key: K, make: () => V): V {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = make();
      this.entries.set(key, value);
      if (this.entries.size > CACHE_CAPACITY) this.entries.delete(this.entries.keys().next().value as K);
    }
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}

/** A schema given as text or as a JSON document: text by value (bounded), documents by identity. */
export class SchemaMemo<V> {
  private readonly texts = new BoundedMemo<string, V>();
  private readonly objects = new WeakMap<object, V>();

  get(schema: string | object, make: () => V): V {
    if (typeof schema === 'string') return this.texts.get(schema, make);
    let value = this.objects.get(schema);
    if (value === undefined) {
      value = make();
      this.objects.set(schema, value);
    }
    return value;
  }

  delete(schema: string | object): void {
    if (typeof schema === 'string') this.texts.delete(schema);
    else this.objects.delete(schema);
  }
}

/**
 * The id of the writer schema under `subject`, registered or looked up once per serde, subject and
 * schema (`ids`), as Confluent's serializers cache it.
 */
export function writerId(source: SerdeRegistry, options: SerdeOptions, schemaType: string, text: string, subject: string, ids: Map<string, Promise<number>>): Promise<number> {
  let id = ids.get(subject);
  if (id === undefined) {
    const submission: SchemaSubmission = { schema: text, schemaType, ...(options.references === undefined ? {} : { references: options.references }) };
    const submit = options.normalize === undefined ? {} : { normalize: options.normalize };
    id = (options.autoRegister ?? true ? source.register(subject, submission, submit) : source.lookup(subject, submission, submit)).then((found) => found.id);
    ids.set(subject, id);
    id.catch(() => ids.delete(subject));
  }
  return id;
}

/** Picks the subject of a message from the serde's options. */
export function subjectNamer(options: SerdeOptions): (topic: string, recordName: string | undefined) => string {
  const nameSubject = subjectNameStrategy(options.subjectNameStrategy ?? 'TopicNameStrategy');
  const isKey = options.isKey ?? false;
  return (topic, recordName) => nameSubject({ topic, isKey, ...(recordName === undefined ? {} : { recordName }) });
}

/** The writer schema of an id, of `schemaType`, with its references, parsed once per serde (failures are not kept). */
export function writerById(source: SerdeRegistry, schemaType: string, memo: BoundedMemo<number, Promise<ParsedSchema>>, id: number): Promise<ParsedSchema> {
  return memo.get(id, () => {
    const loading = loadWriter(source, schemaType, id);
    loading.catch(() => memo.delete(id));
    return loading;
  });
}

async function loadWriter(source: SerdeRegistry, schemaType: string, id: number): Promise<ParsedSchema> {
  const found = await source.getById(id);
  if (found.schemaType.toUpperCase() !== schemaType) {
    throw new WireFormatError(WireFormatProblem.BAD_SCHEMA_ID, `schema id ${id} is a ${found.schemaType} schema, not a ${schemaType} one`);
  }
  const references = await referenceTexts(source, found.references, recordOf());
  return parseSchema(schemaType, found.schema, { label: `schema ${id}`, references });
}

/** The texts of the schemas `references` name, dependencies first, by reference name. */
export async function referenceTexts(source: SerdeRegistry, references: readonly SchemaReference[], into: Record<string, string>): Promise<Record<string, string>> {
  for (const reference of references) {
    // A reference's name is the user's (`__proto__`, `constructor`): `into` has no prototype (util/own.ts).
    if (Object.hasOwn(into, reference.name)) continue;
    const version = await source.getVersion(reference.subject, reference.version, { deleted: true });
    await referenceTexts(source, version.references, into);
    into[reference.name] = version.schema;
  }
  return into;
}
