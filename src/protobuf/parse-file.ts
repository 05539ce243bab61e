import type { IParserResult } from 'protobufjs';
import { SchemaParseError } from 'schema-compat';
import { parseRoot } from './parse-root.js';
import { withProtobufjsIndexes } from './protobufjs-indexes.js';
import { ProtobufParseRule } from './parse-rules.js';
import { protobufjs } from './protobufjs-runtime.js';
import type { SourcePosition } from './source-text.js';
import { blankComments, columnOnLine, findWord, positionAt } from './source-text.js';

/** One .proto text as protobufjs reads it, with what the model needs that protobufjs does not keep. */
export interface ParsedFile {
  readonly name: string;
  /** The label errors name (`candidate`, `history[2]`, `schema reference "a.proto"`). */
  readonly input: string;
  readonly text: string;
  /** The text with comments blanked, for locating names. */
  readonly uncommented: string;
  readonly syntax: string;
  readonly result: IParserResult;
}

/** Editions protobufjs 8 parses (its parser's own list); syntax levels per the language guide. */
const EDITIONS: readonly string[] = ['2023', '2024'];
const SYNTAXES: readonly string[] = ['proto2', 'proto3'];
const SYNTAX_STATEMENT = /^\s*(syntax|edition)\s*=\s*(["'])([^"'\n]*)\2/;

export function parseError(input: string, rule: string, detail: string, position: { line: number; column: number }): SchemaParseError {
  return new SchemaParseError({ input, pointer: '', rule, detail, line: position.line, column: position.column });
}

/** The file's `syntax` or `edition` (proto2 when it states none, as protoc assumes). */
function readSyntax(input: string, uncommented: string): string {
  const statement = SYNTAX_STATEMENT.exec(uncommented);
  if (!statement) return 'proto2';
  const [, keyword, , value] = statement as unknown as [string, string, string, string];
  const position = (): SourcePosition => positionAt(uncommented, statement.index + statement[0].indexOf(value));
  if (keyword === 'syntax' && !SYNTAXES.includes(value)) {
    throw parseError(input, ProtobufParseRule.UNSUPPORTED_SYNTAX, `syntax "${value}" is not proto2 or proto3`, position());
  }
  if (keyword === 'edition' && !EDITIONS.includes(value)) {
    throw parseError(input, ProtobufParseRule.UNSUPPORTED_EDITION, `edition "${value}" is not supported (protobufjs parses editions ${EDITIONS.join(' and ')})`, position());
  }
  return value;
}

/** protobufjs' messages end with `(line N)`; the quoted token gives the column. Others name a symbol to find. */
function locateProtobufjsError(file: { text: string; uncommented: string }, message: string): { line: number; column: number } {
  const token = /'([^']*)'/.exec(message)?.[1] ?? '';
  const line = /line (\d+)\)\s*$/.exec(message)?.[1];
  if (line !== undefined) return { line: Number(line), column: columnOnLine(file.text, Number(line), token) };
  const name = token.replace(/^\./, '').split('.').pop() ?? '';
  // A duplicate is found at its second occurrence.
  return findWord(file.uncommented, name, /^duplicate/.test(message) ? 2 : 1) ?? findWord(file.uncommented, name) ?? { line: 1, column: 1 };
}

/** A string literal (either quote, escapes as protobufjs' tokenizer reads them), or `__proto__` standing as a name. */
const STRING_OR_PROTO_KEY = /(["'])(?:\\[\s\S]|(?!\1)[^\\])*\1|(?<!\w)__proto__(?!\w)/g;

/**
 * Refuses `__proto__` as a name anywhere outside comments and strings (a package part, a message,
 * enum, value, field, oneof, service, method or option name). protoc accepts it, but protobufjs
 * keeps declarations in plain objects keyed by name (`Namespace.nested`, `Type.fields`,
 * `Enum.values`, `options`), where assigning that key sets the prototype: the declaration was
 * dropped without a word, so a message under `package __proto__;` vanished and any change to it
 * was compatible.
 */
function refuseProtoKey(input: string, uncommented: string): void {
  if (!uncommented.includes('__proto__')) return;
  for (const match of uncommented.matchAll(STRING_OR_PROTO_KEY)) {
    if (match[1] !== undefined) continue;
    const detail = 'the name "__proto__" is not supported: protobufjs keeps declarations in objects keyed by name, where this one would be dropped';
    throw parseError(input, ProtobufParseRule.UNSUPPORTED_NAME, detail, positionAt(uncommented, match.index));
  }
}

/** Parses one .proto text with protobufjs (`keepCase: true`); syntax errors become `SchemaParseError`s with line and column. */
export function parseFile(name: string, input: string, text: string): ParsedFile {
  const uncommented = blankComments(text);
  const syntax = readSyntax(input, uncommented);
  refuseProtoKey(input, uncommented);
  try {
    const result = withProtobufjsIndexes(() => protobufjs.parse(text, parseRoot(), { keepCase: true }));
    return { name, input, text, uncommented, syntax, result };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const rule = /^duplicate name/.test(message) ? ProtobufParseRule.DUPLICATE_NAME : ProtobufParseRule.SYNTAX_ERROR;
    throw parseError(input, rule, `protobufjs: ${message}`, locateProtobufjsError({ text, uncommented }, message));
  }
}
