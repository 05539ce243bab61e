import { resolve } from 'node:path';
import { checkCompatibility, findingFingerprint, parseSchema } from '../index.js';
import { fileInRepository } from '../repository/index.js';
import type { FileInRepository } from '../repository/index.js';
import type { AvroProfile, CheckerRegistry, Incompatibility, JsonSchemaPolicy, ParsedSchema, Strategy } from '../index.js';
import { parseHistory } from '../sources/index.js';
import type { ParsedVersions, SourceVersion } from '../sources/index.js';
import type { RuleSetName } from '../protobuf/rule-sets.js';
import { refuseRulesFor } from './rules-option.js';
import { checkersFor } from './checkers.js';
import { askTheRegistry, historyOf } from './history-source.js';
import { withCanonicalIdentity } from '../sources/index.js';
import type { CliHistory, HistoryRequest } from './history-source.js';
import type { CliIO } from './io.js';
import type { CheckReport, FailOn, ReportFinding } from './report.js';
import { nativeFile, refuseRootMessage } from './native-files.js';
import { readCandidate, readReferences } from './schema-files.js';
import type { CliSchemaType, SchemaFile } from './schema-files.js';

/** Confluent Schema Registry's default level (`schema.compatibility.level`, reference/confluent.md §1.1). */
const DEFAULT_STRATEGY: Strategy = 'BACKWARD';

/** A check of one CANDIDATE, as the command line gives it. */
export interface SingleCheck {
  /** Undefined: the source's (a registry subject's level), else BACKWARD. */
  readonly strategy: Strategy | undefined;
  readonly failOn: FailOn;
  readonly type: CliSchemaType | undefined;
  /** Undefined: `pulsar` against a Pulsar topic, `confluent` otherwise. */
  readonly profile: AvroProfile | undefined;
  readonly policy: JsonSchemaPolicy;
  /** Whose rules decide (`--rules`); undefined: Confluent's for Protobuf, Pulsar's root-message rule for PROTOBUF_NATIVE. Only for a candidate of a type the rule set applies to. */
  readonly rules?: RuleSetName;
  /** The root message of binary FileDescriptorSet files (PROTOBUF_NATIVE). */
  readonly rootMessage?: string;
  readonly explain: boolean;
  readonly stopAtFirstFailure: boolean;
  readonly registryVerdict: boolean;
  readonly candidate: string;
  readonly history: HistoryRequest;
  readonly references: readonly string[];
  /** `--skip-unparseable`: history versions that do not parse are skipped and reported. */
  readonly skipUnparseable: boolean;
}

/** CANDIDATE and its history (files or a source), read and parsed with the checkers they need. */
export interface LoadedCandidate {
  readonly candidate: SchemaFile;
  readonly parsedCandidate: ParsedSchema;
  readonly loaded: CliHistory;
  readonly parsed: ParsedVersions;
  readonly registry: CheckerRegistry;
  /** The repository configuration governing CANDIDATE, when one is found from its folder upward. */
  readonly repository?: FileInRepository;
}

/**
 * The repository configuration governing CANDIDATE (the first `.schema-compat.yaml` from its folder
 * upward), for a history read from a source: its references, import paths and subject settings
 * apply as in `check --repository`. None for standard input or HISTORY files.
 */
export async function repositoryOf(candidate: SchemaFile, history: HistoryRequest, io: CliIO): Promise<FileInRepository | undefined> {
  if (candidate.path === '<stdin>' || !('source' in history)) return undefined;
  return fileInRepository(resolve(io.cwd(), candidate.path));
}

