import type { FindingCause, IgnoreEntry } from '../repository/index.js';
import { locateJsonPointer } from './json-locate.js';
import type { ApprovedFinding, CheckReport, ReportFinding, RunReport, SubjectError } from './report.js';
import { FailOn, causeBreaks, checkOf, directionText, readerFileOf, runExitCode, runSummary, versionName, versionTitle } from './report.js';
import { quietJson } from './untrusted-text.js';
import { readVersion } from './version.js';

/** The schema of SARIF 2.1.0 as OASIS publishes it (with errata 01), for `$schema` (SARIF §3.13.3). */
const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
/** Where the tool is documented (SARIF §3.19.17): the project, as the configuration schema's `$id` names it. */
const INFORMATION_URI = 'https://github.com/schema-compat/schema-compat';
/** The base of relative artifact URIs: the folder the run started in (SARIF §3.4.4; `%SRCROOT%` is what GitHub code scanning expects). */
const SRCROOT = '%SRCROOT%';
/** The name of the fingerprint in `partialFingerprints`: a versioned hierarchical string (SARIF §3.27.17, §3.5.4.2). */
const FINGERPRINT_KEY = 'schemaCompat/v1';

/** A message object with plain text (SARIF §3.11, §3.11.8). */
interface SarifMessage {
  readonly text: string;
}

/** An artifactLocation (SARIF §3.4): a URI reference, relative to `%SRCROOT%` unless absolute. */
interface SarifArtifactLocation {
  readonly uri: string;
  readonly uriBaseId?: string;
}

/** A text region by line and column (SARIF §3.30.2, §3.30.5, §3.30.6). */
interface SarifRegion {
  readonly startLine: number;
  readonly startColumn?: number;
}

/** A location with a physicalLocation (SARIF §3.28.3, §3.29). */
interface SarifLocation {
  readonly physicalLocation: {
    readonly artifactLocation: SarifArtifactLocation;
    readonly region?: SarifRegion;
  };
}

/** A suppression (SARIF §3.35): an ignore entry of the configuration approves the result. */
interface SarifSuppression {
  readonly kind: 'external';
  readonly status: 'accepted';
  readonly justification: string;
  readonly location?: SarifLocation;
}

/** A result (SARIF §3.27). */
interface SarifResult {
  readonly ruleId: string;
  readonly ruleIndex: number;
  readonly kind: 'fail';
  readonly level: 'error' | 'warning';
  readonly message: SarifMessage;
  readonly locations: readonly SarifLocation[];
  readonly partialFingerprints: Readonly<Record<string, string>>;
  readonly suppressions?: readonly SarifSuppression[];
  readonly properties: Readonly<Record<string, unknown>>;
}

/** A reportingDescriptor of a rule (SARIF §3.49): one per finding type. */
interface SarifRule {
  readonly id: string;
  readonly shortDescription: SarifMessage;
}

/** A notification (SARIF §3.58). */
interface SarifNotification {
  readonly level: 'error' | 'warning';
  readonly message: SarifMessage;
  readonly locations?: readonly SarifLocation[];
  readonly properties: Readonly<Record<string, unknown>>;
}

/** A finding as one result is made of it: which check, which level, and the approval that set it aside, if one did. */
interface Reported {
  readonly report: CheckReport;
  readonly finding: ReportFinding;
  readonly level: 'error' | 'warning';
  readonly approval?: IgnoreEntry;
}

/**
 * `--format sarif` of a run: a SARIF 2.1.0 log (OASIS Standard) with one run (SARIF §3.13.4) whose
 * driver is schema-compat with a rule per finding type; a result per finding, on the line of the
 * reader schema its location points into, with the finding's fingerprint as a partial fingerprint;
 * findings approved by ignore entries as suppressed results; subjects that could not be checked as
 * tool execution notifications, and ignore entries that approved nothing as configuration ones.
 */
