import { basename, extname, join, resolve } from 'node:path';
import { UsageError } from './args.js';
import type { CliIO } from './io.js';
import { InputError } from './io.js';

/** The schema types the CLI names, by `--type` value; the library's type names are upper case. */
export const CLI_SCHEMA_TYPES = { avro: 'AVRO', json: 'JSON', protobuf: 'PROTOBUF' } as const;
export type CliSchemaType = (typeof CLI_SCHEMA_TYPES)[keyof typeof CLI_SCHEMA_TYPES];

/** The file extension that tells each type when `--type` is not given (the extensions Confluent's tools and docs use). */
const TYPE_BY_EXTENSION: Readonly<Record<string, CliSchemaType>> = { '.avsc': 'AVRO', '.json': 'JSON', '.proto': 'PROTOBUF' };

/** A schema file of a check: where it is, its type, its text, and (history only) its version label. */
export interface SchemaFile {
  readonly path: string;
  readonly schemaType: CliSchemaType;
  readonly text: string;
}

export interface HistoryFile extends SchemaFile {
  readonly version: number;
}

/** Reads `--type T` (case-insensitive, `proto` accepted for protobuf). */
export function parseTypeOption(value: string): CliSchemaType {
  const key = value.trim().toLowerCase();
  const type = key === 'proto' ? 'PROTOBUF' : CLI_SCHEMA_TYPES[key as keyof typeof CLI_SCHEMA_TYPES];
  if (type === undefined) throw new UsageError(`--type must be one of ${Object.keys(CLI_SCHEMA_TYPES).join(', ')}, not ${JSON.stringify(value)}`);
  return type;
}

/** The type of a file: `--type` when given, otherwise its extension (.avsc, .json, .proto). */
export function schemaTypeOf(path: string, forced: CliSchemaType | undefined): CliSchemaType {
  if (forced !== undefined) return forced;
  const type = TYPE_BY_EXTENSION[extname(path).toLowerCase()];
  if (type === undefined) {
    throw new UsageError(`cannot tell the schema type of ${path} from its extension (.avsc avro, .json json, .proto protobuf): give --type`);
  }
  return type;
}

/**
 * Reads a schema file; an unreadable one is bad input naming the file. A leading UTF-8 byte-order
 * mark is dropped, as RFC 8259 §8.1 allows and as Java's Schema.Parser.parse(File) (Jackson) does.
 */
export function readSchemaText(path: string, io: CliIO): string {
  try {
    const text = io.readFile(path);
    return text.startsWith('\uFEFF') ? text.slice(1) : text;
  } catch (error: unknown) {
    throw new InputError(`cannot read ${path}: ${readFailure(error)}`);
  }
}

export function readSchemaFile(path: string, forced: CliSchemaType | undefined, io: CliIO): SchemaFile {
  return { path, schemaType: schemaTypeOf(path, forced), text: readSchemaText(path, io) };
}

/** History files given on the command line, oldest first: labelled 1, 2, ... by position (Confluent's numbering). */
export function historyFromFiles(paths: readonly string[], forced: CliSchemaType | undefined, io: CliIO): HistoryFile[] {
  return paths.map((path, i) => ({ ...readSchemaFile(path, forced, io), version: i + 1 }));
}

/**
 * The schema files of `--history DIR` (.avsc, .json, .proto; hidden files and others skipped), ordered
 * and labelled by the last number in each name: `v2.avsc` is version 2 and comes before `v10.avsc`.
 * The candidate, when it lives in DIR, is not part of its own history.
 */
export function historyFromDirectory(dir: string, candidate: string, forced: CliSchemaType | undefined, io: CliIO): HistoryFile[] {
  const candidatePath = resolve(candidate);
  const entries = listDirectory(dir, io)
    .filter((name) => !name.startsWith('.') && TYPE_BY_EXTENSION[extname(name).toLowerCase()] !== undefined)
    .map((name) => join(dir, name))
    .filter((path) => resolve(path) !== candidatePath)
    .map((path) => ({ path, version: versionInName(path) }))
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < entries.length; i++) {
    const [previous, entry] = [entries[i - 1], entries[i]] as const;
    if (previous?.version === entry?.version) {
      throw new InputError(`--history ${dir}: ${previous?.path} and ${entry?.path} both have version number ${entry?.version}`);
    }
  }
  return entries.map(({ path, version }) => ({ ...readSchemaFile(path, forced, io), version }));
}

function listDirectory(dir: string, io: CliIO): readonly string[] {
  try {
    return io.listFiles(dir);
  } catch (error: unknown) {
    throw new InputError(`cannot read the history directory ${dir}: ${readFailure(error)}`);
  }
}

/** The last run of digits in the file name, without its extension: `user-v12.avsc` is 12. */
function versionInName(path: string): number {
  const name = basename(path, extname(path));
  const match = /(\d+)(?!.*\d)/.exec(name);
  if (match === null) throw new InputError(`--history: cannot order ${path}: its name has no version number (name the files v1, v2, ... v10)`);
  return Number(match[1]);
}

/** `--reference name=file` values: the schemas that others may use by name (Confluent schema references). */
export function readReferences(values: readonly string[], io: CliIO): Readonly<Record<string, string>> {
  const references: Record<string, string> = {};
  for (const value of values) {
    const eq = value.indexOf('=');
    if (eq <= 0 || eq === value.length - 1) throw new UsageError(`--reference takes NAME=FILE, not ${JSON.stringify(value)}`);
    const name = value.slice(0, eq);
    if (Object.prototype.hasOwnProperty.call(references, name)) throw new UsageError(`--reference ${name} given more than once`);
    references[name] = readSchemaText(value.slice(eq + 1), io);
  }
  return references;
}

function readFailure(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'ENOTDIR') return 'not a directory';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}
