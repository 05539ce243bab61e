// Text that comes from a schema, a file name, a configuration, git or a registry, made safe to print
// in a human-readable format: it can neither start a line of its own, nor run a GitHub Actions workflow
// command, nor send a terminal escape sequence. Every formatter passes such text through here where it
// interpolates it; the formatter's own line breaks and colours stay as they are.

const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `\u001b` for one character, as JSON writes it. */
function codePoint(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Untrusted text on one line: `\n`, `\r`, `\t` and `\u001b`-style escapes for line breaks and control
 * characters, a `\u003a` for the first colon of a `::` it would start a line with, `##\u005b` for `##[`.
 * A backslash stays as it is, so the display is not reversible: it is for reading, JSON is for machines.
 * Escaping twice changes nothing more.
 */
export function untrusted(text: string): string {
  // Line breaks (LF, CR, NEL, U+2028/U+2029), C0 and C1 controls, DEL, and the bidirectional controls
  // that reorder what a reader sees (the "Trojan Source" characters, CVE-2021-42574).
  const printable = text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (character) => SHORT[character] ?? codePoint(character));
  // GitHub's runner trims leading white space (.NET's, NEL included) and reads a line that then starts
  // with `::` as a workflow command (actions/runner, ActionCommand.TryParseV2); .NET's culture-aware
  // StartsWith passes over characters Unicode calls default-ignorable (a zero-width space), so those too.
  return quietLegacyCommands(printable.replace(/^([\s\u0085\p{Default_Ignorable_Code_Point}]*):(?=\p{Default_Ignorable_Code_Point}*:)/u, '$1\\u003a'));
}

/**
 * Untrusted text that may have lines of its own (an error message listing several problems, each at
 * its file and line): each line as `untrusted` gives it, so a line of its own starts no command either.
 */
export function untrustedLines(text: string): string {
  return text.split(/\r\n|\n/).map(untrusted).join('\n');
}

/**
 * JSON as it was serialised, with what `JSON.stringify` leaves raw in strings written as `\uXXXX`:
 * DEL, C1 controls, U+2028/U+2029 and the bidirectional controls, and the `[` of `##[`. The same JSON
 * value (outside strings, JSON has none of these characters, and `[` never follows `#`), with no
 * terminal control or legacy workflow command when it is printed to a CI log.
 */
export function quietJson(json: string): string {
  return quietLegacyCommands(json.replace(/[\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, codePoint));
}

/**
 * The runner's legacy form `##[command]data` is a command wherever it is in a line (actions/runner,
 * ActionCommand.TryParse, a culture-aware IndexOf: default-ignorable characters between count for nothing).
 */
function quietLegacyCommands(text: string): string {
  return text.replace(/#(\p{Default_Ignorable_Code_Point}*)#(\p{Default_Ignorable_Code_Point}*)\[/gu, '#$1#$2\\u005b');
}

/**
 * Markdown text with every `@name` made inert: a zero-width space (`&#8203;`, which GitHub renders
 * as nothing) after the `@`, so GitHub links and notifies no account or team (GitHub's mentions
 * start with `@` followed directly by the name). Not for code spans, where mentions are inert anyway.
 */
export function quietMentions(markdown: string): string {
  return markdown.replace(/@(?=[\p{L}\p{N}_-])/gu, '@&#8203;');
}
