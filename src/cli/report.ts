import type { CompatibilityResult, Incompatibility } from '../index.js';
import type { FindingCause, ApprovedFinding as RepositoryApprovedFinding, FingerprintedFinding, IgnoreEntry } from '../repository/index.js';
import type { RegistryAnswer, SkippedVersion, SourceKind, SourceVersion } from '../sources/index.js';
import type { SchemaFile } from './schema-files.js';

/** A finding as reports print it: with its stable fingerprint (`findingFingerprint`). */
export type ReportFinding = FingerprintedFinding;

/** A `CompatibilityResult` whose findings carry their fingerprints. */
export type ReportResult = Omit<CompatibilityResult, 'incompatibilities' | 'warnings'> & {
  readonly incompatibilities: readonly ReportFinding[];
  readonly warnings: readonly ReportFinding[];
};

/** A finding an `ignore` entry approves (or would have, before its `until`), an incompatibility or a warning. */
export type ApprovedFinding = RepositoryApprovedFinding;

/** What makes `check` exit 1: incompatibilities only (default), or warnings too (oasdiff's `--fail-on WARN`). */
export const FailOn = { INCOMPATIBLE: 'incompatible', WARNING: 'warning' } as const;
export type FailOn = (typeof FailOn)[keyof typeof FailOn];

/** Where the history of a check came from (absent for HISTORY files given on the command line). */
export interface SourceReport {
  readonly kind: SourceKind;
  /** `git-log origin/main: 4 versions of schemas/user.avsc: ...`. */
  readonly description: string;
  readonly notes: readonly string[];
  /** A new subject: nothing to compare with yet (the notes say why). */
  readonly isNew?: boolean;
  /** History versions left out because they do not parse (`--skip-unparseable`), each with its error. */
  readonly skipped?: readonly SkippedVersion[];
}

/** A check's answer with the inputs it came from: what every output format is made of. */
export interface CheckReport {
  /** The subject (its registry subject, or the candidate's path): fingerprints and repository reports name it. */
  readonly subject: string;
  /** The result as reported: fingerprinted findings, without the ones an ignore entry approves. */
  readonly result: ReportResult;
  readonly candidate: SchemaFile;
  /** Oldest first, each with its version number and label. */
  readonly history: readonly SourceVersion[];
  readonly failOn: FailOn;
  readonly source?: SourceReport;
  /** Where the strategy came from when the source set it (`subject config`, `topic policy`, ...). */
  readonly strategyFrom?: string;
  /** What the registry itself said of the candidate (registry sources). */
  readonly registry?: RegistryAnswer;
  /** Findings set aside by an ignore entry (repository runs). */
  readonly ignored: readonly ApprovedFinding[];
  /** Findings whose ignore entry is past its `until`: they count again. */
  readonly expired: readonly ApprovedFinding[];
  /** With `findings: new`: findings the history's newest version already had, not counted (repository runs). */
  readonly preExisting?: readonly ReportFinding[];
}

/** A subject of a repository run that could not be checked (bad input, a history that cannot be loaded). */
export interface SubjectError {
  readonly subject: string;
  readonly file: string;
  readonly code: string;
  readonly message: string;
}

/** What a repository run adds: which configuration, what was left out, which ignore entries approved nothing. */
export interface RepositoryRun {
  readonly configFile: string;
  /** Subjects not checked because nothing they use changed since `changedSince`. */
  readonly unchanged: readonly string[];
  readonly changedSince?: string;
  /** Subjects skipped on purpose (an unstable Protobuf package, `--ignore-unstable-packages`): not checked, listed. */
  readonly skipped?: readonly SkippedReport[];
  readonly stale: readonly IgnoreEntry[];
  /** The counted findings by cause (`checkRepository`'s `causes`), files relative to the working folder: reports list each cause once. */
  readonly causes?: readonly FindingCause[];
}

/** A subject a repository run skipped, its file (from the current folder) and why. */
export interface SkippedReport {
  readonly subject: string;
  readonly file: string;
  /** `unstable package foo.v1beta1`. */
  readonly reason: string;
}

/** Everything one `check` run reports: one check (files given), or every subject of a configuration. */
export interface RunReport {
  readonly checks: readonly CheckReport[];
  readonly errors: readonly SubjectError[];
  /** Set for a repository run (no files given, a configuration file). */
  readonly repository?: RepositoryRun;
}

/** The exit code of a run: 2 if a subject could not be checked, else 1 if one fails, else 0. */
export function runExitCode(run: RunReport): 0 | 1 | 2 {
  if (run.errors.length > 0) return 2;
  return run.checks.some(reportFails) ? 1 : 0;
}

