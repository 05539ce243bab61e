import { diffSchemas, parseSchema, strategyDirections } from '../index.js';
import type { Change, Strategy } from '../index.js';
import { UsageError, parseArgs } from './args.js';
import { CHANGE_OPTIONS, changeSettings } from './change-settings.js';
import { checkersFor } from './checkers.js';
import { refuseRulesFor } from './rules-option.js';
import { ChangesFormat, breaksAny, changeLine, changesTable, countLine } from './format-changes.js';
import { escapeText } from './format-markdown.js';
import type { CliIO } from './io.js';
import { ExitCode, write } from './io.js';
import { colourEnabled, makePaint } from './paint.js';
import { readCandidate, readReferences, readSchemaText, schemaTypeOf } from './schema-files.js';
import { quietJson, untrusted } from './untrusted-text.js';
import { diffHelp } from './usage.js';

/**
 * `schema-compat diff OLD NEW`: every change from OLD to NEW, graded by the directions it breaks.
 * Exit 0 when no change breaks a direction the strategy checks (BACKWARD unless --strategy), 1
 * when one does, 2 for bad input.
 */
export async function runDiff(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const { options, lists, positionals } = parseArgs(argv, CHANGE_OPTIONS);
  if (options['help']) return write(io.stdout, diffHelp(), ExitCode.COMPATIBLE);
  const settings = changeSettings(options);
  if (positionals.length !== 2) throw new UsageError(`diff takes two schema files, OLD and NEW, not ${positionals.length}`);
  const [oldPath, newPath] = positionals as [string, string];
  const next = readCandidate(newPath, settings.type, io);
  const oldType = schemaTypeOf(oldPath, settings.type);
  if (oldType !== next.schemaType) throw new UsageError(`${oldPath} is ${oldType} and ${newPath} is ${next.schemaType}: diff compares two schemas of one type (give --type)`);
  refuseRulesFor(settings.rules, next.path, next.schemaType);
  const references = readReferences(lists['reference'] ?? [], io);
  const registry = await checkersFor(new Set([next.schemaType]), settings.profile ?? 'confluent', settings.policy, 'confluent', settings.rules);
  const parse = (path: string, text: string) => parseSchema(next.schemaType, text, { label: path, registry, references });
  const changes = diffSchemas(next.schemaType, parse(oldPath, readSchemaText(oldPath, io)), parse(next.path, next.text), { registry });
  const strategy: Strategy = settings.strategy ?? 'BACKWARD';
  const directions = strategyDirections(strategy);
  io.stdout(renderDiff({ old: oldPath, new: next.path, changes, strategy }, settings.format, io));
  return breaksAny(changes, directions) ? ExitCode.INCOMPATIBLE : ExitCode.COMPATIBLE;
}

interface DiffReport {
  readonly old: string;
  readonly new: string;
  readonly changes: readonly Change[];
  readonly strategy: Strategy;
}

function renderDiff(report: DiffReport, format: ChangesFormat, io: CliIO): string {
  const directions = strategyDirections(report.strategy);
  if (format === ChangesFormat.JSON) return `${quietJson(JSON.stringify({ changes: report.changes }, null, 2))}\n`;
  const count = countLine(report.changes, directions, report.strategy);
  if (format === ChangesFormat.MARKDOWN) return `### ${escapeText(`${report.old} → ${report.new}`)}: ${count}\n\n${changesTable(report.changes)}`;
  const head = `${untrusted(`${report.old} → ${report.new}`)}: ${count}`;
  const paint = makePaint(colourEnabled(io));
  return [head, ...report.changes.map((change) => `  ${changeLine(change, paint)}`)].join('\n') + '\n';
}
