import { join, posix, relative } from 'node:path';
import { CheckerRegistry, SchemaCompatError, checkCompatibility, findingFingerprint, parseSchema } from 'schema-compat';
import type { CompatibilityResult, Incompatibility, ParsedSchema, Strategy } from 'schema-compat';
import { GitHistoryCache, parseHistory, parseSource, readHistory } from 'schema-compat/sources';
import type { HistorySnapshot, ReadHistoryOptions, SkippedVersion, SourceKind, SourceVersion } from 'schema-compat/sources';
import type { ProtobufSchema } from '../protobuf/model.js';
import { isUnstablePackage } from '../protobuf/unstable-package.js';
import { mapLimited } from '../sources/map-limited.js';
import type { IgnoreEntry, RepositoryConfig } from './config/types.js';
import { RepositoryError } from './errors.js';
import { subjectErrorMessage } from './import-hint.js';
import { changedSince, commitReader, gitPlace } from './git-files.js';
import type { GitPlace } from './git-files.js';
import { mergeCauses, subjectCauses } from './causes.js';
import type { FindingCause } from './causes.js';
import { originFinder } from './finding-origin.js';
import { applyIgnores, isoDay } from './ignores.js';
import type { FingerprintedFinding } from './ignores.js';
import { resolveReferences } from './references.js';
import { referenceGraph } from './reference-graph.js';
import type { ReferenceGraph } from './reference-graph.js';
import type { ReadFile, ReferenceIndex, ResolvedReferences } from './references.js';
import { listFiles, listSubjects } from './subjects.js';
import { buildIndex, committedDependencies, workTreeReader } from './work-tree.js';
import type { SettingsOverrides, Subject } from './subjects.js';

/** Confluent Schema Registry's default level, when neither the configuration nor the source sets one. */
const DEFAULT_STRATEGY: Strategy = 'BACKWARD';

export interface CheckRepositoryOptions extends Pick<ReadHistoryOptions, 'auth' | 'fetch' | 'timeoutMs' | 'retries' | 'retryDelayMs'> {
  /** Settings that override the configuration for every subject (flags). */
  readonly overrides?: SettingsOverrides;
  /** Check only subjects whose file, or a file they reference, differs from this git ref (or the configuration changed). */
  readonly changedSince?: string;
  /** Paths, relative to the configuration's folder, that are not subjects (besides its `exclude`): see `listSubjects`. */
  readonly excludePaths?: readonly string[];
  /** Skip Protobuf subjects whose package is unstable (`isUnstablePackage`); default the configuration's `protobuf.ignoreUnstablePackages`. */
  readonly ignoreUnstablePackages?: boolean;
  /** The day `until` dates are compared with, YYYY-MM-DD. Default today (UTC). */
  readonly today?: string;
  readonly explain?: boolean;
  readonly stopAtFirstFailure?: boolean;
  /** The checkers of a subject. Default the built-in ones with its profile and policy; give Protobuf's yourself. */
  readonly checkers?: (subject: Subject, types: ReadonlySet<string>) => Promise<CheckerRegistry>;
  /**
   * How many subjects are under way at once (their histories read from git or a registry while
   * others are checked), a whole number from 1 to `MAX_CONCURRENCY`. Default `DEFAULT_CONCURRENCY`.
   * The report is the same whatever it is: subjects in the configuration's order.
   */
  readonly concurrency?: number;
}

/** Subjects under way at once by default: git and registry waits overlap, checks take turns on the one thread. */
export const DEFAULT_CONCURRENCY = 4;
/** The most subjects under way at once (each may hold a history of up to 128 MiB while it is read). */
export const MAX_CONCURRENCY = 64;

/** A finding an ignore entry approves (or approved before its `until`), and whether it is an incompatibility or a warning. */
export interface ApprovedFinding {
  readonly finding: FingerprintedFinding;
  readonly entry: IgnoreEntry;
  readonly kind: 'incompatibility' | 'warning';
}

