// The ESM build's variant of protobufjs-runtime.ts (tsup.config.ts resolves that module to this one).
import type { ProtobufJsModule } from './protobufjs-runtime-error.js';
import { ProtobufjsMissingError } from './protobufjs-runtime-error.js';

export type { ProtobufJsModule } from './protobufjs-runtime-error.js';
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
