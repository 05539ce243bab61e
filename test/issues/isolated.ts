import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built package (vitest's global setup builds dist/ before the tests run). */
export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** What a script run in a child process came to: its result, or why there is none (a hang, a crash). */
export type Isolated<T> =
  | { readonly status: 'done'; readonly value: T; readonly ms: number; readonly peakRssMb: number }
  | { readonly status: 'timeout' | 'crashed'; readonly detail: string; readonly ms: number };

export interface IsolationLimits {
  /** Wall-clock time before the child is killed. */
  readonly timeoutMs: number;
  /** V8's old-space limit in the child: a heap exhausted is a crash, not a dead test runner. */
  readonly heapMb: number;
}

const MARK = '@@result ';

/**
 * Helpers every script gets: `sc` (dist/index.cjs), `registry` (dist/registry.cjs), `input`, and
 * `outcome(fn)`: fn's value, or its error with `typed` (a SchemaCompatError, the class of every
 * error the library throws), `className` (the exported class it was made by, since a bundler may
 * rename `name`), `name`, `code` and `message`, and how long fn took.
 */
const PRELUDE = `
const sc = require(${JSON.stringify(`${DIST}index.cjs`)});
const registry = require(${JSON.stringify(`${DIST}registry.cjs`)});
const exportedClass = (e) => Object.keys(sc).find((key) => typeof sc[key] === 'function' && e !== null && typeof e === 'object' && Object.getPrototypeOf(e) === sc[key].prototype);
const outcome = (run) => {
  const start = Date.now();
  try { const value = run(); return { ok: true, ms: Date.now() - start, value }; }
  catch (e) { return { ok: false, ms: Date.now() - start, typed: e instanceof sc.SchemaCompatError, className: exportedClass(e), name: e && e.name, code: e && e.code, message: e && e.message }; }
};
`;

/** The value of a run that must have finished: a hang or a crash fails here, saying which and after how long. */
export function done<T>(result: Isolated<T>): T {
  if (result.status !== 'done') throw new Error(`the isolated run did not finish: ${result.status}: ${result.detail} (${result.ms} ms)`);
  return result.value;
}

/**
 * Runs `body` (CommonJS, may `await`; its return value is the result, as JSON) in a child process
 * with a time and heap limit, so that a hang or an exhausted heap fails the test that asked
 * instead of stalling or killing the suite. `peakRssMb` is the child's peak resident memory.
 */
export function isolated<T>(body: string, input: unknown, limits: IsolationLimits): Promise<Isolated<T>> {
  const script = `${PRELUDE}
const input = ${JSON.stringify(input)};
(async () => { ${body} })().then(
  (value) => { process.stdout.write(${JSON.stringify(MARK)} + JSON.stringify({ value, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }) + '\\n'); },
  (error) => { process.stderr.write(String(error && error.stack || error)); process.exitCode = 1; });
`;
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${limits.heapMb}`, '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = Date.now() - start;
      const line = stdout.split('\n').find((text) => text.startsWith(MARK));
      if (timedOut) resolve({ status: 'timeout', detail: `still running after ${limits.timeoutMs} ms`, ms });
      else if (line === undefined) resolve({ status: 'crashed', detail: `exit ${code ?? signal}: ${stderr.slice(-2000)}`, ms });
      else {
        const { value, peakRssMb } = JSON.parse(line.slice(MARK.length)) as { value: T; peakRssMb: number };
        resolve({ status: 'done', value, ms, peakRssMb });
      }
    });
    child.stdin.end(script);
  });
}
