import { AvroChecker } from '../avro/checker.js';
import type { ChangeDraft } from '../diff/change.js';
import { formatChange, jsonSchemaChanges } from './changes.js';
import { combinedChange } from './combined-summary.js';
import type { AvroProfile } from '../avro/checker.js';
import type { AvroSchema } from '../avro/model.js';
import type { PairChecker, ParseOptions, Roles, SchemaChecker, SessionHistory } from '../checkers/types.js';
import { CheckTooDeepError } from '../errors.js';
import type { Explanation, Finding, PairResult } from '../result.js';
import { jsonEqual } from '../util/json-equal.js';
import { isJsonObject } from '../util/json.js';
import { ownValue } from '../util/own.js';
import type { JsonValue } from '../util/json.js';
import { booleanOption, choiceOption } from '../util/options.js';
import { compareSchemas } from './diff/compare.js';
import { DiffSession, compatibleTypesOf, hashPath } from './diff/session.js';
import { SharedResults } from './diff/shared.js';
import type { Difference, DiffRules, JsonSchemaPolicy } from './diff/session.js';
import { loadDocument, readJson } from './document/load.js';
import { jsonSchemaExplainer } from './explain/witness.js';
import { describeJsonDifference, differenceFinding } from './findings.js';
import { DEFAULT_DRAFT, DRAFTS } from './drafts.js';
import type { Draft, JsonSchemaDocument } from './model.js';
import { keepInstance } from '../util/hidden-class.js';

export interface JsonSchemaCheckerOptions {
  /** Confluent's policy: STRICT (default) or LENIENT ("treat object properties like Avro fields"). */
  readonly policy?: JsonSchemaPolicy;
  /** Answer exactly as Confluent does, including where its rules can be refuted by an instance (docs/json-schema.md). Default false. */
  readonly confluentQuirks?: boolean;
  /** Whose JSON type this is: Pulsar's JSON schemas are Avro record definitions, checked with the Avro `pulsar` profile. Default 'confluent'. */
  readonly registry?: 'confluent' | 'pulsar';
  /** The draft of documents without `$schema`. Default `draft-07`, as Confluent. */
  readonly defaultDraft?: Draft;
}

/** A parsed JSON-type schema: a JSON Schema document, or (Pulsar's JSON SchemaInfo) an Avro record definition. */
export type JsonTypeSchema = JsonSchemaDocument | { readonly kind: 'avro'; readonly avro: AvroSchema; readonly raw: JsonValue };

/** One difference between two JSON Schemas, compatible or not under the checker's policy. */
export interface JsonSchemaDifference {
  readonly type: string;
  /** Confluent's path form: `#/properties/a`, `#/` for the root. */
  readonly location: string;
  readonly compatible: boolean;
}

/** Which rules judged a pair: Confluent's JSON Schema rules, or Avro's for Pulsar's Avro-defined JSON. */
export type JsonRuleSet = 'json-schema' | 'avro';

/** Pulsar refuses a JSON schema whose format differs from the stored one (JsonSchemaCompatibilityCheck, reference/pulsar.md §2.4). */
export const JsonFormatFindingType = { SCHEMA_FORMAT_CHANGED: 'SCHEMA_FORMAT_CHANGED' } as const;

const POLICIES: readonly JsonSchemaPolicy[] = ['STRICT', 'LENIENT'];

/** JSON Schema compatibility by Confluent's rules (reference/confluent.md §3): every instance the writer accepts, the reader must accept. */
export class JsonSchemaChecker implements SchemaChecker<JsonTypeSchema> {
  readonly schemaType = 'JSON';
  readonly policy: JsonSchemaPolicy;
  readonly confluentQuirks: boolean;
  readonly registry: 'confluent' | 'pulsar';
  readonly defaultDraft: Draft;
  private readonly avro: AvroChecker;
  /** The difference types this checker's policy accepts, built once for all its comparisons. */
  private readonly compatibleTypes: ReadonlySet<string>;
  private readonly rules: DiffRules;

  constructor(options: JsonSchemaCheckerOptions = {}) {
    this.policy = choiceOption('policy', options.policy, POLICIES, 'STRICT');
    this.confluentQuirks = booleanOption('confluentQuirks', options.confluentQuirks, false);
    this.registry = choiceOption('registry', options.registry, ['confluent', 'pulsar'] as const, 'confluent');
    this.defaultDraft = choiceOption('defaultDraft', options.defaultDraft, DRAFTS, DEFAULT_DRAFT);
    const profile: AvroProfile = this.registry === 'pulsar' ? 'pulsar' : 'confluent';
    this.avro = new AvroChecker({ profile });
    this.rules = { policy: this.policy, confluentQuirks: this.confluentQuirks };
    this.compatibleTypes = compatibleTypesOf(this.rules);
  }