/** The check of one subject: its result with ignores applied, and what it was compared with. */
export interface SubjectCheck {
  /** The result as the report shows it: incompatibilities and warnings an ignore entry approves are left out. */
  readonly result: Omit<CompatibilityResult, 'incompatibilities' | 'warnings'> & { readonly incompatibilities: readonly FingerprintedFinding[]; readonly warnings: readonly FingerprintedFinding[] };
  readonly candidate: { readonly path: string; readonly schemaType: string; readonly text: string };
  readonly versions: readonly SourceVersion[];
  readonly source: { readonly kind: SourceKind; readonly description: string; readonly notes: readonly string[]; readonly isNew: boolean; readonly skipped: readonly SkippedVersion[] };
  readonly strategyFrom?: string;
  readonly ignored: readonly ApprovedFinding[];
  readonly expired: readonly ApprovedFinding[];
  /**
   * With `findings: new`: the findings the history's newest version already had against the same
   * older versions (the same checker, the same strategy), not counted: this change did not cause them.
   */
  readonly preExisting: readonly ApprovedFinding['finding'][];
  /** The counted findings grouped by cause (`FindingCause`), each where its definition is written. */
  readonly causes: readonly FindingCause[];
  /** Incompatible (or warnings under failOn warning) after ignores. */
  readonly fails: boolean;
  /** What the candidate references in the work tree, as `apply` registers it (absent when nothing). */
  readonly references?: ReferenceGraph;
}

export interface SubjectOutcome {
  readonly subject: Subject;
  readonly status: 'compatible' | 'incompatible' | 'error';
  readonly check?: SubjectCheck;
  /** Bad input or a baseline that cannot be loaded: the subject's error, the others still checked. */
  readonly error?: { readonly code: string; readonly message: string };
}

/** A subject left out on purpose, and why: its Protobuf package is unstable (`ignoreUnstablePackages`). */
export interface SkippedSubject {
  readonly subject: Subject;
  /** `unstable package foo.v1beta1`. */
  readonly reason: string;
}

/** A whole repository's check. */
export interface RepositoryReport {
  readonly configFile: string;
  readonly root: string;
  readonly subjects: readonly SubjectOutcome[];
  /** Subjects left out by `changedSince`. */
  readonly unchanged: readonly Subject[];
  /** Subjects skipped by `ignoreUnstablePackages`, neither checked nor failing. */
  readonly skipped: readonly SkippedSubject[];
  /** Ignore entries that approved nothing this run (in a partial run, only those naming a checked subject). */
  readonly stale: readonly IgnoreEntry[];
  /** The counted findings of every subject grouped by cause: a shared definition's change is one cause that lists each subject it breaks. */
  readonly causes: readonly FindingCause[];
  readonly changedSince?: string;
  /** 2 if any subject is bad input, else 1 if any fails, else 0. */
  readonly exitCode: 0 | 1 | 2;
}

/**
 * Checks every subject of a configuration, each against its own source and strategy, with
 * references resolved across the repository and the approved findings set aside. A subject that
 * cannot be checked (its schema or history cannot be loaded) is an error of its own; the others
 * are still checked. Throws only for what stops the whole run (`RepositoryError`, an unknown
 * `changedSince` ref). Subjects are checked `concurrency` at a time, their git reads shared
 * (`GitHistoryCache`); the report lists them in the configuration's order all the same.
 */
