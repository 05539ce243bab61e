import { parseStrategy } from '../index.js';
import type { AvroProfile, JsonSchemaPolicy, Strategy } from '../index.js';
import { MAX_CONCURRENCY } from '../repository/index.js';
import type { SettingsOverrides } from '../repository/index.js';
import { UsageError, parseArgs } from './args.js';
import type { OptionSpecs } from './args.js';
import { checkRepositoryRun } from './check-repository.js';
import { checkSingle } from './check-single.js';
import type { HistoryRequest } from './history-source.js';
import type { CliIO } from './io.js';
import { ExitCode, write } from './io.js';
import { CheckFormat, fullReportOf, renderRun, writeRunOutputs } from './outputs.js';
import type { RunReport } from './report.js';
import { FailOn, runExitCode } from './report.js';
import { rulesOption } from './rules-option.js';
import { parseTypeOption } from './schema-files.js';
import type { CliSchemaType } from './schema-files.js';
import { untrusted, untrustedLines } from './untrusted-text.js';
import { checkHelp } from './usage.js';

export { CheckFormat } from './outputs.js';

export const CHECK_OPTIONS: OptionSpecs = {
  help: { takesValue: false, short: 'h' },
  strategy: { takesValue: true },
  type: { takesValue: true },
  format: { takesValue: true },
  profile: { takesValue: true },
  policy: { takesValue: true },
  rules: { takesValue: true },
  'root-message': { takesValue: true },
  against: { takesValue: true },
  history: { takesValue: true },
  subject: { takesValue: true },
  topic: { takesValue: true },
  'registry-auth': { takesValue: true },
  'registry-verdict': { takesValue: false },
  'allow-new-subject': { takesValue: false },
  'skip-unparseable': { takesValue: false },
  reference: { takesValue: true, repeatable: true },
  'fail-on': { takesValue: true },
  findings: { takesValue: true },
  explain: { takesValue: false },
  'stop-at-first-failure': { takesValue: false },
  config: { takesValue: true },
  'changed-since': { takesValue: true },
  'write-baseline': { takesValue: true },
  'exclude-path': { takesValue: true, repeatable: true },
  'ignore-unstable-packages': { takesValue: false },
  jobs: { takesValue: true },
  report: { takesValue: true, repeatable: true },
  'no-step-summary': { takesValue: false },
};

const AVRO_PROFILES: readonly AvroProfile[] = ['confluent', 'pulsar', 'strict'];
/** Confluent's CompatibilityPolicy for JSON Schema (reference/confluent.md §1.6). */
export const JSON_POLICIES: readonly JsonSchemaPolicy[] = ['STRICT', 'LENIENT'];
/** Options of a check of files given on the command line only. */
const SINGLE_ONLY = ['history', 'subject', 'topic', 'registry-verdict', 'allow-new-subject', 'root-message'] as const;
/** Options of a repository run only. */
const REPOSITORY_ONLY = ['config', 'changed-since', 'write-baseline', 'exclude-path', 'ignore-unstable-packages', 'findings', 'jobs'] as const;
/** `--findings`: all findings count, or only those the history's newest version did not already have. */
const FINDINGS_SCOPES = ['all', 'new'] as const;

export type Options = Readonly<Record<string, string | true>>;
type Lists = Readonly<Record<string, readonly string[]>>;

/**
 * `schema-compat check`: with CANDIDATE, that file against its history; without, every subject of
 * the configuration file. Exit 0 compatible, 1 incompatible (or warnings with --fail-on warning),
 * 2 bad input or a history that cannot be loaded.
 */
export async function runCheck(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const args = parseArgs(argv, CHECK_OPTIONS);
  if (args.options['help']) return write(io.stdout, checkHelp(), ExitCode.COMPATIBLE);
  const { options, lists, positionals } = args;
  const format = oneOf('format', stringOption(options, 'format') ?? CheckFormat.TEXT, Object.values(CheckFormat));
  const reports = (lists['report'] ?? []).map(reportTarget);
  const references = lists['reference'] ?? [];
  if (positionals.length === 0 && references.length > 0) throw new UsageError('--reference cannot be used in a repository run (the configuration\'s `references` name the shared files)');
  const run = positionals.length === 0 ? await repositoryRun(options, lists, format, io) : await singleRun(options, lists, references, positionals, io);
  for (const error of run.errors) io.stderr(`error: ${untrusted(error.subject)} (${untrusted(error.file)}): ${untrustedLines(error.message)}\n`);
  for (const line of unreadableDataWarnings(run)) io.stderr(`${line}\n`);
  const stepSummary = options['no-step-summary'] !== true && (io.env['GITHUB_STEP_SUMMARY'] ?? '') !== '';
  io.stdout(await renderRun(run, format, io, true, fullReportOf(reports, stepSummary)));
  await writeRunOutputs(run, reports, options['no-step-summary'] !== true, io);
  return runExitCode(run);
}