/** Reads CANDIDATE and its history, as `check` and `audit` take them; `reuse` when every version takes part in many checks. */
export async function loadCandidate(command: Pick<SingleCheck, 'candidate' | 'type' | 'history' | 'references' | 'profile' | 'policy' | 'rules'> & Partial<Pick<SingleCheck, 'skipUnparseable' | 'rootMessage'>>, io: CliIO, reuse = false): Promise<LoadedCandidate> {
  const cliReferences = readReferences(command.references, io);
  const candidate = nativeFile(readCandidate(command.candidate, command.type, io), command.candidate, command.rootMessage, io);
  refuseRulesFor(command.rules, candidate.path, candidate.schemaType);
  refuseRootMessage(command.rootMessage, candidate.schemaType);
  const repository = await repositoryOf(candidate, command.history, io);
  const early = repository === undefined ? undefined : await checkersFor(new Set([candidate.schemaType]), command.profile ?? 'confluent', command.policy, 'confluent', command.rules);
  const read = await historyOf(command.history, candidate, command.type, io, early === undefined ? undefined : repository?.dependenciesOf(early, candidate.path));
  const loaded = read.source === undefined ? { ...read, versions: read.versions.map((version) => nativeFile(version, version.path, command.rootMessage, io)) } : read;
  const pulsar = loaded.source?.kind === 'pulsar';
  const registry = await checkersFor(new Set([candidate.schemaType, ...loaded.versions.map((version) => version.schemaType)]), command.profile ?? (pulsar ? 'pulsar' : 'confluent'), command.policy, pulsar ? 'pulsar' : 'confluent', command.rules);
  const own = repository === undefined ? {} : await repository.references(candidate.text, candidate.schemaType, registry, candidate.path);
  // The candidate may use what the newest version references (a registry's shared types), then what the
  // repository's configuration finds for it in the work tree, unless --reference says otherwise.
  const references = { ...newest(loaded.versions)?.references, ...own, ...cliReferences };
  const parsedCandidate = parseSchema(candidate.schemaType, candidate.text, { label: candidate.path, registry, references, ...(reuse ? { reuse } : {}) });
  const parsed = parseHistory(
    { versions: loaded.versions, notes: loaded.source?.notes ?? [], ...(loaded.spec === undefined ? {} : { source: loaded.spec }), ...(loaded.path === undefined ? {} : { path: loaded.path }) },
    { registry, references: cliReferences, candidate: parsedCandidate, ...(reuse ? { reuse } : {}), ...(command.skipUnparseable === true ? { skipUnparseable: true } : {}) },
  );
  return { candidate, parsedCandidate, loaded, parsed, registry, ...(repository === undefined ? {} : { repository }) };
}

/** Checks CANDIDATE against its history (files or a source) and says what was compared. */
export async function checkSingle(command: SingleCheck, io: CliIO): Promise<CheckReport> {
  const { candidate, parsedCandidate, loaded, parsed, registry, repository } = await loadCandidate(command, io);
  // --strategy, else the strategy the configuration gives the file's subject, else the source's.
  const configured = repository?.subject?.strategy;
  const strategy = command.strategy ?? configured ?? loaded.strategy ?? DEFAULT_STRATEGY;
  const result = checkCompatibility(strategy, parsedCandidate, [...parsed.history], { registry, stopAtFirstFailure: command.stopAtFirstFailure, explain: command.explain });
  const asked = await askTheRegistry(loaded, candidate, command.registryVerdict, io);
  // "Already version N" on the type's canonical form, never the registry's stored text alone.
  const registryAnswer = asked === undefined ? undefined : withCanonicalIdentity(asked, result.identical?.version, loaded.versions);
  // A fingerprint names the subject: the registry subject or Pulsar topic, else the candidate's path.
  const subject = command.history.subject ?? command.history.topic ?? candidate.path;
  const fingerprinted = (finding: Incompatibility): ReportFinding => ({ ...finding, fingerprint: findingFingerprint(finding, subject) });
  return {
    subject,
    result: { ...result, incompatibilities: result.incompatibilities.map(fingerprinted), warnings: result.warnings.map(fingerprinted) },
    candidate, history: parsed.versions, failOn: command.failOn, ignored: [], expired: [],
    ...(loaded.source === undefined ? {} : { source: { ...loaded.source, notes: parsed.notes, description: parsed.description ?? loaded.source.description, skipped: parsed.skipped } }),
    ...(command.strategy === undefined && configured === undefined && loaded.strategyFrom !== undefined ? { strategyFrom: loaded.strategyFrom } : {}),
    ...(registryAnswer === undefined ? {} : { registry: registryAnswer }),
  };
}

function newest(versions: readonly SourceVersion[]): SourceVersion | undefined {
  return versions[versions.length - 1];
}
