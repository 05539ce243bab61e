import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests import the package by its public names; the subpath entries come before the root one.
    alias: [
      { find: /^schema-compat\/protobuf$/, replacement: source('./src/protobuf/index.ts') },
      { find: /^schema-compat\/registry$/, replacement: source('./src/registry/index.ts') },
      { find: /^schema-compat\/server$/, replacement: source('./src/server/index.ts') },
      { find: /^schema-compat\/sources$/, replacement: source('./src/sources/index.ts') },
      { find: /^schema-compat\/repository$/, replacement: source('./src/repository/index.ts') },
      { find: /^schema-compat$/, replacement: source('./src/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // Vitest's default in a run is one worker fewer than the CPUs: one on the 2-core CI machine, where
    // most test files wait on child processes (git, the CLI, npm). Two keep both cores busy.
    maxWorkers: 2,
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
