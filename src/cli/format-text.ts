import type { CompatibilityResult, Incompatibility } from '../index.js';
import type { FindingCause } from '../repository/index.js';
import { unionFields } from './avro-field.js';
import type { Paint } from './paint.js';
import type { ApprovedFinding, CheckReport, RunReport } from './report.js';
import { FailOn, capitalized, causeBreaks, causePlace, describeEntry, namedByItsFile, directionText, preExistingLine, reportFails, runSummary, sourceLines, versionList, versionName, versionTitle } from './report.js';
import { untrusted, untrustedLines } from './untrusted-text.js';

/** How to show one kind of finding: its noun. */
interface Section {
  readonly one: string;
  readonly many: string;
}

/**
 * How versions are named: a section title (`version 2 (v2.avsc)`, `a1b2c3d (2026-10-01)`), a name
 * inside a sentence (`version 2`, `a1b2c3d (2026-10-01)`) and a list of short names.
 */
export interface Naming {
  readonly title: (version: number) => string;
  readonly name: (version: number) => string;
  readonly list: (versions: readonly number[]) => string;
  /** The field a finding is about, when its location alone does not say (an Avro union branch). */
  readonly field?: (finding: Incompatibility) => string | undefined;
}

const BY_NUMBER: Naming = { title: (version) => `version ${version}`, name: (version) => `version ${version}`, list: (versions) => versions.join(', ') };

/**
 * The text report of a run: one check as `formatTextReport` gives it; a repository run as each
 * subject's report under its name, the subjects that could not be checked, the ignore entries
 * that approved nothing, and a summary line (`12 subjects: 11 compatible, 1 incompatible`).
 */
export function formatTextRun(run: RunReport, paint: Paint): string {
  const [only] = run.checks;
  if (run.repository === undefined && only !== undefined) return formatTextReport(only, paint);
  const lines: string[] = [];
  if (run.repository !== undefined) lines.push(paint.dim(`Repository ${untrusted(run.repository.configFile)}`));
  const causes = run.repository?.causes;
  for (const check of run.checks) lines.push('', paint.bold(`== ${subjectTitle(check.subject, check.candidate.path)}`), formatTextReport(check, paint, causes !== undefined).trimEnd());
  for (const error of run.errors) lines.push('', paint.bold(`== ${subjectTitle(error.subject, error.file)}`), paint.red(`ERROR: ${untrustedLines(error.message)}`));
  const skipped = run.repository?.skipped ?? [];
  if (skipped.length > 0) {
    lines.push('', paint.dim(`Skipped, not checked (${skipped.length}):`));
    for (const item of skipped) lines.push(paint.dim(`  ${subjectTitle(item.subject, item.file)}: ${untrusted(item.reason)}`));
  }
  const stale = run.repository?.stale ?? [];
  if (stale.length > 0) {
    lines.push('', paint.yellow(`Ignore entries that approved nothing (${stale.length}): remove them, or check what they meant to match`));
    for (const entry of stale) lines.push(`  ${untrusted(describeEntry(entry))}`);
  }
  if (causes !== undefined && causes.length > 0) lines.push('', ...causeLines(run, causes, paint));
  lines.push('', untrusted(runSummary(run)));
  return `${lines.join('\n').replace(/^\n/, '')}\n`;
}

/** `orders-value (schemas/orders/order.avsc)`, or the path alone when it is the subject's name. */
function subjectTitle(subject: string, file: string): string {
  return untrusted(namedByItsFile(subject, file) ? subject : `${subject} (${file})`);
}

/**
 * The text report of a check: what it was compared against, a verdict header, then findings
 * grouped by version, newest first; says so when only warnings fail it (`--fail-on warning`).
 */
