import { AUDITED_STRATEGIES, auditHistory, parseStrategy } from '../index.js';
import type { Audit, Strategy } from '../index.js';
import { UsageError, parseArgs } from './args.js';
import type { OptionSpec, OptionSpecs } from './args.js';
import { formatAuditHtml } from './audit-html.js';
import { formatAuditText } from './audit-text.js';
import { CHECK_OPTIONS, JSON_POLICIES, historyRequest, oneOf, profileOption, stringOption, typeOption } from './check-command.js';
import { loadCandidate } from './check-single.js';
import { rulesOption } from './rules-option.js';
import type { CliIO } from './io.js';
import { ExitCode, write } from './io.js';
import { colourEnabled, makePaint } from './paint.js';
import { quietJson } from './untrusted-text.js';
import { auditHelp } from './usage.js';

/** check's options that mean the same for an audit (the history, the checkers, the output), and --require. */
const FROM_CHECK = ['help', 'type', 'format', 'profile', 'policy', 'rules', 'against', 'history', 'subject', 'topic', 'registry-auth', 'reference', 'explain'] as const;
const AUDIT_OPTIONS: OptionSpecs = {
  ...Object.fromEntries(FROM_CHECK.map((name) => [name, CHECK_OPTIONS[name] as OptionSpec])),
  require: { takesValue: true },
};

/** What `audit --format` prints: a text matrix for people, the `Audit` as JSON, or one self-contained HTML page. */
export const AuditFormat = { TEXT: 'text', JSON: 'json', HTML: 'html' } as const;
export type AuditFormat = (typeof AuditFormat)[keyof typeof AuditFormat];

/** An audit with what the page says of where its versions came from. */
export interface AuditReport {
  readonly audit: Audit;
  /** Index of the candidate in `audit.versions` (the newest). */
  readonly candidate: number;
  /** What was read, e.g. `dir examples/user: 4 files: v1.avsc, ...`. */
  readonly description?: string;
  readonly notes: readonly string[];
  /** The strategy the source is configured with (a registry subject's level), and where that came from. */
  readonly configured?: { readonly strategy: Strategy; readonly from?: string };
}

/**
 * `schema-compat audit FILE (HISTORY... | --against SOURCE | --history DIR)`: FILE is appended to
 * the history as its newest version, and every version is checked against every other. Exit 0,
 * or 1 when `--require STRATEGY` is not satisfied; 2 for bad input or a history that cannot be loaded.
 */
export async function runAudit(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const { options, lists, positionals } = parseArgs(argv, AUDIT_OPTIONS);
  if (options['help']) return write(io.stdout, auditHelp(), ExitCode.COMPATIBLE);
  const format = oneOf('format', stringOption(options, 'format') ?? AuditFormat.TEXT, Object.values(AuditFormat));
  const required = requiredStrategy(stringOption(options, 'require'));
  const [file, ...files] = positionals;
  if (file === undefined) throw new UsageError('audit needs FILE, the newest version, and its history (HISTORY files, --against SOURCE or --history DIR)');
  const rules = rulesOption(options);
  const loaded = await loadCandidate({
    candidate: file,
    type: typeOption(options),
    history: historyRequest(options, files, 'audit'),
    references: lists['reference'] ?? [],
    profile: profileOption(options),
    policy: oneOf('policy', stringOption(options, 'policy') ?? 'STRICT', JSON_POLICIES),
    ...(rules === undefined ? {} : { rules }),
  }, io, true);
  const { parsed } = loaded;
  const audit = auditHistory([...parsed.history, loaded.parsedCandidate], {
    registry: loaded.registry,
    labels: [...parsed.versions.map((version) => version.label), loaded.candidate.path],
    explain: options['explain'] === true,
  });
  const description = parsed.description ?? loaded.loaded.source?.description;
  const report: AuditReport = {
    audit, candidate: parsed.history.length, notes: parsed.notes,
    ...(description === undefined ? {} : { description }),
    ...(loaded.loaded.strategy === undefined ? {} : { configured: { strategy: loaded.loaded.strategy, ...(loaded.loaded.strategyFrom === undefined ? {} : { from: loaded.loaded.strategyFrom }) } }),
  };
  io.stdout(render(report, format, io));
  return required !== undefined && !audit.satisfied.includes(required) ? ExitCode.INCOMPATIBLE : ExitCode.COMPATIBLE;
}

function render(report: AuditReport, format: AuditFormat, io: CliIO): string {
  if (format === AuditFormat.JSON) return auditJson(report.audit);
  if (format === AuditFormat.HTML) return formatAuditHtml(report);
  return formatAuditText(report, makePaint(colourEnabled(io)));
}

/** The `Audit` as JSON, each row of the matrix on one line (the placeholder is no text a schema can put there: JSON escapes a backslash). */
function auditJson(audit: Audit): string {
  const placeholder = '\u0000reads\u0000';
  const rows = audit.reads.map((row) => `    [${row.join(', ')}]`).join(',\n');
  const text = JSON.stringify({ ...audit, reads: placeholder }, null, 2).replace(JSON.stringify(placeholder), audit.reads.length === 0 ? '[]' : `[\n${rows}\n  ]`);
  return `${quietJson(text)}\n`;
}

/** `--require STRATEGY`: any name or alias of a strategy the audit grades. */
function requiredStrategy(name: string | undefined): Strategy | undefined {
  if (name === undefined) return undefined;
  const strategy = parseStrategy(name);
  if (!AUDITED_STRATEGIES.includes(strategy)) throw new UsageError(`--require takes a strategy an audit grades (${AUDITED_STRATEGIES.join(', ')}), not ${strategy}`);
  return strategy;
}
