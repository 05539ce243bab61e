import type * as ProtobufJs from 'protobufjs';
import { SchemaCompatError } from 'schema-compat';

/** The protobufjs module, as its typings describe it. */
export type ProtobufJsModule = typeof ProtobufJs;

/**
 * What `protobufjs/ext/descriptor` adds (its typings are not reachable from the package's main
 * types): the google.protobuf descriptor types, and `Root.fromDescriptor` / `Root#toDescriptor`.
 */
export interface ProtobufJsDescriptor {
  readonly FileDescriptorSet: ProtobufJs.Type;
  readonly fromDescriptor: (descriptor: Uint8Array, options?: { readonly keepCase?: boolean }) => ProtobufJs.Root;
  readonly toDescriptor: (root: ProtobufJs.Root, syntax: string) => ProtobufJs.Message;
}

/** The descriptor extension's parts, checked: undefined when this protobufjs has none (version 6). */
export function descriptorOf(module: ProtobufJsModule, extension: unknown): ProtobufJsDescriptor | undefined {
  const set = typeof extension === 'object' && extension !== null ? (extension as { FileDescriptorSet?: unknown }).FileDescriptorSet : undefined;
  const fromDescriptor = (module.Root as unknown as { fromDescriptor?: unknown }).fromDescriptor;
  const toDescriptor = (module.Root.prototype as unknown as { toDescriptor?: unknown }).toDescriptor;
  if (!(set instanceof module.Type) || typeof fromDescriptor !== 'function' || typeof toDescriptor !== 'function') return undefined;
  return {
    FileDescriptorSet: set,
    fromDescriptor: (descriptor, options) => (fromDescriptor as (d: Uint8Array, o?: object) => ProtobufJs.Root).call(module.Root, descriptor, options),
    toDescriptor: (root, syntax) => (toDescriptor as (this: ProtobufJs.Root, s: string) => ProtobufJs.Message).call(root, syntax),
  };
}

/** `schema-compat/protobuf` was imported where the optional peer dependency protobufjs is not installed. */
export class ProtobufjsMissingError extends SchemaCompatError {
  override readonly name: string = 'ProtobufjsMissingError';
  constructor(cause: unknown) {
    super(
      'PROTOBUFJS_MISSING',
      `schema-compat/protobuf parses .proto text with protobufjs, an optional peer dependency that is not installed: run \`npm install protobufjs\` (version 7 or 8). (${cause instanceof Error ? cause.message : String(cause)})`,
    );
  }
}
