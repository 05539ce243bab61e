import type { JsonSchemaCheckerOptions } from './json-schema/checker.js';
import type { AvroCheckerOptions } from './avro/checker.js';
import { CheckerRegistry } from './checkers/registry.js';
import type { PairChecker, Roles, SchemaChecker } from './checkers/types.js';
import { InvalidOptionError, SchemaParseError } from './errors.js';
import type { CompatibilityResult, Explanation, Finding, Incompatibility } from './result.js';
import { CoreFindingType } from './result.js';
import type { ParsedSchema, SchemaInput } from './schema.js';
import { isParsedSchema, parseWith, registryOption } from './schema.js';
import type { Direction, Strategy, StrategyName } from './strategy.js';
import type { SchemaType } from './schema-type.js';
import { parseStrategy, strategyDirections, strategyScope } from './strategy.js';
import { describeError } from './util/describe.js';
import { booleanOption, readOptions, referencesOption, stringOption } from './util/options.js';

export interface CheckOptions {
  /** The schema type of inputs given as text or JSON (a `ParsedSchema` carries its own). Default `AVRO`. */
  readonly schemaType?: SchemaType;
  /** Stop after the first version that fails, as registries do. Default false: every version in scope is checked. */
  readonly stopAtFirstFailure?: boolean;
  /** Checkers to use; default the built-in ones. */
  readonly registry?: CheckerRegistry;
  /** Options of the built-in Avro checker (ignored when `registry` is given). */
  readonly avro?: AvroCheckerOptions;
  /** Options of the built-in JSON checker: policy, `confluentQuirks`, `registry: 'pulsar'` (ignored when `registry` is given). */
  readonly json?: JsonSchemaCheckerOptions;
  /** Schema references available to every input given as text or JSON. */
  readonly references?: Readonly<Record<string, string | object>>;
  /** Add a `hint` and a `witness` to every finding (computed only when asked: they cost more than the check). */
  readonly explain?: boolean;
}

interface Version {
  readonly parsed: ParsedSchema;
  readonly label: number;
}

/** Which schema reads and which writes in each direction of a pairwise check. */
export const ROLES: Readonly<Record<Direction, Roles>> = {
  BACKWARD: { reader: 'new', writer: 'old' },
  FORWARD: { reader: 'old', writer: 'new' },
};

/**
 * May `candidate` follow `history` (oldest first) under `strategy`, and if not, why? Returns every
 * incompatibility of every version in scope, newest version first. Throws only for bad input:
 * `UnknownStrategyError`, `SchemaParseError` (naming `candidate` or `history[i]`).
 */
export function checkCompatibility(strategy: StrategyName, candidate: SchemaInput, history: readonly SchemaInput[], options: CheckOptions = {}): CompatibilityResult {
  const canonical = parseStrategy(strategy);
  const length = historyLength(history);
  const read = checkOptions(options);
  const registry = checkersOf(read);
  const next = toParsed(registry, candidate, 'candidate', read);
  const versions: Version[] = [];
  for (let i = 0; i < length; i++) {
    const parsed = toParsed(registry, historyItem(history, i), `history[${i}]`, read);
    versions.push({ parsed, label: parsed.version ?? i + 1 });
  }
  const accepted = { compatible: true, strategy: canonical, checked: [], incompatibilities: [], warnings: [] };
  if (versions.length === 0) return accepted;
  const checker = registry.get(next.schemaType);
  const sameType = versions.filter((version) => version.parsed.schemaType === next.schemaType).map((version) => version.parsed.schema);
  const pairs: PairChecker<unknown> = checker.openSession ? checker.openSession({ candidate: next.schema, versions: sameType }) : checker;
  const identical = findIdentical(checker, next, versions);
  if (identical) return { compatible: true, strategy: canonical, identical: { version: identical.label }, checked: [], incompatibilities: [], warnings: [] };
  const scope = strategyScope(canonical);
  if (scope === 'none') return accepted;
  const inScope = scope === 'latest' ? versions.slice(-1) : [...versions].reverse();
  return compareWithVersions(canonical, checker, pairs, next, inScope, { stopAtFirstFailure: read.stopAtFirstFailure, explain: read.explain });
}

/** The options as read once, checked: what is not understood is an `InvalidOptionError`, never a TypeError. */
interface ReadOptions {
  readonly schemaType: string;
  readonly stopAtFirstFailure: boolean;
  readonly registry: CheckerRegistry | undefined;
  readonly avro: unknown;
  readonly json: unknown;
  readonly references: Readonly<Record<string, string | object>> | undefined;
  readonly explain: boolean;
}

function checkOptions(options: unknown): ReadOptions {
  const read = readOptions('options', options, ['schemaType', 'stopAtFirstFailure', 'registry', 'avro', 'json', 'references', 'explain']);
  return {
    schemaType: stringOption('schemaType', read.schemaType) ?? 'AVRO',
    stopAtFirstFailure: booleanOption('stopAtFirstFailure', read.stopAtFirstFailure, false),
    registry: registryOption(read.registry),
    avro: read.avro,
    json: read.json,
    references: referencesOption(read.references),
    explain: booleanOption('explain', read.explain, false),
  };
}

/** The checkers of a call: the `registry` option, else the built-in ones with the `avro` and `json` options. */
export function checkersOf(read: { readonly registry: CheckerRegistry | undefined; readonly avro: unknown; readonly json: unknown }): CheckerRegistry {
  return read.registry ?? CheckerRegistry.withDefaults({ ...(read.avro === undefined ? {} : { avro: read.avro as AvroCheckerOptions }), ...(read.json === undefined ? {} : { json: read.json as JsonSchemaCheckerOptions }) });
}

