import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Debian's headless `chromium` (.ci/run installs it), shared by the tests that open pages in a real
// browser: the browser bundles (test/package/browser.test.ts) and the audit page (test/cli/audit-html.test.ts).

export const CHROMIUM_MS = 60_000;

/** Chromium on the PATH (or $CHROMIUM), if any. */
function findChromium(): string | undefined {
  if (process.env['CHROMIUM']) return process.env['CHROMIUM'];
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      if (dir !== '' && existsSync(join(dir, name))) return join(dir, name);
    }
  }
  return undefined;
}

export const chromium = findChromium();
/** Skip the runs when Chromium is absent, except under CI=true, where a missing Chromium fails. */
export const skipChromium = chromium === undefined && process.env['CI'] !== 'true';
export const SKIPPED_NOTE = skipChromium ? ' [SKIPPED: chromium is not installed; `apt-get install -y chromium` runs it]' : '';

/** The page's DOM after its scripts ran, and Chromium's log (console messages included). */
export interface DumpedPage {
  readonly dom: string;
  readonly log: string;
}

/**
 * Opens `html` from a file in headless Chromium and reads the DOM back (`--dump-dom`).
 * `--virtual-time-budget` lets the page's promises settle before the dump; the whole run is killed
 * (its process group) past CHROMIUM_MS.
 */
export async function dumpDom(html: string): Promise<DumpedPage> {
  if (chromium === undefined) throw new Error('chromium is not installed, and CI=true requires it: `apt-get install -y chromium` (.ci/run does)');
  const work = mkdtempSync(join(tmpdir(), 'schema-compat-chromium-'));
  try {
    const page = join(work, 'page.html');
    writeFileSync(page, html);
    const args = [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', `--user-data-dir=${join(work, 'profile')}`,
      '--virtual-time-budget=10000', '--enable-logging=stderr', '--v=0', '--dump-dom', pathToFileURL(page).href,
    ];
    const child = spawn(chromium, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let dom = '';
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (dom += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const killGroup = (): void => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      log += `\n[killed after ${CHROMIUM_MS} ms]`;
      killGroup();
    }, CHROMIUM_MS);
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', () => resolve());
    });
    clearTimeout(timer);
    killGroup();
    return { dom, log };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** What a page's script wrote into its `<pre id="result">`, with the entities --dump-dom writes undone. */
export function resultText(dom: string): string | undefined {
  const text = /<pre id="result">([^<]*)<\/pre>/.exec(dom)?.[1];
  return text === undefined || text === '' ? undefined : text.replace(/&(lt|gt|quot|nbsp|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', nbsp: '\u00a0', amp: '&' })[name] as string);
}
