import type { Change, Direction } from '../index.js';
import type { Paint } from './paint.js';
import { cellCode, cellText } from './format-markdown.js';
import { untrusted } from './untrusted-text.js';

/** Output formats of `diff` and `changelog`. */
export const ChangesFormat = { TEXT: 'text', MARKDOWN: 'markdown', JSON: 'json' } as const;
export type ChangesFormat = (typeof ChangesFormat)[keyof typeof ChangesFormat];

/** One version of a changelog: its label and its changes from the version before it. */
export interface ChangelogVersion {
  readonly label: string;
  /** The source's version number; absent for the FILE the changelog ends with. */
  readonly version?: number;
  /** True for the oldest version: nothing before it to compare with. */
  readonly initial?: boolean;
  /**
   * True when a registry takes the version as the one before it (its checker's `isIdentical`, the
   * registry's de-duplication): only formatting changed, or docs and other annotations it ignores.
   */
  readonly identical?: boolean;
  readonly changes: readonly Change[];
}

/** `no schema change (only formatting)`, or with the annotations the version changes counted. */
export function noSchemaChangeLine(changes: readonly Change[]): string {
  if (changes.length === 0) return 'no schema change (only formatting)';
  return `no schema change (only docs or other annotations: ${changes.length} ${changes.length === 1 ? 'change' : 'changes'})`;
}

/** `+` for an addition, `-` for a removal, `~` for any other change (the code says which). */
function sign(change: Change): string {
  if (/(^|_)ADDED(_|$)/.test(change.change)) return '+';
  if (/(^|_)REMOVED(_|$)/.test(change.change)) return '-';
  return '~';
}

/** `breaks FORWARD`, `safe`, `safe, warns BACKWARD`. */
export function gradeOf(change: Change): string {
  const breaks = change.breaks.length === 0 ? 'safe' : `breaks ${change.breaks.join(' and ')}`;
  return change.warns === undefined ? breaks : `${breaks}, warns ${change.warns.join(' and ')}`;
}

/** Whether a change breaks a direction the strategy checks. */
export function breaksAny(changes: readonly Change[], directions: readonly Direction[]): boolean {
  return changes.some((change) => change.breaks.some((direction) => directions.includes(direction)));
}

/** `+ email (default "") — safe  (FIELD_ADDED at /fields/4)`. */
export function changeLine(change: Change, paint: Paint): string {
  const grade = gradeOf(change);
  const painted = change.breaks.length > 0 ? paint.red(grade) : change.warns ? paint.yellow(grade) : paint.green(grade);
  return `${sign(change)} ${untrusted(change.summary)} — ${painted}  ${paint.dim(`(${untrusted(change.change)} at ${untrusted(change.location.new ?? change.location.old ?? '/')})`)}`;
}

/** How many changes, and how many break a direction the strategy checks. */
export function countLine(changes: readonly Change[], directions: readonly Direction[], strategy: string): string {
  const breaking = changes.filter((change) => breaksAny([change], directions)).length;
  const noun = changes.length === 1 ? 'change' : 'changes';
  return `${changes.length} ${noun}, ${breaking} breaking under ${strategy}`;
}

/** A markdown table of changes (a pull-request comment). */
export function changesTable(changes: readonly Change[]): string {
  if (changes.length === 0) return '_No changes._\n';
  const rows = changes.map((change) => `| ${sign(change)} | ${cellText(change.summary)} | ${cellCode(change.change)} | ${cellCode(change.location.new ?? change.location.old ?? '/')} | ${gradeOf(change)} |`);
  return ['|   | Change | Code | Where | Grade |', '|---|---|---|---|---|', ...rows].join('\n') + '\n';
}
