import type { CheckReport, RunReport } from './report.js';
import { reportFails, runExitCode, runSummary } from './report.js';
import { quietJson } from './untrusted-text.js';

/**
 * `--format json` of a run. One check: its `CompatibilityResult` (each finding with its
 * `fingerprint`); against a source, with `source` (kind, description, notes, each version's number
 * and label, commit, date, tag or id) and, for a registry, `registry` (what it said). A repository
 * run: `{ config, subjects: [{ subject, file, status, ...that object }], errors, stale, causes, summary, exitCode }`:
 * every finding in full under its subject, and `causes` (`FindingCause`) grouping them.
 */
export function formatJsonRun(run: RunReport): string {
  const [only] = run.checks;
  if (run.repository === undefined && only !== undefined) return `${quietJson(JSON.stringify(checkJson(only), null, 2))}\n`;
  const value = {
    config: run.repository?.configFile,
    ...(run.repository?.changedSince === undefined ? {} : { changedSince: run.repository.changedSince, unchanged: run.repository.unchanged }),
    ...(run.repository?.skipped === undefined || run.repository.skipped.length === 0 ? {} : { skipped: run.repository.skipped }),
    subjects: run.checks.map((check) => ({ subject: check.subject, file: check.candidate.path, status: reportFails(check) ? 'incompatible' : 'compatible', ...checkJson(check) })),
    errors: run.errors,
    stale: run.repository?.stale ?? [],
    // Each finding is in full under its subject; a cause names its findings by fingerprint.
    ...(run.repository?.causes === undefined ? {} : { causes: run.repository.causes.map((cause) => ({ ...cause, subjects: cause.subjects.map((entry) => ({ ...entry, findings: entry.findings.map((finding) => ({ fingerprint: finding.fingerprint, version: finding.version, direction: finding.direction })) })) })) }),
    summary: runSummary(run),
    exitCode: runExitCode(run),
  };
  return `${quietJson(JSON.stringify(value, null, 2))}\n`;
}

/** One check as JSON: the result, and what it was compared with and set aside. */
function checkJson(report: CheckReport): Record<string, unknown> {
  const approvals = {
    ...(report.ignored.length === 0 ? {} : { ignored: report.ignored.map(({ finding, entry }) => ({ ...finding, ignoredBy: entry })) }),
    ...(report.expired.length === 0 ? {} : { expiredIgnores: report.expired.map(({ finding, entry }) => ({ fingerprint: finding.fingerprint, entry })) }),
    ...(report.preExisting === undefined || report.preExisting.length === 0 ? {} : { preExisting: report.preExisting }),
  };
  if (report.source === undefined) return { ...report.result, ...approvals };
  const versions = report.history.map(({ version, label, path, commit, date, tag, id }) => ({
    version, label,
    ...(path === undefined ? {} : { path }),
    ...(commit === undefined ? {} : { commit }),
    ...(date === undefined ? {} : { date }),
    ...(tag === undefined ? {} : { tag }),
    ...(id === undefined ? {} : { id }),
  }));
  const source = { ...report.source, ...(report.strategyFrom === undefined ? {} : { strategyFrom: report.strategyFrom }), versions };
  return { ...report.result, source, ...(report.registry === undefined ? {} : { registry: report.registry }), ...approvals };
}
