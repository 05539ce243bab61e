import { isJsonObject, unescapePointerToken } from '../../util/json.js';
import type { JsonValue } from '../../util/json.js';
import type { Extra, JsonNode, ObjectNode } from '../model.js';
import { InstanceGenerator } from '../instance/generate.js';
import { ANY_VALUES } from '../instance/generate-scalars.js';
import { stretchPast } from '../instance/generate-variants.js';
import { compilePattern } from '../instance/validate.js';
import { sampleRegex } from '../instance/regex-sample.js';

/** One level of the instance on the way to a finding: the writer's and the reader's schema there, and the key or index taken. */
export interface Step {
  readonly writer: JsonNode;
  /** Undefined where the reader has no schema for this place (a closed model, or a location it does not follow). */
  readonly reader: JsonNode | undefined;
  readonly token: string | number;
  /**
   * For a location that names any of several items (`items` without an index, `contains`,
   * `additionalItems`): the first index of that range, taken back to where the reader's own extra
   * items start when its tuple is shorter.
   */
  readonly from?: number;
}

/**
 * Where in an instance a finding's location lands: the steps from the root, and the values the
 * writer allows there (simplest and edge values first). A `propertyNames` location lands on the
 * object: its values are objects with one name each.
 */
export interface Site {
  readonly steps: readonly Step[];
  /** The reader's schema at the place the steps reach (the root's without steps); undefined where it has none. */
  readonly reader: JsonNode | undefined;
  /** Built as they are asked for (each pass builds them again): the caller stops after a bounded number. */
  readonly values: Iterable<JsonValue>;
}

const COMBINATORS = new Set(['allOf', 'anyOf', 'oneOf']);

/**
 * Follows a finding's location (`#/properties/a/items/0/maxLength`: schema keywords, Confluent's
 * path form) through the writer schema to the instance place it speaks about. The location names
 * the writer's keyword branches (`allOf/1`); branches built from a `type` array or from mixed
 * keyword families are not in it, so the part that holds the next keyword is chosen.
 */
export function locateSite(generator: InstanceGenerator, reader: JsonNode, writer: JsonNode, location: string): Site {
  const tokens = location.replace(/^#\/?/, '').split('/').filter((token) => token !== '').map(unescapePointerToken);
  const steps: Step[] = [];
  let node: JsonNode | undefined = writer;
  let values: (() => readonly JsonValue[]) | undefined;
  let names: ObjectNode | undefined;
  // How many tokens the steps taken so far consumed: the reader's schema at the place is followed along them.
  let reached = 0;
  const step = (start: number, token: string | number, range?: 'items' | 'extra'): void => {
    const readerHere = followLocation(reader, tokens.slice(0, start));
    const readerArray = range === 'extra' && readerHere ? partWith(readerHere, (part) => part.kind === 'array') : undefined;
    const readerTuple = readerArray?.kind === 'array' ? readerArray.tuple?.length ?? 0 : Infinity;
    const from = range !== undefined && typeof token === 'number' ? Math.min(token, readerTuple) : undefined;
    steps.push({ writer: node as JsonNode, reader: readerHere, token, ...(from === undefined ? {} : { from }) });
  };
  for (let i = 0; i < tokens.length && node !== undefined; i++) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    if (COMBINATORS.has(token) && next !== undefined && /^\d+$/.test(next)) {
      const combined = partWith(node, (part) => part.kind === 'combined' && part.origin === 'keyword' && part.criterion === token);
      const branch = combined?.kind === 'combined' ? combined.subschemas[Number(next)] : undefined;
      if (branch === undefined) break;
      node = branch;
      i++;
      continue;
    }
    if ((token === 'properties' || token === 'patternProperties') && next !== undefined) {
      const object = objectPart(node);
      // A location that points nowhere in the writer: the whole writer's instances are tried instead.
      if (object === undefined) break;
      const key = token === 'properties' ? next : patternKey(object, next);
      step(i, key);
      node = token === 'properties' ? object.properties.get(key) : object.patternProperties.find((entry) => entry.source === next)?.schema;
      values = (): readonly JsonValue[] => generator.propertyValues(object, key);
      i++;
      reached = i + 1;
      continue;
    }
    if (token === 'additionalProperties' || token === 'unevaluatedProperties') {
      const object = objectPart(node);
      if (object === undefined) break;
      const key = ['extra', 'x', 'z9'].find((name) => !object.properties.has(name) && !object.patternProperties.some((entry) => entry.regex.test(name))) ?? 'extra';
      step(i, key);
      // The extra schema itself: a location may go on into it (`additionalProperties/properties/b`).
      node = extraSchema(object[token]);
      values = (): readonly JsonValue[] => generator.propertyValues(object, key);
      reached = i + 1;
      continue;
    }
    const array = partWith(node, (part) => part.kind === 'array');
    if (array?.kind === 'array' && (token === 'items' || token === 'additionalItems' || token === 'unevaluatedItems' || token === 'contains')) {
      const tupleLength = array.tuple?.length ?? 0;
      const position = token === 'items' && next !== undefined && /^\d+$/.test(next) ? Number(next) : token === 'items' || token === 'contains' ? 0 : tupleLength;
      const indexed = token === 'items' && next !== undefined && /^\d+$/.test(next);
      step(i, position, indexed ? undefined : token === 'additionalItems' || token === 'unevaluatedItems' ? 'extra' : 'items');
      if (token === 'items' && next !== undefined && /^\d+$/.test(next)) i++;
      reached = i + 1;
      const item = token === 'contains' ? array.contains : array.tuple?.[position] ?? array.allItems ?? (array.additionalItems.kind === 'schema' ? array.additionalItems.schema : undefined);
      node = item;
      values = undefined;
      continue;
    }
    if (token === 'propertyNames') names = objectPart(node);
    break;
  }
  const readerPlace = followLocation(reader, tokens.slice(0, reached));
  if (names !== undefined) return { steps, reader: readerPlace, values: namedObjects(generator, names) };
  const local = node;
  const own = local === undefined ? (values?.() ?? ANY_VALUES) : generator.instances(local);
  const writerObject = objectPart(local ?? steps[steps.length - 1]?.writer ?? writer);
  const target = followLocation(reader, tokens);
  return {
    steps,
    reader: readerPlace,
    values: {
      *[Symbol.iterator]() {
        yield* own;
        yield* stretchPast(generator, target, writerObject, own);
        yield* ANY_VALUES;
      },
    },
  };
}

