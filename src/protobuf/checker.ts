import type { ParseOptions, Roles, SchemaChecker } from '../checkers/types.js';
import { CheckTooDeepError, InvalidOptionError } from 'schema-compat';
import type { ChangeDraft } from '../diff/change.js';
import type { Finding, PairResult } from '../result.js';
import { protobufChanges } from './changes.js';
import { checkBuf } from './buf/check.js';
import type { BufCategory } from './buf/rules.js';
import { BUF_CATEGORY_RULES, describeBufFinding } from './buf/rules.js';
import { COMPATIBLE_CHANGES, INCOMPATIBLE_TEMPLATES, ProtobufChangeType } from './confluent/differences.js';
import { diffSchemas } from './confluent/schema-diff.js';
import { sameProtobufSchema } from './identity.js';
import type { ProtobufSchema } from './model.js';
import type { ProtobufParseOptions } from './parse.js';
import { parseProtobuf } from './parse.js';
import { ProtobufReferenceCache } from './reference-cache.js';
import { PROTOBUF_RULES } from './rule-sets.js';
import type { ProtobufRules } from './rule-sets.js';
import { oneOf, readOptions } from './options.js';
import { checkPulsarRoot, describePulsarFinding, PulsarProtobufFindingType } from './pulsar.js';

export type { ProtobufRules } from './rule-sets.js';

export interface ProtobufCheckerOptions {
  /** `confluent` (default): Confluent Schema Registry's Protobuf rules. `buf-wire`, `buf-wire-json`: Buf's categories. */
  readonly rules?: ProtobufRules;
  /** `pulsar`: Pulsar's PROTOBUF_NATIVE check (the root message's full name may not change), instead of `rules`. */
  readonly registry?: 'confluent' | 'pulsar';
  /**
   * `warnings`: Confluent's compatible differences (FIELD_ADDED, MESSAGE_MOVED, ...) are reported as
   * `warnings`, so a check lists every change. Default `ignore`: only incompatibilities. `diff()` gives them anyway.
   */
  readonly changes?: 'ignore' | 'warnings';
}

/** One difference of Confluent's diff, with whether Confluent counts it as compatible. */
export interface ProtobufDifference extends Finding {
  readonly compatible: boolean;
}

const BUF_CATEGORY: Readonly<Record<Exclude<ProtobufRules, 'confluent'>, BufCategory>> = { 'buf-wire': 'WIRE', 'buf-wire-json': 'WIRE_JSON' };

/** The Protobuf checker: Confluent's rules by default, Buf's WIRE / WIRE_JSON categories or Pulsar's root-message rule as options. */
export class ProtobufChecker implements SchemaChecker<ProtobufSchema> {
  readonly schemaType = 'PROTOBUF';
  readonly rules: ProtobufRules;
  readonly registry: 'confluent' | 'pulsar';
  private readonly changes: 'ignore' | 'warnings';
  /**
   * Google's well-known types as this checker parsed them (immutable texts, so shared by every
   * call). A # field: not part of the checker's state as JSON shows it (the server rebuilds checkers
   * for its workers from that state).
   */
  readonly #wellKnown = new ProtobufReferenceCache();

  constructor(options: ProtobufCheckerOptions = {}) {
    const read = readOptions('options', options, ['rules', 'registry', 'changes']);
    this.rules = oneOf('rules', read.rules, PROTOBUF_RULES, 'confluent');
    this.registry = oneOf('registry', read.registry, ['confluent', 'pulsar'] as const, 'confluent');
    this.changes = oneOf('changes', read.changes, ['ignore', 'warnings'] as const, 'ignore');
    if (this.registry === 'pulsar' && read.rules !== undefined) {
      throw new InvalidOptionError('rules', "Pulsar's PROTOBUF_NATIVE check has one rule (the root message); do not combine registry: 'pulsar' with rules");
    }
  }

