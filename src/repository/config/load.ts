import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { LineCounter, isMap, parseDocument, visit } from 'yaml';
import type { Document } from 'yaml';
import { parseStrategy } from 'schema-compat';
import type { AvroProfile, JsonSchemaPolicy } from 'schema-compat';
import { parseSource } from 'schema-compat/sources';
import { boundaryOf, outsideProblem, placePath, workTreeTop } from '../../sources/path-guard.js';
import { ruleSetTypes } from '../../protobuf/rule-sets.js';
import type { RuleSetName } from '../../protobuf/rule-sets.js';
import { readRegularFile } from '../../sources/read-file.js';
import { excerpt } from '../../util/excerpt.js';
import schemaJson from '../config.schema.json';
import { ConfigError, RepositoryError } from '../errors.js';
import type { ConfigProblem } from '../errors.js';
import { confinementViolations } from './confinement.js';
import { checkAgainstSchema } from './schema-check.js';
import type { Violation } from './schema-check.js';
import type { FailOnLevel, FindingsScope, IgnoreEntry, RepositoryConfig, SubjectRule, SubjectSettings } from './types.js';

/** The names a configuration file may have, in the order they are looked for in each folder. */
export const CONFIG_FILE_NAMES = ['.schema-compat.yaml', '.schema-compat.yml', '.schema-compat.json'] as const;

/** The JSON Schema of the configuration file (also `schema-compat/config.schema.json`). */
export const CONFIG_SCHEMA: Readonly<Record<string, unknown>> = schemaJson;

/** The most characters of a YAML parser's message a configuration error shows. */
const YAML_MESSAGE_LENGTH = 160;

/** The placeholders a subject or topic template may use. */
const PLACEHOLDERS = new Set(['name', 'dir', 'path']);

/** The configuration file of `cwd`: the first one found in it or a folder above it (as git, buf and eslint look). */
export function findConfig(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const name of CONFIG_FILE_NAMES) if (existsSync(join(dir, name))) return join(dir, name);
    if (dirname(dir) === dir) return undefined;
  }
}

/** A YAML (or JSON) document and how to find the line of a path in it. */
interface Located {
  readonly value: unknown;
  /** The line of the value at `path`, or of its key with `key` (an unknown key). */
  readonly at: (path: ReadonlyArray<string | number>, key?: boolean) => { line: number; column: number };
}

/**
 * Reads and checks a configuration file (YAML, or JSON, which YAML 1.2 reads too): against its JSON
 * Schema (`CONFIG_SCHEMA`), then what a schema cannot say (sources parse, templates use known
 * placeholders, `until` is a date, no `reason: TODO`). Every problem is reported at once, each at
 * its line, in a `ConfigError`.
 */
export function loadConfig(file: string): RepositoryConfig {
  const shown = relative(process.cwd(), file) || file;
  const root = dirname(resolve(file));
  const repositoryRoot = workTreeTop(root);
  const boundary = boundaryOf(repositoryRoot);
  // A configuration found in the repository may itself be a committed link: it is read only when it stays inside.
  const own = placePath(boundary, root, resolve(file));
  if (own.kind === 'outside') throw new RepositoryError(`cannot read the configuration file ${shown}: ${outsideProblem(shown, own.through)}`);
  const document = readDocument(own.kind === 'inside' ? own.real : file, shown);
  const problems = [...checked(CONFIG_SCHEMA, shown, document), ...confinementViolations(document.value, boundary, root).map((violation) => problemAt(shown, document, violation))];
  // The ignore files are read only from a configuration whose shape is right (`ignoreFiles` a list of
  // paths) and whose paths stay in the repository (outside ones are problems above, never read).
  if (problems.length > 0) throw new ConfigError(shown, problems);
  const config = document.value as RawConfig;
  const ignore = (config.ignore ?? []).map((entry, i) => ignoreEntry(entry, `${shown}:${document.at(['ignore', i]).line}`));
  for (const extra of config.ignoreFiles ?? []) {
    const path = resolve(root, extra);
    const name = relative(process.cwd(), path) || path;
    const placement = placePath(boundary, root, path);
    if (placement.kind === 'outside') throw new RepositoryError(`cannot read ${name}: ${outsideProblem(extra, placement.through)}`);
    const more = readDocument(placement.kind === 'inside' ? placement.real : path, name);
    const moreProblems = checked(IGNORE_FILE_SCHEMA, name, more);
    problems.push(...moreProblems);
    if (moreProblems.length === 0) ignore.push(...((more.value as RawConfig).ignore ?? []).map((entry, i) => ignoreEntry(entry, `${name}:${more.at(['ignore', i]).line}`)));
  }
  if (problems.length > 0) throw new ConfigError(shown, problems);
  return {
    file,
    root: dirname(file),
    repositoryRoot,
    ...(config.registry === undefined ? {} : { registry: config.registry }),
    defaults: settings(config.defaults ?? {}),
    subjects: (config.subjects ?? []).map((rule, i) => ({ ...settings(rule), files: list(rule.files), exclude: list(rule.exclude), name: `subjects[${i}]` }) satisfies SubjectRule),
    references: list(config.references),
    ...(config.referenceUrls === undefined ? {} : { referenceUrls: Object.entries(config.referenceUrls).map(([url, path]) => ({ url, path })) }),
    importPaths: config.protobuf?.importPaths ?? [],
    ignoreUnstablePackages: config.protobuf?.ignoreUnstablePackages ?? false,
    exclude: list(config.exclude),
    ignore,
  };
}