export async function checkRepository(config: RepositoryConfig, options: CheckRepositoryOptions = {}): Promise<RepositoryReport> {
  const concurrency = concurrencyOf(options.concurrency);
  const subjects = listSubjects(config, options.overrides, options.excludePaths === undefined ? {} : { excludePaths: options.excludePaths });
  const files = listFiles(config.root);
  const workTree = workTreeReader(config);
  const index = await buildIndex(config, files, workTree);
  const place = await gitPlace(config.root).catch(() => undefined);
  const selected = options.changedSince === undefined ? subjects : await changedSubjects(config, subjects, index, workTree, place, options.changedSince);
  const today = options.today ?? isoDay(new Date());
  const used = new Set<IgnoreEntry>();
  const ignoreUnstable = options.ignoreUnstablePackages ?? config.ignoreUnstablePackages;
  // The git reads of the run are shared: one walk of the history per ref for every git-log history, one
  // tag listing per glob, and blob reads batched across the subjects under way (GitHistoryCache).
  const gitCache = new GitHistoryCache(place === undefined ? [] : selected.map((subject) => posix.join(place.prefix, subject.file)));
  const context: RunContext = { config, index, workTree, place, options, today, used, gitCache, commits: new Map() };
  const done = await mapLimited(selected, concurrency, async (subject): Promise<SubjectOutcome | SkippedSubject> => {
    const unstable = ignoreUnstable ? await unstablePackageOf(subject, context) : undefined;
    return unstable === undefined ? checkSubject(subject, context) : { subject, reason: `unstable package ${unstable}` };
  });
  const outcomes = done.filter((one): one is SubjectOutcome => 'status' in one);
  const skipped = done.filter((one): one is SkippedSubject => 'reason' in one);
  // An entry is stale only where it had its chance: its subject was checked (not left out, not in error);
  // an entry without a subject, only when every subject was (or was skipped on purpose).
  const checked = new Set(outcomes.filter((outcome) => outcome.status !== 'error').map((outcome) => outcome.subject.name));
  const complete = checked.size + skipped.length === subjects.length;
  const stale = config.ignore.filter((entry) => !used.has(entry) && (entry.subject !== undefined ? checked.has(entry.subject) : complete));
  const exitCode = outcomes.some((outcome) => outcome.status === 'error') ? 2 : outcomes.some((outcome) => outcome.status === 'incompatible') ? 1 : 0;
  return {
    configFile: config.file, root: config.root, subjects: outcomes, unchanged: subjects.filter((subject) => !selected.includes(subject)), skipped, stale, exitCode,
    causes: mergeCauses(outcomes.map((outcome) => outcome.check?.causes ?? [])),
    ...(options.changedSince === undefined ? {} : { changedSince: options.changedSince }),
  };
}

interface RunContext {
  readonly config: RepositoryConfig;
  readonly index: ReferenceIndex;
  readonly workTree: ReadFile;
  readonly place: GitPlace | undefined;
  readonly options: CheckRepositoryOptions;
  readonly today: string;
  readonly used: Set<IgnoreEntry>;
  readonly gitCache: GitHistoryCache;
  /** Readers of the repository at a commit, one per commit for the whole run (`commitReader`). */
  readonly commits: Map<string, ReadFile>;
}

/** `options.concurrency`, checked: a whole number from 1 to `MAX_CONCURRENCY`. */
function concurrencyOf(value: number | undefined): number {
  if (value === undefined) return DEFAULT_CONCURRENCY;
  if (!Number.isSafeInteger(value) || value < 1 || value > MAX_CONCURRENCY) {
    throw new RepositoryError(`concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}, not ${String(value)}`);
  }
  return value;
}

/**
 * The package of a Protobuf subject's file when Buf calls it unstable (`ignore_unstable_packages`,
 * bufbuild/buf bufcheck: a finding in a file of an unstable package is ignored), from the file as
 * parsed with its references. A file that does not parse is not skipped: its check reports the error.
 */
async function unstablePackageOf(subject: Subject, context: RunContext): Promise<string | undefined> {
  if (subject.schemaType !== 'PROTOBUF') return undefined;
  const text = await context.workTree(subject.file);
  if (text === undefined) return undefined;
  try {
    const registry = await registryOf(subject, new Set(['PROTOBUF']), context.options, undefined);
    const tryParse = (schema: string, references: Readonly<Record<string, string>>): void => {
      parseSchema('PROTOBUF', schema, { registry, references });
    };
    const own = await resolveReferences(subject.file, text, 'PROTOBUF', context.index, context.workTree, tryParse);
    // schema-compat/protobuf's model; a PROTOBUF checker of the caller's own may model files otherwise.
    const schema = parseSchema('PROTOBUF', text, { registry, references: own.references }).schema as Partial<ProtobufSchema> | undefined;
    const name = schema?.file?.packageName;
    return typeof name === 'string' && isUnstablePackage(name) ? name : undefined;
  } catch (error: unknown) {
    if (error instanceof SchemaCompatError) return undefined;
    throw error;
  }
}

