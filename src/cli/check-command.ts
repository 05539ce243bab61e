import { checkCompatibility, parseSchema, parseStrategy } from '../index.js';
import type { AvroProfile, JsonSchemaPolicy, ParsedSchema, Strategy } from '../index.js';
import { UsageError, parseArgs } from './args.js';
import type { OptionSpecs } from './args.js';
import { checkersFor } from './checkers.js';
import { formatConfluent } from './format-confluent.js';
import { formatGithub } from './format-github.js';
import { formatJunit } from './format-junit.js';
import { formatTextReport } from './format-text.js';
import type { CliIO } from './io.js';
import { ExitCode, write } from './io.js';
import { colourEnabled, makePaint } from './paint.js';
import type { CheckReport } from './report.js';
import { FailOn, reportFails } from './report.js';
import { historyFromDirectory, historyFromFiles, parseTypeOption, readReferences, readSchemaFile } from './schema-files.js';
import type { CliSchemaType, HistoryFile, SchemaFile } from './schema-files.js';
import { checkHelp } from './usage.js';

const CHECK_OPTIONS: OptionSpecs = {
  help: { takesValue: false, short: 'h' },
  strategy: { takesValue: true },
  type: { takesValue: true },
  format: { takesValue: true },
  profile: { takesValue: true },
  policy: { takesValue: true },
  history: { takesValue: true },
  reference: { takesValue: true, repeatable: true },
  'fail-on': { takesValue: true },
  explain: { takesValue: false },
  'stop-at-first-failure': { takesValue: false },
};

/** The output formats of `check`, after `buf breaking --error-format` and oasdiff `--format`. */
export const CheckFormat = { TEXT: 'text', JSON: 'json', GITHUB: 'github', JUNIT: 'junit', CONFLUENT: 'confluent' } as const;
export type CheckFormat = (typeof CheckFormat)[keyof typeof CheckFormat];

const AVRO_PROFILES: readonly AvroProfile[] = ['confluent', 'pulsar', 'strict'];
/** Confluent's CompatibilityPolicy for JSON Schema (reference/confluent.md §1.6). */
const JSON_POLICIES: readonly JsonSchemaPolicy[] = ['STRICT', 'LENIENT'];
/** Confluent Schema Registry's default level (`schema.compatibility.level`, reference/confluent.md §1.1). */
const DEFAULT_STRATEGY = 'BACKWARD';

interface CheckCommand {
  readonly strategy: Strategy;
  readonly format: CheckFormat;
  readonly failOn: FailOn;
  readonly type: CliSchemaType | undefined;
  readonly profile: AvroProfile;
  readonly policy: JsonSchemaPolicy;
  readonly explain: boolean;
  readonly stopAtFirstFailure: boolean;
  readonly candidate: string;
  readonly history: { readonly files: readonly string[] } | { readonly dir: string };
  readonly references: readonly string[];
}

/** `schema-compat check`: exit 0 compatible, 1 incompatible (or warnings with --fail-on warning). */
export async function runCheck(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const args = parseArgs(argv, CHECK_OPTIONS);
  if (args.options['help']) return write(io.stdout, checkHelp(), ExitCode.COMPATIBLE);
  const command = toCheckCommand(args.options, args.lists['reference'] ?? [], args.positionals);
  const references = readReferences(command.references, io);
  const candidate = readSchemaFile(command.candidate, command.type, io);
  const history = 'dir' in command.history
    ? historyFromDirectory(command.history.dir, command.candidate, command.type, io)
    : historyFromFiles(command.history.files, command.type, io);
  const registry = await checkersFor(new Set([candidate, ...history].map((file) => file.schemaType)), command.profile, command.policy);
  const parse = (file: SchemaFile, version?: number): ParsedSchema =>
    parseSchema(file.schemaType, file.text, { label: file.path, registry, references, ...(version === undefined ? {} : { version }) });
  const result = checkCompatibility(command.strategy, parse(candidate), history.map((file: HistoryFile) => parse(file, file.version)), {
    registry, stopAtFirstFailure: command.stopAtFirstFailure, explain: command.explain,
  });
  const report: CheckReport = { result, candidate, history, failOn: command.failOn };
  io.stdout(await render(report, command.format, io));
  return reportFails(report) ? ExitCode.INCOMPATIBLE : ExitCode.COMPATIBLE;
}

async function render(report: CheckReport, format: CheckFormat, io: CliIO): Promise<string> {
  switch (format) {
    case CheckFormat.TEXT:
      return formatTextReport(report, makePaint(colourEnabled(io)));
    case CheckFormat.JSON:
      return `${JSON.stringify(report.result, null, 2)}\n`;
    case CheckFormat.GITHUB:
      return formatGithub(report);
    case CheckFormat.JUNIT:
      return formatJunit(report);
    case CheckFormat.CONFLUENT:
      return formatConfluent(report);
  }
}

function toCheckCommand(options: Readonly<Record<string, string | true>>, references: readonly string[], positionals: readonly string[]): CheckCommand {
  const [candidate, ...files] = positionals;
  const dir = options['history'];
  if (candidate === undefined) throw new UsageError('check needs a CANDIDATE file');
  if (typeof dir === 'string' && files.length > 0) throw new UsageError('give HISTORY files or --history DIR, not both');
  if (typeof dir !== 'string' && files.length === 0) throw new UsageError('check needs HISTORY files (oldest first) or --history DIR');
  return {
    strategy: parseStrategy(stringOption(options, 'strategy') ?? DEFAULT_STRATEGY),
    format: oneOf('format', stringOption(options, 'format') ?? CheckFormat.TEXT, Object.values(CheckFormat)),
    failOn: oneOf('fail-on', stringOption(options, 'fail-on') ?? FailOn.INCOMPATIBLE, Object.values(FailOn)),
    type: typeof options['type'] === 'string' ? parseTypeOption(options['type']) : undefined,
    profile: oneOf('profile', stringOption(options, 'profile') ?? 'confluent', AVRO_PROFILES),
    policy: oneOf('policy', stringOption(options, 'policy') ?? 'STRICT', JSON_POLICIES),
    explain: options['explain'] === true,
    stopAtFirstFailure: options['stop-at-first-failure'] === true,
    candidate,
    history: typeof dir === 'string' ? { dir } : { files },
    references,
  };
}

function stringOption(options: Readonly<Record<string, string | true>>, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
}

function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((name) => name.toLowerCase() === value.toLowerCase());
  if (found === undefined) throw new UsageError(`--${option} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}`);
  return found;
}
