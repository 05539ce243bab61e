import { locateJsonError } from './json-error.js';

/** Why JSON text could not be read, with a 1-based line and column. */
export interface JsonTextProblem {
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

export type JsonTextResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: JsonTextProblem };

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Parses JSON text. Like Java's Jackson parser as Avro configures it (ALLOW_COMMENTS), `//` and
 * block comments are accepted, but not after the value (Java: "dangling content after end of
 * schema"); they are removed only when plain JSON.parse fails. A leading byte-order mark is
 * ignored (RFC 8259 §8.1 allows a parser to).
 */
export function parseJsonText(input: string): JsonTextResult {
  const text = input.startsWith(BYTE_ORDER_MARK) ? input.slice(1) : input;
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    // Fall through: retry without comments, else say where the text goes wrong.
  }
  if (text.includes('/')) {
    const stripped = stripComments(text);
    let value: unknown;
    try {
      value = JSON.parse(stripped);
    } catch {
      return { ok: false, problem: describe(stripped) };
    }
    // Java's Schema.Parser rejects anything after the schema but white space ("dangling content"), comments included.
    const end = stripped.trimEnd().length;
    if (text.slice(end).trim() !== '') return { ok: false, problem: { message: 'expected the end of the text, found a comment', ...lineAndColumn(text, end + text.slice(end).search(/\S/)) } };
    return { ok: true, value };
  }
  return { ok: false, problem: describe(text) };
}

function describe(text: string): JsonTextProblem {
  const spot = locateJsonError(text) ?? { offset: 0, expected: 'valid JSON' };
  const { line, column } = lineAndColumn(text, spot.offset);
  const found = spot.offset >= text.length ? 'the end of the text' : JSON.stringify(text.slice(spot.offset, spot.offset + 12));
  return { message: `expected ${spot.expected}, found ${found}`, line, column };
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Replaces comments outside strings by spaces, keeping every offset and line of the text; `quotes`
 * are the characters that open a string (JSON: `"`; .proto text: both quotes).
 */
export function stripComments(text: string, quotes = '"'): string {
  // Copies the runs between the characters that may open a string or a comment in one slice each.
  const special = new RegExp(`[/${quotes.replace(/[\\\]^-]/g, '\\$&')}]`, 'g');
  let out = '';
  let i = 0;
  for (let match = special.exec(text); match !== null; match = special.exec(text)) {
    const at = match.index;
    const c = text[at] as string;
    let stop: number;
    if (c !== '/') stop = endOfString(text, at);
    else if (text[at + 1] === '/') {
      const end = text.indexOf('\n', at);
      stop = end < 0 ? text.length : end;
    } else if (text[at + 1] === '*') {
      const end = text.indexOf('*/', at + 2);
      stop = end < 0 ? text.length : end + 2;
    } else continue;
    out += text.slice(i, at) + (c === '/' ? text.slice(at, stop).replace(/[^\n]/g, ' ') : text.slice(at, stop));
    i = stop;
    special.lastIndex = stop;
  }
  return out + text.slice(i);
}

function endOfString(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else i++;
  }
  return text.length;
}
