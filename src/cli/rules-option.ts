import { RULE_SETS, ruleSetTypes } from '../protobuf/rule-sets.js';
import type { RuleSetName } from '../protobuf/rule-sets.js';
import { UsageError } from './args.js';

/** `--rules R`, case-insensitive: whose rules decide (Protobuf: Confluent's, or Buf's WIRE / WIRE_JSON category; PROTOBUF_NATIVE: Pulsar's advanced checker). */
export function rulesOption(options: Readonly<Record<string, string | true>>): RuleSetName | undefined {
  const value = options['rules'];
  if (typeof value !== 'string') return undefined;
  const found = RULE_SETS.find((name) => name === value.toLowerCase());
  if (found === undefined) throw new UsageError(`--rules must be one of ${RULE_SETS.join(', ')}, not ${JSON.stringify(value)}`);
  return found;
}

/** A rule set asked of a type it does not apply to is a usage error: it would change nothing, silently. */
export function refuseRulesFor(rules: RuleSetName | undefined, file: string, schemaType: string): void {
  if (rules === undefined || ruleSetTypes(rules).includes(schemaType)) return;
  const whose = rules === 'pulsar-native-advanced' ? 'Pulsar\'s advanced PROTOBUF_NATIVE rules (--type protobuf-native or key-value)' : 'Protobuf\'s rules';
  throw new UsageError(`--rules ${rules} chooses ${whose}, and ${file} is ${/^[AEIOU]/.test(schemaType) ? 'an' : 'a'} ${schemaType} schema: remove --rules`);
}
