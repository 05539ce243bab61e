// Bundles the browser programs of examples/browser/ for the browser (esbuild, platform browser, ESM,
// minified), against the built package at a given root, as a user's bundler would: `schema-compat` is
// resolved through that package's exports map, its dependencies from its node_modules. No polyfills,
// no aliases. Used by bench/bundle-size.mjs (the sizes in docs/performance.md) and by
// test/package/browser.test.ts (which runs the bundles in headless Chromium).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const repository = fileURLToPath(new URL('..', import.meta.url));

/** The programs: a check-only one (the root entry) and a registry one (schema-compat/registry). */
export const BROWSER_PROGRAMS = {
  check: join(repository, 'examples', 'browser', 'check.mjs'),
  registry: join(repository, 'examples', 'browser', 'registry.mjs'),
};

/**
 * The program bundled against the package at `packageRoot` (default: this repository, after
 * `npm run build`). `externalBuiltins`: Node built-ins left as imports instead of failing the build
 * (only to measure a package that needs them, as the size it would have before its polyfills).
 */
export async function bundleForBrowser(program, { packageRoot = repository, externalBuiltins = false } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'schema-compat-browser-'));
  try {
    // The program sits in a project of its own whose node_modules holds the package.
    mkdirSync(join(work, 'node_modules'));
    symlinkSync(packageRoot, join(work, 'node_modules', 'schema-compat'), 'junction');
    const entry = join(work, basename(program));
    copyFileSync(program, entry);
    // An empty tsconfig: the package's own (its `paths` map schema-compat to src/) is not a user's.
    writeFileSync(join(work, 'tsconfig.json'), '{}');
    const options = {
      absWorkingDir: work, entryPoints: [entry], outfile: join(work, 'out.js'), write: false, metafile: true, logLevel: 'silent', tsconfig: join(work, 'tsconfig.json'),
      bundle: true, platform: 'browser', format: 'esm', minify: true,
      external: externalBuiltins ? [...builtinModules, 'node:*'] : [],
    };
    try {
      const result = await build(options);
      const code = result.outputFiles[0].text;
      // Inputs as absolute paths (the package's files through their real path, not the link).
      const inputs = Object.keys(result.metafile.inputs).map((input) => (input.includes(':') ? input : resolve(work, input)));
      return { errors: [], warnings: result.warnings, code, entry, inputs, ...sizes(code) };
    } catch (failure) {
      if (!Array.isArray(failure?.errors)) throw failure;
      return { errors: failure.errors, warnings: failure.warnings ?? [], code: undefined, entry, inputs: [] };
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Minified and gzipped (level 9) bytes of a bundle. */
function sizes(code) {
  return { minified: Buffer.byteLength(code), gzipped: gzipSync(code, { level: 9 }).length };
}

/**
 * The inputs of a bundle that a browser cannot have: avsc, `node:` modules, Node built-ins (or packages
 * named after them: polyfills), and modules a package's `browser` field disabled (esbuild's `(disabled):`).
 */
export function nodeOnlyInputs(inputs) {
  const builtins = new Set(builtinModules.map((name) => name.replace(/^node:/, '')));
  return inputs.filter((input) => {
    if (/^node:|^\(disabled\):|(^|\/)node_modules\/avsc\//.test(input)) return true;
    const packageName = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
    return packageName !== undefined && builtins.has(packageName);
  });
}
