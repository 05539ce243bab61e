import { relative } from 'node:path';
import { stringify } from 'yaml';
import { writeFileNoFollow } from '../sources/write-file.js';
import type { RepositoryReport } from './check.js';
import { RepositoryError } from './errors.js';

/** What `--write-baseline` writes for a finding: enough to match it again, and a reason still to write. */
export interface BaselineEntry {
  readonly subject: string;
  readonly fingerprint: string;
  readonly type: string;
  readonly location: string;
  readonly direction: 'BACKWARD' | 'FORWARD';
  readonly reason: string;
}

/** The reason a baseline entry starts with; a configuration that still says it is refused. */
export const BASELINE_REASON = 'TODO: say why this break is approved';

/** An entry for each finding that fails a subject today (incompatibilities, and warnings under failOn warning), once per fingerprint. */
export function baselineEntries(report: RepositoryReport): BaselineEntry[] {
  const entries = new Map<string, BaselineEntry>();
  for (const outcome of report.subjects) {
    const check = outcome.check;
    if (check === undefined) continue;
    const failing = [...check.result.incompatibilities, ...(outcome.subject.failOn === 'warning' ? check.result.warnings : [])];
    for (const finding of failing) {
      entries.set(finding.fingerprint, {
        subject: outcome.subject.name, fingerprint: finding.fingerprint, type: finding.type, location: finding.location, direction: finding.direction, reason: BASELINE_REASON,
      });
    }
  }
  return [...entries.values()];
}

/**
 * Writes a file of `ignore` entries (name it in the configuration's `ignoreFiles`). Each reason is
 * a TODO, which the next run refuses until someone writes why the break is approved. The file is
 * never written through a symbolic link (`writeFileNoFollow`): a link there, or on the way to it
 * from the working folder, is a `RepositoryError`, as is any other failure to write.
 */
export function writeBaseline(file: string, entries: readonly BaselineEntry[]): void {
  const header = [
    '# Findings approved as a baseline (schema-compat check --write-baseline).',
    '# Replace each TODO with why the break is approved (and an `until: YYYY-MM-DD` if it is temporary):',
    '# schema-compat refuses this file while a reason says TODO. List the file in `ignoreFiles`.',
  ].join('\n');
  try {
    writeFileNoFollow(file, `${header}\n${stringify({ ignore: entries })}`);
  } catch (error: unknown) {
    throw new RepositoryError(`cannot write the baseline to ${relative(process.cwd(), file) || file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
