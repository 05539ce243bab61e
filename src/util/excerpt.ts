/** The most characters of a value an error message quotes: enough to recognise it, too few to leak a file or an environment. */
export const EXCERPT_LENGTH = 40;

/** The most characters of a path a message names (a `$ref`, an import, an `ignoreFiles` entry): paths run longer than values. */
export const PATH_EXCERPT_LENGTH = 120;

/** Control characters (C0, DEL, C1) and the line and paragraph separators: escaped wherever an excerpt is shown. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A text as an error message shows it: cut after `length` characters (code points) with `…`, so
 * that a value that is a whole file (a credentials file, `/proc/self/environ`) is never printed
 * whole, and with control characters and line breaks escaped (`\n`, `\u001b`).
 */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  return cut(text, length).replace(CONTROL, escapeControl);
}

/** `excerpt` as a JSON string: `"BAKWARD"`, `"https://bob:…"`. */
export function quoteExcerpt(text: string, length = EXCERPT_LENGTH): string {
  // JSON.stringify escapes C0 controls, quotes and backslashes; DEL, C1 and the separators are left to the replace.
  return JSON.stringify(cut(text, length)).replace(CONTROL, escapeControl);
}

function cut(text: string, length: number): string {
  if (text.length <= length) return text;
  const characters = Array.from(text);
  return characters.length <= length ? text : `${characters.slice(0, length).join('')}…`;
}

function escapeControl(character: string): string {
  const named: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  return named[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