export function formatSarif(run: RunReport): string {
  const causes = run.repository?.causes;
  const reported = causes === undefined ? run.checks.flatMap(reportedFindings) : run.checks.flatMap((check) => reportedFindings(check).filter((item) => item.approval !== undefined));
  const rules = rulesOf([...reported.map(({ finding }) => finding.type), ...(causes ?? []).map((cause) => cause.type)]);
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: { driver: driver(rules) },
      invocations: [invocation(run)],
      columnKind: 'utf16CodeUnits',
      results: [...(causes ?? []).map((cause) => causeResult(run, cause, rules)), ...reported.map((item) => result(item, rules))],
      properties: runProperties(run),
    }],
  };
  return `${quietJson(JSON.stringify(log, null, 2))}\n`;
}

/**
 * A check's findings in order: incompatibilities (level `error`), warnings (`warning`, or `error`
 * when they fail the check with failOn warning: SARIF §3.27.10 "error" is "a serious problem"),
 * then the approved ones at the level they would have had.
 */
function reportedFindings(report: CheckReport): Reported[] {
  const warningLevel = report.failOn === FailOn.WARNING ? 'error' : 'warning';
  return [
    ...report.result.incompatibilities.map((finding): Reported => ({ report, finding, level: 'error' })),
    ...report.result.warnings.map((finding): Reported => ({ report, finding, level: warningLevel })),
    ...report.ignored.map(({ finding, entry, kind }): Reported => ({ report, finding, level: kind === 'warning' && report.failOn !== 'warning' ? 'warning' : 'error', approval: entry })),
  ];
}

/** The driver (SARIF §3.18.2, §3.19): its name, documentation, version when the package names one, and rules. */
function driver(rules: readonly SarifRule[]): Record<string, unknown> {
  const version = readVersion();
  const known = version !== 'unknown';
  return {
    name: 'schema-compat',
    informationUri: INFORMATION_URI,
    ...(known ? { version } : {}),
    // SARIF §3.19.12: only a version that follows Semantic Versioning may be given as semanticVersion.
    ...(known && /^\d+\.\d+\.\d+(?:[-+].*)?$/.test(version) ? { semanticVersion: version } : {}),
    rules,
  };
}

/** One reportingDescriptor per distinct finding type, sorted by id (SARIF §3.19.23, §3.49.3, §3.49.9). */
function rulesOf(found: readonly string[]): SarifRule[] {
  const types = [...new Set(found)].sort();
  return types.map((type) => ({ id: type, shortDescription: { text: ruleSentence(type) } }));
}

