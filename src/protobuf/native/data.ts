import type * as ProtobufJs from 'protobufjs';
import { SchemaParseError } from 'schema-compat';
import type { ParseOptions } from '../../checkers/types.js';
import { base64Bytes } from '../../util/bytes.js';
import { protobufjs, protobufjsDescriptor } from '../protobufjs-runtime.js';

/** A PROTOBUF_NATIVE schema: protobufjs's reflection of its files, and Pulsar's root message. */
export interface ProtobufNativeSchema {
  /** The root message's full name, without a leading dot (`example.Order`). */
  readonly rootMessage: string;
  /** The file that declares it (`rootFileDescriptorName`). */
  readonly rootFile: string;
  /** What Pulsar's dedup compares (reference/pulsar.md §1.4: the stored bytes): the descriptor set and the two names. */
  readonly identity: string;
  /** The root message, resolved (protobufjs reflection). */
  readonly root: ProtobufJs.Type;
}

export interface ProtobufNativeParseOptions extends ParseOptions {
  /** The root message of `.proto` text or a binary descriptor set; default the first message of the (first) file. */
  readonly rootMessage?: string;
}

/** The rules a PROTOBUF_NATIVE parse may report. */
export const ProtobufNativeParseRule = {
  /** Not ProtobufNativeSchemaData JSON, `.proto` text or descriptor bytes. */
  NOT_A_NATIVE_SCHEMA: 'NOT_A_NATIVE_SCHEMA',
  /** The FileDescriptorSet does not decode or resolve (Pulsar's "Invalid schema definition data for PROTOBUF_NATIVE schema"). */
  INVALID_DESCRIPTOR: 'INVALID_DESCRIPTOR',
  /** The root message or its file is not in the descriptor set. */
  ROOT_MESSAGE_NOT_FOUND: 'ROOT_MESSAGE_NOT_FOUND',
  /** The installed protobufjs has no descriptor support (`protobufjs/ext/descriptor`, version 7 or later). */
  NO_DESCRIPTOR_SUPPORT: 'NO_DESCRIPTOR_SUPPORT',
} as const;

type Fail = (pointer: string, rule: string, detail: string) => SchemaParseError;

/**
 * Reads `ProtobufNativeSchemaData` (reference/pulsar.md §2.5: `fileDescriptorSet` base64,
 * `rootMessageTypeName`, `rootFileDescriptorName`) as JSON text or a parsed document, a binary
 * FileDescriptorSet (`Uint8Array`, with `rootMessage`), or `.proto` text (with `rootMessage`).
 */
export function parseNative(input: string | object, options: ProtobufNativeParseOptions = {}): ProtobufNativeSchema {
  const label = options.label ?? 'schema';
  const fail: Fail = (pointer, rule, detail) => new SchemaParseError({ input: label, pointer, rule, detail });
  if (input instanceof Uint8Array) return fromSet(input, options.rootMessage, undefined, fail);
  if (typeof input === 'string' && !input.trimStart().startsWith('{')) return fromText(input, options, fail);
  let document: unknown = input;
  if (typeof input === 'string') {
    try {
      document = JSON.parse(input);
    } catch {
      throw fail('', ProtobufNativeParseRule.NOT_A_NATIVE_SCHEMA, 'the ProtobufNativeSchemaData JSON is not valid JSON');
    }
  }
  const data = (typeof document === 'object' && document !== null ? document : {}) as Record<string, unknown>;
  const { fileDescriptorSet, rootMessageTypeName, rootFileDescriptorName } = data;
  for (const [name, value] of [['fileDescriptorSet', fileDescriptorSet], ['rootMessageTypeName', rootMessageTypeName]] as const) {
    if (typeof value !== 'string' || value === '') throw fail(`/${name}`, ProtobufNativeParseRule.NOT_A_NATIVE_SCHEMA, `ProtobufNativeSchemaData needs ${name} as a non-empty string`);
  }
  // Pulsar's clients always write the root file; a hand-made document (the CLI's --root-message) may leave it to the root message.
  if (rootFileDescriptorName !== undefined && (typeof rootFileDescriptorName !== 'string' || rootFileDescriptorName === '')) {
    throw fail('/rootFileDescriptorName', ProtobufNativeParseRule.NOT_A_NATIVE_SCHEMA, 'rootFileDescriptorName is a non-empty string');
  }
  const bytes = base64Bytes(fileDescriptorSet as string);
  if (bytes === undefined) throw fail('/fileDescriptorSet', ProtobufNativeParseRule.INVALID_DESCRIPTOR, 'fileDescriptorSet is not base64');
  return fromSet(bytes, rootMessageTypeName as string, rootFileDescriptorName as string | undefined, fail, `${fileDescriptorSet as string}\n${rootMessageTypeName as string}\n${String(rootFileDescriptorName)}`);
}

