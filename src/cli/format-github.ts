import type { Incompatibility } from '../index.js';
import { locateJsonPointer } from './json-locate.js';
import type { TextPosition } from './json-locate.js';
import type { CheckReport } from './report.js';
import { FailOn, directionText, plural, readerFileOf, versionList, versionName } from './report.js';

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

function annotation(level: 'error' | 'warning', finding: Incompatibility, report: CheckReport): string {
  const file = readerFileOf(report, finding);
  const position = file === undefined ? undefined : positionOf(file, finding.location);
  const name = versionName(report, finding.version);
  const properties = [
    ...(file === undefined ? [] : [`file=${escapeProperty(file.path)}`]),
    ...(position === undefined ? [] : [`line=${position.line}`, `col=${position.column}`]),
    `title=${escapeProperty(`${finding.type} (${finding.direction}, ${name})`)}`,
  ];
  const message = [
    `${finding.description}`,
    `${directionText(finding, name)}; at ${finding.location}.`,
    `detail: ${finding.message}`,
    ...(finding.hint === undefined ? [] : [`hint: ${finding.hint}`]),
  ].join('\n');
  return `::${level} ${properties.join(',')}::${escapeData(message)}`;
}

/** The line of a location in a JSON file (.avsc, .json) whose text is the reader's; otherwise an annotation on the file. */
function positionOf(file: { readonly text?: string; readonly schemaType: string }, location: string): TextPosition | undefined {
  if (file.schemaType === 'PROTOBUF' || file.text === undefined) return undefined;
  return locateJsonPointer(file.text, location);
}

function summary(report: CheckReport): string {
  const { result } = report;
  const verdict = result.compatible ? 'COMPATIBLE' : 'INCOMPATIBLE';
  const counts = `${plural(result.incompatibilities.length, 'incompatibility', 'incompatibilities')}, ${plural(result.warnings.length, 'warning', 'warnings')}`;
  const against = report.source === undefined ? '' : ` (against ${report.source.description})`;
  if (result.identical) return `schema-compat: ${verdict} under ${result.strategy}: ${report.candidate.path} is identical to ${versionName(report, result.identical.version)}${against}`;
  return `schema-compat: ${verdict} under ${result.strategy}: ${report.candidate.path} against versions [${versionList(report, result.checked)}]${against}: ${counts}`;
}

/** Workflow-command escaping of the message (`%`, CR, LF), as @actions/core's `escapeData`. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Property values also escape `:` and `,`, as @actions/core's `escapeProperty`. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
