import { locateJsonPointer } from './json-locate.js';
import type { TextPosition } from './json-locate.js';
import type { CheckReport, ReportFinding, RunReport } from './report.js';
import { FailOn, directionText, plural, readerFileOf, runSummary, versionList, versionName } from './report.js';
import { untrusted, untrustedLines } from './untrusted-text.js';

/**
 * `--format github` of a run: each check's annotations and summary line; in a repository run, an
 * `::error` on the file of each subject that could not be checked, and the run's summary line.
 */
export function formatGithubRun(run: RunReport): string {
  const [only] = run.checks;
  if (run.repository === undefined && only !== undefined) return formatGithub(only);
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