function fromSet(bytes: Uint8Array, rootMessage: string | undefined, rootFile: string | undefined, fail: Fail, identity?: string): ProtobufNativeSchema {
  const descriptor = protobufjsDescriptor;
  if (descriptor === undefined) throw fail('', ProtobufNativeParseRule.NO_DESCRIPTOR_SUPPORT, 'the installed protobufjs has no descriptor support (protobufjs/ext/descriptor): install protobufjs 7 or 8');
  let files: string[];
  let root: ProtobufJs.Root;
  try {
    const set = descriptor.FileDescriptorSet.decode(bytes) as unknown as { file?: Array<{ name?: string }> };
    files = (set.file ?? []).map((file) => file.name ?? '');
    root = descriptor.fromDescriptor(bytes, { keepCase: true });
    root.resolveAll();
  } catch (error) {
    throw fail('/fileDescriptorSet', ProtobufNativeParseRule.INVALID_DESCRIPTOR, `Invalid schema definition data for PROTOBUF_NATIVE schema: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (rootFile !== undefined && !files.includes(rootFile)) {
    throw fail('/rootFileDescriptorName', ProtobufNativeParseRule.ROOT_MESSAGE_NOT_FOUND, `the descriptor set has no file ${JSON.stringify(rootFile)} (it has ${files.map((file) => JSON.stringify(file)).join(', ')})`);
  }
  const type = rootType(root, rootMessage, fail);
  const file = rootFile ?? type.filename ?? files[0] ?? '';
  return { rootMessage: fullName(type), rootFile: file, identity: identity ?? `${latin1(bytes)}\n${fullName(type)}`, root: type };
}

function fromText(text: string, options: ProtobufNativeParseOptions, fail: Fail): ProtobufNativeSchema {
  const root = new protobufjs.Root();
  try {
    for (const reference of Object.values(options.references ?? {})) {
      if (typeof reference === 'string') protobufjs.parse(reference, root, { keepCase: true });
    }
    protobufjs.parse(text, root, { keepCase: true });
    root.resolveAll();
  } catch (error) {
    throw fail('', ProtobufNativeParseRule.NOT_A_NATIVE_SCHEMA, `the .proto text does not parse: ${error instanceof Error ? error.message : String(error)}`);
  }
  const type = rootType(root, options.rootMessage, fail);
  return { rootMessage: fullName(type), rootFile: type.filename ?? '', identity: `${text.replace(/[ \t]+$/gm, '').trim()}\n${fullName(type)}`, root: type };
}

/** The named root message, or the first message declared. */
function rootType(root: ProtobufJs.Root, name: string | undefined, fail: Fail): ProtobufJs.Type {
  if (name !== undefined) {
    const found = root.lookup(name.replace(/^\./, ''));
    if (found instanceof protobufjs.Type) return found;
    throw fail('/rootMessageTypeName', ProtobufNativeParseRule.ROOT_MESSAGE_NOT_FOUND, `no message ${JSON.stringify(name)} in the schema`);
  }
  const first = firstType(root);
  if (first === undefined) throw fail('', ProtobufNativeParseRule.ROOT_MESSAGE_NOT_FOUND, 'the schema declares no message');
  return first;
}

function firstType(namespace: ProtobufJs.NamespaceBase): ProtobufJs.Type | undefined {
  for (const nested of namespace.nestedArray) {
    if (nested instanceof protobufjs.Type) return nested;
    if (nested instanceof protobufjs.Namespace) {
      const found = firstType(nested);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** `example.Order` (protobufjs writes `.example.Order`). */
export function fullName(type: ProtobufJs.ReflectionObject): string {
  return type.fullName.replace(/^\./, '');
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}
