import type { ProtobufJsDescriptor, ProtobufJsModule } from './protobufjs-runtime-error.js';
import { ProtobufjsMissingError, descriptorOf } from './protobufjs-runtime-error.js';

export type { ProtobufJsDescriptor, ProtobufJsModule } from './protobufjs-runtime-error.js';
export { ProtobufjsMissingError } from './protobufjs-runtime-error.js';

function loadProtobufjs(): ProtobufJsModule {
  try {
    // The CommonJS build (and the test runner) have `require`; the ESM build swaps this module for
    // protobufjs-runtime.esm.ts (tsup.config.ts), which imports protobufjs with a guarded dynamic import.
    return require('protobufjs') as ProtobufJsModule;
  } catch (error) {
    throw new ProtobufjsMissingError(error);
  }
}

/** protobufjs, loaded when this entry is imported; a missing package is reported by `ProtobufjsMissingError`. */
export const protobufjs: ProtobufJsModule = loadProtobufjs();

/** protobufjs's descriptor support (`protobufjs/ext/descriptor`, for PROTOBUF_NATIVE); undefined when this protobufjs lacks it. */
export const protobufjsDescriptor: ProtobufJsDescriptor | undefined = (() => {
  try {
    return descriptorOf(protobufjs, require('protobufjs/ext/descriptor') as unknown);
  } catch {
    return undefined;
  }
})();