  parse(input: string | object, options: ParseOptions = {}): JsonTypeSchema {
    const label = options.label ?? 'schema';
    const raw = readJson(input, label);
    if (isAvroRecordDefinition(raw)) return { kind: 'avro', avro: this.avro.parse(raw as object, options), raw };
    return loadDocument(raw, label, options.references, this.defaultDraft);
  }

  canRead(reader: JsonTypeSchema, writer: JsonTypeSchema): PairResult & { readonly ruleSet: JsonRuleSet } {
    return this.canReadSharing(reader, writer, undefined);
  }

  /**
   * A checker for the pairs of one history check: with two versions or more, results of
   * self-contained sub-schema pairs are shared between the pairs (diff/shared.ts), keyed by their
   * JSON text, which is then computed once per sub-schema; a single pair is checked as `canRead` does.
   */
  openSession(history?: SessionHistory<JsonTypeSchema>): PairChecker<JsonTypeSchema> {
    if (history === undefined || history.versions.length < 2) return { canRead: (reader, writer) => this.canRead(reader, writer) };
    const shared = new SharedResults();
    return { canRead: (reader, writer) => this.canReadSharing(reader, writer, shared) };
  }

  private canReadSharing(reader: JsonTypeSchema, writer: JsonTypeSchema, shared: SharedResults | undefined): PairResult & { readonly ruleSet: JsonRuleSet } {
    if (reader.kind === 'avro' && writer.kind === 'avro') return { ...this.avro.canRead(reader.avro, writer.avro), ruleSet: 'avro' };
    if (reader.kind === 'avro' || writer.kind === 'avro') return formatChanged(reader.kind === 'avro');
    const incompatibilities: Finding[] = [];
    const session = this.session([writer, reader], shared);
    for (const difference of compareWithinStack(session, writer, reader)) {
      if (!session.isCompatibleType(difference.type)) incompatibilities.push(differenceFinding(difference.type, hashPath(difference.pointer)));
    }
    return { compatible: incompatibilities.length === 0, incompatibilities, warnings: [], ruleSet: 'json-schema' };
  }

  /**
   * Every difference from `original` to `update` (Confluent's SchemaDiff.compare, compatible ones
   * too), each marked compatible or not under this checker's policy.
   */
  diff(original: JsonSchemaDocument, update: JsonSchemaDocument): JsonSchemaDifference[] {
    const session = this.session([original, update]);
    return compareWithinStack(session, original, update).map((difference) => ({
      type: difference.type, location: hashPath(difference.pointer), compatible: session.isCompatibleType(difference.type),
    }));
  }

  /** Every change from `original` to `update`, for `diffSchemas`: Confluent's diff both ways, or Avro's for Avro-defined JSON. */
  listChanges(original: JsonTypeSchema, update: JsonTypeSchema): readonly ChangeDraft[] {
    if (original.kind === 'avro' && update.kind === 'avro') return this.avro.listChanges(original.avro, update.avro);
    if (original.kind === 'avro' || update.kind === 'avro') return [formatChange(original.kind === 'avro')];
    const paths = (differences: readonly JsonSchemaDifference[]): { type: string; path: string; compatible: boolean }[] => differences.map((difference) => ({ type: difference.type, path: difference.location, compatible: difference.compatible }));
    return jsonSchemaChanges(paths(this.diff(original, update)), paths(this.diff(update, original)), (type, path) => combinedChange(type, path, original.raw, update.raw));
  }

  /** Avro-defined JSON: the Avro checker's detail of a finding. */
  detailFinding(finding: Finding, reader: JsonTypeSchema, writer: JsonTypeSchema): readonly Finding[] | undefined {
    return reader.kind === 'avro' && writer.kind === 'avro' ? this.avro.detailFinding(finding, reader.avro, writer.avro) : undefined;
  }

  /** Confluent de-duplicates JSON schemas by their canonical text and references: the same documents whatever the key order. */
  isIdentical(a: JsonTypeSchema, b: JsonTypeSchema): boolean {
    if (a.kind === 'avro' && b.kind === 'avro') return this.avro.isIdentical(a.avro, b.avro);
    if (a.kind !== 'json-schema' || b.kind !== 'json-schema' || rootPropertiesDiffer(a, b)) return false;
    return jsonEqual(a.raw, b.raw) && jsonEqual(a.references, b.references);
  }

