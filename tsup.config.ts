import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';
import type { Options } from 'tsup';

// `npm run build` empties dist/ first: the two builds run at once, so neither may clean it.

// schema-compat/protobuf: its ESM build loads the optional peer protobufjs with a guarded top-level
// `await import()` (src/protobuf/protobufjs-runtime.esm.ts), its CommonJS build with `require`.
const protobufjsRuntimeEsm: Plugin = {
  name: 'protobufjs-runtime-esm',
  setup(build) {
    build.onResolve({ filter: /\/protobufjs-runtime\.js$/ }, () => ({ path: fileURLToPath(new URL('./src/protobuf/protobufjs-runtime.esm.ts', import.meta.url)) }));
  },
};
// The core stays external (one copy of its error classes); protobufjs is a peer dependency, external too.
const protobufEntry: Options = { entry: { protobuf: 'src/protobuf/index.ts' }, dts: true, sourcemap: true, target: 'node18', splitting: false, external: ['schema-compat'] };

export default defineConfig([
  { ...protobufEntry, format: ['esm'], esbuildPlugins: [protobufjsRuntimeEsm] },
  { ...protobufEntry, format: ['cjs'] },
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    target: 'node18',
    splitting: false,
  },
  // schema-compat/registry and schema-compat/server import the core (and the server the registry) by
  // package name, kept external: one copy of the core, so errors and classes are shared with the root entry.
  { entry: { registry: 'src/registry/index.ts' }, format: ['esm', 'cjs'], dts: true, sourcemap: true, target: 'node18', splitting: false, external: ['schema-compat'] },
  // The server finds its check worker (dist/check-worker.js) next to itself through import.meta.url,
  // which `shims` provides in the CommonJS build; the Protobuf entry stays external (loaded only for PROTOBUF).
  {
    entry: { server: 'src/server/index.ts' }, format: ['esm', 'cjs'], dts: true, sourcemap: true, target: 'node18', splitting: false, shims: true,
    external: ['schema-compat', 'schema-compat/registry', 'schema-compat/protobuf'],
  },
  // The server's check worker thread: parses and checks off the server's event loop (src/server/check-pool.ts).
  {
    entry: { 'check-worker': 'src/server/check-worker.ts' }, format: ['esm'], dts: false, sourcemap: true, target: 'node18', splitting: false,
    external: ['schema-compat', 'schema-compat/registry', 'schema-compat/protobuf'],
  },
  // schema-compat/sources: Node.js only (git runs through child_process, folders through fs).
  { entry: { sources: 'src/sources/index.ts' }, format: ['esm', 'cjs'], dts: true, sourcemap: true, target: 'node18', splitting: false, external: ['schema-compat'] },
  // schema-compat/repository: Node.js only; the core and the sources stay external (one copy of their classes).
  // It also publishes the configuration's JSON Schema as schema-compat/config.schema.json.
  {
    entry: { repository: 'src/repository/index.ts' }, format: ['esm', 'cjs'], dts: true, sourcemap: true, target: 'node18', splitting: false,
    external: ['schema-compat', 'schema-compat/sources'],
    onSuccess: async () => copyFileSync(fileURLToPath(new URL('./src/repository/config.schema.json', import.meta.url)), fileURLToPath(new URL('./dist/config.schema.json', import.meta.url))),
  },
  {
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    target: 'node18',
    // One file: the CLI's lazy `import('../protobuf/index.js')` is inlined and runs only for .proto files;
    // `require` lets the bundled Protobuf entry load the optional peer protobufjs (a clear error when absent).
    splitting: false,
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __schemaCompatCreateRequire } from 'node:module';\nconst require = __schemaCompatCreateRequire(import.meta.url);" },
  },
]);
