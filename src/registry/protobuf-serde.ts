import type * as ProtobufJs from 'protobufjs';
import { InvalidOptionError } from 'schema-compat';
import { MessageValidationError, WireFormatError, WireFormatProblem } from './errors.js';
import { BoundedMemo, SchemaMemo, referenceTexts, subjectNamer, writerId } from './serde-source.js';
import type { SerdeOptions, SerdeRegistry } from './serde-source.js';
import { decodeConfluentFrame, frameWith } from './wire/confluent.js';
import { BytePool } from '../util/byte-pool.js';
import { recordOf } from '../util/own.js';

type Protobufjs = typeof ProtobufJs;

const PROTOBUFJS = 'protobufjs';

export interface ProtobufSerdeOptions extends SerdeOptions {
  /**
   * The protobufjs module (the optional peer dependency, version 7 or 8). Default: loaded with
   * `import('protobufjs')` on the serde's first call, so this entry never needs it otherwise.
   */
  readonly protobufjs?: object;
  /** How decoded messages become plain objects (protobufjs's `toObject` options). Default `{ longs: String, enums: String, bytes: Array }`: exact, JSON-safe. */
  readonly toObject?: Readonly<Record<string, unknown>>;
}

/** Confluent-framed Protobuf messages against a registry: magic byte 0, the schema id, the message indexes, the message. */
export interface ProtobufSerde {
  /**
   * Writes `value` (a plain object, converted with protobufjs's `fromObject`, then checked with its `verify`) as the message `messageName`
   * of `schema` (.proto text), default the file's first message. Throws `MessageValidationError`
   * when the message type refuses the value.
   */
  serialize(topic: string, value: object, schema: string, messageName?: string): Promise<Uint8Array>;
  /** Reads a framed message into a plain object. Throws `WireFormatError` (bad frame, indexes or message) or the registry's error (unknown id). */
  deserialize<T = unknown>(bytes: Uint8Array): Promise<T>;
}

/** A .proto file as the serde keeps it: its types (references loaded), and the path of each message. */
interface ProtoFile {
  readonly text: string;
  readonly root: ProtobufJs.Root;
  /** Full names of the file's own messages by their message-index path (`'0'`, `'1.0'`). */
  readonly byPath: ReadonlyMap<string, string>;
  readonly pathOf: ReadonlyMap<string, readonly number[]>;
  readonly first: string | undefined;
  readonly ids: Map<string, Promise<number>>;
}

/**
 * A Protobuf serde over `source` (the in-process `Registry` or a `RegistryClient`). It lives in
 * `schema-compat/registry` and loads protobufjs lazily (or takes it as an option): only services
 * that use Protobuf need the peer. The message-index array is Confluent's (`[0]` as one byte 0).
 */
