/** Why JSON text could not be read, with a 1-based line and column when the position is known. */
export interface JsonTextProblem {
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

export type JsonTextResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: JsonTextProblem };

/**
 * Parses JSON text. Like Java's Jackson parser as Avro configures it (ALLOW_COMMENTS), `//` and
 * block comments are accepted; they are removed only when plain JSON.parse fails.
 */
export function parseJsonText(text: string): JsonTextResult {
  const first = tryParse(text);
  if (first.ok || !text.includes('/')) return first;
  const stripped = stripComments(text);
  if (stripped === text) return first;
  const second = tryParse(stripped);
  return second.ok ? second : first;
}

function tryParse(text: string): JsonTextResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    if (!position?.[1]) return { ok: false, problem: { message } };
    return { ok: false, problem: { message, ...lineAndColumn(text, Number(position[1])) } };
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
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

/** Replaces comments outside strings by spaces, keeping every offset and line of the text. */
function stripComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const end = endOfString(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function endOfString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '"') return i + 1;
    else i++;
  }
  return text.length;
}
