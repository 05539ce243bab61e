import { defineConfig } from 'tsup';

// `npm run build` empties dist/ first: the two builds run at once, so neither may clean it.

export default defineConfig([
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
  {
    entry: { server: 'src/server/index.ts' }, format: ['esm', 'cjs'], dts: true, sourcemap: true, target: 'node18', splitting: false,
    external: ['schema-compat', 'schema-compat/registry'],
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
