import type { RunReport } from './report.js';

/** PLACEHOLDER being written: the markdown report of a run. */
export function formatMarkdown(run: RunReport): string {
  throw new Error(`markdown report not written yet (${run.checks.length})`);
}