/**
 * Pulsar's broker accepts a writer enum symbol its reader lacks (no reader default), and data holding
 * it then fails to decode (reference/pulsar.md §2.3): a verdict we keep, and a warning no format may
 * hide. Said on stderr whatever --format prints, unless --fail-on warning already fails on it.
 */
function unreadableDataWarnings(run: RunReport): string[] {
  return run.checks.flatMap((check) => (check.failOn === FailOn.WARNING ? [] : check.result.warnings
    .filter((finding) => finding.type === 'UNREADABLE_ENUM_SYMBOLS')
    .map((finding) => {
      const [writer, reader] = finding.direction === 'BACKWARD' ? [`version ${finding.version}`, 'the candidate'] : ['the candidate', `version ${finding.version}`];
      return `warning: ${untrusted(check.subject)}: ${writer} writes enum symbols ${untrusted(finding.message)} that ${reader} cannot read (at ${untrusted(finding.location)}): the check passes, as Pulsar's broker does, but data holding them fails to decode. Gate with --fail-on warning.`;
    })));
}

async function singleRun(options: Options, lists: Lists, references: readonly string[], positionals: readonly string[], io: CliIO): Promise<RunReport> {
  refuse(options, lists, REPOSITORY_ONLY, 'with CANDIDATE files (they belong to a repository run: check without files)');
  const rules = rulesOption(options);
  const [candidate, ...files] = positionals as [string, ...string[]];
  const check = await checkSingle({
    ...settings(options),
    strategy: strategyOption(options),
    failOn: oneOf('fail-on', stringOption(options, 'fail-on') ?? FailOn.INCOMPATIBLE, Object.values(FailOn)),
    type: typeOption(options),
    profile: profileOption(options),
    policy: oneOf('policy', stringOption(options, 'policy') ?? 'STRICT', JSON_POLICIES),
    ...(rules === undefined ? {} : { rules }),
    ...(typeof options['root-message'] === 'string' ? { rootMessage: options['root-message'] } : {}),
    registryVerdict: registryVerdict(options),
    candidate,
    history: historyRequest(options, files),
    references,
    skipUnparseable: options['skip-unparseable'] === true,
  }, io);
  return { checks: [check], errors: [] };
}

async function repositoryRun(options: Options, lists: Lists, format: CheckFormat, io: CliIO): Promise<RunReport> {
  refuse(options, lists, SINGLE_ONLY, 'in a repository run (the configuration says them per subject)');
  if (format === CheckFormat.CONFLUENT) throw new UsageError('--format confluent answers for one subject: give CANDIDATE and its history');
  const strategy = strategyOption(options);
  const type = typeOption(options);
  const profile = profileOption(options);
  const policy = stringOption(options, 'policy');
  const failOn = stringOption(options, 'fail-on');
  const against = stringOption(options, 'against');
  const rules = rulesOption(options);
  const findings = stringOption(options, 'findings');
  const overrides: SettingsOverrides = {
    ...(rules === undefined ? {} : { rules }),
    ...(findings === undefined ? {} : { findings: oneOf('findings', findings, FINDINGS_SCOPES) }),
    ...(strategy === undefined ? {} : { strategy }),
    ...(type === undefined ? {} : { type }),
    ...(profile === undefined ? {} : { profile }),
    ...(policy === undefined ? {} : { policy: oneOf('policy', policy, JSON_POLICIES) }),
    ...(failOn === undefined ? {} : { failOn: oneOf('fail-on', failOn, Object.values(FailOn)) }),
    ...(against === undefined ? {} : { against }),
    ...(options['skip-unparseable'] === true ? { skipUnparseable: true } : {}),
  };
  const config = stringOption(options, 'config');
  const changedSince = stringOption(options, 'changed-since');
  const baseline = stringOption(options, 'write-baseline');
  const auth = stringOption(options, 'registry-auth');
  const jobs = jobsOption(options);
  return checkRepositoryRun({
    ...settings(options), overrides,
    ...(jobs === undefined ? {} : { jobs }),
    ...(config === undefined ? {} : { config }),
    ...(changedSince === undefined ? {} : { changedSince }),
    ...(baseline === undefined ? {} : { writeBaseline: baseline }),
    ...(auth === undefined ? {} : { auth }),
    excludePaths: lists['exclude-path'] ?? [],
    ignoreUnstablePackages: options['ignore-unstable-packages'] === true,
  }, io);
}