/** A file with only `ignore` entries (what `--write-baseline` writes, named in `ignoreFiles`). */
const IGNORE_FILE_SCHEMA: Readonly<Record<string, unknown>> = {
  type: 'object',
  additionalProperties: false,
  properties: { ignore: { type: 'array', items: { $ref: '#/definitions/ignoreEntry' } } },
  definitions: (schemaJson as { definitions: unknown }).definitions,
};

interface RawSettings {
  readonly strategy?: string;
  readonly against?: string;
  readonly subject?: string;
  readonly topic?: string;
  readonly type?: string;
  readonly profile?: string;
  readonly policy?: string;
  readonly failOn?: string;
  readonly rules?: string;
  readonly skipUnparseable?: boolean;
  readonly findings?: string;
}

interface RawConfig {
  readonly registry?: string;
  readonly defaults?: RawSettings;
  readonly subjects?: ReadonlyArray<RawSettings & { readonly files: string | readonly string[]; readonly exclude?: string | readonly string[] }>;
  readonly references?: string | readonly string[];
  readonly referenceUrls?: Readonly<Record<string, string>>;
  readonly exclude?: string | readonly string[];
  readonly protobuf?: { readonly importPaths?: readonly string[]; readonly ignoreUnstablePackages?: boolean };
  readonly ignore?: readonly RawIgnore[];
  readonly ignoreFiles?: readonly string[];
}

type RawIgnore = Omit<IgnoreEntry, 'where'>;

