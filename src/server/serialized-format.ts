import type { SchemaById } from 'schema-compat/registry';
import type { RouteContext } from './request.js';

/** The parts of protobufjs (and its descriptor extension) this module uses. */
interface DescriptorRuntime {
  readonly parse: (source: string, options: { keepCase: boolean }) => { readonly root: { toDescriptor(edition: string): { readonly file: Array<{ name?: string; package?: string; readonly messageType?: MessageDescriptor[] }> } } };
  readonly FileDescriptorProto: { encode(file: object): { finish(): Uint8Array } };
}

/**
 * `?format=serialized` for a Protobuf schema: the schema as a base64 `FileDescriptorProto`, as
 * Confluent answers it (its REST API's `format` parameter; Confluent's JavaScript Protobuf serdes
 * ask for it). Other types, other formats, and Protobuf schemas with references (their files would
 * have to be split by import) are answered as stored.
 */
export async function inFormat<T extends SchemaById>(context: RouteContext, found: T): Promise<T> {
  if (context.query.get('format') !== 'serialized' || found.schemaType !== 'PROTOBUF' || found.references.length > 0) return found;
  const runtime = await descriptorRuntime();
  const parsed = runtime.parse(found.schema, { keepCase: true });
  const packageName = /^\s*package\s+([\w.]+)\s*;/m.exec(found.schema)?.[1] ?? '';
  const files = parsed.root.toDescriptor(/^\s*syntax\s*=\s*"proto3"/m.test(found.schema) ? 'proto3' : 'proto2').file;
  const file = files.find((candidate) => (candidate.package ?? '') === packageName) ?? files[0];
  if (file === undefined) return found;
  if (!/\bpacked\b/.test(found.schema)) dropPackedFalse(file);
  // One name per id: Confluent's serdes keep every file they read in one registry of files.
  file.name = `schema-${found.id}.proto`;
  return { ...found, schema: Buffer.from(runtime.FileDescriptorProto.encode(file).finish()).toString('base64') };
}

interface MessageDescriptor {
  readonly field?: Array<{ options?: { packed?: boolean } | null }>;
  readonly nestedType?: MessageDescriptor[];
}

/**
 * protobufjs's `toDescriptor` marks every field `packed: false`, which reads as unpacked repeated
 * scalars even in proto3 (packed by default there): with no `packed` option in the text, the marks go.
 */
function dropPackedFalse(descriptor: { readonly messageType?: MessageDescriptor[]; readonly nestedType?: MessageDescriptor[] }): void {
  for (const message of [...(descriptor.messageType ?? []), ...(descriptor.nestedType ?? [])]) {
    for (const field of message.field ?? []) {
      if (field.options?.packed !== false) continue;
      delete field.options.packed;
      if (Object.keys(field.options).length === 0) field.options = null;
    }
    dropPackedFalse(message);
  }
}

async function descriptorRuntime(): Promise<DescriptorRuntime> {
  const protobufjs = (await import('protobufjs')) as unknown as { default?: DescriptorRuntime } & DescriptorRuntime;
  const descriptor = (await import('protobufjs/ext/descriptor/index.js')) as unknown as { default?: DescriptorRuntime } & DescriptorRuntime;
  return { parse: (protobufjs.default ?? protobufjs).parse, FileDescriptorProto: (descriptor.default ?? descriptor).FileDescriptorProto };
}
