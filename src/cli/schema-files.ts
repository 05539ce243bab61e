import { UsageError } from './args.js';
import type { CliIO } from './io.js';
import { InputError } from './io.js';
import { fileFailure } from '../sources/file-failure.js';
import { SCHEMA_TYPE_BY_EXTENSION, extensionOf, withoutBom } from '../sources/file-types.js';
import type { SourceVersion } from '../sources/index.js';
import { ownValue } from '../util/own.js';
import { isFolder, readReferenceFolder } from './reference-folder.js';

/** The schema types the CLI names, by `--type` value; the library's type names are upper case. */
export const CLI_SCHEMA_TYPES = { avro: 'AVRO', json: 'JSON', protobuf: 'PROTOBUF', 'key-value': 'KEY_VALUE', 'protobuf-native': 'PROTOBUF_NATIVE' } as const;
export type CliSchemaType = (typeof CLI_SCHEMA_TYPES)[keyof typeof CLI_SCHEMA_TYPES];

/** The CANDIDATE that means standard input. */
export const STDIN = '-';

/**
 * The names of standard input read from its descriptor rather than opened: opening
 * `/proc/self/fd/0` fails (ENXIO) when standard input is a socket, as a parent's pipe often is.
 */
const STDIN_NAMES: ReadonlySet<string> = new Set([STDIN, '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** A schema file of a check: where it is, its type and its text. */
export interface SchemaFile {
  /** The path as given, or `<stdin>`. */
  readonly path: string;
  readonly schemaType: string;
  readonly text: string;
}

/** Reads `--type T` (case-insensitive, `proto` accepted for protobuf). */
export function parseTypeOption(value: string): CliSchemaType {
  const key = value.trim().toLowerCase();
  const type = key === 'proto' ? 'PROTOBUF' : ownValue<CliSchemaType>(CLI_SCHEMA_TYPES, key);
  if (type === undefined) throw new UsageError(`--type must be one of ${Object.keys(CLI_SCHEMA_TYPES).join(', ')}, not ${JSON.stringify(value)}`);
  return type;
}

/** The type of a file: `--type` when given, otherwise its extension (.avsc, .json, .proto). */
export function schemaTypeOf(path: string, forced: CliSchemaType | undefined): string {
  if (forced !== undefined) return forced;
  const type = ownValue(SCHEMA_TYPE_BY_EXTENSION, extensionOf(path));
  if (type !== undefined) return type;
  if (path === STDIN || (extensionOf(path) === '' && /^\/(dev|proc)\//.test(path))) {
    throw new UsageError(path === STDIN ? 'a schema read from stdin (-) needs --type avro|json|protobuf' : `${path} is a pipe or device, whose name tells no schema type: give --type avro|json|protobuf`);
  }
  throw new UsageError(`cannot tell the schema type of ${path} from its extension (.avsc avro, .json json, .proto protobuf): give --type`);
}

/** How a file argument is named in reports and messages: `<stdin>` for `-`. */
export function shownPath(path: string): string {
  return path === STDIN ? '<stdin>' : path;
}

/**
 * Reads a schema file named on the command line (a pipe, `/dev/stdin`, and `-` for standard input
 * too); an unreadable one is bad input naming the file. A leading UTF-8 byte-order mark is dropped,
 * as RFC 8259 §8.1 allows and as Java's Schema.Parser.parse(File) (Jackson) does.
 */
export function readSchemaText(path: string, io: CliIO): string {
  try {
    return withoutBom(STDIN_NAMES.has(path) ? io.readStdin() : io.readFile(path));
  } catch (error: unknown) {
    throw new InputError(`cannot read ${path === STDIN ? 'standard input (-)' : path}: ${fileFailure(error)}`);
  }
}

/** The candidate: a file, a pipe, or standard input for `-` (a pipe or `-` needs `--type`: there is no extension to tell it). */
export function readCandidate(path: string, forced: CliSchemaType | undefined, io: CliIO): SchemaFile {
  return { path: shownPath(path), schemaType: schemaTypeOf(path, forced), text: readSchemaText(path, io) };
}

/** History files given on the command line, oldest first: labelled 1, 2, ... by position (Confluent's numbering). */
export function historyFromFiles(paths: readonly string[], forced: CliSchemaType | undefined, io: CliIO): SourceVersion[] {
  return paths.map((path, i) => ({ version: i + 1, label: shownPath(path), where: shownPath(path), path: shownPath(path), schemaType: schemaTypeOf(path, forced), text: readSchemaText(path, io) }));
}

/**
 * `--reference` values: the schemas that others may use by name (Confluent schema references).
 * `NAME=FILE` names one file; `FOLDER` names every schema file below it by its path there, and
 * `PREFIX=FOLDER` by PREFIX and that path (`readReferenceFolder`).
 */
export function readReferences(values: readonly string[], io: CliIO): Readonly<Record<string, string>> {
  const references: Record<string, string> = {};
  const add = (name: string, text: string): void => {
    if (Object.prototype.hasOwnProperty.call(references, name)) throw new UsageError(`--reference ${name} given more than once`);
    references[name] = text;
  };
  for (const value of values) {
    const eq = value.indexOf('=');
    const folder = eq < 0 ? value : value.slice(eq + 1);
    if (eq !== 0 && folder !== '' && isFolder(folder, io)) {
      const prefix = eq < 0 ? '' : value.slice(0, eq).replace(/\/*$/, '/');
      for (const [name, text] of Object.entries(readReferenceFolder(prefix, folder, io))) add(name, text);
      continue;
    }
    if (eq <= 0 || eq === value.length - 1) throw new UsageError(`--reference takes NAME=FILE, FOLDER or PREFIX=FOLDER, not ${JSON.stringify(value)}`);
    add(value.slice(0, eq), readSchemaText(value.slice(eq + 1), io));
  }
  return references;
}
