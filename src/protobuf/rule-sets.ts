/** Which rule set decides: Confluent's diff (default), or Buf's WIRE or WIRE_JSON breaking-change category. */
export type ProtobufRules = 'confluent' | 'buf-wire' | 'buf-wire-json';

/**
 * Every `ProtobufRules` name, in the order help and errors list them. A module of its own (no
 * protobufjs), so that the CLI and the repository check can name the rule sets without loading the parser.
 */
export const PROTOBUF_RULES: readonly ProtobufRules[] = ['confluent', 'buf-wire', 'buf-wire-json'];

/**
 * The rule sets `--rules` and a repository's `rules:` choose from: Protobuf's, and Pulsar's opt-in
 * advanced PROTOBUF_NATIVE rules (ProtobufNativeSchemaAdvancedCompatibilityCheck, reference/pulsar.md §2.6),
 * which a broker selects by naming that class in `schemaRegistryCompatibilityCheckers`.
 */
export type RuleSetName = ProtobufRules | 'pulsar-native-advanced';

/** Every `RuleSetName`, in the order help and errors list them. */
export const RULE_SETS: readonly RuleSetName[] = [...PROTOBUF_RULES, 'pulsar-native-advanced'];

/** The schema types a rule set applies to: Protobuf's to PROTOBUF; Pulsar's native rules to PROTOBUF_NATIVE and to a KEY_VALUE's PROTOBUF_NATIVE sides (the broker's KEY_VALUE checker uses the PROTOBUF_NATIVE one it is given). */
export function ruleSetTypes(rules: RuleSetName): readonly string[] {
  return rules === 'pulsar-native-advanced' ? ['PROTOBUF_NATIVE', 'KEY_VALUE'] : ['PROTOBUF'];
}
