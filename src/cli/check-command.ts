import { checkCompatibility, parseSchema, parseStrategy } from '../index.js';
import type { AvroProfile, JsonSchemaPolicy, Strategy } from '../index.js';
import { parseHistory } from '../sources/index.js';
import type { SourceVersion } from '../sources/index.js';
import { UsageError, parseArgs } from './args.js';
import type { OptionSpecs } from './args.js';
import { checkersFor } from './checkers.js';
import { formatConfluent } from './format-confluent.js';
import { formatGithub } from './format-github.js';
import { formatJunit } from './format-junit.js';
import { formatJson } from './format-json.js';
import { formatTextReport } from './format-text.js';
import { askTheRegistry, historyOf } from './history-source.js';
import type { HistoryRequest } from './history-source.js';
import type { CliIO } from './io.js';
import { ExitCode } from './io.js';
import { write } from './io.js';
import { colourEnabled, makePaint } from './paint.js';
import type { CheckReport } from './report.js';
import { FailOn, reportFails } from './report.js';
import { parseTypeOption, readCandidate, readReferences } from './schema-files.js';
import type { CliSchemaType } from './schema-files.js';
import { checkHelp } from './usage.js';

const CHECK_OPTIONS: OptionSpecs = {
  help: { takesValue: false, short: 'h' },
  strategy: { takesValue: true },
  type: { takesValue: true },
  format: { takesValue: true },
  profile: { takesValue: true },
  policy: { takesValue: true },
  against: { takesValue: true },
  history: { takesValue: true },
  subject: { takesValue: true },
  topic: { takesValue: true },
  'registry-auth': { takesValue: true },
  'registry-verdict': { takesValue: false },
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
const DEFAULT_STRATEGY: Strategy = 'BACKWARD';

interface CheckCommand {
  /** Undefined: the source's (a registry subject's level), else BACKWARD. */
  readonly strategy: Strategy | undefined;
  readonly format: CheckFormat;
  readonly failOn: FailOn;
  readonly type: CliSchemaType | undefined;
  /** Undefined: `pulsar` against a Pulsar topic, `confluent` otherwise. */
  readonly profile: AvroProfile | undefined;
  readonly policy: JsonSchemaPolicy;
  readonly explain: boolean;
  readonly stopAtFirstFailure: boolean;
  readonly registryVerdict: boolean;
  readonly candidate: string;
  readonly history: HistoryRequest;
  readonly references: readonly string[];
}

/** `schema-compat check`: exit 0 compatible, 1 incompatible (or warnings with --fail-on warning), 2 bad input or baseline. */
export async function runCheck(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const args = parseArgs(argv, CHECK_OPTIONS);
  if (args.options['help']) return write(io.stdout, checkHelp(), ExitCode.COMPATIBLE);
  const command = toCheckCommand(args.options, args.lists['reference'] ?? [], args.positionals);
  const cliReferences = readReferences(command.references, io);
  const candidate = readCandidate(command.candidate, command.type, io);
  const loaded = await historyOf(command.history, candidate, command.type, io);
  const pulsar = loaded.source?.kind === 'pulsar';
  const registry = await checkersFor(new Set([candidate.schemaType, ...loaded.versions.map((version) => version.schemaType)]), command.profile ?? (pulsar ? 'pulsar' : 'confluent'), command.policy, pulsar ? 'pulsar' : 'confluent');
  // The candidate may use what the newest version references (a registry's shared types), unless --reference says otherwise.
  const references = { ...newest(loaded.versions)?.references, ...cliReferences };
  const parsedCandidate = parseSchema(candidate.schemaType, candidate.text, { label: candidate.path, registry, references });
  const parsed = parseHistory(
    { versions: loaded.versions, notes: loaded.source?.notes ?? [], ...(loaded.spec === undefined ? {} : { source: loaded.spec }) },
    { registry, references: cliReferences, candidate: parsedCandidate },
  );
  const strategy = command.strategy ?? loaded.strategy ?? DEFAULT_STRATEGY;
  const result = checkCompatibility(strategy, parsedCandidate, [...parsed.history], { registry, stopAtFirstFailure: command.stopAtFirstFailure, explain: command.explain });
  const registryAnswer = await askTheRegistry(loaded, candidate, command.registryVerdict, io);
  const report: CheckReport = {
    result, candidate, history: parsed.versions, failOn: command.failOn,
    ...(loaded.source === undefined ? {} : { source: { ...loaded.source, notes: parsed.notes } }),
    ...(command.strategy === undefined && loaded.strategyFrom !== undefined ? { strategyFrom: loaded.strategyFrom } : {}),
    ...(registryAnswer === undefined ? {} : { registry: registryAnswer }),
  };
  io.stdout(await render(report, command.format, io));
  return reportFails(report) ? ExitCode.INCOMPATIBLE : ExitCode.COMPATIBLE;
}

function newest(versions: readonly SourceVersion[]): SourceVersion | undefined {
  return versions[versions.length - 1];
}

async function render(report: CheckReport, format: CheckFormat, io: CliIO): Promise<string> {
  switch (format) {
    case CheckFormat.TEXT:
      return formatTextReport(report, makePaint(colourEnabled(io)));
    case CheckFormat.JSON:
      return formatJson(report);
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
  if (candidate === undefined) throw new UsageError('check needs a CANDIDATE file (or - for stdin)');
  const strategy = stringOption(options, 'strategy');
  return {
    strategy: strategy === undefined ? undefined : parseStrategy(strategy),
    format: oneOf('format', stringOption(options, 'format') ?? CheckFormat.TEXT, Object.values(CheckFormat)),
    failOn: oneOf('fail-on', stringOption(options, 'fail-on') ?? FailOn.INCOMPATIBLE, Object.values(FailOn)),
    type: typeof options['type'] === 'string' ? parseTypeOption(options['type']) : undefined,
    profile: typeof options['profile'] === 'string' ? oneOf('profile', options['profile'], AVRO_PROFILES) : undefined,
    policy: oneOf('policy', stringOption(options, 'policy') ?? 'STRICT', JSON_POLICIES),
    explain: options['explain'] === true,
    stopAtFirstFailure: options['stop-at-first-failure'] === true,
    registryVerdict: registryVerdict(options),
    candidate,
    history: historyRequest(options, files),
    references,
  };
}

/** HISTORY files, or one source: `--against SOURCE`, or `--history DIR` (the same as `--against dir:DIR`). */
function historyRequest(options: Readonly<Record<string, string | true>>, files: readonly string[]): HistoryRequest {
  const against = stringOption(options, 'against');
  const dir = stringOption(options, 'history');
  const given = [against === undefined ? undefined : '--against', dir === undefined ? undefined : '--history', files.length > 0 ? 'HISTORY files' : undefined].filter(Boolean);
  if (given.length > 1) throw new UsageError(`give one history: HISTORY files, --against SOURCE or --history DIR, not ${given.join(' and ')}`);
  const subject = stringOption(options, 'subject');
  const topic = stringOption(options, 'topic');
  const auth = stringOption(options, 'registry-auth');
  const extras = { ...(subject === undefined ? {} : { subject }), ...(topic === undefined ? {} : { topic }), ...(auth === undefined ? {} : { auth }) };
  if (against !== undefined) return { source: against, ...extras };
  if (dir !== undefined) return { source: `dir:${dir}`, ...extras };
  if (files.length === 0) throw new UsageError('check needs a history: HISTORY files (oldest first), --against SOURCE or --history DIR');
  return { files, ...extras };
}

/** `--registry-verdict` asks the registry of `--against registry:URL`; anywhere else it is a mistake, not ignored. */
function registryVerdict(options: Readonly<Record<string, string | true>>): boolean {
  if (options['registry-verdict'] !== true) return false;
  if (!stringOption(options, 'against')?.startsWith('registry:')) throw new UsageError('--registry-verdict asks a registry: give --against registry:URL --subject S');
  return true;
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