  /**
   * Parses .proto text; `references` supply the imported files by import name; `rootMessage` names
   * Pulsar's root message; `referenceCache` shares parsed imports between calls.
   */
  parse(input: string | object, options?: ParseOptions & Pick<ProtobufParseOptions, 'rootMessage' | 'referenceCache'>): ProtobufSchema {
    return parseProtobuf(input, options, this.#wellKnown);
  }

  canRead(reader: ProtobufSchema, writer: ProtobufSchema): PairResult {
    if (this.registry === 'pulsar') return result(checkPulsarRoot(reader, writer), []);
    if (this.rules !== 'confluent') return result(withinStack(() => checkBuf(reader, writer, BUF_CATEGORY[this.rules as Exclude<ProtobufRules, 'confluent'>])), []);
    const differences = this.diff(writer, reader);
    const incompatibilities = differences.filter((difference) => !difference.compatible).map(asFinding);
    const warnings = this.changes === 'warnings' ? differences.filter((difference) => difference.compatible).map(asFinding) : [];
    return result(incompatibilities, warnings);
  }

  /**
   * Every difference Confluent's diff finds from `original` to `update`, compatible ones included,
   * in Confluent's order (what its `diff-schema-examples.json` lists as `changes`).
   */
  diff(original: ProtobufSchema, update: ProtobufSchema): ProtobufDifference[] {
    return withinStack(() => diffSchemas(original, update)).map((difference) => ({
      type: difference.type,
      location: difference.path,
      message: difference.detail,
      compatible: COMPATIBLE_CHANGES.has(difference.type),
    }));
  }

  /**
   * Every change from `original` to `update`, for `diffSchemas`: Confluent's diff taken both ways
   * (whatever `rules` say: the check then grades them), and option changes.
   */
  listChanges(original: ProtobufSchema, update: ProtobufSchema): readonly ChangeDraft[] {
    const detailed = (differences: readonly ProtobufDifference[]): { type: string; path: string; detail: string; compatible: boolean }[] => differences.map((difference) => ({ type: difference.type, path: difference.location, detail: difference.message, compatible: difference.compatible }));
    return protobufChanges(detailed(this.diff(original, update)), detailed(this.diff(update, original)), original, update);
  }

  /** The finding types this checker can report (Confluent's 26, the category's Buf rule ids, or Pulsar's). */
  ruleIds(): readonly string[] {
    if (this.registry === 'pulsar') return Object.values(PulsarProtobufFindingType);
    if (this.rules !== 'confluent') return [...BUF_CATEGORY_RULES[BUF_CATEGORY[this.rules]]];
    return Object.values(ProtobufChangeType);
  }

  isIdentical(a: ProtobufSchema, b: ProtobufSchema): boolean {
    return sameProtobufSchema(a, b);
  }

  describe(finding: Finding, roles: Roles): string {
    if (this.registry === 'pulsar') return describePulsarFinding(finding, roles);
    if (this.rules !== 'confluent') return describeBufFinding(finding, roles);
    const template = INCOMPATIBLE_TEMPLATES[finding.type] ?? `${finding.type} at path '{path}' (the {reader} schema reading the {writer} schema): ${finding.message}`;
    return template.replace('{path}', finding.location).replace('{reader}', roles.reader).replace('{writer}', roles.writer);
  }
}

/**
 * Runs a comparison that follows message references depth first; a chain of references longer
 * than the JavaScript stack allows (thousands of messages each holding the next) is a
 * `CheckTooDeepError`, as in the Avro and JSON Schema checkers, never a RangeError.
 */
function withinStack<T>(compare: () => T): T {
  try {
    return compare();
  } catch (error) {
    if (error instanceof RangeError) throw new CheckTooDeepError('the two Protobuf schemas nest too deeply for the comparison (chains of thousands of messages, each referring to the next)');
    throw error;
  }
}

function asFinding(difference: ProtobufDifference): Finding {
  return { type: difference.type, location: difference.location, message: difference.message };
}

function result(incompatibilities: readonly Finding[], warnings: readonly Finding[]): PairResult {
  return { compatible: incompatibilities.length === 0, incompatibilities, warnings };
}