/** The checkers of a subject: the caller's (`options.checkers`), else the built-in ones with its profile and policy. */
async function registryOf(subject: Subject, types: ReadonlySet<string>, options: CheckRepositoryOptions, sourceKind: SourceKind | undefined): Promise<CheckerRegistry> {
  if (options.checkers !== undefined) return options.checkers(subject, types);
  return CheckerRegistry.withDefaults({ avro: { profile: subject.profile ?? (sourceKind === 'pulsar' ? 'pulsar' : 'confluent') }, json: { policy: subject.policy } });
}

async function checkSubject(subject: Subject, context: RunContext): Promise<SubjectOutcome> {
  try {
    const check = await runCheck(subject, context);
    return { subject, status: check.fails ? 'incompatible' : 'compatible', check };
  } catch (error: unknown) {
    if (!(error instanceof SchemaCompatError)) throw error;
    return { subject, status: 'error', error: { code: error.code, message: subjectErrorMessage(error, context.config) } };
  }
}

async function runCheck(subject: Subject, context: RunContext): Promise<SubjectCheck> {
  const { config, options } = context;
  const path = join(config.root, subject.file);
  const shown = relative(process.cwd(), path) || subject.file;
  const text = await context.workTree(subject.file);
  if (text === undefined) throw new RepositoryError(`cannot read ${shown}`);
  if (subject.against === undefined) {
    throw new RepositoryError(`${subject.name}: no history to check against: set \`against\` in the configuration's defaults or in ${subject.rule}, or give --against`);
  }
  const source = parseSource(subject.against);
  const dependenciesOf = await dependenciesOfSubject(subject, source.kind, context, shown);
  const snapshot = await readHistory(source, {
    // A version is the file with what it references at its own commit: tags or commits that differ only there are two versions.
    ...(dependenciesOf === undefined ? {} : { dependenciesOf }),
    // No candidate text: its newest committed twin is left out by identity with references (parseHistory), not by
    // text, since the files it references may have changed while its own text did not.
    cwd: config.root, path: subject.file, schemaType: subject.schemaType,
    subject: subject.registrySubject, ...(subject.topic === undefined ? {} : { topic: subject.topic }),
    gitCache: context.gitCache,
    // The configuration names the registry subject after the file: a file added in this change has none yet.
    allowNewSubject: true,
    ...pick(options, ['auth', 'fetch', 'timeoutMs', 'retries', 'retryDelayMs']),
  });
  const registry = await registryOf(subject, new Set([subject.schemaType, ...snapshot.versions.map((version) => version.schemaType)]), options, source.kind);
  const tryParse = (type: string) => (schema: string, references: Readonly<Record<string, string>>): void => {
    parseSchema(type, schema, { registry, references, label: shown });
  };
  const own = await resolveReferences(subject.file, text, subject.schemaType, context.index, context.workTree, tryParse(subject.schemaType));
  const candidate = parseSchema(subject.schemaType, text, { registry, references: own.references, label: shown });
  const graph = own.named.length === 0 ? undefined : await referenceGraph(subject.file, own, subject.schemaType, context.index, context.workTree, tryParse(subject.schemaType));
  const versions = await withRepositoryReferences(subject, snapshot, context, tryParse);
  const parsed = parseHistory({ ...snapshot, versions }, { registry, candidate, skipUnparseable: subject.skipUnparseable });
  const strategy = subject.strategy ?? snapshot.strategy ?? DEFAULT_STRATEGY;
  const raw = checkCompatibility(strategy, candidate, [...parsed.history], {
    registry, explain: options.explain ?? false, stopAtFirstFailure: options.stopAtFirstFailure ?? false,
  });
  const fingerprinted = (finding: Incompatibility): FingerprintedFinding => ({ ...finding, fingerprint: findingFingerprint(finding, subject.name) });
  const incompatibilities = applyIgnores(subject.name, raw.incompatibilities.map(fingerprinted), config.ignore, context.today, context.used);
  const warnings = applyIgnores(subject.name, raw.warnings.map(fingerprinted), config.ignore, context.today, context.used);
  const earlier = subject.findings === 'new' ? preExistingKeys(strategy, parsed.history, registry, subject.name) : new Set<string>();
  const [newIncompatibilities, oldIncompatibilities] = split(incompatibilities.kept, earlier);
  const [newWarnings, oldWarnings] = split(warnings.kept, earlier);
  const result = { ...raw, compatible: newIncompatibilities.length === 0, incompatibilities: newIncompatibilities, warnings: newWarnings };
  const importNames = Object.keys(own.references);
  const finder = originFinder(subject.schemaType, [{ file: subject.file, text }, ...await referencedFiles(own.files, context.workTree)], new Map(own.files.map((file, at) => [importNames[at] ?? file, file])));
  const causes = subjectCauses(subject.name, subject.file, [
    ...newIncompatibilities.map((finding) => ({ finding, kind: 'incompatibility' as const })),
    ...newWarnings.map((finding) => ({ finding, kind: 'warning' as const })),
  ], finder);
  return {
    result,
    candidate: { path: shown, schemaType: subject.schemaType, text },
    versions: parsed.versions,
    source: { kind: snapshot.source.kind, description: parsed.description ?? snapshot.description, notes: parsed.notes, isNew: snapshot.isNew, skipped: parsed.skipped },
    ...(subject.strategy === undefined && snapshot.strategyFrom !== undefined ? { strategyFrom: snapshot.strategyFrom } : {}),
    ignored: [...incompatibilities.ignored.map(as('incompatibility')), ...warnings.ignored.map(as('warning'))],
    expired: [...incompatibilities.expired.map(as('incompatibility')), ...warnings.expired.map(as('warning'))],
    preExisting: [...oldIncompatibilities, ...oldWarnings],
    causes,
    fails: !result.compatible || (subject.failOn === 'warning' && result.warnings.length > 0),
    ...(graph === undefined ? {} : { references: graph }),
  };
}

