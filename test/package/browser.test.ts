import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_PROGRAMS, bundleForBrowser, nodeOnlyInputs } from '../../bench/browser-bundle.mjs';
import type { BrowserBundle } from '../../bench/browser-bundle.mjs';
import { CHROMIUM_MS, SKIPPED_NOTE, dumpDom, resultText, skipChromium } from '../support/chromium.js';

// Issue 14: the root entry and schema-compat/registry run anywhere. The programs of examples/browser/
// are bundled from the built package (dist/, built by the global setup) through its exports map,
// for the browser, with no polyfills and no aliases, then run in a real headless Chromium (Debian's
// `chromium`; .ci/run installs it). Without Chromium the runs are skipped and say so, except under
// CI=true, where a missing Chromium fails.

const root = fileURLToPath(new URL('../..', import.meta.url));
const skip = skipChromium;
const skipped = SKIPPED_NOTE;

/** What the program wrote into the page's #result, and Chromium's log (console messages included). */
interface PageRun {
  readonly result: string | undefined;
  readonly log: string;
}

/** Runs a bundle as the page's module script in headless Chromium and reads the page back. */
async function runInChromium(code: string): Promise<PageRun> {
  // Inline: Chromium refuses module scripts loaded from file: URLs.
  const { dom, log } = await dumpDom(`<!doctype html><html><body><pre id="result"></pre><script type="module">${code.replaceAll('</script', '<\\/script')}</script></body></html>`);
  return { result: resultText(dom), log };
}

/** The program's result, parsed; when it wrote none, the error says what the page logged. */
function resultOf(run: PageRun): unknown {
  if (run.result === undefined) {
    const console = run.log.split('\n').filter((line) => /CONSOLE|killed after/.test(line));
    throw new Error(`the program wrote no result into the page; Chromium logged:\n${console.join('\n') || run.log.slice(-2000)}`);
  }
  return JSON.parse(run.result);
}

describe('the root entry and schema-compat/registry in a browser (issue 14)', () => {
  const bundles: Partial<Record<keyof typeof BROWSER_PROGRAMS, BrowserBundle>> = {};
  const dependencies = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: object }).dependencies ?? {});

  beforeAll(async () => {
    if (skip) console.warn(`test/package/browser.test.ts: the headless Chromium runs are SKIPPED: chromium is not installed (apt-get install -y chromium; under CI=true they fail instead)`);
    for (const name of ['check', 'registry'] as const) bundles[name] = await bundleForBrowser(BROWSER_PROGRAMS[name]);
  });

  /** Each input, named for the assertion: the program, a file of dist/, or a dependency's file. */
  const sources = (bundle: BrowserBundle): string[] =>
    bundle.inputs.map((input) => {
      if (input === bundle.entry) return 'program';
      const path = relative(root, input);
      if (path.startsWith('dist/')) return path;
      const dependency = dependencies.find((name) => path.startsWith(`node_modules/${name}/`));
      return dependency === undefined ? `unexpected: ${path}` : `dependency ${dependency}`;
    });

  it('bundles both programs from dist/ with esbuild --platform=browser: no error, no warning, no avsc, no Node built-in', () => {
    for (const name of ['check', 'registry'] as const) {
      const bundle = bundles[name] as BrowserBundle;
      expect({ name, errors: bundle.errors.map((e) => e.text), warnings: bundle.warnings.map((w) => w.text) }).toEqual({ name, errors: [], warnings: [] });
      expect({ name, nodeOnly: nodeOnlyInputs(bundle.inputs) }).toEqual({ name, nodeOnly: [] });
      expect({ name, unexpected: sources(bundle).filter((source) => source.startsWith('unexpected')) }).toEqual({ name, unexpected: [] });
      // Node globals a browser lacks (a `require` of a built-in would have been a build error above).
      expect(bundle.code).not.toMatch(/\bBuffer\.(from|alloc|isBuffer|byteLength|concat|compare)\b|\bprocess\.(env|versions|platform|cwd|nextTick|stdout|stderr|exit)\b/);
    }
    // Through the exports map: the root entry alone for a check, the registry entry over it.
    expect(new Set(sources(bundles.check as BrowserBundle).filter((source) => source.startsWith('dist/')))).toEqual(new Set(['dist/index.js']));
    expect(new Set(sources(bundles.registry as BrowserBundle).filter((source) => source.startsWith('dist/')))).toEqual(new Set(['dist/index.js', 'dist/registry.js']));
  });

  it.skipIf(skip)(`runs the check-only program in headless Chromium: Avro (with witnesses) and JSON Schema verdicts${skipped}`, async () => {
    const run = await runInChromium(bundles.check?.code as string);
    expect(resultOf(run)).toEqual({
      avro: {
        compatible: false,
        findings: ['TYPE_MISMATCH /fields/0/type', 'READER_FIELD_MISSING_DEFAULT_VALUE /fields/1'],
        witnesses: [{ json: { id: '', payload: '' }, hex: '0000' }, 'any'],
      },
      json: { compatible: false, findings: ['TYPE_NARROWED #/properties/id'], witnesses: [{ json: { id: 0.5 } }] },
    });
  }, CHROMIUM_MS + 30_000);

  it.skipIf(skip)(`runs the registry program in headless Chromium: register, test, an incompatible registration refused, the Avro serde${skipped}`, async () => {
    const run = await runInChromium(bundles.registry?.code as string);
    expect(resultOf(run)).toEqual({
      registered: [1, 1],
      test: {
        compatible: true,
        result: { compatible: true, strategy: 'BACKWARD', checked: [1], incompatibilities: [], warnings: [] },
        messages: [],
      },
      refused: { name: 'IncompatibleRegistrationError', code: 40901, findings: ['TYPE_MISMATCH /fields/0/type'] },
      // Confluent frame (magic 0, id 1), then 2^60 as a zig-zag varint, "naïve ☃" in UTF-8, the bytes 00 ff 07.
      bytes: '0000000001808080808080808020146e61c3af766520e298830600ff07',
      read: { id: '1152921504606846976', note: 'naïve ☃', payload: [0, 255, 7], qty: 1 },
    });
  }, CHROMIUM_MS + 30_000);
});
