import { CheckerRegistry } from '../index.js';
import type { AvroProfile, JsonSchemaPolicy, SchemaChecker } from '../index.js';
import { InputError } from './io.js';
import type { CliSchemaType } from './schema-files.js';

/**
 * The checkers a check needs. AVRO and JSON come with
 * `CheckerRegistry.withDefaults`; PROTOBUF is loaded only when a .proto file is checked, because
 * protobufjs is an optional peer dependency that a user of Avro alone need not install.
 */
export async function checkersFor(types: ReadonlySet<CliSchemaType>, profile: AvroProfile, policy: JsonSchemaPolicy = 'STRICT'): Promise<CheckerRegistry> {
  const registry = CheckerRegistry.withDefaults({ avro: { profile }, json: { policy } });
  if (types.has('PROTOBUF') && !registry.has('PROTOBUF')) registry.register(await loadProtobufChecker());
  for (const type of types) {
    if (!registry.has(type)) throw new InputError(`${type} schemas are not supported by this version of schema-compat (supported: ${registry.types().filter((known) => known === 'AVRO' || known === 'JSON' || known === 'PROTOBUF').join(', ')})`);
  }
  return registry;
}

/** The Protobuf checker from its own entry point, with a clear message when protobufjs is not installed. */
export async function loadProtobufChecker(): Promise<SchemaChecker<unknown>> {
  try {
    const { ProtobufChecker } = await import('../protobuf/index.js');
    return new ProtobufChecker() as SchemaChecker<unknown>;
  } catch (error: unknown) {
    // The entry throws ProtobufjsMissingError itself; a loader that fails before it runs gets the same advice.
    if (isMissingProtobufjs(error)) throw new InputError(PROTOBUFJS_MISSING);
    throw error;
  }
}

/** The built-in checkers, plus Protobuf's when protobufjs is installed (`serve` accepts what it can check). */
export async function availableCheckers(mode: 'confluent' | 'pulsar'): Promise<CheckerRegistry> {
  const registry = CheckerRegistry.withDefaults({ avro: { profile: mode }, json: { registry: mode } });
  try {
    registry.register(await loadProtobufChecker());
  } catch (error: unknown) {
    if (!(error instanceof InputError)) throw error;
  }
  return registry;
}

const PROTOBUFJS_MISSING = 'Protobuf schemas need the optional peer dependency protobufjs, which is not installed: run `npm install protobufjs` (version 7 or 8) next to schema-compat';

function isMissingProtobufjs(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && error instanceof Error && error.message.includes('protobufjs');
}
