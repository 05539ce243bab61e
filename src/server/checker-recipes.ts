import { AvroChecker, CheckerRegistry, DefaultChecker, JsonSchemaChecker, KeyValueChecker } from 'schema-compat';
import type { AvroCheckerOptions, JsonSchemaCheckerOptions, SchemaChecker } from 'schema-compat';
import type { ProtobufCheckerOptions, ProtobufNativeCheckerOptions, ProtobufRules } from 'schema-compat/protobuf';

/** How to build one built-in checker again in a worker thread: plain data. */
export type CheckerRecipe =
  | { readonly kind: 'avro'; readonly options: AvroCheckerOptions }
  | { readonly kind: 'json'; readonly options: JsonSchemaCheckerOptions }
  | { readonly kind: 'protobuf'; readonly options: ProtobufCheckerOptions }
  | { readonly kind: 'protobuf-native'; readonly options: ProtobufNativeCheckerOptions }
  | { readonly kind: 'primitive'; readonly schemaType: string }
  /** KEY_VALUE over the worker's own checkers (the same set as the server's). */
  | { readonly kind: 'key-value' };

/** The Protobuf checker classes (PROTOBUF and Pulsar's PROTOBUF_NATIVE). */
interface ProtobufClass {
  readonly checker: new (options?: ProtobufCheckerOptions) => SchemaChecker<unknown>;
  readonly native: new (options?: ProtobufNativeCheckerOptions) => SchemaChecker<unknown>;
}

/** The Protobuf checker classes, loaded only when asked (protobufjs is an optional peer dependency). */
async function loadProtobuf(): Promise<ProtobufClass | undefined> {
  try {
    const loaded = await import('schema-compat/protobuf');
    return { checker: loaded.ProtobufChecker, native: loaded.ProtobufNativeChecker };
  } catch {
    return undefined;
  }
}

/**
 * Recipes that rebuild every checker of `checkers` exactly (same class, same options), or
 * undefined when one of them is not a built-in checker: then checks stay in the server's thread.
 */
export async function recipesFor(checkers: CheckerRegistry): Promise<CheckerRecipe[] | undefined> {
  const protobuf = checkers.types().some((type) => ['PROTOBUF', 'PROTOBUF_NATIVE'].includes(checkers.get(type).schemaType.toUpperCase())) ? await loadProtobuf() : undefined;
  const recipes: CheckerRecipe[] = [];
  for (const type of checkers.types()) {
    const checker = checkers.get(type);
    const recipe = candidatesFor(checker, protobuf).find((candidate) => sameState(checker, build(candidate, protobuf, checkers)));
    if (recipe === undefined) return undefined;
    recipes.push(recipe);
  }
  return recipes;
}

/** The checkers the recipes describe (in a worker thread). */
export async function checkersFrom(recipes: readonly CheckerRecipe[]): Promise<CheckerRegistry> {
  const protobuf = recipes.some((recipe) => recipe.kind === 'protobuf' || recipe.kind === 'protobuf-native') ? await loadProtobuf() : undefined;
  const registry = new CheckerRegistry();
  for (const recipe of recipes) registry.register(build(recipe, protobuf, registry));
  return registry;
}

function build(recipe: CheckerRecipe, protobuf: ProtobufClass | undefined, registry: CheckerRegistry): SchemaChecker<unknown> {
  switch (recipe.kind) {
    case 'avro':
      return new AvroChecker(recipe.options) as SchemaChecker<unknown>;
    case 'json':
      return new JsonSchemaChecker(recipe.options) as SchemaChecker<unknown>;
    case 'primitive':
      return new DefaultChecker(recipe.schemaType) as SchemaChecker<unknown>;
    case 'key-value':
      return new KeyValueChecker(registry) as SchemaChecker<unknown>;
    case 'protobuf':
      if (protobuf === undefined) throw new Error('the Protobuf checker (schema-compat/protobuf) cannot be loaded');
      return new protobuf.checker(recipe.options);
    case 'protobuf-native':
      if (protobuf === undefined) throw new Error('the PROTOBUF_NATIVE checker (schema-compat/protobuf) cannot be loaded');
      return new protobuf.native(recipe.options);
  }
}

/**
 * The recipes that may rebuild `checker`: its public settings, and every value of the settings it
 * keeps private (a few booleans and choices); `sameState` picks the one that matches.
 */
function candidatesFor(checker: SchemaChecker<unknown>, protobuf: ProtobufClass | undefined): CheckerRecipe[] {
  const proto: unknown = Object.getPrototypeOf(checker);
  if (checker instanceof AvroChecker && proto === AvroChecker.prototype) {
    return [false, true].flatMap((javaQuirks) => [true, false].map((warnings): CheckerRecipe => ({ kind: 'avro', options: { profile: checker.profile, javaQuirks, warnings } })));
  }
  if (checker instanceof JsonSchemaChecker && proto === JsonSchemaChecker.prototype) {
    const { policy, confluentQuirks, registry, defaultDraft } = checker;
    return [{ kind: 'json', options: { policy, confluentQuirks, registry, defaultDraft } }];
  }
  if (checker instanceof DefaultChecker && proto === DefaultChecker.prototype) return [{ kind: 'primitive', schemaType: checker.schemaType }];
  if (checker instanceof KeyValueChecker && proto === KeyValueChecker.prototype) return [{ kind: 'key-value' }];
  if (protobuf !== undefined && proto === protobuf.native.prototype) {
    const { rules } = checker as unknown as { readonly rules: 'root-message' | 'advanced' };
    return [{ kind: 'protobuf-native', options: { rules } }];
  }
  if (protobuf !== undefined && proto === protobuf.checker.prototype) {
    const { rules, registry } = checker as unknown as { readonly rules: ProtobufRules; readonly registry: 'confluent' | 'pulsar' };
    const base: ProtobufCheckerOptions = registry === 'pulsar' ? { registry } : { rules, registry };
    return (['ignore', 'warnings'] as const).map((changes): CheckerRecipe => ({ kind: 'protobuf', options: { ...base, changes } }));
  }
  return [];
}

/** Same class and the same settings, field by field (a checker keeps only its settings). */
function sameState(a: SchemaChecker<unknown>, b: SchemaChecker<unknown>): boolean {
  try {
    return Object.getPrototypeOf(a) === Object.getPrototypeOf(b) && JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}
