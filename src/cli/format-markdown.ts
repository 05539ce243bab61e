import type { FindingCause, IgnoreEntry } from '../repository/index.js';
import type { ApprovedFinding, CheckReport, ReportFinding, RunReport, SubjectError } from './report.js';
import { FailOn, causeBreaks, causePlace, describeEntry, findingsOf, namedByItsFile, plural, preExistingLine, reportFails, runExitCode, runSummary, sourceLines, versionList, versionName, versionTitle } from './report.js';
import { quietMentions, untrusted } from './untrusted-text.js';

/** The most characters a GitHub issue or pull-request comment may have (its API refuses a longer body: "Body is too long (maximum is 65536 characters)"). */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** The verdict words of the headline and of each subject's heading. */
const Verdict = { COMPATIBLE: 'COMPATIBLE', INCOMPATIBLE: 'INCOMPATIBLE', ERROR: 'ERROR' } as const;
type Verdict = (typeof Verdict)[keyof typeof Verdict];

/** One column of a table: its header and how a row fills its cell (markdown, already escaped). */
interface Column<T> {
  readonly header: string;
  readonly cell: (row: T) => string;
}

/**
 * `--format markdown` of a run, for a pull-request comment or a GitHub job summary (GitHub Flavored
 * Markdown): a headline with the verdict and the counts, a section per subject with what it was
 * compared against and tables of its findings (fingerprints, hints, witnesses folded in
 * `<details>`), its approved and expired findings, then the subjects that could not be checked and
 * the ignore entries that approved nothing. Deterministic: no dates or times of its own.
 */
export function formatMarkdown(run: RunReport, fullReport?: string): string {
  const causes = run.repository?.causes;
  if (causes !== undefined) return byCause(run, causes, fullReport);
  const blocks = [
    headline(run),
    ...run.checks.map((check) => checkSection(check)),
    ...errorSection(run.errors),
    ...staleSection(run.repository?.stale ?? []),
    ...unchangedSection(run),
    ...skippedSection(run),
  ];
  return `${blocks.join('\n\n')}\n`;
}

/**
 * A repository run: the headline, a table of the causes (each once, where it is defined, with the
 * subjects and versions it breaks), then each subject's context without its findings. It stays
 * within `GITHUB_COMMENT_LIMIT`: whole rows of causes (then whole subject sections) are left out,
 * and a line says how many and where the full report is. A table or a code span is never cut.
 */
function byCause(run: RunReport, causes: readonly FindingCause[], fullReport: string | undefined): string {
  const where = fullReport ?? 'the text report (`schema-compat check --format text`)';
  const sections = run.checks.map((check) => checkSection(check, true));
  const tail = [...errorSection(run.errors), ...staleSection(run.repository?.stale ?? []), ...unchangedSection(run), ...skippedSection(run)];
  const rows = causes.map((cause) => causeRow(run, cause));
  const size = (blocks: readonly string[]): number => blocks.reduce((sum, block) => sum + block.length + 2, 1);
  // Room for the table's header and the lines that say what was left out.
  const reserve = 600;
  let kept = sections.length;
  while (kept > 0 && size([headline(run), ...sections.slice(0, kept), ...tail]) + reserve > GITHUB_COMMENT_LIMIT) kept--;
  const budget = GITHUB_COMMENT_LIMIT - reserve - size([headline(run), ...sections.slice(0, kept), ...tail]);
  let shown = 0;
  let used = 0;
  while (shown < rows.length && used + (rows[shown] as string).length + 1 <= budget) used += (rows[shown++] as string).length + 1;
  const causeBlocks = causes.length === 0 ? [] : [
    `### Causes (${causes.length}): each change once, where it is defined`,
    [CAUSE_HEADER, ...rows.slice(0, shown)].join('\n'),
    ...(shown < rows.length ? [`… ${noun(rows.length - shown, 'one more cause', `${rows.length - shown} more causes`)}: see ${escapeText(where)}.`] : []),
  ];
  const left = sections.length - kept;
  const blocks = [
    headline(run),
    ...causeBlocks,
    ...sections.slice(0, kept),
    ...(left > 0 ? [`… ${noun(left, 'one more subject', `${left} more subjects`)}: see ${escapeText(where)}.`] : []),
    ...tail,
  ];
  return `${blocks.join('\n\n')}\n`;
}

/** The header and delimiter rows of the causes table (GFM spec §4.10). */
const CAUSE_HEADER = '| Rule | Element | Defined at | Breaks | Findings | Fingerprints |\n| --- | --- | --- | --- | --- | --- |';

