import { parseStrategy } from '../index.js';
import type { AvroProfile, JsonSchemaPolicy, Strategy } from '../index.js';
import type { OptionSpecs } from './args.js';
import { JSON_POLICIES, oneOf, profileOption, stringOption, typeOption } from './check-command.js';
import type { Options } from './check-command.js';
import { ChangesFormat } from './format-changes.js';
import type { RuleSetName } from '../protobuf/rule-sets.js';
import { rulesOption } from './rules-option.js';
import type { CliSchemaType } from './schema-files.js';

/** The options `diff` and `changelog` share. */
export const CHANGE_OPTIONS: OptionSpecs = {
  help: { takesValue: false, short: 'h' },
  format: { takesValue: true },
  type: { takesValue: true },
  profile: { takesValue: true },
  policy: { takesValue: true },
  rules: { takesValue: true },
  strategy: { takesValue: true },
  reference: { takesValue: true, repeatable: true },
};

/** What `diff` and `changelog` read from their shared options. */
export interface ChangeSettings {
  readonly format: ChangesFormat;
  readonly type: CliSchemaType | undefined;
  readonly profile: AvroProfile | undefined;
  readonly policy: JsonSchemaPolicy;
  /** `--rules`: whose rules grade the changes (Protobuf's, or Pulsar's advanced PROTOBUF_NATIVE rules); undefined: the type's default. */
  readonly rules: RuleSetName | undefined;
  /** Undefined: the source's (a registry subject's level), else BACKWARD, as `check`. */
  readonly strategy: Strategy | undefined;
}

export function changeSettings(options: Options): ChangeSettings {
  const strategy = stringOption(options, 'strategy');
  return {
    format: oneOf('format', stringOption(options, 'format') ?? ChangesFormat.TEXT, Object.values(ChangesFormat)),
    type: typeOption(options),
    profile: profileOption(options),
    policy: oneOf('policy', stringOption(options, 'policy') ?? 'STRICT', JSON_POLICIES),
    rules: rulesOption(options),
    strategy: strategy === undefined ? undefined : parseStrategy(strategy),
  };
}
