import { PROTOBUF_RULES } from '../protobuf/rule-sets.js';
import type { ProtobufRules } from '../protobuf/rule-sets.js';
import { UsageError } from './args.js';

/** `--rules R`, case-insensitive: whose Protobuf rules decide (Confluent's, or Buf's WIRE / WIRE_JSON category). */
export function rulesOption(options: Readonly<Record<string, string | true>>): ProtobufRules | undefined {
  const value = options['rules'];
  if (typeof value !== 'string') return undefined;
  const found = PROTOBUF_RULES.find((name) => name === value.toLowerCase());
  if (found === undefined) throw new UsageError(`--rules must be one of ${PROTOBUF_RULES.join(', ')}, not ${JSON.stringify(value)}`);
  return found;
}

/** Protobuf's rules asked of another type's schema are a usage error: they would change nothing, silently. */
export function refuseRulesFor(rules: ProtobufRules | undefined, file: string, schemaType: string): void {
  if (rules !== undefined && schemaType !== 'PROTOBUF') throw new UsageError(`--rules ${rules} chooses Protobuf's rules, and ${file} is ${/^[AEIOU]/.test(schemaType) ? 'an' : 'a'} ${schemaType} schema: remove --rules`);
}
