import { isJsonObject } from '../../util/json.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import type { ArrayNode, JsonNode, NumberNode, ObjectNode, StringNode } from '../model.js';
import type { InstanceGenerator } from './generate.js';
import { ANY_VALUES } from './generate-scalars.js';
import type { SizeGuard } from './size.js';

/** Strings that break common patterns and formats: empty, digits, spaces, punctuation, non-ASCII. */
const ODD_STRINGS: readonly string[] = ['', '0', ' ', '-', 'A', '_', '~', 'é', 'not a date', 'aaaaaaaaaaaaaaaaaaaa'];

/**
 * Variants of `values` (instances valid under a writer place) stretched past the keywords of the
 * reader's schema at the same place: longer strings than its `maxLength`, numbers beyond its bounds
 * or off its `multipleOf`, arrays with more or repeated items, objects with more or fewer
 * properties. They may break the writer too; the caller keeps those both judge as wanted.
 */
export function* stretchPast(generator: InstanceGenerator, reader: JsonNode | undefined, writerObject: ObjectNode | undefined, values: readonly JsonValue[]): Generator<JsonValue> {
  const target = reader === undefined ? undefined : parts(reader);
  if (target === undefined) return;
  for (const node of target) {
    if (node.kind === 'string') yield* strings(generator.size, node, values);
    if (node.kind === 'number') yield* numbers(node);
    if (node.kind === 'array') yield* arrays(generator.size, node, values);
    // Objects are built one at a time, as they are asked for: a wide object has as many variants as it has names.
    if (node.kind === 'object') yield* objects(generator, node, writerObject, values);
  }
}

/** The typed parts of a schema, through `$ref`s, combinators and `not` (a few levels: schemas may be cyclic). */
function parts(node: JsonNode, depth = 0): JsonNode[] {
  let current = node;
  for (let hops = 0; current.kind === 'ref' && hops < 32; hops++) current = current.target();
  if (depth > 4) return [];
  if (current.kind === 'combined') return current.subschemas.flatMap((sub) => parts(sub, depth + 1));
  if (current.kind === 'not') return [current, ...parts(current.schema, depth + 1)];
  return [current];
}

function strings(size: SizeGuard, node: StringNode, values: readonly JsonValue[]): JsonValue[] {
  const seeds = [...values.filter((value): value is string => typeof value === 'string'), 'a'];
  const out: string[] = [];
  for (const seed of seeds.slice(0, 4)) {
    if (node.maxLength !== undefined && size.string(node.maxLength + 1)) out.push(seed.padEnd(node.maxLength + 1, seed.slice(-1) || 'a'), 'a'.repeat(node.maxLength + 1));
    if (node.minLength !== undefined && node.minLength > 0) out.push(seed.slice(0, node.minLength - 1));
  }
  return [...out, ...ODD_STRINGS];
}

function numbers(node: NumberNode): JsonValue[] {
  const out: number[] = [0.5, 1.5, -1, 0];
  if (node.maximum !== undefined) out.push(node.maximum + 1, node.maximum + 0.5);
  if (node.exclusiveMaximum !== undefined) out.push(node.exclusiveMaximum, node.exclusiveMaximum + 1);
  if (node.minimum !== undefined) out.push(node.minimum - 1, node.minimum - 0.5);
  if (node.exclusiveMinimum !== undefined) out.push(node.exclusiveMinimum, node.exclusiveMinimum - 1);
  if (node.multipleOf !== undefined) out.push(node.multipleOf / 2, node.multipleOf + 1, 1);
  return out;
}

function arrays(size: SizeGuard, node: ArrayNode, values: readonly JsonValue[]): JsonValue[] {
  const out: JsonValue[] = [];
  for (const value of values.filter((item): item is readonly JsonValue[] => Array.isArray(item)).slice(0, 4)) {
    const items = value as readonly JsonValue[];
    const last = items[items.length - 1];
    if (node.maxItems !== undefined && last !== undefined && size.items(Math.max(items.length + 1, node.maxItems + 1))) out.push([...items, ...Array<JsonValue>(Math.max(1, node.maxItems + 1 - items.length)).fill(last)]);
    if (node.minItems !== undefined && node.minItems > 0) out.push(items.slice(0, node.minItems - 1));
    if (node.uniqueItems && last !== undefined) out.push([...items, last]);
    out.push([]);
  }
  return out;
}

function* objects(generator: InstanceGenerator, node: ObjectNode, writer: ObjectNode | undefined, values: readonly JsonValue[]): Generator<JsonValue> {
  for (const value of values.filter(isJsonObject).slice(0, 4)) {
    const keys = Object.keys(value);
    if (node.maxProperties !== undefined && generator.size.properties(node.maxProperties + 1)) {
      const grown: Record<string, JsonValue> = { ...value };
      let count = keys.length;
      const names = writer ? [...writer.properties.keys(), ...generator.extraKeys(writer)] : [];
      for (let i = 0; count <= node.maxProperties && i < node.maxProperties + names.length + 2; i++) {
        const name = names[i] ?? `k${i}`;
        const extra = writer ? generator.propertyValues(writer, name)[0] : null;
        if (!(name in grown) && extra !== undefined) {
          grown[name] = extra;
          count++;
        }
      }
      yield grown;
    }
    if (node.minProperties !== undefined && node.minProperties > 0) yield pick(value, keys.slice(0, node.minProperties - 1));
    for (const name of [...node.required, ...node.dependencies.keys()]) yield pick(value, keys.filter((key) => key !== name));
    for (const [name, dependency] of node.dependencies) {
      const extra = writer ? generator.propertyValues(writer, name)[0] : null;
      if (extra === undefined) continue;
      yield* [{ [name]: extra }, { ...value, [name]: extra }];
      // A dependent schema's own properties, with values of every type: one may break it.
      const inner = dependency.kind === 'schema' ? parts(dependency.schema).find((part): part is ObjectNode => part.kind === 'object') : undefined;
      for (const other of inner?.properties.keys() ?? []) for (const filler of ANY_VALUES) yield { ...value, [name]: extra, [other]: filler };
    }
  }
}

function pick(object: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(keys.map((key) => [key, object[key] as JsonValue]));
}