/** `READER_FIELD_MISSING_DEFAULT_VALUE` → `Reader field missing default value.` */
function ruleSentence(type: string): string {
  const words = type.toLowerCase().split('_').filter((word) => word !== '').join(' ');
  return words === '' ? type : `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
}

/**
 * A result (SARIF §3.27): its rule by id and index (§3.27.5, §3.27.6), a failed rule (§3.27.9)
 * at a level (§3.27.10), a message (§3.27.11), the file and line it points into (§3.27.12), the
 * fingerprint (§3.27.17), the approving entry (§3.27.23) and the finding's own fields (§3.8).
 */
function result(item: Reported, rules: readonly SarifRule[]): SarifResult {
  const { report, finding } = item;
  const location = findingLocation(report, finding);
  const expired = report.expired.find((approved) => approved.finding.fingerprint === finding.fingerprint);
  return {
    ruleId: finding.type,
    ruleIndex: rules.findIndex((rule) => rule.id === finding.type),
    kind: 'fail',
    level: item.level,
    message: { text: messageText(report, finding, expired) },
    locations: location === undefined ? [] : [location],
    partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
    ...(item.approval === undefined ? {} : { suppressions: [suppression(item.approval)] }),
    properties: findingProperties(report, finding, expired),
  };
}

/**
 * A repository run's cause as one result (SARIF §3.27): on the line of its definition, its first
 * finding's fingerprint (§3.27.17), and the subjects and versions it breaks with every fingerprint
 * folded under it in the property bag (§3.8).
 */
function causeResult(run: RunReport, cause: FindingCause, rules: readonly SarifRule[]): SarifResult {
  const { origin } = cause;
  const level = cause.kind === 'incompatibility' || cause.subjects.some((entry) => checkOf(run, entry.subject)?.failOn === FailOn.WARNING) ? 'error' : 'warning';
  const first = cause.subjects[0]?.findings[0]?.fingerprint ?? '';
  return {
    ruleId: cause.type,
    ruleIndex: rules.findIndex((rule) => rule.id === cause.type),
    kind: 'fail',
    level,
    message: { text: [cause.description, `detail: ${cause.message}`, `breaks: ${causeBreaks(run, cause)}`, ...(cause.hint === undefined ? [] : [`hint: ${cause.hint}`])].join('\n') },
    locations: [fileLocation(origin.file, origin.line === undefined ? undefined : { startLine: origin.line, ...(origin.column === undefined ? {} : { startColumn: origin.column }) })],
    partialFingerprints: { [FINGERPRINT_KEY]: first },
    properties: {
      element: origin.element,
      findings: cause.findings,
      subjects: cause.subjects.map((entry) => ({ subject: entry.subject, versions: entry.versions, directions: entry.directions, through: entry.through, fingerprints: [...new Set(entry.findings.map((finding) => finding.fingerprint))] })),
    },
  };
}

/** The description, then the direction and version and the pointer, the checker's detail, the hint and a lapsed approval. */
function messageText(report: CheckReport, finding: ReportFinding, expired: ApprovedFinding | undefined): string {
  return [
    finding.description,
    `${directionText(finding, versionName(report, finding.version))}; at ${finding.location}.`,
    `detail: ${finding.message}`,
    ...(finding.hint === undefined ? [] : [`hint: ${finding.hint}`]),
    ...(expired === undefined ? [] : [`approval expired: ${expired.entry.where} allowed it until ${expired.entry.until ?? '?'}`]),
  ].join('\n');
}

/**
 * The physicalLocation of a finding (SARIF §3.29): the reader schema's file (`readerFileOf`) and,
 * for a JSON text (Avro or JSON Schema; not Protobuf), the line and column its pointer names (§3.30).
 * A candidate on standard input has no file: its BACKWARD findings get no location, which §3.27.12
 * allows ("zero or more") but GitHub code scanning refuses ("expected at least one location").
 */
function findingLocation(report: CheckReport, finding: ReportFinding): SarifLocation | undefined {
  const file = readerFileOf(report, finding);
  if (file === undefined) return undefined;
  const position = file.schemaType === 'PROTOBUF' || file.text === undefined ? undefined : locateJsonPointer(file.text, finding.location);
  return fileLocation(file.path, position === undefined ? undefined : { startLine: position.line, startColumn: position.column });
}

/** A location in a file, with a region when there is one. */
function fileLocation(path: string, region: SarifRegion | undefined): SarifLocation {
  return { physicalLocation: { artifactLocation: artifactLocation(path), ...(region === undefined ? {} : { region }) } };
}

/**
 * A file as an artifactLocation (SARIF §3.4): a relative path is a relative reference with `/`
 * separators against `%SRCROOT%` (§3.4.3, §3.4.4); an absolute path is a `file` URI without a base
 * (§3.4.4: "If the uri property contains an absolute URI, the uriBaseId property SHALL be absent").
 */
function artifactLocation(path: string): SarifArtifactLocation {
  const slashed = path.replace(/\\/g, '/');
  const drive = /^([A-Za-z]:)\//.exec(slashed);
  if (drive !== null) return { uri: `file:///${drive[1] as string}/${encodePath(slashed.slice(3))}` };
  if (slashed.startsWith('/')) return { uri: `file://${encodePath(slashed)}` };
  return { uri: encodePath(slashed.replace(/^(?:\.\/)+/, '')), uriBaseId: SRCROOT };
}

