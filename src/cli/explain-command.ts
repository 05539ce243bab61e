import { STRATEGY_ALIASES, Strategy, parseStrategy, strategyDirections, strategyScope, upgradeOrder } from '../index.js';
import type { Direction, UpgradeOrder } from '../index.js';
import { UsageError, parseArgs } from './args.js';
import type { CliIO } from './io.js';
import { ExitCode, write } from './io.js';
import { explainHelp } from './usage.js';

/** `schema-compat explain [STRATEGY]`: the strategy table, or one strategy in full. Every cell comes from the library's own tables. */
export function runExplain(argv: readonly string[], io: CliIO): ExitCode {
  const { options, positionals } = parseArgs(argv, { help: { takesValue: false, short: 'h' } });
  if (options['help']) return write(io.stdout, explainHelp(), ExitCode.COMPATIBLE);
  if (positionals.length > 1) throw new UsageError('explain takes at most one STRATEGY');
  const [name] = positionals;
  return write(io.stdout, name === undefined ? strategyTable() : strategyDetail(parseStrategy(name)), ExitCode.COMPATIBLE);
}

const SCOPE_TEXT = { none: 'nothing', latest: 'the latest', all: 'every one' } as const;
const DIRECTION_TEXT: Readonly<Record<Direction, string>> = {
  BACKWARD: 'new reads old',
  FORWARD: 'old reads new',
};
const UPGRADE_TEXT: Readonly<Record<UpgradeOrder, string>> = {
  consumers: 'consumers',
  producers: 'producers',
  any: 'any order',
  none: 'nothing may change',
};

function aliasesOf(strategy: Strategy): string[] {
  return Object.entries(STRATEGY_ALIASES).filter(([, canonical]) => canonical === strategy).map(([alias]) => alias);
}

function perVersion(strategy: Strategy): string {
  if (strategy === Strategy.ALWAYS_INCOMPATIBLE) return 'rejected';
  const directions = strategyDirections(strategy);
  return directions.length === 0 ? '-' : directions.map((direction) => DIRECTION_TEXT[direction]).join(' + ');
}

function strategyTable(): string {
  const header = ['strategy', 'also called', 'versions compared', 'per version', 'upgrade first'];
  const rows = Object.values(Strategy).map((strategy) => [
    strategy,
    aliasesOf(strategy).join(', ') || '-',
    SCOPE_TEXT[strategyScope(strategy)],
    perVersion(strategy),
    UPGRADE_TEXT[upgradeOrder(strategy)],
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => (row[column] as string).length)));
  const line = (row: readonly string[]): string => row.map((cell, column) => cell.padEnd(widths[column] as number)).join('  ').trimEnd();
  return `${[
    'Compatibility strategies: may a NEW schema follow the OLD versions of a subject?',
    '',
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    '',
    'new reads old (BACKWARD): data written with an old version can be read with the new schema.',
    'old reads new (FORWARD):  data written with the new schema can be read with an old version.',
    'Versions are compared newest first; FULL checks FORWARD, then BACKWARD, for each (Confluent\'s order).',
    'Before any check: empty history is compatible; a schema identical to any version is accepted',
    '(registries de-duplicate it); a version of another schema type is incompatible except under NONE.',
    'Names are case-insensitive. Confluent\'s default is BACKWARD; Pulsar\'s is FULL (AVRO, JSON).',
    '',
    "'schema-compat explain STRATEGY' says more about one strategy.",
  ].join('\n')}\n`;
}

const UPGRADE_REASON: Readonly<Record<UpgradeOrder, string>> = {
  consumers: 'Upgrade consumers first: new consumers can read what old producers still write.',
  producers: 'Upgrade producers first: old consumers can read what new producers write.',
  any: 'Upgrade in any order: old and new schemas read each other\'s data.',
  none: 'Nothing may change: every new schema is rejected (an identical one is accepted by de-duplication).',
};

function strategyDetail(strategy: Strategy): string {
  const aliases = aliasesOf(strategy);
  const scope = strategyScope(strategy);
  const lines = [`${strategy}${aliases.length > 0 ? ` (also called ${aliases.join(', ')})` : ''}`, ''];
  if (scope === 'none') lines.push('Compares with nothing: every new schema is accepted, even one of another schema type.');
  else if (strategy === Strategy.ALWAYS_INCOMPATIBLE) lines.push('Compares with the latest version only to reject the new schema.');
  else {
    lines.push(`Compares the new schema with ${scope === 'all' ? 'every version, newest first' : 'the latest version only'}.`);
    for (const direction of strategyDirections(strategy)) {
      lines.push(direction === 'BACKWARD'
        ? 'BACKWARD: the new schema is the reader, the old version the writer: it must read all data the old one wrote.'
        : 'FORWARD: the old version is the reader, the new schema the writer: old readers must read new data.');
    }
    if (scope === 'latest') lines.push('Older versions are not checked: a chain of steps that are each compatible can still break them.');
  }
  lines.push(UPGRADE_REASON[upgradeOrder(strategy)]);
  return `${lines.join('\n')}\n`;
}