  describe(finding: Finding, roles: Roles): string {
    if (finding.type === JsonFormatFindingType.SCHEMA_FORMAT_CHANGED) return finding.message;
    if (!finding.location.startsWith('#')) return this.avro.describe(finding, roles);
    return describeJsonDifference(finding.type, finding.location, roles);
  }

  /**
   * A repair hint and a witness instance (valid under the writer, rejected by the reader, checked
   * by this library's validator) for each finding of `canRead(reader, writer)`; Avro-defined pairs
   * are explained by the Avro rules.
   */
  explainPair(reader: JsonTypeSchema, writer: JsonTypeSchema, roles?: Roles): (finding: Finding) => Explanation {
    if (reader.kind === 'avro' && writer.kind === 'avro') return this.avro.explainPair(reader.avro, writer.avro, roles);
    return jsonSchemaExplainer(reader, writer, roles);
  }

  /** A comparison's state; its work budget grows with the two documents' JSON text (diff/budget.ts), measured only when needed. */
  private session(documents: readonly JsonSchemaDocument[], shared?: SharedResults): DiffSession {
    return new DiffSession(this.rules, () => documents.reduce((sum, document) => sum + textLength(document), 0), shared, this.compatibleTypes);
  }
}

// V8 keeps this class's hidden classes while an instance lives (util/hidden-class.ts).
keepInstance(JsonSchemaChecker, new JsonSchemaChecker());

/** The differences of a pair; a walk deeper than the stack allows is a `CheckTooDeepError`, never a crash. */
function compareWithinStack(session: DiffSession, original: JsonSchemaDocument, update: JsonSchemaDocument): Difference[] {
  try {
    return compareSchemas(session, '', original.root, update.root);
  } catch (error: unknown) {
    if (error instanceof RangeError) throw new CheckTooDeepError('the two JSON Schemas nest too deeply for the comparison (references that lead through very long chains of distinct definitions)');
    throw error;
  }
}

/**
 * A written property of two object roots that differs, looked for in the order of the compiled map:
 * a history check asks whether the candidate is identical to each of its versions, and listing the
 * keys of a wide `properties` (as a whole-document comparison starts by doing) would cost each of
 * them the width of the schema, where the first changed property usually comes early.
 */
function rootPropertiesDiffer(a: JsonSchemaDocument, b: JsonSchemaDocument): boolean {
  if (a.root.kind !== 'object' || b.root.kind !== 'object') return false;
  // A compiled map has a name per key of the written `properties` (compile/families.ts): maps of
  // different sizes were written differently, which settles it without reading either document.
  if (a.root.properties.size !== b.root.properties.size) return true;
  if (!isJsonObject(a.raw) || !isJsonObject(b.raw)) return false;
  const left = ownValue(a.raw, 'properties');
  const right = ownValue(b.raw, 'properties');
  if (!isJsonObject(left) || !isJsonObject(right)) return false;
  for (const name of a.root.properties.keys()) if (!jsonEqual(ownValue(left, name), ownValue(right, name))) return true;
  return false;
}

/** The JSON text length of a document and its named references. */
function textLength(document: JsonSchemaDocument): number {
  return [document.raw, ...Object.values(document.references)].reduce((sum: number, value) => sum + JSON.stringify(value).length, 0);
}

/** Pulsar's JSON SchemaInfo holds an Avro record definition (reference/pulsar.md §2.4): `type: record` with `fields`, no `$schema`. */
export function isAvroRecordDefinition(raw: JsonValue): boolean {
  return isJsonObject(raw) && raw['type'] === 'record' && Array.isArray(raw['fields']) && raw['$schema'] === undefined;
}

function formatChanged(readerIsAvro: boolean): PairResult & { readonly ruleSet: JsonRuleSet } {
  const message = readerIsAvro
    ? 'Incompatible schema: the reader is an Avro record definition and the writer a JSON Schema'
    : 'Incompatible schema: expected Avro schema format for SchemaType.JSON';
  return { compatible: false, incompatibilities: [{ type: JsonFormatFindingType.SCHEMA_FORMAT_CHANGED, location: '/', message }], warnings: [], ruleSet: readerIsAvro ? 'avro' : 'json-schema' };
}