/** Objects of the writer's with one more name each: the names its `propertyNames` allows, then plain ones. */
function namedObjects(generator: InstanceGenerator, object: ObjectNode): JsonValue[] {
  const base = generator.instances(object).find(isJsonObject) ?? {};
  const allowed = object.propertyNames ? generator.instances(object.propertyNames) : [];
  const keys = [...allowed.filter((value): value is string => typeof value === 'string'), 'a', 'x', 'B', '0', ''];
  return keys.flatMap((key) => generator.propertyValues(object, key).slice(0, 2).map((value) => ({ ...base, [key]: value })));
}

/**
 * A name `source` matches, preferring one the writer allows (the pattern may be the reader's alone,
 * and a closed writer takes only names it declares or matches) and that no other pattern of the
 * writer matches (so only this pattern's schema applies).
 */
function patternKey(object: ObjectNode | undefined, source: string): string {
  if (object?.properties.has(source)) return source;
  const samples = [0, 1, 2].flatMap((stretch) => [sampleRegex(source, stretch, stretch)]).filter((sample): sample is string => sample !== undefined);
  const keys = samples.flatMap((sample) => [sample, `a${sample}`, `${sample}a`, `_${sample}`]).filter((key) => compilePattern(source).test(key));
  const alone = (key: string): boolean => !object?.properties.has(key) && (object?.patternProperties ?? []).every((entry) => entry.source === source || !entry.regex.test(key));
  const allowed = (key: string): boolean => object === undefined || object.properties.has(key) || object.patternProperties.some((entry) => entry.regex.test(key)) || !isClosed(object);
  return keys.find((key) => alone(key) && allowed(key)) ?? keys.find(allowed) ?? keys.find(alone) ?? keys[0] ?? source;
}

function isClosed(object: ObjectNode): boolean {
  const extra = object.additionalProperties.kind !== 'absent' ? object.additionalProperties : object.unevaluatedProperties;
  return extra.kind === 'boolean' && !extra.value;
}

/** The reader's schema at the place a location names (the same keywords, its own branches where it has them). */
function followLocation(reader: JsonNode, tokens: readonly string[]): JsonNode | undefined {
  let node: JsonNode | undefined = reader;
  for (let i = 0; i < tokens.length && node !== undefined; i++) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    const numbered = next !== undefined && /^\d+$/.test(next);
    if (COMBINATORS.has(token) && numbered) {
      const combined = partWith(node, (part) => part.kind === 'combined' && part.origin === 'keyword' && part.criterion === token);
      if (combined?.kind === 'combined') node = combined.subschemas[Number(next)] ?? node;
      i++;
      continue;
    }
    const object = objectPart(node);
    const array = partWith(node, (part) => part.kind === 'array');
    const items = array?.kind === 'array' ? array : undefined;
    if ((token === 'properties' || token === 'patternProperties') && next !== undefined) {
      node = object?.properties.get(next) ?? object?.patternProperties.find((entry) => entry.source === next || entry.regex.test(next))?.schema ?? extraSchema(object?.additionalProperties);
      i++;
    } else if (token === 'additionalProperties' || token === 'unevaluatedProperties') node = extraSchema(object?.[token]);
    else if (token === 'items' && numbered) {
      node = items?.tuple?.[Number(next)] ?? items?.allItems ?? extraSchema(items?.additionalItems);
      i++;
    } else if (token === 'items') node = items?.allItems;
    else if (token === 'additionalItems' || token === 'unevaluatedItems') node = extraSchema(items?.[token]);
    else if (token === 'contains' || token === 'propertyNames') node = token === 'contains' ? items?.contains : object?.propertyNames;
    else break;
  }
  return node;
}

function extraSchema(extra: Extra | undefined): JsonNode | undefined {
  return extra?.kind === 'schema' ? extra.schema : undefined;
}

/** The node itself, or the part of a mixed-keyword `allOf` / `type`-array `anyOf` that satisfies `test`. */
function partWith(node: JsonNode, test: (part: JsonNode) => boolean): JsonNode | undefined {
  let current = node;
  while (current.kind === 'ref') current = current.target();
  if (test(current)) return current;
  if (current.kind === 'combined' && current.origin !== 'keyword') {
    for (const part of current.subschemas) {
      const found = partWith(part, test);
      if (found) return found;
    }
  }
  return undefined;
}

function objectPart(node: JsonNode): ObjectNode | undefined {
  const part = partWith(node, (candidate) => candidate.kind === 'object');
  return part?.kind === 'object' ? part : undefined;
}
