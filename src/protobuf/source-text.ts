import { lineAndColumn, stripComments } from '../util/json-text.js';

/** Line and column (both 1-based) of a spot in .proto text. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** The text with comments blanked (offsets and lines kept), so that searches skip comments; .proto strings take either quote. */
export function blankComments(text: string): string {
  return stripComments(text, `"'`);
}

/** Line and column of an offset. */
export function positionAt(text: string, offset: number): SourcePosition {
  return lineAndColumn(text, offset);
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Where `word` stands on its own (not inside a longer name) outside comments for the `nth` time (1-based), or undefined. */
export function findWord(uncommented: string, word: string, nth = 1): SourcePosition | undefined {
  if (word === '') return undefined;
  const pattern = new RegExp(`(^|[^\\w.])(${escapeRegExp(word)})(?![\\w])`, 'g');
  let match: RegExpExecArray | null = null;
  for (let i = 0; i < nth; i++) {
    match = pattern.exec(uncommented);
    if (match === null) return undefined;
  }
  return match ? positionAt(uncommented, match.index + (match[1] as string).length) : undefined;
}

/** The column of `token` on a 1-based line (1 when it is not found there). */
export function columnOnLine(text: string, line: number, token: string): number {
  const lineText = text.split('\n')[line - 1] ?? '';
  const at = token === '' ? -1 : lineText.indexOf(token);
  return at === -1 ? 1 : at + 1;
}