function readDocument(file: string, shown: string): Located {
  let text: string;
  try {
    text = readRegularFile(file);
  } catch (error: unknown) {
    throw new RepositoryError(`cannot read the configuration file ${shown}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (document.errors.length > 0) {
    throw new ConfigError(shown, document.errors.map((error) => {
      const position = lineCounter.linePos(error.pos[0]);
      // The parser's first line only, cut short: it may quote the text, and the text may not be a configuration at all.
      return { file: shown, line: position.line, column: position.col, path: '', rule: 'yaml', message: excerpt(error.message.split('\n')[0] ?? error.message, YAML_MESSAGE_LENGTH) };
    }));
  }
  let value: unknown;
  try {
    value = document.toJS();
  } catch (error: unknown) {
    // yaml stops expanding past 100 alias uses (its maxAliasCount, a "billion laughs" guard): a configuration error at the first alias.
    const position = lineCounter.linePos(firstAliasOffset(document));
    const excessive = error instanceof Error && /alias/i.test(error.message);
    throw new ConfigError(shown, [{
      file: shown, line: position.line, column: position.col, path: '', rule: 'yaml',
      message: excessive ? 'too many alias uses (*name): more than 100 values expanded from anchors, which a YAML bomb is made of; write the values out' : `cannot read the YAML: ${error instanceof Error ? error.message : String(error)}`,
    }]);
  }
  return { value, at: (path, key = false) => positionOf(document, lineCounter, path, key) };
}

/** Where the document's first alias (`*name`) starts; 0 without one. */
function firstAliasOffset(document: Document): number {
  let offset = 0;
  visit(document, {
    Alias: (_key, node) => {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}

/** The line and column of a path's value (of its key with `key`), or of the nearest existing parent when absent. */
function positionOf(document: Document, lineCounter: LineCounter, path: ReadonlyArray<string | number>, key: boolean): { line: number; column: number } {
  for (let depth = path.length; depth >= 0; depth--) {
    const parent = depth === 0 ? undefined : document.getIn(path.slice(0, depth - 1), true);
    const last = path[depth - 1];
    const pair = key && depth === path.length && isMap(parent) ? parent.items.find((item) => (item.key as { value?: unknown } | null)?.value === last) : undefined;
    const node = (pair?.key ?? document.getIn(path.slice(0, depth), true)) as { range?: [number, number, number] } | undefined;
    const start = node?.range?.[0] ?? (depth === 0 ? (document.contents as { range?: [number, number, number] } | null)?.range?.[0] : undefined);
    if (start !== undefined) {
      const { line, col } = lineCounter.linePos(start);
      return { line, column: col };
    }
  }
  return { line: 1, column: 1 };
}

/** The problems of a document: its shape against `schema`, and what the schema cannot say. */
function checked(schema: Readonly<Record<string, unknown>>, name: string, document: Located): ConfigProblem[] {
  return [...checkAgainstSchema(schema, document.value), ...meaningViolations(document.value)].map((violation) => problemAt(name, document, violation));
}

function problemAt(file: string, document: Located, violation: Violation): ConfigProblem {
  const { line, column } = document.at(violation.path, violation.rule === 'additionalProperties');
  return { file, line, column, path: pathText(violation.path), rule: violation.rule, message: violation.message };
}

/** `subjects[1].strategy`. */
function pathText(path: ReadonlyArray<string | number>): string {
  return path.map((step, i) => (typeof step === 'number' ? `[${step}]` : `${i === 0 ? '' : '.'}${step}`)).join('');
}

/** What the schema cannot say: each source parses, templates use known placeholders, dates are dates, reasons are written. */
function meaningViolations(value: unknown): Violation[] {
  if (typeof value !== 'object' || value === null) return [];
  const config = value as RawConfig;
  const found: Violation[] = [];
  const checkSettings = (raw: RawSettings | undefined | null, at: ReadonlyArray<string | number>): void => {
    if (raw === undefined || raw === null || typeof raw !== 'object') return;
    if (typeof raw.against === 'string') {
      try {
        parseSource(raw.against);
      } catch (error: unknown) {
        found.push({ path: [...at, 'against'], rule: 'source', message: error instanceof Error ? error.message : String(error) });
      }
    }
    for (const key of ['subject', 'topic'] as const) {
      const template = raw[key];
      if (typeof template !== 'string') continue;
      for (const [, name] of template.matchAll(/\{([^}]*)\}/g)) {
        if (!PLACEHOLDERS.has(name as string)) found.push({ path: [...at, key], rule: 'template', message: `unknown placeholder {${excerpt(name as string)}} (known: {name}, {dir}, {path})` });
      }
    }
  };
  checkSettings(config.defaults, ['defaults']);
  if (Array.isArray(config.subjects)) {
    config.subjects.forEach((rule, i) => {
      checkSettings(rule, ['subjects', i]);
      // A rule set on a rule that says its files are a type it does not apply to can only be a mistake (listSubjects checks the files themselves).
      if (rule !== null && typeof rule === 'object' && typeof rule.rules === 'string' && typeof rule.type === 'string' && !ruleSetTypes(rule.rules as RuleSetName).includes(schemaTypeName(rule.type))) {
        const whose = rule.rules === 'pulsar-native-advanced' ? 'Pulsar\'s PROTOBUF_NATIVE rules' : 'Protobuf\'s';
        found.push({ path: ['subjects', i, 'rules'], rule: 'rules', message: `rules (${rule.rules}) are ${whose}, and this rule's type is ${rule.type}: remove one of them` });
      }
    });
  }
  if (Array.isArray(config.ignore)) {
    config.ignore.forEach((entry: RawIgnore | null, i) => {
      if (typeof entry !== 'object' || entry === null) return;
      if (typeof entry.reason === 'string' && /^\s*todo\b/i.test(entry.reason)) {
        found.push({ path: ['ignore', i, 'reason'], rule: 'reason', message: 'say why this break is approved: a reason of TODO (what --write-baseline writes) is refused' });
      }
      if (typeof entry.until === 'string' && !isCalendarDate(entry.until)) found.push({ path: ['ignore', i, 'until'], rule: 'until', message: `${excerpt(entry.until)} is not a date (YYYY-MM-DD)` });
    });
  }
  return found;
}

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A configuration's `type` (`key-value`, as the CLI's --type) as the library names it (`KEY_VALUE`); the JSON schema has checked the name. */
function schemaTypeName(type: string): NonNullable<SubjectSettings['type']> {
  return type.toUpperCase().replace('-', '_') as NonNullable<SubjectSettings['type']>;
}

function settings(raw: RawSettings): SubjectSettings {
  return {
    ...(raw.strategy === undefined ? {} : { strategy: parseStrategy(raw.strategy) }),
    ...(raw.against === undefined ? {} : { against: raw.against }),
    ...(raw.subject === undefined ? {} : { subject: raw.subject }),
    ...(raw.topic === undefined ? {} : { topic: raw.topic }),
    ...(raw.type === undefined ? {} : { type: schemaTypeName(raw.type) }),
    ...(raw.profile === undefined ? {} : { profile: raw.profile as AvroProfile }),
    ...(raw.policy === undefined ? {} : { policy: raw.policy as JsonSchemaPolicy }),
    ...(raw.failOn === undefined ? {} : { failOn: raw.failOn as FailOnLevel }),
    ...(raw.rules === undefined ? {} : { rules: raw.rules as RuleSetName }),
    ...(raw.skipUnparseable === undefined ? {} : { skipUnparseable: raw.skipUnparseable }),
    ...(raw.findings === undefined ? {} : { findings: raw.findings as FindingsScope }),
  };
}

function ignoreEntry(raw: RawIgnore, where: string): IgnoreEntry {
  return { ...raw, where };
}

function list(value: string | readonly string[] | undefined): string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : [...value];
}
