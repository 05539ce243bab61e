import {
  CheckerRegistry, SchemaCompatError, checkCompatibility, parseSchema, parseStrategy,
} from '../index.js';
import type { AvroProfile, ParsedSchema, Strategy } from '../index.js';
import { UsageError, parseArgs } from './args.js';
import type { OptionSpecs } from './args.js';
import { formatText } from './format-text.js';
import { colourEnabled, makePaint } from './paint.js';
import { PROGRAM_USAGE, checkHelp, programHelp } from './usage.js';

/** Everything the CLI touches outside itself, injected so it runs in-process under test. */
export interface CliIO {
  /** Reads a file as UTF-8 text; throws (e.g. a Node `ENOENT` error) when it cannot. */
  readonly readFile: (path: string) => string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Whether stdout is a terminal (text output is coloured only then). */
  readonly isTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The package version, for `--version`. */
  readonly version: () => string;
}

/** Bad input that is not a usage mistake (an unreadable file): reported without the usage line. */
class InputError extends Error {}

export const ExitCode = { COMPATIBLE: 0, INCOMPATIBLE: 1, BAD_INPUT: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

const PROGRAM_OPTIONS: OptionSpecs = { help: { takesValue: false, short: 'h' }, version: { takesValue: false } };
const CHECK_OPTIONS: OptionSpecs = {
  help: { takesValue: false, short: 'h' },
  strategy: { takesValue: true },
  type: { takesValue: true },
  format: { takesValue: true },
  profile: { takesValue: true },
  explain: { takesValue: false },
  'stop-at-first-failure': { takesValue: false },
};

const AVRO_PROFILES: readonly AvroProfile[] = ['confluent', 'pulsar', 'strict'];

interface CheckCommand {
  readonly strategy: Strategy;
  readonly format: 'text' | 'json';
  readonly stopAtFirstFailure: boolean;
  readonly profile: AvroProfile;
  readonly explain: boolean;
  readonly candidate: string;
  readonly history: readonly string[];
}

/** Runs `schema-compat` with `argv` (the arguments after the program name) and returns the exit code. */
export function runCli(argv: readonly string[], io: CliIO): ExitCode {
  try {
    if (argv[0] === 'check') return runCheck(argv.slice(1), io);
    const { options, positionals } = parseArgs(argv, PROGRAM_OPTIONS);
    if (options['help']) return write(io.stdout, programHelp(), ExitCode.COMPATIBLE);
    if (options['version']) return write(io.stdout, `${io.version()}\n`, ExitCode.COMPATIBLE);
    throw new UsageError(positionals.length === 0 ? 'missing command' : `unknown command ${JSON.stringify(positionals[0])}`);
  } catch (error: unknown) {
    if (error instanceof UsageError) return write(io.stderr, `error: ${error.message}\n${PROGRAM_USAGE}\n`, ExitCode.BAD_INPUT);
    if (error instanceof InputError) return write(io.stderr, `error: ${error.message}\n`, ExitCode.BAD_INPUT);
    // Every error the library throws for bad input is a SchemaCompatError (src/errors.ts); its message names the input.
    if (error instanceof SchemaCompatError) return write(io.stderr, `error: ${error.message}\n`, ExitCode.BAD_INPUT);
    throw error;
  }
}

function runCheck(argv: readonly string[], io: CliIO): ExitCode {
  const args = parseArgs(argv, CHECK_OPTIONS);
  if (args.options['help']) return write(io.stdout, checkHelp(), ExitCode.COMPATIBLE);
  const command = toCheckCommand(args.options, args.positionals);
  const registry = CheckerRegistry.withDefaults({ avro: { profile: command.profile } });
  const parse = (path: string, version?: number): ParsedSchema =>
    parseSchema('AVRO', readSchemaFile(path, io), { label: path, registry, ...(version === undefined ? {} : { version }) });
  const candidate = parse(command.candidate);
  const history = command.history.map((path, i) => parse(path, i + 1));
  const result = checkCompatibility(command.strategy, candidate, history, { registry, stopAtFirstFailure: command.stopAtFirstFailure, explain: command.explain });
  const files = new Map(command.history.map((path, i) => [i + 1, path] as const));
  io.stdout(command.format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : formatText(result, makePaint(colourEnabled(io)), files));
  return result.compatible ? ExitCode.COMPATIBLE : ExitCode.INCOMPATIBLE;
}

function toCheckCommand(options: Readonly<Record<string, string | true>>, positionals: readonly string[]): CheckCommand {
  const strategy = options['strategy'];
  if (typeof strategy !== 'string') throw new UsageError('check needs --strategy S');
  const type = options['type'];
  // Only the Avro checker exists so far; JSON Schema and Protobuf come later (DESIGN.md §4).
  if (typeof type === 'string' && type.toLowerCase() !== 'avro') {
    throw new UsageError(`schema type ${JSON.stringify(type)} is not supported: only avro is supported for now (JSON Schema and Protobuf come later)`);
  }
  const format = options['format'] ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not ${JSON.stringify(format)}`);
  const profile = options['profile'] ?? 'confluent';
  if (!AVRO_PROFILES.includes(profile as AvroProfile)) throw new UsageError(`--profile must be one of ${AVRO_PROFILES.join(', ')}, not ${JSON.stringify(profile)}`);
  const [candidate, ...history] = positionals;
  if (candidate === undefined || history.length === 0) throw new UsageError('check needs a CANDIDATE file and at least one HISTORY file');
  return { strategy: parseStrategy(strategy), format, stopAtFirstFailure: options['stop-at-first-failure'] === true, profile: profile as AvroProfile, explain: options['explain'] === true, candidate, history };
}

/**
 * Reads a schema file; an unreadable one is bad input naming the file. A leading UTF-8 byte-order
 * mark is dropped, as RFC 8259 §8.1 allows and as Java's Schema.Parser.parse(File) (Jackson) does.
 */
function readSchemaFile(path: string, io: CliIO): string {
  try {
    const text = io.readFile(path);
    return text.startsWith('\uFEFF') ? text.slice(1) : text;
  } catch (error: unknown) {
    throw new InputError(`cannot read ${path}: ${readFailure(error)}`);
  }
}

function readFailure(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

function write(sink: (text: string) => void, text: string, code: ExitCode): ExitCode {
  sink(text);
  return code;
}