export function formatTextReport(report: CheckReport, paint: Paint, byCause = false): string {
  const naming: Naming = {
    title: (version) => untrusted(versionTitle(report, version)),
    name: (version) => untrusted(versionName(report, version)),
    list: (versions) => untrusted(versionList(report, versions)),
    field: unionFields(report),
  };
  const from = report.strategyFrom === undefined ? '' : ` (${untrusted(report.strategyFrom)})`;
  const lines = [
    ...sourceLines(report).map((line) => paint.dim(untrusted(line))),
    ...formatText(report.result, paint, naming, from, report.source?.isNew === true, byCause).trimEnd().split('\n'),
    ...optional(preExistingLine(report)).map((line) => paint.dim(untrusted(line))),
    ...approvedLines('Approved by ignore entries, not counted', report.ignored, paint.dim, naming),
    ...approvedLines('Approvals past their until date, counted again', report.expired, paint.yellow, naming),
  ];
  if (!report.result.compatible || !reportFails(report)) return `${lines.join('\n')}\n`;
  return `${lines.join('\n')}

${paint.red(`Failing: ${report.result.warnings.length} ${plural(report.result.warnings.length, 'warning', 'warnings')} and --fail-on ${FailOn.WARNING}.`)}
`;
}

/** The text report of a check result alone: a verdict header, then findings grouped by version, newest first. */
export function formatText(result: CompatibilityResult, paint: Paint, naming: Naming = BY_NUMBER, strategyFrom = '', isNew = false, byCause = false): string {
  const lines = result.compatible ? compatibleHeader(result, paint, naming, strategyFrom, isNew) : incompatibleHeader(result, paint, naming, strategyFrom);
  if (byCause) {
    // A repository run lists each cause once, after the subjects (`causeLines`).
    if (result.warnings.length > 0) lines.push(paint.yellow(`Warnings: ${result.warnings.length} (they do not change the verdict)`));
    if (result.incompatibilities.length > 0 || result.warnings.length > 0) lines.push('Findings: listed by cause below.');
    return `${lines.join('\n')}\n`;
  }
  lines.push(...findingSections(result.incompatibilities, result.checked, { one: 'incompatibility', many: 'incompatibilities' }, paint, naming));
  if (result.warnings.length > 0) {
    lines.push('', paint.yellow(`Warnings (${result.warnings.length}, they do not change the verdict):`));
    lines.push(...findingSections(result.warnings, result.checked, { one: 'warning', many: 'warnings' }, paint, naming));
  }
  return `${lines.join('\n')}\n`;
}

function compatibleHeader(result: CompatibilityResult, paint: Paint, naming: Naming, from: string, isNew: boolean): string[] {
  const verdict = `${paint.green(paint.bold('COMPATIBLE'))} under ${result.strategy}${from}`;
  if (result.identical) return [`${verdict}: identical to ${naming.name(result.identical.version)}, nothing checked`];
  if (isNew && result.checked.length === 0) return [`${verdict}: new subject: no history yet, nothing checked`];
  if (result.checked.length === 0) return [`${verdict}: no versions checked`];
  return [`${verdict}: checked ${plural(result.checked.length, 'version', 'versions')} ${naming.list(result.checked)}`];
}

function incompatibleHeader(result: CompatibilityResult, paint: Paint, naming: Naming, from: string): string[] {
  const failing = versionsWithFindings(result.incompatibilities, result.checked);
  const count = plural(result.incompatibilities.length, 'incompatibility', 'incompatibilities');
  return [
    `${paint.red(paint.bold('INCOMPATIBLE'))} under ${result.strategy}${from}: ${result.incompatibilities.length} ${count} with ${plural(failing.length, 'version', 'versions')} ${naming.list(failing)}`,
    `Checked ${plural(result.checked.length, 'version', 'versions')} ${naming.list(result.checked)} (newest first).`,
  ];
}

/** One section per version, in the order the versions were checked (newest first). */
function findingSections(findings: readonly Incompatibility[], checked: readonly number[], section: Section, paint: Paint, naming: Naming): string[] {
  const lines: string[] = [];
  for (const version of versionsWithFindings(findings, checked)) {
    const group = findings.filter((finding) => finding.version === version);
    const count = `${group.length} ${plural(group.length, section.one, section.many)}`;
    lines.push('', paint.bold(`${capitalized(naming.title(version))}: ${count}`));
    for (const finding of group) lines.push(...formatFinding(finding, paint, naming.name(version), naming.field?.(finding)));
  }
  return lines;
}

