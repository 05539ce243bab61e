import { CheckerRegistry } from '../index.js';
import type { AvroProfile, JsonSchemaPolicy, SchemaChecker } from '../index.js';
import type { ProtobufRules, RuleSetName } from '../protobuf/rule-sets.js';
import { InputError } from './io.js';

/** Whose rules the built-in checkers follow where Confluent and Pulsar differ (Pulsar's Avro-defined JSON). */
export type RegistryFlavour = 'confluent' | 'pulsar';

/**
 * The checkers a check needs. AVRO, JSON and Pulsar's primitive types come with
 * `CheckerRegistry.withDefaults`; PROTOBUF is loaded only when a Protobuf schema is checked, because
 * protobufjs is an optional peer dependency that a user of Avro alone need not install.
 */
export async function checkersFor(types: ReadonlySet<string>, profile: AvroProfile, policy: JsonSchemaPolicy = 'STRICT', flavour: RegistryFlavour = 'confluent', rules: RuleSetName = 'confluent'): Promise<CheckerRegistry> {
  const registry = CheckerRegistry.withDefaults({ avro: { profile }, json: { policy, registry: flavour } });
  const native = rules === 'pulsar-native-advanced';
  if (types.has('PROTOBUF') && !registry.has('PROTOBUF')) registry.register(await loadProtobufChecker(native ? 'confluent' : rules));
  if (types.has('PROTOBUF_NATIVE')) registry.register(await loadNativeChecker(native));
  else if (types.has('KEY_VALUE')) await registerNativeIfInstalled(registry, native);
  for (const type of types) {
    if (!registry.has(type)) throw new InputError(`${type} schemas are not supported by this version of schema-compat (supported: AVRO, JSON, PROTOBUF, PROTOBUF_NATIVE, KEY_VALUE and Pulsar's primitive types)`);
  }
  return registry;
}

/** The Protobuf checker (Confluent's rules unless `rules` says Buf's) from its own entry point, with a clear message when protobufjs is not installed. */
export async function loadProtobufChecker(rules: ProtobufRules = 'confluent'): Promise<SchemaChecker<unknown>> {
  try {
    const { ProtobufChecker } = await import('../protobuf/index.js');
    return new ProtobufChecker({ rules }) as SchemaChecker<unknown>;
  } catch (error: unknown) {
    if (isMissingProtobufjs(error)) throw new InputError(PROTOBUFJS_MISSING);
    throw error;
  }
}

/**
 * Pulsar's PROTOBUF_NATIVE checker from schema-compat/protobuf (its mainline root-message rule, or with
 * `advanced` its opt-in ProtobufNativeSchemaAdvancedCompatibilityCheck), with a clear message when
 * protobufjs is not installed.
 */
export async function loadNativeChecker(advanced = false): Promise<SchemaChecker<unknown>> {
  try {
    const { ProtobufNativeChecker } = await import('../protobuf/index.js');
    return new ProtobufNativeChecker({ rules: advanced ? 'advanced' : 'root-message' }) as SchemaChecker<unknown>;
  } catch (error: unknown) {
    if (isMissingProtobufjs(error)) throw new InputError(PROTOBUFJS_MISSING);
    throw error;
  }
}

/** A KeyValue side may be PROTOBUF_NATIVE: its checker is there when protobufjs is installed (the side says so otherwise). */
async function registerNativeIfInstalled(registry: CheckerRegistry, advanced: boolean): Promise<void> {
  try {
    registry.register(await loadNativeChecker(advanced));
  } catch (error: unknown) {
    if (!(error instanceof InputError)) throw error;
  }
}

/**
 * The built-in checkers, plus Protobuf's when protobufjs is installed (`serve` accepts what it can
 * check); `protobuf` says whether it is on.
 */
export async function availableCheckers(mode: RegistryFlavour): Promise<{ registry: CheckerRegistry; protobuf: boolean }> {
  const registry = CheckerRegistry.withDefaults({ avro: { profile: mode }, json: { registry: mode } });
  try {
    registry.register(await loadProtobufChecker());
    if (mode === 'pulsar') registry.register(await loadNativeChecker());
    return { registry, protobuf: true };
  } catch (error: unknown) {
    if (!(error instanceof InputError)) throw error;
    return { registry, protobuf: false };
  }
}

const PROTOBUFJS_MISSING = 'Protobuf schemas need the optional peer dependency protobufjs, which is not installed: run `npm install protobufjs` (version 7 or 8) next to schema-compat';

/**
 * protobufjs is absent: the Protobuf entry says so with its own error (`PROTOBUFJS_MISSING`, a
 * stable code that holds across bundled copies of the class), and a loader that fails before the
 * entry runs reports a module not found.
 */
function isMissingProtobufjs(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'PROTOBUFJS_MISSING') return true;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && error instanceof Error && error.message.includes('protobufjs');
}