/** How many versions the history holds; anything but an array is an `InvalidOptionError`. */
export function historyLength(history: unknown): number {
  try {
    if (Array.isArray(history)) return (history as readonly unknown[]).length;
  } catch (error) {
    throw new InvalidOptionError('history', `reading it threw ${describeError(error)}`);
  }
  throw new InvalidOptionError('history', 'must be an array of schemas, oldest first');
}

/** Version `i` of the history: a hole of a sparse array, or a getter that throws, is a `SchemaParseError` naming it. */
export function historyItem(history: readonly SchemaInput[], i: number): unknown {
  const fail = (detail: string): SchemaParseError => new SchemaParseError({ input: `history[${i}]`, pointer: '', rule: 'NOT_A_SCHEMA', detail });
  let item: unknown;
  try {
    if (!Object.prototype.hasOwnProperty.call(history, i)) throw fail('no schema: a hole of a sparse array');
    item = history[i];
  } catch (error) {
    if (error instanceof SchemaParseError) throw error;
    throw fail(`reading it threw ${describeError(error)}`);
  }
  return item;
}

/** An input as a `ParsedSchema`: one already parsed is kept, text or JSON is parsed as `options.schemaType`, errors naming `label`. */
export function toParsed(registry: CheckerRegistry, input: unknown, label: string, options: Pick<ReadOptions, 'schemaType' | 'references'>): ParsedSchema {
  if (isParsedSchema(input)) return input;
  return parseWith(registry, options.schemaType, input, { label, ...(options.references ? { references: options.references } : {}) });
}

/** Registries de-duplicate before any check (Confluent's lookup, Pulsar's getSchemaVersionBySchemaData): newest match wins. */
function findIdentical(checker: SchemaChecker<unknown>, candidate: ParsedSchema, versions: readonly Version[]): Version | undefined {
  for (let i = versions.length - 1; i >= 0; i--) {
    const version = versions[i] as Version;
    if (version.parsed.schemaType === candidate.schemaType && checker.isIdentical(candidate.schema, version.parsed.schema)) return version;
  }
  return undefined;
}

function compareWithVersions(strategy: Strategy, checker: SchemaChecker<unknown>, pairs: PairChecker<unknown>, candidate: ParsedSchema, versions: readonly Version[], how: { readonly stopAtFirstFailure: boolean; readonly explain: boolean }): CompatibilityResult {
  const directions = strategyDirections(strategy);
  const checked: number[] = [];
  const incompatibilities: Incompatibility[] = [];
  const warnings: Incompatibility[] = [];
  const ruleSets = new Set<string>();
  for (const version of versions) {
    checked.push(version.label);
    const before = incompatibilities.length;
    const sameType = version.parsed.schemaType === candidate.schemaType;
    if (strategy === 'ALWAYS_INCOMPATIBLE') {
      if (!sameType) incompatibilities.push(typeChanged(candidate, version, 'BACKWARD'));
      incompatibilities.push(alwaysIncompatible(version));
    }
    for (const direction of directions) {
      if (!sameType) {
        incompatibilities.push(typeChanged(candidate, version, direction));
        continue;
      }
      const [reader, writer] = direction === 'BACKWARD' ? [candidate.schema, version.parsed.schema] : [version.parsed.schema, candidate.schema];
      const result = pairs.canRead(reader, writer);
      if (result.ruleSet !== undefined) ruleSets.add(result.ruleSet);
      let explain: ((finding: Finding) => Explanation) | undefined;
      const place = (finding: Finding): Incompatibility => {
        const placed = placeFinding(checker, finding, direction, version.label);
        if (!how.explain || !checker.explainPair) return placed;
        explain ??= checker.explainPair(reader, writer, ROLES[direction]);
        return { ...placed, ...explain(finding) };
      };
      for (const finding of result.incompatibilities) incompatibilities.push(place(finding));
      for (const finding of result.warnings) warnings.push(place(finding));
    }
    if (how.stopAtFirstFailure && incompatibilities.length > before) break;
  }
  const result = { compatible: incompatibilities.length === 0, strategy, checked, incompatibilities, warnings };
  return ruleSets.size === 0 ? result : { ...result, ruleSets: [...ruleSets] };
}

function placeFinding(checker: SchemaChecker<unknown>, finding: Finding, direction: Direction, version: number): Incompatibility {
  const description = describeFinding(checker, finding, ROLES[direction]);
  return { type: finding.type, direction, version, location: finding.location, message: finding.message, description };
}

/** The checker's sentence for a finding, or its message and location when it has none. */
export function describeFinding(checker: SchemaChecker<unknown>, finding: Finding, roles: Roles): string {
  return checker.describe ? checker.describe(finding, roles) : `${finding.message} (at ${finding.location} in the ${roles.reader} schema)`;
}

/** A version of another schema type is incompatible, except under NONE (Confluent PR #1808). */
function typeChanged(candidate: ParsedSchema, version: Version, direction: Direction): Incompatibility {
  return {
    type: CoreFindingType.SCHEMA_TYPE_CHANGED, direction, version: version.label, location: '/',
    message: 'Incompatible because of different schema type',
    description: `The schema type changed from ${version.parsed.schemaType} (version ${version.label}) to ${candidate.schemaType}`,
  };
}

function alwaysIncompatible(version: Version): Incompatibility {
  return {
    type: CoreFindingType.ALWAYS_INCOMPATIBLE, direction: 'BACKWARD', version: version.label, location: '/',
    message: 'Schema compatibility strategy is ALWAYS_INCOMPATIBLE',
    description: `The ALWAYS_INCOMPATIBLE strategy rejects every new schema after version ${version.label}; only a schema identical to an existing version is accepted`,
  };
}