export function createProtobufSerde(source: SerdeRegistry, options: ProtobufSerdeOptions = {}): ProtobufSerde {
  const nameSubject = subjectNamer(options);
  const conversion = options.toObject ?? { longs: String, enums: String, bytes: Array };
  let runtime: Promise<Protobufjs> | undefined;
  const protobufjs = (): Promise<Protobufjs> => (runtime ??= loadProtobufjs(options.protobufjs));
  const files = new SchemaMemo<Promise<ProtoFile>>();
  const byId = new BoundedMemo<number, Promise<ProtoFile>>();

  const fileOf = (text: string, references: Promise<Record<string, string>>): Promise<ProtoFile> => files.get(text, () => {
    const made = Promise.all([protobufjs(), references]).then(([module, named]) => compile(module, text, named));
    made.catch(() => files.delete(text));
    return made;
  });
  const fileById = (id: number): Promise<ProtoFile> => byId.get(id, () => {
    const made = source.getById(id).then((found) => {
      if (found.schemaType.toUpperCase() !== 'PROTOBUF') throw new WireFormatError(WireFormatProblem.BAD_SCHEMA_ID, `schema id ${id} is a ${found.schemaType} schema, not a PROTOBUF one`);
      return fileOf(found.schema, referenceTexts(source, found.references, recordOf()));
    });
    made.catch(() => byId.delete(id));
    return made;
  });

  // Frames are carved from the serde's own pool: an ArrayBuffer per message costs more than a small record's encoding.
  const pool = new BytePool();
  const frames = (length: number): Uint8Array => pool.take(length);
  return {
    async serialize(topic, value, schema, messageName) {
      if (typeof schema !== 'string') throw new InvalidOptionError('schema', 'a Protobuf schema is .proto text');
      const file = await fileOf(schema, options.references === undefined ? Promise.resolve(recordOf()) : referenceTexts(source, options.references, recordOf()));
      const name = messageName ?? file.first;
      const path = name === undefined ? undefined : file.pathOf.get(name.replace(/^\./, ''));
      if (name === undefined || path === undefined) throw new InvalidOptionError('messageName', `${JSON.stringify(name ?? '')} is not a message of this .proto file; its messages: ${[...file.pathOf.keys()].join(', ')}`);
      const type = file.root.lookupType(name);
      const payload = type.encode(messageOf(type, value)).finish();
      const id = await writerId(source, options, 'PROTOBUF', file.text, nameSubject(topic, type.fullName.slice(1)), file.ids);
      return frameWith(frames, id, payload, { messageIndexes: path });
    },

    async deserialize<T>(bytes: Uint8Array): Promise<T> {
      const frame = decodeConfluentFrame(bytes, { protobuf: true });
      const file = await fileById(frame.schemaId);
      const indexes = frame.messageIndexes ?? [0];
      const name = file.byPath.get(indexes.join('.'));
      if (name === undefined) throw new WireFormatError(WireFormatProblem.BAD_MESSAGE_INDEXES, `schema id ${frame.schemaId} has no message at indexes [${indexes.join(', ')}]`);
      const type = file.root.lookupType(name);
      let message: ProtobufJs.Message;
      try {
        message = type.decode(frame.payload);
      } catch (error) {
        throw new WireFormatError(WireFormatProblem.BAD_PAYLOAD, `the payload is not a ${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
      return type.toObject(message, conversion) as T;
    },
  };
}

/**
 * `value` as a message of `type`: protobufjs's `fromObject` conversion (longs as numbers, strings or
 * Longs; enums by name or number; bytes as arrays or base64), then its `verify`; a refusal is `MessageValidationError`.
 */
function messageOf(type: ProtobufJs.Type, value: object): ProtobufJs.Message {
  let message: ProtobufJs.Message;
  try {
    message = type.fromObject(value as Record<string, unknown>);
  } catch (error) {
    throw new MessageValidationError(`the value is not a ${type.fullName.slice(1)}: ${error instanceof Error ? error.message : String(error)}`, 'invalid');
  }
  const problem = type.verify(message);
  if (problem !== null) throw new MessageValidationError(`the value is not a ${type.fullName.slice(1)}: ${problem}`, 'invalid');
  return message;
}

async function loadProtobufjs(given: object | undefined): Promise<Protobufjs> {
  if (given !== undefined) return given as Protobufjs;
  try {
    // A specifier in a variable: bundlers do not pull the optional peer into a browser bundle (give it as the `protobufjs` option there).
    const loaded = (await import(/* webpackIgnore: true */ /* @vite-ignore */ PROTOBUFJS)) as Protobufjs & { readonly default?: Protobufjs };
    return loaded.default ?? loaded;
  } catch (error) {
    throw new InvalidOptionError('protobufjs', `createProtobufSerde needs protobufjs, an optional peer dependency: run \`npm install protobufjs\` (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Parses the file and its references into one root, and maps each of the file's messages to its index path. */
function compile(protobufjs: Protobufjs, text: string, references: Readonly<Record<string, string>>): ProtoFile {
  const root = new protobufjs.Root();
  for (const name of Object.keys(references)) protobufjs.parse(references[name] as string, root, { keepCase: true });
  const own = protobufjs.parse(text, { keepCase: true });
  protobufjs.parse(text, root, { keepCase: true });
  for (const imported of [...(own.imports ?? []), ...(own.weakImports ?? [])]) {
    const common = imported.startsWith('google/protobuf/') && !Object.hasOwn(references, imported) ? protobufjs.common.get(imported) : undefined;
    if (common?.nested !== undefined) root.addJSON(common.nested);
  }
  root.resolveAll();
  const byPath = new Map<string, string>();
  const pathOf = new Map<string, readonly number[]>();
  const top = own.package === undefined ? own.root : own.root.lookup(own.package);
  // Confluent's message indexes count message declarations only, in declaration order, nested ones within their parent.
  const walk = (scope: ProtobufJs.NamespaceBase, prefix: readonly number[]): void => {
    scope.nestedArray.filter((nested): nested is ProtobufJs.Type => nested instanceof protobufjs.Type).forEach((type, index) => {
      const path = [...prefix, index];
      const fullName = type.fullName.slice(1);
      byPath.set(path.join('.'), fullName);
      pathOf.set(fullName, path);
      walk(type, path);
    });
  };
  if (top instanceof protobufjs.Namespace) walk(top, []);
  return { text, root, byPath, pathOf, first: byPath.get('0'), ids: new Map() };
}
