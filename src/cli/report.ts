import type { CompatibilityResult, Incompatibility } from '../index.js';
import type { HistoryFile, SchemaFile } from './schema-files.js';

/** What makes `check` exit 1: incompatibilities only (default), or warnings too (oasdiff's `--fail-on WARN`). */
export const FailOn = { INCOMPATIBLE: 'incompatible', WARNING: 'warning' } as const;
export type FailOn = (typeof FailOn)[keyof typeof FailOn];

/** A check's answer with the files it came from: what every output format is made of. */
export interface CheckReport {
  readonly result: CompatibilityResult;
  readonly candidate: SchemaFile;
  /** Oldest first, each with its version label. */
  readonly history: readonly HistoryFile[];
  readonly failOn: FailOn;
}

/** Whether the check fails the build: incompatible, or warnings with `--fail-on warning`. */
export function reportFails(report: CheckReport): boolean {
  return !report.result.compatible || (report.failOn === FailOn.WARNING && report.result.warnings.length > 0);
}

/** The history file of a version label. */
export function fileOfVersion(report: CheckReport, version: number): HistoryFile | undefined {
  return report.history.find((file) => file.version === version);
}

/**
 * The file a finding's location points into: the reader schema (DESIGN.md §1: locations are JSON
 * pointers into the reader), which is the candidate for BACKWARD and the old version for FORWARD.
 */
export function readerFileOf(report: CheckReport, finding: Incompatibility): SchemaFile {
  return finding.direction === 'BACKWARD' ? report.candidate : (fileOfVersion(report, finding.version) ?? report.candidate);
}

/** Version label → file path, for the text report's section headers. */
export function filesByVersion(report: CheckReport): ReadonlyMap<number, string> {
  return new Map(report.history.map((file) => [file.version, file.path] as const));
}

/** The findings of one version, in the result's order. */
export function findingsOf(findings: readonly Incompatibility[], version: number): Incompatibility[] {
  return findings.filter((finding) => finding.version === version);
}

/** "BACKWARD: the candidate reads data written with version 2" (DESIGN.md §1). */
export function directionText(finding: Incompatibility): string {
  return finding.direction === 'BACKWARD'
    ? `BACKWARD: the candidate reads data written with version ${finding.version}`
    : `FORWARD: version ${finding.version} reads data written with the candidate`;
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
