import type { SourceVersion } from '../sources/index.js';
import { UsageError } from './args.js';
import type { CliIO } from './io.js';
import { InputError } from './io.js';
import type { SchemaFile } from './schema-files.js';

/**
 * A PROTOBUF_NATIVE file given with `--root-message`: a binary FileDescriptorSet (what `protoc
 * --descriptor_set_out` writes) becomes the ProtobufNativeSchemaData JSON the checker reads
 * (reference/pulsar.md §2.5), its root file left to the root message's file. A file that is already
 * that JSON is kept as it is. Without `--root-message` nothing changes.
 */
export function nativeFile<F extends SchemaFile | SourceVersion>(file: F, path: string | undefined, rootMessage: string | undefined, io: CliIO): F {
  if (rootMessage === undefined || file.schemaType !== 'PROTOBUF_NATIVE' || path === undefined || file.text.trimStart().startsWith('{')) return file;
  if (io.readFileBytes === undefined) throw new InputError(`cannot read ${path} as bytes here: give its ProtobufNativeSchemaData JSON instead`);
  let bytes: Uint8Array;
  try {
    bytes = io.readFileBytes(path);
  } catch (error: unknown) {
    throw new InputError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { ...file, text: JSON.stringify({ fileDescriptorSet: Buffer.from(bytes).toString('base64'), rootMessageTypeName: rootMessage }) };
}

/** `--root-message` names the root of a binary descriptor set: it goes with PROTOBUF_NATIVE files only. */
export function refuseRootMessage(rootMessage: string | undefined, schemaType: string): void {
  if (rootMessage !== undefined && schemaType !== 'PROTOBUF_NATIVE') throw new UsageError('--root-message goes with --type protobuf-native (a binary FileDescriptorSet and its root message)');
}