/**
 * Each version read from the repository (a commit, a tag, a folder) gets the references of the
 * repository as they were then (at its commit; a folder's from the work tree). A registry's
 * versions keep the references the registry gave them.
 */
async function withRepositoryReferences(subject: Subject, snapshot: HistorySnapshot, context: RunContext, tryParse: (type: string) => (schema: string, references: Readonly<Record<string, string>>) => void): Promise<SourceVersion[]> {
  const kind = snapshot.source.kind;
  // A registry's versions come with the registry's references, a git source's with their commit's (committedDependencies).
  if (kind === 'registry' || kind === 'pulsar' || (isGitKind(kind) && context.place !== undefined)) return [...snapshot.versions];
  // Every version at once, so that their reads go to git together; the first version's failure in order is the error.
  const settled = await Promise.allSettled(snapshot.versions.map(async (version) => {
    const read = version.commit !== undefined && context.place !== undefined ? readerAt(context, context.place, version.commit) : context.workTree;
    const found: ResolvedReferences = await resolveReferences(subject.file, version.text, version.schemaType, context.index, read, tryParse(version.schemaType));
    return Object.keys(found.references).length === 0 ? version : { ...version, references: { ...found.references, ...version.references } };
  }));
  return settled.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  });
}

/** The run's reader of the repository at `commit`. */
function readerAt(context: RunContext, place: GitPlace, commit: string): ReadFile {
  let read = context.commits.get(commit);
  if (read === undefined) {
    read = commitReader(place, commit, context.gitCache);
    context.commits.set(commit, read);
  }
  return read;
}

function isGitKind(kind: SourceKind): boolean {
  return kind === 'git' || kind === 'git-log' || kind === 'git-tags';
}

