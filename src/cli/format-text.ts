import type { CompatibilityResult, Incompatibility } from '../index.js';
import type { Paint } from './paint.js';
import type { CheckReport } from './report.js';
import { FailOn, directionText, filesByVersion, reportFails } from './report.js';

/** How to show one kind of finding: its noun, and the file each version label came from. */
interface Section {
  readonly one: string;
  readonly many: string;
  readonly files: ReadonlyMap<number, string>;
}

/** The text report of a check read from files; says so when only warnings fail it (`--fail-on warning`). */
export function formatTextReport(report: CheckReport, paint: Paint): string {
  const text = formatText(report.result, paint, filesByVersion(report));
  if (!report.result.compatible || !reportFails(report)) return text;
  return `${text}
${paint.red(`Failing: ${report.result.warnings.length} ${plural(report.result.warnings.length, 'warning', 'warnings')} and --fail-on ${FailOn.WARNING}.`)}
`;
}

/**
 * The text report of a check: a verdict header, then findings grouped by version, newest first.
 * `files` names the file of each version label, when the history came from files.
 */
export function formatText(result: CompatibilityResult, paint: Paint, files: ReadonlyMap<number, string> = new Map()): string {
  const lines = result.compatible ? compatibleHeader(result, paint) : incompatibleHeader(result, paint);
  lines.push(...findingSections(result.incompatibilities, result.checked, { one: 'incompatibility', many: 'incompatibilities', files }, paint));
  if (result.warnings.length > 0) {
    lines.push('', paint.yellow(`Warnings (${result.warnings.length}, they do not change the verdict):`));
    lines.push(...findingSections(result.warnings, result.checked, { one: 'warning', many: 'warnings', files }, paint));
  }
  return `${lines.join('\n')}\n`;
}

function compatibleHeader(result: CompatibilityResult, paint: Paint): string[] {
  const verdict = `${paint.green(paint.bold('COMPATIBLE'))} under ${result.strategy}`;
  if (result.identical) return [`${verdict}: identical to version ${result.identical.version}, nothing checked`];
  if (result.checked.length === 0) return [`${verdict}: no versions checked`];
  return [`${verdict}: checked ${plural(result.checked.length, 'version', 'versions')} ${result.checked.join(', ')}`];
}

function incompatibleHeader(result: CompatibilityResult, paint: Paint): string[] {
  const failing = versionsWithFindings(result.incompatibilities, result.checked);
  const count = plural(result.incompatibilities.length, 'incompatibility', 'incompatibilities');
  return [
    `${paint.red(paint.bold('INCOMPATIBLE'))} under ${result.strategy}: ${result.incompatibilities.length} ${count} with ${plural(failing.length, 'version', 'versions')} ${failing.join(', ')}`,
    `Checked ${plural(result.checked.length, 'version', 'versions')} ${result.checked.join(', ')} (newest first).`,
  ];
}

/** One section per version, in the order the versions were checked (newest first). */
function findingSections(findings: readonly Incompatibility[], checked: readonly number[], section: Section, paint: Paint): string[] {
  const lines: string[] = [];
  for (const version of versionsWithFindings(findings, checked)) {
    const group = findings.filter((finding) => finding.version === version);
    const file = section.files.get(version);
    const count = `${group.length} ${plural(group.length, section.one, section.many)}`;
    lines.push('', paint.bold(`Version ${version}${file === undefined ? '' : ` (${file})`}: ${count}`));
    for (const finding of group) lines.push(...formatFinding(finding, paint));
  }
  return lines;
}

function formatFinding(finding: Incompatibility, paint: Paint): string[] {
  const lines = [
    `  ${paint.bold(finding.type)} at ${finding.location} (${directionText(finding)})`,
    `    ${finding.description}`,
    `    ${paint.dim(`detail: ${finding.message}`)}`,
  ];
  if (finding.hint !== undefined) lines.push(`    ${paint.green(`hint: ${finding.hint}`)}`);
  if (finding.witness === 'any') lines.push(`    ${paint.dim('witness: any datum (the reader rejects all data of this writer)')}`);
  else if (finding.witness !== undefined) lines.push(`    ${paint.dim(`witness: ${JSON.stringify(finding.witness.json)} (binary ${finding.witness.hex})`)}`);
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