/** `12 subjects: 11 compatible, 1 incompatible` (and errors, unchanged and skipped ones when there are). */
export function runSummary(run: RunReport): string {
  const failing = run.checks.filter(reportFails).length;
  const parts = [`${run.checks.length - failing} compatible`, `${failing} incompatible`];
  if (run.errors.length > 0) parts.push(`${run.errors.length} ${run.errors.length === 1 ? 'error' : 'errors'}`);
  const unchanged = run.repository?.unchanged.length ?? 0;
  if (unchanged > 0) parts.push(`${unchanged} unchanged since ${run.repository?.changedSince ?? 'the ref'} (not checked)`);
  const skipped = run.repository?.skipped?.length ?? 0;
  if (skipped > 0) parts.push(`${skipped} skipped (unstable Protobuf package)`);
  const total = run.checks.length + run.errors.length + unchanged + skipped;
  return `${plural(total, 'subject', 'subjects')}: ${parts.join(', ')}`;
}

/** Whether a subject's name is its file's path (no subject template), so that titles name it once. */
export function namedByItsFile(subject: string, file: string): boolean {
  return subject === file || file.endsWith(`/${subject}`) || subject.endsWith(file);
}

/** `.schema-compat.yaml:12` and what an entry matches, for reports. */
export function describeEntry(entry: IgnoreEntry): string {
  const fields = [
    entry.subject === undefined ? undefined : `subject ${entry.subject}`,
    entry.type,
    entry.location === undefined ? undefined : `at ${entry.location}`,
    entry.direction,
    entry.fingerprint === undefined ? undefined : `fingerprint ${entry.fingerprint}`,
  ].filter((field): field is string => field !== undefined);
  return `${entry.where} (${fields.join(', ')})`;
}

/** Whether the check fails the build: incompatible, or warnings with `--fail-on warning`. */
export function reportFails(report: CheckReport): boolean {
  return !report.result.compatible || (report.failOn === FailOn.WARNING && report.result.warnings.length > 0);
}

/** The history version of a version number. */
export function versionOf(report: CheckReport, version: number): SourceVersion | undefined {
  return report.history.find((entry) => entry.version === version);
}

/**
 * Versions with numbers of their own (files by position or name, a registry's versions) are named
 * by number in sentences and lists; git versions by their commit or tag.
 */
function numbered(report: CheckReport): boolean {
  return report.source === undefined || report.source.kind === 'dir' || report.source.kind === 'registry' || report.source.kind === 'pulsar';
}

/** Whether versions are files of the work tree (HISTORY files, a folder). */
function workTreeFiles(report: CheckReport): boolean {
  return report.source === undefined || report.source.kind === 'dir';
}

/** A section title: `version 2 (v2.avsc)`, `version 3 (id 17)`, `a1b2c3d (2026-10-01)`, `v1.2.0`. */
export function versionTitle(report: CheckReport, version: number): string {
  const entry = versionOf(report, version);
  if (entry === undefined) return `version ${version}`;
  return workTreeFiles(report) ? `version ${version} (${entry.label})` : entry.label;
}

/** How a sentence names a version: `version 2`, or a commit or tag label. */
export function versionName(report: CheckReport, version: number): string {
  const entry = versionOf(report, version);
  return entry === undefined || numbered(report) ? `version ${version}` : entry.label;
}

/** Versions in a list: their numbers, or their commit or tag labels. */
export function versionList(report: CheckReport, versions: readonly number[]): string {
  return versions.map((version) => (numbered(report) ? String(version) : versionName(report, version))).join(', ');
}

/**
 * The file a finding's location points into, when it is a file of the work tree: the reader
 * schema (DESIGN.md §1: locations are JSON pointers into the reader), which is the candidate for
 * BACKWARD and the old version for FORWARD. An old version read from git or a registry has no file
 * here: its finding is shown on the candidate's file, without a line.
 */
export function readerFileOf(report: CheckReport, finding: Incompatibility): { path: string; text?: string; schemaType: string } | undefined {
  const candidate = report.candidate.path === '<stdin>' ? undefined : report.candidate;
  if (finding.direction === 'BACKWARD') return candidate;
  const entry = versionOf(report, finding.version);
  if (entry?.path !== undefined && workTreeFiles(report)) return { path: entry.path, text: entry.text, schemaType: entry.schemaType };
  return candidate === undefined ? undefined : { path: candidate.path, schemaType: candidate.schemaType };
}

