// Preloaded with `node --require` by test/cli/types.test.ts: makes `protobufjs` unresolvable, as on an
// install without the optional peer dependency.
const Module = require('node:module');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWithoutProtobufjs(request, ...rest) {
  if (request === 'protobufjs' || request.startsWith('protobufjs/')) {
    const error = new Error(`Cannot find module '${request}'`);
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  }
  return resolveFilename.call(this, request, ...rest);
};