/** For a git source, what each committed version references at its own commit (`committedDependencies`). */
async function dependenciesOfSubject(subject: Subject, kind: SourceKind, context: RunContext, shown: string): Promise<ReadHistoryOptions['dependenciesOf']> {
  if (!isGitKind(kind) || context.place === undefined) return undefined;
  // Git versions take the subject's type (readHistory's schemaType), so its checkers parse them all.
  const registry = await registryOf(subject, new Set([subject.schemaType]), context.options, kind);
  return committedDependencies({ config: context.config, place: context.place, file: subject.file, registry, label: shown, gitCache: context.gitCache });
}

/**
 * The subjects whose file, or a file their references reach (in the work tree), differs from the
 * ref; all of them when the configuration file itself changed.
 */
async function changedSubjects(config: RepositoryConfig, subjects: readonly Subject[], index: ReferenceIndex, read: ReadFile, place: GitPlace | undefined, ref: string): Promise<Subject[]> {
  if (place === undefined) throw new RepositoryError(`--changed-since ${ref}: ${config.root} is not in a git repository`);
  const changed = await changedSince(place, ref);
  if (changed.has(relative(config.root, config.file))) return [...subjects];
  const selected: Subject[] = [];
  // The built-in Avro parser tells which named types a schema lacks; other types need no parse to find their references.
  const registry = CheckerRegistry.withDefaults();
  for (const subject of subjects) {
    if (changed.has(subject.file)) {
      selected.push(subject);
      continue;
    }
    const text = (await read(subject.file)) ?? '';
    const tryParse = (schema: string, references: Readonly<Record<string, string>>): void => {
      parseSchema(subject.schemaType, schema, { registry, references });
    };
    // A reference refused as outside the repository: the subject is checked, and its check reports it.
    const reached = await resolveReferences(subject.file, text, subject.schemaType, index, read, tryParse).catch((error: unknown) => {
      if (error instanceof SchemaCompatError) return undefined;
      throw error;
    });
    if (reached === undefined || reached.files.some((file) => changed.has(file))) selected.push(subject);
  }
  return selected;
}

/**
 * The findings the history's newest version (the baseline head: the target branch's state) has
 * against the older versions, checked as the candidate is, by version and fingerprint: what Buf
 * (`buf breaking --against` the base branch) and oasdiff (base against revision) leave out of a
 * pull request's findings. Empty when the history has fewer than two versions.
 */
function preExistingKeys(strategy: Strategy, history: readonly ParsedSchema[], registry: CheckerRegistry, subject: string): Set<string> {
  const newest = history[history.length - 1];
  if (newest === undefined || history.length < 2) return new Set();
  const baseline = checkCompatibility(strategy, newest, history.slice(0, -1), { registry });
  return new Set([...baseline.incompatibilities, ...baseline.warnings].map((finding) => `${finding.version} ${findingFingerprint(finding, subject)}`));
}

/** Findings the baseline head did not have, and those it had. */
function split(findings: readonly FingerprintedFinding[], earlier: ReadonlySet<string>): [FingerprintedFinding[], FingerprintedFinding[]] {
  const fresh = findings.filter((finding) => !earlier.has(`${finding.version} ${finding.fingerprint}`));
  return [fresh, findings.filter((finding) => earlier.has(`${finding.version} ${finding.fingerprint}`))];
}

/** The work tree's text of each file a subject's references reach (for placing findings in them). */
async function referencedFiles(files: readonly string[], read: ReadFile): Promise<Array<{ file: string; text: string }>> {
  const found: Array<{ file: string; text: string }> = [];
  for (const file of files) {
    const text = await read(file);
    if (text !== undefined) found.push({ file, text });
  }
  return found;
}

function as(kind: ApprovedFinding['kind']): (approved: { readonly finding: FingerprintedFinding; readonly entry: IgnoreEntry }) => ApprovedFinding {
  return (approved) => ({ ...approved, kind });
}

function pick<T extends object, K extends keyof T>(object: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (object[key] !== undefined) picked[key] = object[key];
  return picked;
}
