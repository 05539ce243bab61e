import { CheckTooDeepError } from 'schema-compat';
import type { Roles, SchemaChecker } from '../../checkers/types.js';
import type { Finding, PairResult } from '../../result.js';
import { oneOf, readOptions } from '../options.js';
import { checkAdvanced, ProtobufNativeFindingType } from './advanced.js';
import { parseNative } from './data.js';
import type { ProtobufNativeParseOptions, ProtobufNativeSchema } from './data.js';

export interface ProtobufNativeCheckerOptions {
  /**
   * `root-message` (default): Pulsar's mainline ProtobufNativeSchemaCompatibilityCheck, only the root
   * message's full name may not change. `advanced`: Pulsar's opt-in
   * ProtobufNativeSchemaAdvancedCompatibilityCheck (field numbers, types, labels, defaults, enums, oneofs, ...).
   */
  readonly rules?: 'root-message' | 'advanced';
}

/**
 * Pulsar's PROTOBUF_NATIVE checker over schemas as Pulsar stores them (ProtobufNativeSchemaData,
 * reference/pulsar.md §2.5-2.6), a binary FileDescriptorSet, or `.proto` text. Identity is Pulsar's
 * dedup for the type (§1.4): the stored data, not its meaning.
 */
export class ProtobufNativeChecker implements SchemaChecker<ProtobufNativeSchema> {
  readonly schemaType = 'PROTOBUF_NATIVE';
  readonly rules: 'root-message' | 'advanced';

  constructor(options: ProtobufNativeCheckerOptions = {}) {
    const read = readOptions('options', options, ['rules']);
    this.rules = oneOf('rules', read.rules, ['root-message', 'advanced'] as const, 'root-message');
  }

  /** ProtobufNativeSchemaData (JSON text or document), a binary FileDescriptorSet (`Uint8Array`), or `.proto` text; `rootMessage` for the last two. */
  parse(input: string | object, options?: ProtobufNativeParseOptions): ProtobufNativeSchema {
    return parseNative(input, options);
  }

  canRead(reader: ProtobufNativeSchema, writer: ProtobufNativeSchema): PairResult {
    let incompatibilities: Finding[];
    if (this.rules === 'advanced') {
      try {
        incompatibilities = checkAdvanced(reader.root, writer.root);
      } catch (error) {
        if (error instanceof RangeError) throw new CheckTooDeepError('the two PROTOBUF_NATIVE schemas nest too deeply for the comparison');
        throw error;
      }
    } else {
      // ProtobufNativeSchemaCompatibilityCheck: the root message's full name, and nothing else.
      incompatibilities = reader.rootMessage === writer.rootMessage ? [] : [{
        type: ProtobufNativeFindingType.ROOT_MESSAGE_CHANGED, location: `/${reader.rootMessage}`, message: "Protobuf root message isn't allow change!",
      }];
    }
    return { compatible: incompatibilities.length === 0, incompatibilities, warnings: [] };
  }

  isIdentical(a: ProtobufNativeSchema, b: ProtobufNativeSchema): boolean {
    return a.identity === b.identity;
  }

  /** The finding types this checker can report. */
  ruleIds(): readonly string[] {
    return this.rules === 'advanced' ? Object.values(ProtobufNativeFindingType) : [ProtobufNativeFindingType.ROOT_MESSAGE_CHANGED];
  }

  describe(finding: Finding, roles: Roles): string {
    const rule = RULE_SENTENCES[finding.type] ?? 'breaks Pulsar\'s PROTOBUF_NATIVE rules';
    return `At ${finding.location.slice(1)}, the ${roles.reader} schema reading data written with the ${roles.writer} schema: ${rule} (${finding.message})`;
  }
}

const RULE_SENTENCES: Readonly<Record<string, string>> = {
  ROOT_MESSAGE_CHANGED: 'the root message changed',
  FIELD_NUMBER_CHANGED: 'a field kept its name but changed its number',
  REQUIRED_FIELD_NOT_GUARANTEED: 'the reader requires a field the writer may leave out',
  ONEOF_CONFLICT: 'fields the writer may set together are one oneof in the reader',
  MAP_CHANGED: 'a map became another kind of field, or the reverse',
  CARDINALITY_CHANGED: 'a field changed between singular and repeated',
  TYPE_CHANGED: 'a field changed its wire type',
  DEFAULT_CHANGED: 'the value a reader sees for an absent field changed',
  UTF8_VALIDATION_ADDED: 'the reader checks UTF-8 where the writer did not',
  ENUM_VALUE_NOT_READABLE: 'the reader cannot read an enum value the writer may send',
  UNSUPPORTED_FEATURE: 'the schema uses a feature the rules do not cover',
  SCHEMA_RECONSTRUCTION_FAILED: 'the schema could not be rebuilt from its descriptors',
  COMPARISON_LIMIT_EXCEEDED: 'the comparison ran out of its work budget',
};