/** Each segment of a path percent-encoded (RFC 3986 §2.1), so a name with spaces, `#`, `?` or `:` stays one path (SARIF §3.10). */
function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** The suppression of an approved finding (SARIF §3.35): external (§3.35.2), accepted (§3.35.3), the entry's reason (§3.35.6) and line (§3.35.4). */
function suppression(entry: IgnoreEntry): SarifSuppression {
  const location = entryLocation(entry);
  return { kind: 'external', status: 'accepted', justification: entry.reason, ...(location === undefined ? {} : { location }) };
}

/** Where an ignore entry is (`file:line`), as a location. */
function entryLocation(entry: IgnoreEntry): SarifLocation | undefined {
  const match = /^(.+):(\d+)$/.exec(entry.where);
  if (match === null) return undefined;
  const line = Number(match[2]);
  return fileLocation(match[1] as string, line >= 1 ? { startLine: line } : undefined);
}

/** The finding's own fields, in the result's property bag (SARIF §3.8). */
function findingProperties(report: CheckReport, finding: ReportFinding, expired: ApprovedFinding | undefined): Record<string, unknown> {
  return {
    subject: report.subject,
    strategy: report.result.strategy,
    direction: finding.direction,
    version: finding.version,
    versionLabel: versionTitle(report, finding.version),
    location: finding.location,
    ...(finding.witness === undefined ? {} : { witness: finding.witness }),
    ...(expired === undefined ? {} : { expiredApproval: { where: expired.entry.where, until: expired.entry.until ?? null, reason: expired.entry.reason } }),
  };
}

/**
 * The invocation (SARIF §3.20): it succeeded unless a subject could not be checked (§3.20.14),
 * with the exit code (§3.20.9), each such subject as an `error` notification of the tool's
 * execution (§3.20.21, §3.58.6), and each ignore entry that approved nothing as a `warning`
 * notification of its configuration (§3.20.22).
 */
function invocation(run: RunReport): Record<string, unknown> {
  const stale = run.repository?.stale ?? [];
  return {
    executionSuccessful: run.errors.length === 0,
    exitCode: runExitCode(run),
    ...(run.errors.length === 0 ? {} : { toolExecutionNotifications: run.errors.map(errorNotification) }),
    ...(stale.length === 0 ? {} : { toolConfigurationNotifications: stale.map(staleNotification) }),
  };
}

/** A subject that could not be checked: an `error` notification on its file (SARIF §3.58.4, §3.58.5). */
function errorNotification(error: SubjectError): SarifNotification {
  return {
    level: 'error',
    message: { text: `${error.subject}: cannot be checked: ${error.message}` },
    locations: [fileLocation(error.file, undefined)],
    properties: { subject: error.subject, code: error.code },
  };
}

/** An ignore entry that approved nothing: a `warning` notification at the entry. */
function staleNotification(entry: IgnoreEntry): SarifNotification {
  const location = entryLocation(entry);
  return {
    level: 'warning',
    message: { text: `ignore entry ${entry.where} approved nothing: remove it, or check what it meant to match (reason: ${entry.reason})` },
    ...(location === undefined ? {} : { locations: [location] }),
    properties: { entry },
  };
}

/** The run's summary line and, for a repository run, its configuration and the subjects left out (SARIF §3.8). */
function runProperties(run: RunReport): Record<string, unknown> {
  const repository = run.repository;
  return {
    summary: runSummary(run),
    ...(repository === undefined ? {} : { configFile: repository.configFile }),
    ...(repository?.changedSince === undefined ? {} : { changedSince: repository.changedSince, unchanged: repository.unchanged }),
    ...(repository?.skipped === undefined || repository.skipped.length === 0 ? {} : { skipped: repository.skipped }),
  };
}
