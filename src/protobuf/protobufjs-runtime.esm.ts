// The ESM build's variant of protobufjs-runtime.ts (tsup.config.ts resolves that module to this one).
import type { ProtobufJsDescriptor, ProtobufJsModule } from './protobufjs-runtime-error.js';
import { ProtobufjsMissingError, descriptorOf } from './protobufjs-runtime-error.js';

export type { ProtobufJsDescriptor, ProtobufJsModule } from './protobufjs-runtime-error.js';
export { ProtobufjsMissingError } from './protobufjs-runtime-error.js';

async function loadProtobufjs(): Promise<ProtobufJsModule> {
  try {
    const loaded = (await import('protobufjs')) as ProtobufJsModule & { readonly default?: ProtobufJsModule };
    return loaded.default ?? loaded;
  } catch (error) {
    throw new ProtobufjsMissingError(error);
  }
}

/** protobufjs, loaded when this entry is imported (a guarded top-level import: the message says what to install). */
export const protobufjs: ProtobufJsModule = await loadProtobufjs();

async function loadDescriptor(): Promise<ProtobufJsDescriptor | undefined> {
  try {
    const loaded = (await import('protobufjs/ext/descriptor/index.js')) as { readonly default?: unknown };
    return descriptorOf(protobufjs, loaded.default ?? loaded);
  } catch {
    return undefined;
  }
}

/** protobufjs's descriptor support (`protobufjs/ext/descriptor`, for PROTOBUF_NATIVE); undefined when this protobufjs lacks it. */
export const protobufjsDescriptor: ProtobufJsDescriptor | undefined = await loadDescriptor();
