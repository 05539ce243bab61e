// Browser bundle sizes of the two programs in examples/browser/ (docs/performance.md, "Bundle size").
//
//   npm run build && node bench/bundle-size.mjs [package root]
//
// Each program is bundled as a user's bundler would (bench/browser-bundle.mjs: esbuild --bundle
// --platform=browser --format=esm --minify, the package resolved through its exports map, no
// polyfills, no aliases) against the built package at the root given (default: this repository).
// Sizes are bytes, minified and gzipped (level 9). A package whose graph needs Node built-ins fails
// to bundle: the errors are counted, and the sizes are measured again with the built-ins left as
// imports (what such a bundle weighs before the polyfills it would need).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from 'esbuild';
import { BROWSER_PROGRAMS, bundleForBrowser } from './browser-bundle.mjs';

const packageRoot = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
const bytes = (n) => `${n.toLocaleString('en-US')} B`;

console.log(`Browser bundles of ${packageRoot} (esbuild ${version}: --bundle --platform=browser --format=esm --minify; gzip level 9)`);
for (const [name, program] of Object.entries({ 'check-only': BROWSER_PROGRAMS.check, registry: BROWSER_PROGRAMS.registry })) {
  const bundle = await bundleForBrowser(program, { packageRoot });
  if (bundle.errors.length === 0) {
    console.log(`  ${name.padEnd(11)} ${bytes(bundle.minified).padStart(11)} minified  ${bytes(bundle.gzipped).padStart(10)} gzipped  (${bundle.warnings.length} warnings)`);
    continue;
  }
  const modules = [...new Set(bundle.errors.map((error) => /Could not resolve "([^"]+)"/.exec(error.text)?.[1] ?? error.text))].sort();
  const external = await bundleForBrowser(program, { packageRoot, externalBuiltins: true });
  const sizes = external.errors.length === 0 ? `${bytes(external.minified)} minified, ${bytes(external.gzipped)} gzipped` : `${external.errors.length} errors still`;
  console.log(`  ${name.padEnd(11)} ${bundle.errors.length} errors (cannot resolve ${modules.join(', ')}); with Node built-ins left external: ${sizes}`);
}