/** The findings of one version, in the result's order. */
export function findingsOf<F extends Incompatibility>(findings: readonly F[], version: number): F[] {
  return findings.filter((finding) => finding.version === version);
}

/** "BACKWARD: the candidate reads data written with version 2" (DESIGN.md §1). */
export function directionText(finding: Incompatibility, title = `version ${finding.version}`): string {
  return finding.direction === 'BACKWARD'
    ? `BACKWARD: the candidate reads data written with ${title}`
    : `FORWARD: ${title} reads data written with the candidate`;
}

/**
 * The versions a cause breaks in a subject, runs of consecutive versions folded: `v3–v17`,
 * `versions 2, 4–6`, `a1b2c3d (2026-10-01)`.
 */
export function foldedVersions(report: CheckReport | undefined, versions: readonly number[]): string {
  const name = (version: number): string => (report === undefined ? String(version) : versionList(report, [version]));
  const runs: Array<[number, number]> = [];
  for (const version of [...versions].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last !== undefined && version === last[1] + 1) last[1] = version;
    else runs.push([version, version]);
  }
  const text = runs.map(([first, last]) => (first === last ? name(first) : `${name(first)}–${name(last)}`)).join(', ');
  const numbered = report === undefined || versionName(report, versions[0] ?? 0).startsWith('version ');
  return numbered ? `${versions.length === 1 ? 'version' : 'versions'} ${text}` : text;
}

/** The check of a subject of a run, by name. */
export function checkOf(run: RunReport, subject: string): CheckReport | undefined {
  return run.checks.find((check) => check.subject === subject);
}

/** `proto/common/common.proto:8`, or the file alone when the element has no line. */
export function causePlace(cause: FindingCause): string {
  return cause.origin.line === undefined ? cause.origin.file : `${cause.origin.file}:${cause.origin.line}`;
}

/** What a cause breaks: `proto/trace/trace.proto v1–v12; proto/logs/logs.proto v3`. */
export function causeBreaks(run: RunReport, cause: FindingCause): string {
  return cause.subjects.map((entry) => `${entry.subject} ${foldedVersions(checkOf(run, entry.subject), entry.versions)}`).join('; ');
}

/** The pre-existing findings line of a subject (`findings: new`), or none. */
export function preExistingLine(report: CheckReport): string | undefined {
  const count = report.preExisting?.length ?? 0;
  return count === 0 ? undefined : `${plural(count, 'pre-existing finding', 'pre-existing findings')} between older versions, not caused by this change (the history's newest version already had them; findings: new)`;
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A title at the start of a line: `Version 2 (v2.avsc)`; a commit id or tag stays as it is. */
export function capitalized(title: string): string {
  return title.startsWith('version ') ? `V${title.slice(1)}` : title;
}

/** The lines that say what was compared: the source, its notes, and what the registry said. */
export function sourceLines(report: CheckReport): string[] {
  const lines: string[] = [];
  if (report.source !== undefined) {
    lines.push(`Against ${report.source.description}`);
    for (const note of report.source.notes) lines.push(`Note: ${note}`);
  }
  if (report.registry !== undefined) lines.push(...registryLines(report));
  return lines;
}

function registryLines(report: CheckReport): string[] {
  const answer = report.registry as RegistryAnswer;
  const lines = [answer.existing !== undefined
    ? `Registry: the candidate is already version ${answer.existing.version} (id ${answer.existing.id})${answer.existingBy === undefined ? '; registering it creates no version' : ', the same schema by its canonical form (the registry\'s lookup does not match its stored text): nothing to register'}`
    : `Registry: registering the candidate would create ${answer.subjectExists ? 'a new version' : 'the subject and its first version'}`];
  if (answer.verdict !== undefined) {
    const theirs = answer.verdict.compatible ? 'compatible' : 'incompatible';
    const agree = answer.verdict.compatible === report.result.compatible;
    lines.push(`Registry verdict: ${theirs}${agree ? ' (agrees)' : ` (DISAGREES: schema-compat says ${report.result.compatible ? 'compatible' : 'incompatible'}${report.strategyFrom === undefined ? '; the registry checks with its own level, not --strategy' : ''})`}`);
    if (answer.verdict.askedVersions !== undefined) lines.push(`  (asked version by version: ${answer.verdict.askedVersions.join(', ') || 'none'}, as the level names them; the registry has no /compatibility/subjects/{s}/versions)`);
    for (const message of answer.verdict.messages) lines.push(`  registry: ${message}`);
  }
  return lines;
}