/** One cause as a table row. */
function causeRow(run: RunReport, cause: FindingCause): string {
  const through = [...new Set(cause.subjects.flatMap((entry) => entry.through))].length;
  const cells = [
    `${cellCode(cause.type)}${cause.kind === 'warning' ? ' (warning)' : ''}`,
    `${cellCode(cause.origin.element)}<br>${cellText(cause.message)}`,
    cellCode(causePlace(cause)),
    cellText(causeBreaks(run, cause)),
    `${cause.findings}${through === 0 ? '' : ` (${noun(through, 'one field', `${through} fields`)} through it)`}`,
    cause.subjects.map((entry) => cellCode(entry.findings[0]?.fingerprint ?? '')).join(' '),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** `## schema-compat`, then `**INCOMPATIBLE**: 3 subjects: ...` and the configuration file of a repository run. */
function headline(run: RunReport): string {
  const lines = ['## schema-compat', '', `**${runVerdict(run)}**: ${escapeText(runSummary(run))}`];
  if (run.repository !== undefined) lines.push('', `Configuration: ${code(run.repository.configFile)}`);
  return lines.join('\n');
}

/** INCOMPATIBLE when a check fails, else ERROR when a subject could not be checked, else COMPATIBLE. */
function runVerdict(run: RunReport): Verdict {
  if (run.checks.some(reportFails)) return Verdict.INCOMPATIBLE;
  return runExitCode(run) === 2 ? Verdict.ERROR : Verdict.COMPATIBLE;
}

/** One subject: its heading, what it was compared against, its findings and its approvals. */
function checkSection(report: CheckReport, byCause = false): string {
  const verdict = reportFails(report) ? Verdict.INCOMPATIBLE : Verdict.COMPATIBLE;
  const preExisting = preExistingLine(report);
  return [
    `### ${subjectTitle(report.subject, report.candidate.path)}: **${verdict}**`,
    contextList(report),
    ...(preExisting === undefined ? [] : [escapeText(preExisting)]),
    ...(byCause ? [] : findingsBlock(`Incompatibilities (${report.result.incompatibilities.length})`, report.result.incompatibilities, report)),
    ...(byCause ? [] : findingsBlock(`Warnings (${report.result.warnings.length}): ${warningsNote(report)}`, report.result.warnings, report)),
    ...expiredBlock(report.expired, report),
    ...ignoredBlock(report.ignored, report),
  ].join('\n\n');
}

/** `` `orders-value` (`schemas/orders.avsc`) ``, or the path alone when it is the subject's name. */
function subjectTitle(subject: string, file: string): string {
  return namedByItsFile(subject, file) ? code(subject) : `${code(subject)} (${code(file)})`;
}

/** The verdict sentence, the source, its notes and the registry's answer, the strategy and the versions checked, as a list. */
function contextList(report: CheckReport): string {
  const items = [verdictSentence(report), ...againstItems(report), strategyItem(report)];
  const checked = report.result.checked;
  if (report.result.identical === undefined && checked.length > 0) items.push(`Checked ${noun(checked.length, 'version', 'versions')} ${escapeText(versionList(report, checked))}${checked.length > 1 ? ' (newest first)' : ''}`);
  if (report.result.compatible && reportFails(report)) items.push(`**Failing**: ${plural(report.result.warnings.length, 'warning', 'warnings')} and \`--fail-on ${FailOn.WARNING}\``);
  return items.map((item) => (item.startsWith('  ') ? `  - ${item.trimStart()}` : `- ${item}`)).join('\n');
}

/** `N incompatibilities with versions 4, 3`, `identical to version 2, nothing checked`, ... */
function verdictSentence(report: CheckReport): string {
  const { result } = report;
  if (!result.compatible) {
    const failing = [...new Set(inCheckedOrder(result.incompatibilities, result.checked).map((finding) => finding.version))];
    return `${plural(result.incompatibilities.length, 'incompatibility', 'incompatibilities')} with ${noun(failing.length, 'version', 'versions')} ${escapeText(versionList(report, failing))}`;
  }
  if (result.identical !== undefined) return `Identical to ${escapeText(versionName(report, result.identical.version))}: accepted, nothing checked`;
  if (result.checked.length === 0) return 'No versions to check';
  return 'No incompatibilities';
}

/** The source, its notes and the registry's answer (`sourceLines`); HISTORY files are listed by their titles. */
function againstItems(report: CheckReport): string[] {
  if (report.source === undefined) {
    const files = report.history.map((entry) => escapeText(versionTitle(report, entry.version)));
    return [`Against the history files given (oldest first): ${files.length === 0 ? 'none' : files.join(', ')}`];
  }
  return sourceLines(report).map((line) => {
    const indent = /^ */.exec(line)?.[0] ?? '';
    return `${indent}${escapeText(line.slice(indent.length))}`;
  });
}

/** `Strategy: BACKWARD (from subject config)`. */
function strategyItem(report: CheckReport): string {
  const from = report.strategyFrom === undefined ? '' : ` (from ${escapeText(report.strategyFrom)})`;
  return `Strategy: ${code(report.result.strategy)}${from}`;
}

/** Warnings say whether they fail the check (`failOn: warning`) or not. */
function warningsNote(report: CheckReport): string {
  return report.failOn === FailOn.WARNING ? 'they fail this check (fail on warning)' : 'they do not change the verdict';
}

/**
 * A heading, one table row per finding (newest version first, as checked), a line that says what
 * the directions mean, and the findings' witnesses folded in `<details>`.
 */
function findingsBlock(title: string, findings: readonly ReportFinding[], report: CheckReport): string[] {
  if (findings.length === 0) return [];
  const ordered = inCheckedOrder(findings, report.result.checked);
  const hasHints = ordered.some((finding) => finding.hint !== undefined);
  const columns: Array<Column<ReportFinding>> = [
    ...findingColumns(report),
    { header: 'Finding', cell: (finding) => cellText(finding.description) },
    ...(hasHints ? [{ header: 'Fix hint', cell: (finding: ReportFinding) => cellRich(finding.hint ?? '') }] : []),
    { header: 'Fingerprint', cell: (finding) => cellCode(finding.fingerprint) },
  ];
  return [`#### ${escapeText(title)}`, table(columns, ordered), directionLegend(ordered), ...witnessBlock(ordered, report)];
}

/** Version, direction, rule and location: the columns that say which finding a row is. */
function findingColumns(report: CheckReport): Array<Column<ReportFinding>> {
  return [
    { header: 'Version', cell: (finding) => cellText(versionTitle(report, finding.version)) },
    { header: 'Direction', cell: (finding) => finding.direction },
    { header: 'Rule', cell: (finding) => cellCode(finding.type) },
    { header: 'Location', cell: (finding) => cellCode(finding.location) },
  ];
}

/** What BACKWARD and FORWARD mean (DESIGN.md §1), for the directions the table uses. */
function directionLegend(findings: readonly ReportFinding[]): string {
  const meaning = {
    BACKWARD: 'BACKWARD: the candidate reads data written with the version',
    FORWARD: 'FORWARD: the version reads data written with the candidate',
  } as const;
  const used = (['BACKWARD', 'FORWARD'] as const).filter((direction) => findings.some((finding) => finding.direction === direction));
  return `${used.map((direction) => meaning[direction]).join('. ')}.`;
}

/** The witnesses of the findings that have one (`--explain`), folded. */
function witnessBlock(findings: readonly ReportFinding[], report: CheckReport): string[] {
  const items = findings.flatMap((finding) => (finding.witness === undefined ? [] : [`- ${code(finding.type)} at ${code(finding.location)} (${finding.direction}, ${escapeText(versionName(report, finding.version))}): ${witnessText(finding.witness)}`]));
  if (items.length === 0) return [];
  return [`<details><summary>${plural(items.length, 'witness', 'witnesses')}: data that show the findings</summary>\n\n${items.join('\n')}\n\n</details>`];
}

/** A witness: any datum, or the datum as JSON with its Avro binary encoding when there is one. */
function witnessText(witness: NonNullable<ReportFinding['witness']>): string {
  if (witness === 'any') return 'any datum (the reader rejects all data of this writer)';
  const json = code(JSON.stringify(witness.json) ?? 'undefined');
  return witness.hex === undefined ? json : `${json} (binary ${code(witness.hex)})`;
}

/** Findings whose approval is past its `until` date: they are counted again, and the table says which entry lapsed. */
function expiredBlock(expired: readonly ApprovedFinding[], report: CheckReport): string[] {
  if (expired.length === 0) return [];
  return [
    `#### Approvals past their until date (${expired.length}): counted again`,
    approvalTable(expired, report, [{ header: 'Until', cell: (entry) => cellText(entry.until ?? '') }]),
  ];
}

/** Findings an ignore entry approves: not counted, folded, each with the entry's reason and place. */
function ignoredBlock(ignored: readonly ApprovedFinding[], report: CheckReport): string[] {
  if (ignored.length === 0) return [];
  const withUntil = ignored.some(({ entry }) => entry.until !== undefined);
  const rows = approvalTable(ignored, report, withUntil ? [{ header: 'Until', cell: (entry) => cellText(entry.until ?? '') }] : []);
  return [`<details><summary>Approved by ignore entries, not counted (${ignored.length})</summary>\n\n${rows}\n\n</details>`];
}

/** The finding's identifying columns and fingerprint, then the entry's reason and place, then the extra columns. */
function approvalTable(approved: readonly ApprovedFinding[], report: CheckReport, extra: ReadonlyArray<Column<IgnoreEntry>>): string {
  const columns: Array<Column<ApprovedFinding>> = [
    ...findingColumns(report).map((column): Column<ApprovedFinding> => ({ header: column.header, cell: ({ finding }) => column.cell(finding) })),
    { header: 'Fingerprint', cell: ({ finding }) => cellCode(finding.fingerprint) },
    { header: 'Reason', cell: ({ entry }) => cellText(entry.reason) },
    { header: 'Entry', cell: ({ entry }) => cellCode(entry.where) },
    ...extra.map((column): Column<ApprovedFinding> => ({ header: column.header, cell: ({ entry }) => column.cell(entry) })),
  ];
  return table(columns, approved);
}

/** The subjects that could not be checked, with their error's code and message. */
function errorSection(errors: readonly SubjectError[]): string[] {
  if (errors.length === 0) return [];
  const columns: Array<Column<SubjectError>> = [
    { header: 'Subject', cell: (error) => cellCode(error.subject) },
    { header: 'File', cell: (error) => cellCode(error.file) },
    { header: 'Code', cell: (error) => cellCode(error.code) },
    { header: 'Message', cell: (error) => error.message.split(/\r\n|\n/).map(cellText).join('<br>') },
  ];
  return [`### Could not be checked (${errors.length}): **${Verdict.ERROR}**`, table(columns, errors)];
}

/** Ignore entries that approved nothing this run: what each matches, where it is and its reason. */
function staleSection(stale: readonly IgnoreEntry[]): string[] {
  if (stale.length === 0) return [];
  const items = stale.map((entry) => `- ${code(entry.where)}${escapeText(describeEntry(entry).slice(entry.where.length))}: ${escapeText(entry.reason)}`);
  return [`### Ignore entries that approved nothing (${stale.length})`, 'Remove them, or check what they meant to match.', items.join('\n')];
}

/** Subjects left out by `--changed-since`, folded. */
function unchangedSection(run: RunReport): string[] {
  const unchanged = run.repository?.unchanged ?? [];
  if (unchanged.length === 0) return [];
  const since = run.repository?.changedSince ?? 'the ref';
  return [`<details><summary>Unchanged since ${escapeText(since)}, not checked (${unchanged.length})</summary>\n\n${unchanged.map((subject) => `- ${code(subject)}`).join('\n')}\n\n</details>`];
}

/** Subjects skipped on purpose (an unstable Protobuf package), folded, each with why. */
function skippedSection(run: RunReport): string[] {
  const skipped = run.repository?.skipped ?? [];
  if (skipped.length === 0) return [];
  return [`<details><summary>Skipped, not checked (${skipped.length})</summary>\n\n${skipped.map((item) => `- ${code(item.subject)}: ${escapeText(item.reason)}`).join('\n')}\n\n</details>`];
}

/** A GitHub Flavored Markdown table (GFM spec §4.10): a header row, a delimiter row, a row per item. */
function table<T>(columns: ReadonlyArray<Column<T>>, rows: readonly T[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(columns.map((column) => column.header)), line(columns.map(() => '---')), ...rows.map((row) => line(columns.map((column) => column.cell(row))))].join('\n');
}

/** Findings grouped by version in the order the versions were checked (newest first), then any others in their order. */
function inCheckedOrder(findings: readonly ReportFinding[], checked: readonly number[]): ReportFinding[] {
  const versions = [...checked, ...findings.map((finding) => finding.version)];
  return [...new Set(versions)].flatMap((version) => findingsOf(findings, version));
}

/** The noun for a count: `version`, `versions`. */
function noun(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/**
 * Text outside code spans: line breaks and control characters escaped (`untrusted`), ASCII punctuation
 * that GFM could read as markup backslash-escaped (CommonMark §2.4: any ASCII punctuation may be), and
 * `@mentions` made inert (`quietMentions`).
 */
export function escapeText(text: string): string {
  return quietMentions(untrusted(text).replace(/[\\`*_~[\]<>|&$#]/g, '\\$&'));
}

/** A table cell of text: escaped as text; a pipe is already `\|`, which GFM tables need (GFM spec §4.10). */
export function cellText(text: string): string {
  return escapeText(text);
}

/** A table cell of text whose `backquoted` words are code spans (the checkers' hints quote names so). */
function cellRich(text: string): string {
  return text.split(/`([^`\r\n]+)`/).map((part, index) => (index % 2 === 1 ? cellCode(part) : cellText(part))).join('');
}

/** A table cell of code: a code span whose pipes are escaped, which GFM reads inside tables even in code spans (GFM spec §4.10). */
export function cellCode(text: string): string {
  return code(text).replace(/\|/g, '\\|');
}

/**
 * A code span (CommonMark §6.1): fenced by one more backtick than the longest run inside, padded
 * with a space when the content starts or ends with a backtick or would lose a space; line
 * breaks and control characters escaped (`untrusted`). Mentions are inert in a code span.
 */
function code(text: string): string {
  const content = untrusted(text);
  if (content === '') return '';
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = content.startsWith('`') || content.endsWith('`') || (content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}
