import type { CompatibilityResult, Incompatibility } from '../index.js';
import type { RegistryAnswer, SourceKind, SourceVersion } from '../sources/index.js';
import type { SchemaFile } from './schema-files.js';

/** What makes `check` exit 1: incompatibilities only (default), or warnings too (oasdiff's `--fail-on WARN`). */
export const FailOn = { INCOMPATIBLE: 'incompatible', WARNING: 'warning' } as const;
export type FailOn = (typeof FailOn)[keyof typeof FailOn];

/** Where the history of a check came from (absent for HISTORY files given on the command line). */
export interface SourceReport {
  readonly kind: SourceKind;
  /** `git-log origin/main: 4 versions of schemas/user.avsc: ...`. */
  readonly description: string;
  readonly notes: readonly string[];
}

/** A check's answer with the inputs it came from: what every output format is made of. */
export interface CheckReport {
  readonly result: CompatibilityResult;
  readonly candidate: SchemaFile;
  /** Oldest first, each with its version number and label. */
  readonly history: readonly SourceVersion[];
  readonly failOn: FailOn;
  readonly source?: SourceReport;
  /** Where the strategy came from when the source set it (`subject config`, `topic policy`, ...). */
  readonly strategyFrom?: string;
  /** What the registry itself said of the candidate (registry sources). */
  readonly registry?: RegistryAnswer;
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
export function findingsOf(findings: readonly Incompatibility[], version: number): Incompatibility[] {
  return findings.filter((finding) => finding.version === version);
}

/** "BACKWARD: the candidate reads data written with version 2" (DESIGN.md §1). */
export function directionText(finding: Incompatibility, title = `version ${finding.version}`): string {
  return finding.direction === 'BACKWARD'
    ? `BACKWARD: the candidate reads data written with ${title}`
    : `FORWARD: ${title} reads data written with the candidate`;
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
    ? `Registry: the candidate is already version ${answer.existing.version} (id ${answer.existing.id}); registering it creates no version`
    : `Registry: registering the candidate would create ${answer.subjectExists ? 'a new version' : 'the subject and its first version'}`];
  if (answer.verdict !== undefined) {
    const theirs = answer.verdict.compatible ? 'compatible' : 'incompatible';
    const agree = answer.verdict.compatible === report.result.compatible;
    lines.push(`Registry verdict: ${theirs}${agree ? ' (agrees)' : ` (DISAGREES: schema-compat says ${report.result.compatible ? 'compatible' : 'incompatible'}${report.strategyFrom === undefined ? '; the registry checks with its own level, not --strategy' : ''})`}`);
    for (const message of answer.verdict.messages) lines.push(`  registry: ${message}`);
  }
  return lines;
}
