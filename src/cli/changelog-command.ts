import { diffSchemas, parseSchema, strategyDirections } from '../index.js';
import type { ParsedSchema, Strategy } from '../index.js';
import { parseHistory } from '../sources/index.js';
import { UsageError, parseArgs } from './args.js';
import { CHANGE_OPTIONS, changeSettings } from './change-settings.js';
import { stringOption } from './check-command.js';
import { checkersFor } from './checkers.js';
import { refuseRulesFor } from './rules-option.js';
import type { ChangelogVersion } from './format-changes.js';
import { ChangesFormat, breaksAny, changeLine, changesTable, countLine, noSchemaChangeLine } from './format-changes.js';
import { escapeText } from './format-markdown.js';
import { historyOf } from './history-source.js';
import { repositoryOf } from './check-single.js';
import type { CliHistory } from './history-source.js';
import type { CliIO } from './io.js';
import { ExitCode, write } from './io.js';
import { colourEnabled, makePaint } from './paint.js';
import { readCandidate, readReferences } from './schema-files.js';
import { quietJson, untrusted } from './untrusted-text.js';
import { changelogHelp } from './usage.js';

const CHANGELOG_OPTIONS = {
  ...CHANGE_OPTIONS,
  against: { takesValue: true },
  subject: { takesValue: true },
  topic: { takesValue: true },
  'registry-auth': { takesValue: true },
};

/**
 * `schema-compat changelog FILE --against SOURCE`: each version of the history, oldest first, then
 * FILE, with its graded changes from the version before it. Exit 0 when FILE's changes break no
 * direction the strategy checks, 1 when they do, 2 for bad input or a history that cannot be loaded.
 */
export async function runChangelog(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const { options, lists, positionals } = parseArgs(argv, CHANGELOG_OPTIONS);
  if (options['help']) return write(io.stdout, changelogHelp(), ExitCode.COMPATIBLE);
  const settings = changeSettings(options);
  if (positionals.length !== 1) throw new UsageError(`changelog takes one schema FILE (its history comes from --against SOURCE), not ${positionals.length} files`);
  const source = stringOption(options, 'against');
  if (source === undefined) throw new UsageError('changelog needs --against SOURCE: where the versions before FILE live (git-log, git-tags:GLOB, dir:PATH, registry:URL, ...)');
  const file = readCandidate(positionals[0] as string, settings.type, io);
  refuseRulesFor(settings.rules, file.path, file.schemaType);
  const subject = stringOption(options, 'subject');
  const topic = stringOption(options, 'topic');
  const auth = stringOption(options, 'registry-auth');
  const request = { source, ...(subject === undefined ? {} : { subject }), ...(topic === undefined ? {} : { topic }), ...(auth === undefined ? {} : { auth }) };
  // A .schema-compat.yaml governing FILE says where its references live: each version gets its own commit's.
  const repository = await repositoryOf(file, request, io);
  const early = repository === undefined ? undefined : await checkersFor(new Set([file.schemaType]), settings.profile ?? 'confluent', settings.policy, 'confluent', settings.rules);
  const loaded = await historyOf(request, file, settings.type, io, early === undefined ? undefined : repository?.dependenciesOf(early, file.path));
  const pulsar = loaded.source?.kind === 'pulsar';
  const registry = await checkersFor(new Set([file.schemaType, ...loaded.versions.map((version) => version.schemaType)]), settings.profile ?? (pulsar ? 'pulsar' : 'confluent'), settings.policy, pulsar ? 'pulsar' : 'confluent', settings.rules);
  const cliReferences = readReferences(lists['reference'] ?? [], io);
  // Every committed version counts here, a doc-only one too: the history is not settled by identity as a check's is.
  const parsed = parseHistory({ versions: loaded.versions, notes: loaded.source?.notes ?? [], ...(loaded.spec === undefined ? {} : { source: loaded.spec }) }, { registry, references: cliReferences });
  const own = repository === undefined ? {} : await repository.references(file.text, file.schemaType, registry, file.path);
  const references = { ...loaded.versions[loaded.versions.length - 1]?.references, ...own, ...cliReferences };
  const newest = parseSchema(file.schemaType, file.text, { label: file.path, registry, references });
  const steps: { readonly label: string; readonly version?: number; readonly schema: ParsedSchema }[] = [
    ...parsed.history.map((schema, i) => ({ label: loaded.versions[i]?.label ?? `version ${i + 1}`, version: loaded.versions[i]?.version ?? i + 1, schema })),
    { label: file.path, schema: newest },
  ];
  for (const step of steps) {
    if (step.schema.schemaType !== file.schemaType) throw new UsageError(`${step.label} is a ${step.schema.schemaType} schema and ${file.path} a ${file.schemaType} one: a changelog follows one schema type`);
  }
  const versions: ChangelogVersion[] = steps.map((step, i) => {
    const before = steps[i - 1];
    const changes = before === undefined ? [] : diffSchemas(file.schemaType, before.schema, step.schema, { registry });
    const identical = before !== undefined && registry.get(file.schemaType).isIdentical(before.schema.schema, step.schema.schema);
    return { label: step.label, ...(step.version === undefined ? {} : { version: step.version }), ...(before === undefined ? { initial: true } : {}), ...(identical ? { identical } : {}), changes };
  });
  const strategy: Strategy = settings.strategy ?? loaded.strategy ?? 'BACKWARD';
  io.stdout(renderChangelog(file.path, versions, loaded, strategy, settings.format, io));
  const last = versions[versions.length - 1] as ChangelogVersion;
  return breaksAny(last.changes, strategyDirections(strategy)) ? ExitCode.INCOMPATIBLE : ExitCode.COMPATIBLE;
}

function renderChangelog(file: string, versions: readonly ChangelogVersion[], loaded: CliHistory, strategy: Strategy, format: ChangesFormat, io: CliIO): string {
  if (format === ChangesFormat.JSON) return `${quietJson(JSON.stringify({ strategy, versions }, null, 2))}\n`;
  const directions = strategyDirections(strategy);
  // Markdown escapes the labels, file name and description for markdown, text for reading (both make them inert).
  const shown = format === ChangesFormat.MARKDOWN ? escapeText : untrusted;
  const title = (version: ChangelogVersion): string => `${version.version === undefined ? `${shown(version.label)} (FILE)` : `Version ${version.version} (${shown(version.label)})`}: ${version.initial ? 'the first version' : version.identical ? noSchemaChangeLine(version.changes) : countLine(version.changes, directions, strategy)}`;
  const heading = `Changelog of ${shown(file)}, ${versions.length} versions, oldest first (history: ${shown(loaded.source?.description ?? 'none')})`;
  if (format === ChangesFormat.MARKDOWN) {
    return [`## ${heading}`, ...versions.map((version) => `### ${title(version)}\n\n${version.initial ? '' : changesTable(version.changes)}`)].join('\n\n').trimEnd() + '\n';
  }
  const paint = makePaint(colourEnabled(io));
  const lines = [heading];
  for (const version of versions) {
    lines.push('', paint.bold(title(version)));
    for (const change of version.changes) lines.push(`  ${changeLine(change, paint)}`);
  }
  return lines.join('\n') + '\n';
}
