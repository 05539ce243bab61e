// Preloaded with `node --import` by test/cli/types.test.ts: makes `protobufjs` unresolvable, as on an
// install without the optional peer dependency. The CLI loads schema-compat/protobuf (ESM), which
// imports protobufjs, so the hook is a module resolve hook.
import { register } from 'node:module';

const hooks = `export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'protobufjs' || specifier.startsWith('protobufjs/')) {
    throw Object.assign(new Error("Cannot find package '" + specifier + "'"), { code: 'ERR_MODULE_NOT_FOUND' });
  }
  return nextResolve(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
