import type { FindingCause } from '../repository/index.js';
import { locateJsonPointer } from './json-locate.js';
import type { TextPosition } from './json-locate.js';
import type { CheckReport, ReportFinding, RunReport } from './report.js';
import { FailOn, causeBreaks, causePlace, checkOf, directionText, plural, readerFileOf, runSummary, versionList, versionName } from './report.js';
import { untrusted, untrustedLines } from './untrusted-text.js';

/**
 * Annotations GitHub shows per step, per level: "10 warning annotations, 10 error annotations, and
 * 10 notice annotations per step; 50 annotations per job" (actions/toolkit, docs/problem-matchers.md,
 * "Limitations"). More are dropped without a word, so a run prints no more than these.
 */
export const GITHUB_ANNOTATIONS_PER_LEVEL = 10;

/**
 * `--format github` of a run: each check's annotations and summary line; in a repository run, an
 * `::error` on the file of each subject that could not be checked, and the run's summary line.
 * A repository run annotates each cause once, on the line of its definition, at most
 * `GITHUB_ANNOTATIONS_PER_LEVEL` per level; the causes left over are plain log lines, and a last
 * notice says how many and where the full report is (`fullReport`).
 */
export function formatGithubRun(run: RunReport, fullReport = 'the log of this step'): string {
  const [only] = run.checks;
  if (run.repository === undefined && only !== undefined) return formatGithub(only);
  const causes = run.repository?.causes;
  if (causes !== undefined) return causeAnnotations(run, causes, fullReport);
  const lines = run.checks.map((check) => formatGithub(check).trimEnd());
  for (const error of run.errors) lines.push(`::error file=${escapeProperty(untrusted(error.file))},title=${escapeProperty(`${untrusted(error.subject)}: cannot be checked`)}::${escapeData(untrustedLines(error.message))}`);
  lines.push(`schema-compat: ${untrusted(runSummary(run))}`);
  return `${lines.join('\n')}\n`;
}

/**
 * GitHub Actions workflow commands (docs.github.com, "Workflow commands for GitHub Actions":
 * `::error file=F,line=L,col=C,title=T::message`), one per finding, so each shows on the line of the
 * schema file its location points into; then one plain summary line for the log.
 * Warnings are `::warning`, or `::error` when they fail the check (`--fail-on warning`).
 */
export function formatGithub(report: CheckReport): string {
  const warningLevel = report.failOn === FailOn.WARNING ? 'error' : 'warning';
  const lines = [
    ...report.result.incompatibilities.map((finding) => annotation('error', finding, report)),
    ...report.result.warnings.map((finding) => annotation(warningLevel, finding, report)),
  ];
  lines.push(summary(report));
  return `${lines.join('\n')}\n`;
}

/** The repository run by cause: capped annotations, the rest as log lines, errors, a summary line per subject and the run's. */
function causeAnnotations(run: RunReport, causes: readonly FindingCause[], fullReport: string): string {
  const shown = { error: 0, warning: 0 };
  const lines: string[] = [];
  const left: string[] = [];
  for (const cause of causes) {
    const level = causeLevel(run, cause);
    if (shown[level] < GITHUB_ANNOTATIONS_PER_LEVEL) {
      shown[level]++;
      lines.push(causeAnnotation(level, run, cause));
    } else {
      left.push(`schema-compat: ${level}: ${untrusted(`${cause.type} at ${cause.origin.element} (${causePlace(cause)}): ${cause.message}; breaks ${causeBreaks(run, cause)}`)}`);
    }
  }
  const errors = run.errors.map((error) => `::error file=${escapeProperty(untrusted(error.file))},title=${escapeProperty(`${untrusted(error.subject)}: cannot be checked`)}::${escapeData(untrustedLines(error.message))}`);
  lines.push(...errors, ...left, ...run.checks.map(summary));
  if (left.length > 0) {
    lines.push(`::notice title=${escapeProperty('schema-compat: more causes than GitHub shows')}::${escapeData(`${plural(left.length, 'cause', 'causes')} not shown as annotations (GitHub shows ${GITHUB_ANNOTATIONS_PER_LEVEL} error and ${GITHUB_ANNOTATIONS_PER_LEVEL} warning annotations per step): see ${fullReport}`)}`);
  }
  lines.push(`schema-compat: ${untrusted(runSummary(run))}`);
  return `${lines.join('\n')}\n`;
}