function formatFinding(finding: Incompatibility & { readonly fingerprint?: string }, paint: Paint, name: string, field: string | undefined): string[] {
  const lines = [
    `  ${paint.bold(untrusted(finding.type))} at ${untrusted(finding.location)} (${directionText(finding, name)})`,
    ...(field === undefined ? [] : [`    field: ${untrusted(field)}`]),
    `    ${untrusted(finding.description)}`,
    `    ${paint.dim(`detail: ${untrusted(finding.message)}`)}`,
  ];
  if (finding.fingerprint !== undefined) lines.push(`    ${paint.dim(`fingerprint: ${untrusted(finding.fingerprint)}`)}`);
  if (finding.hint !== undefined) lines.push(`    ${paint.green(`hint: ${untrusted(finding.hint)}`)}`);
  if (finding.witness === 'any') lines.push(`    ${paint.dim('witness: any datum (the reader rejects all data of this writer)')}`);
  else if (finding.witness !== undefined) lines.push(`    ${paint.dim(`witness: ${witnessText(finding.witness)}`)}`);
  return lines;
}

/** A witness datum as JSON, and its Avro binary encoding when there is one (a JSON Schema witness has none). */
function witnessText(witness: { readonly json: unknown; readonly hex?: string }): string {
  const json = untrusted(JSON.stringify(witness.json) ?? 'undefined');
  return witness.hex === undefined ? json : `${json} (binary ${witness.hex})`;
}

/**
 * Each cause once, where its definition is written, with the subjects and versions it breaks
 * folded (`v1–v12`) and the fields that only reach it; the fingerprint of its first finding.
 * Names, places, messages and hints come from schemas and file names: each is shown `untrusted`.
 */
function causeLines(run: RunReport, causes: readonly FindingCause[], paint: Paint): string[] {
  const total = causes.reduce((sum, cause) => sum + cause.findings, 0);
  const lines = [paint.bold(`Causes (${causes.length}, ${total} ${plural(total, 'finding', 'findings')}), each where it is defined:`)];
  for (const cause of causes) {
    const colour = cause.kind === 'warning' ? paint.yellow : paint.red;
    lines.push('', `  ${colour(paint.bold(untrusted(cause.type)))} at ${untrusted(cause.origin.element)} (${untrusted(causePlace(cause))})${cause.kind === 'warning' ? ' [warning]' : ''}`);
    lines.push(`    ${untrusted(cause.description)}`, `    ${paint.dim(`detail: ${untrusted(cause.message)}`)}`);
    lines.push(`    breaks: ${untrusted(causeBreaks(run, cause))}`);
    const through = [...new Set(cause.subjects.flatMap((entry) => entry.through))].map(untrusted);
    if (through.length > 0) lines.push(`    ${paint.dim(`through: ${through.length > 8 ? `${through.slice(0, 8).join(', ')} and ${through.length - 8} more` : through.join(', ')}`)}`);
    if (cause.hint !== undefined) lines.push(`    ${paint.green(`hint: ${untrusted(cause.hint)}`)}`);
    const fingerprints = cause.subjects.map((entry) => entry.findings[0]?.fingerprint).filter((value): value is string => value !== undefined);
    lines.push(`    ${paint.dim(`${cause.findings} ${plural(cause.findings, 'finding', 'findings')}; fingerprint${fingerprints.length === 1 ? '' : 's'}: ${fingerprints.join(', ')}`)}`);
  }
  return lines;
}

function optional(line: string | undefined): string[] {
  return line === undefined ? [] : [line];
}

/** Findings set aside by (or no longer set aside by) ignore entries, each with the entry's reason and place. */
function approvedLines(title: string, approved: readonly ApprovedFinding[], colour: (text: string) => string, naming: Naming): string[] {
  if (approved.length === 0) return [];
  const lines = ['', colour(`${title} (${approved.length}):`)];
  for (const { finding, entry } of approved) {
    lines.push(`  ${untrusted(finding.type)} at ${untrusted(finding.location)} (${finding.direction}, ${naming.name(finding.version)}), fingerprint ${untrusted(finding.fingerprint)}`);
    lines.push(`    ${untrusted(`${entry.reason} [${entry.where}${entry.until === undefined ? '' : `, until ${entry.until}`}]`)}`);
  }
  return lines;
}

/** Versions that have findings, in checked order, then any not in `checked` (defensive) in order of appearance. */
function versionsWithFindings(findings: readonly Incompatibility[], checked: readonly number[]): number[] {
  const present = new Set(findings.map((finding) => finding.version));
  const ordered = checked.filter((version) => present.has(version));
  for (const version of present) if (!ordered.includes(version)) ordered.push(version);
  return ordered;
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}
