import { copyFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';
import type { Options } from 'tsup';

// `npm run build` empties dist/ first: the builds run at once, so none may clean it.
// No source maps: dist/ is not minified, so a stack trace already names readable code, and maps were
// two thirds of the tarball (issue 14).

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// The package's entries by name, and the modules whose every export an entry re-exports (its error
// classes). Each build keeps the other entries external, imported by package name: one copy of the
// core and of each entry's classes, whichever entry (or the CLI) throws them.
const entryModules: Readonly<Record<string, string>> = {
  [source('./src/index.ts')]: 'schema-compat',
  [source('./src/errors.ts')]: 'schema-compat',
  [source('./src/registry/index.ts')]: 'schema-compat/registry',
  [source('./src/server/index.ts')]: 'schema-compat/server',
  [source('./src/protobuf/index.ts')]: 'schema-compat/protobuf',
  [source('./src/sources/index.ts')]: 'schema-compat/sources',
  [source('./src/sources/errors.ts')]: 'schema-compat/sources',
  [source('./src/repository/index.ts')]: 'schema-compat/repository',
  [source('./src/repository/errors.ts')]: 'schema-compat/repository',
};

/** Imports of another entry (by package name or by a relative path to one of its modules above) stay external. */
function otherEntriesExternal(self: string): Plugin {
  return {
    name: 'other-entries-external',
    setup(build) {
      build.onResolve({ filter: /^schema-compat(\/|$)/ }, (args) => (args.path === self ? undefined : { path: args.path, external: true }));
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        const entry = entryModules[resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'))];
        return entry === undefined || entry === self ? undefined : { path: entry, external: true };
      });
    },
  };
}

// schema-compat/protobuf: its ESM build loads the optional peer protobufjs with a guarded top-level
// `await import()` (src/protobuf/protobufjs-runtime.esm.ts), its CommonJS build with `require`.
const protobufjsRuntimeEsm: Plugin = {
  name: 'protobufjs-runtime-esm',
  setup(build) {
    if (build.initialOptions.format !== 'esm') return;
    build.onResolve({ filter: /\/protobufjs-runtime\.js$/ }, () => ({ path: source('./src/protobuf/protobufjs-runtime.esm.ts') }));
  },
};

/**
 * One entry of the package (`name` is its package name), as ESM and CommonJS with declarations for
 * both. `external` keeps the other entries out of the declaration files too (their types are imported).
 */
function entry(key: string, path: string, name: string, options: Options = {}): Options {
  return {
    entry: { [key]: path }, format: ['esm', 'cjs'], dts: true, target: 'node18', splitting: false,
    external: [...new Set(Object.values(entryModules))].filter((other) => other !== name),
    esbuildPlugins: [otherEntriesExternal(name)], ...options,
  };
}

export default defineConfig([
  entry('index', 'src/index.ts', 'schema-compat'),
  // protobufjs is a peer dependency, external too.
  entry('protobuf', 'src/protobuf/index.ts', 'schema-compat/protobuf', { esbuildPlugins: [otherEntriesExternal('schema-compat/protobuf'), protobufjsRuntimeEsm] }),
  // schema-compat/registry and schema-compat/server: the registry runs anywhere; the server is Node.js only.
  entry('registry', 'src/registry/index.ts', 'schema-compat/registry'),
  // The server finds its check worker (dist/check-worker.js) next to itself through import.meta.url,
  // which `shims` provides in the CommonJS build; the Protobuf entry is loaded only for PROTOBUF.
  entry('server', 'src/server/index.ts', 'schema-compat/server', { shims: true }),
  // The server's check worker thread: parses and checks off the server's event loop (src/server/check-pool.ts).
  entry('check-worker', 'src/server/check-worker.ts', 'schema-compat/check-worker', { format: ['esm'], dts: false }),
  // schema-compat/sources: Node.js only (git runs through child_process, folders through fs).
  entry('sources', 'src/sources/index.ts', 'schema-compat/sources'),
  // schema-compat/repository: Node.js only. It also publishes the configuration's JSON Schema as
  // schema-compat/config.schema.json.
  entry('repository', 'src/repository/index.ts', 'schema-compat/repository', {
    onSuccess: async () => copyFileSync(source('./src/repository/config.schema.json'), source('./dist/config.schema.json')),
  }),
  // The CLI: its own modules and a few small helpers; the library, every entry of it, by package name
  // (the package resolves itself, installed or in this repository). The Protobuf entry is imported
  // only for .proto files.
  entry('cli', 'src/cli/main.ts', 'schema-compat/cli', { format: ['esm'], dts: false, banner: { js: '#!/usr/bin/env node' } }),
]);