/** A cause is an error when it is an incompatibility, or a warning of a subject that fails on warnings. */
function causeLevel(run: RunReport, cause: FindingCause): 'error' | 'warning' {
  if (cause.kind === 'incompatibility') return 'error';
  return cause.subjects.some((entry) => checkOf(run, entry.subject)?.failOn === FailOn.WARNING) ? 'error' : 'warning';
}

function causeAnnotation(level: 'error' | 'warning', run: RunReport, cause: FindingCause): string {
  const { origin } = cause;
  const properties = [
    `file=${escapeProperty(untrusted(origin.file))}`,
    ...(origin.line === undefined ? [] : [`line=${origin.line}`, ...(origin.column === undefined ? [] : [`col=${origin.column}`])]),
    `title=${escapeProperty(untrusted(`${cause.type} (${origin.element})`))}`,
  ];
  const through = [...new Set(cause.subjects.flatMap((entry) => entry.through))];
  const message = [
    untrusted(cause.description),
    `detail: ${untrusted(cause.message)}`,
    `breaks: ${untrusted(causeBreaks(run, cause))}`,
    ...(through.length === 0 ? [] : [`through ${plural(through.length, 'field', 'fields')} that use it`]),
    ...(cause.hint === undefined ? [] : [`hint: ${untrusted(cause.hint)}`]),
    `${plural(cause.findings, 'finding', 'findings')}; fingerprints: ${cause.subjects.map((entry) => entry.findings[0]?.fingerprint ?? '').join(', ')}`,
  ].join('\n');
  return `::${level} ${properties.join(',')}::${escapeData(message)}`;
}

function annotation(level: 'error' | 'warning', finding: ReportFinding, report: CheckReport): string {
  const file = readerFileOf(report, finding);
  const position = file === undefined ? undefined : positionOf(file, finding.location);
  const name = untrusted(versionName(report, finding.version));
  const properties = [
    ...(file === undefined ? [] : [`file=${escapeProperty(untrusted(file.path))}`]),
    ...(position === undefined ? [] : [`line=${position.line}`, `col=${position.column}`]),
    `title=${escapeProperty(`${untrusted(finding.type)} (${finding.direction}, ${name})`)}`,
  ];
  const expired = report.expired.find((approved) => approved.finding.fingerprint === finding.fingerprint);
  const message = [
    untrusted(finding.description),
    `${directionText(finding, name)}; at ${untrusted(finding.location)}.`,
    `detail: ${untrusted(finding.message)}`,
    ...(finding.hint === undefined ? [] : [`hint: ${untrusted(finding.hint)}`]),
    `fingerprint: ${untrusted(finding.fingerprint)}`,
    ...(expired === undefined ? [] : [`approval expired: ${untrusted(expired.entry.where)} allowed it until ${untrusted(expired.entry.until ?? '?')}`]),
  ].join('\n');
  return `::${level} ${properties.join(',')}::${escapeData(message)}`;
}

/** The line of a location in a JSON file (.avsc, .json) whose text is the reader's; otherwise an annotation on the file. */
function positionOf(file: { readonly text?: string; readonly schemaType: string }, location: string): TextPosition | undefined {
  if (file.schemaType === 'PROTOBUF' || file.text === undefined) return undefined;
  return locateJsonPointer(file.text, location);
}

/** A plain line of the log: the untrusted parts escaped for reading (`untrusted`), so none can start a workflow command. */
function summary(report: CheckReport): string {
  const { result } = report;
  const verdict = result.compatible ? 'COMPATIBLE' : 'INCOMPATIBLE';
  const counts = `${plural(result.incompatibilities.length, 'incompatibility', 'incompatibilities')}, ${plural(result.warnings.length, 'warning', 'warnings')}`;
  const against = report.source === undefined ? '' : ` (against ${untrusted(report.source.description)})`;
  const candidate = untrusted(report.candidate.path);
  const approved = report.ignored.length === 0 ? '' : `, ${report.ignored.length} approved by ignore entries`;
  if (result.identical) return `schema-compat: ${verdict} under ${result.strategy}: ${candidate} is identical to ${untrusted(versionName(report, result.identical.version))}${against}`;
  return `schema-compat: ${verdict} under ${result.strategy}: ${candidate} against versions [${untrusted(versionList(report, result.checked))}]${against}: ${counts}${approved}`;
}

/**
 * Workflow-command escaping of the message (`%`, CR, LF), as @actions/core's `escapeData`; the
 * untrusted parts have been through `untrusted` first (no control characters, no line breaks of their own).
 */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Property values also escape `:` and `,`, as @actions/core's `escapeProperty`. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