/** `--jobs N`: subjects under way at once, a whole number from 1 to MAX_CONCURRENCY. */
function jobsOption(options: Options): number | undefined {
  const jobs = stringOption(options, 'jobs');
  if (jobs === undefined) return undefined;
  const count = /^[0-9]{1,4}$/.test(jobs) ? Number(jobs) : Number.NaN;
  if (!(count >= 1 && count <= MAX_CONCURRENCY)) throw new UsageError(`--jobs takes a whole number from 1 to ${MAX_CONCURRENCY}, not ${JSON.stringify(jobs)}`);
  return count;
}

/** What both kinds of run take. */
function settings(options: Options): { explain: boolean; stopAtFirstFailure: boolean } {
  return { explain: options['explain'] === true, stopAtFirstFailure: options['stop-at-first-failure'] === true };
}

/** Options that mean nothing in this kind of run are a usage error, never silently ignored. */
function refuse(options: Options, lists: Lists, names: readonly string[], why: string): void {
  const given = names.filter((name) => options[name] !== undefined || lists[name] !== undefined);
  if (given.length > 0) throw new UsageError(`${given.map((name) => `--${name}`).join(', ')} cannot be used ${why}`);
}

/** `--report FORMAT=FILE`. */
function reportTarget(value: string): { format: CheckFormat; file: string } {
  const eq = value.indexOf('=');
  if (eq <= 0 || eq === value.length - 1) throw new UsageError(`--report takes FORMAT=FILE, not ${JSON.stringify(value)}`);
  return { format: oneOf('report', value.slice(0, eq), Object.values(CheckFormat)), file: value.slice(eq + 1) };
}

function strategyOption(options: Options): Strategy | undefined {
  const strategy = stringOption(options, 'strategy');
  return strategy === undefined ? undefined : parseStrategy(strategy);
}

export function typeOption(options: Options): CliSchemaType | undefined {
  return typeof options['type'] === 'string' ? parseTypeOption(options['type']) : undefined;
}

export function profileOption(options: Options): AvroProfile | undefined {
  return typeof options['profile'] === 'string' ? oneOf('profile', options['profile'], AVRO_PROFILES) : undefined;
}

/** HISTORY files, or one source: `--against SOURCE`, or `--history DIR` (the same as `--against dir:DIR`). */
export function historyRequest(options: Options, files: readonly string[], command = 'check'): HistoryRequest {
  const against = stringOption(options, 'against');
  const dir = stringOption(options, 'history');
  const given = [against === undefined ? undefined : '--against', dir === undefined ? undefined : '--history', files.length > 0 ? 'HISTORY files' : undefined].filter(Boolean);
  if (given.length > 1) throw new UsageError(`give one history: HISTORY files, --against SOURCE or --history DIR, not ${given.join(' and ')}`);
  const subject = stringOption(options, 'subject');
  const topic = stringOption(options, 'topic');
  const auth = stringOption(options, 'registry-auth');
  const extras = {
    ...(subject === undefined ? {} : { subject }), ...(topic === undefined ? {} : { topic }), ...(auth === undefined ? {} : { auth }),
    ...(options['allow-new-subject'] === true ? { allowNewSubject: true } : {}),
  };
  if (against !== undefined) return { source: against, ...extras };
  if (dir !== undefined) return { source: `dir:${dir}`, ...extras };
  if (files.length === 0) throw new UsageError(`${command} needs a history: HISTORY files (oldest first), --against SOURCE or --history DIR`);
  return { files, ...extras };
}

/** `--registry-verdict` asks the registry of `--against registry:URL`; anywhere else it is a mistake, not ignored. */
function registryVerdict(options: Options): boolean {
  if (options['registry-verdict'] !== true) return false;
  if (!stringOption(options, 'against')?.startsWith('registry:')) throw new UsageError('--registry-verdict asks a registry: give --against registry:URL --subject S');
  return true;
}

export function stringOption(options: Options, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
}

export function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  const found = allowed.find((name) => name.toLowerCase() === value.toLowerCase());
  if (found === undefined) throw new UsageError(`--${option} must be one of ${allowed.join(', ')}, not ${JSON.stringify(value)}`);
  return found;
}
