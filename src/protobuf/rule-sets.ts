/** Which rule set decides: Confluent's diff (default), or Buf's WIRE or WIRE_JSON breaking-change category. */
export type ProtobufRules = 'confluent' | 'buf-wire' | 'buf-wire-json';

/**
 * Every `ProtobufRules` name, in the order help and errors list them. A module of its own (no
 * protobufjs), so that the CLI and the repository check can name the rule sets without loading the parser.
 */
export const PROTOBUF_RULES: readonly ProtobufRules[] = ['confluent', 'buf-wire', 'buf-wire-json'];
