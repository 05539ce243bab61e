import type { JsonObject, JsonValue } from '../../util/json.js';
import { atLeast } from '../drafts.js';
import type { Annotations, ArrayNode, Dependency, Draft, Extra, JsonNode, NumberNode, ObjectNode, PatternProperty, StringNode } from '../model.js';
import { JsonSchemaParseRule } from '../parse-rules.js';
import { PropertyTexts } from './property-texts.js';
import type { KeywordReader } from './reader.js';

/** Compiles the sub-schema `raw` found under `keyword` of the current node (and under `token` inside it: a name, an index). */
export type SubCompiler = (raw: JsonValue, keyword: string, token?: string) => JsonNode;

export interface FamilyInput {
  readonly reader: KeywordReader;
  readonly draft: Draft;
  readonly annotations: Annotations;
  readonly sub: SubCompiler;
}

/**
 * A node under construction. Its optional fields may hold `undefined` (what a reader of an absent
 * field gets too): every node of a kind is created with all its fields in one object literal, so
 * that V8 keeps them inside the object and gives the nodes of a kind one hidden class, rather than
 * adding fields afterwards (an out-of-object backing store and a new hidden class per field added).
 */
export type Building<T> = { -readonly [K in keyof T]: {} extends Pick<T, K> ? T[K] | undefined : T[K] };

/** The node built: an optional field holding `undefined` reads as an absent one. */
export function built<T>(node: Building<T>): T {
  return node as unknown as T;
}

/**
 * The absent keyword, and the empty lists most objects have, shared by every node: frozen, so that
 * sharing is safe, and read by a check from the CPU's cache rather than from each node's memory.
 */
const ABSENT: Extra = Object.freeze({ kind: 'absent' });
const ALLOWED: Extra = Object.freeze({ kind: 'boolean', value: true });
const FORBIDDEN: Extra = Object.freeze({ kind: 'boolean', value: false });
/** Typed read-only: nothing adds to it. */
const NO_DEPENDENCIES: ReadonlyMap<string, Dependency> = Object.freeze(new Map<string, Dependency>());
const NO_PATTERNS: readonly PatternProperty[] = Object.freeze([]);
const NO_NAMES: readonly string[] = Object.freeze([]);

function extra(input: FamilyInput, key: string): Extra {
  const value = input.reader.value(key);
  if (value === undefined) return ABSENT;
  if (typeof value === 'boolean') return value ? ALLOWED : FORBIDDEN;
  return { kind: 'schema', schema: input.sub(value, key) };
}

function schemaMap(input: FamilyInput, key: string): ReadonlyMap<string, JsonNode> {
  const map = new Map<string, JsonNode>();
  const object = input.reader.object(key);
  if (object !== undefined) for (const name of Object.keys(object)) map.set(name, input.sub(object[name] as JsonValue, key, name));
  return map;
}

function patternProperties({ reader, sub }: FamilyInput): readonly PatternProperty[] {
  const object = reader.object('patternProperties');
  if (object === undefined) return NO_PATTERNS;
  return Object.keys(object).map((source) => ({ source, regex: reader.regex('patternProperties', source), schema: sub(object[source] as JsonValue, 'patternProperties', source) }));
}

function dependencies({ reader, draft, sub }: FamilyInput): ReadonlyMap<string, Dependency> {
  const laterDraft = atLeast(draft, '2019-09');
  if (!reader.has('dependencies') && !(laterDraft && (reader.has('dependentRequired') || reader.has('dependentSchemas')))) return NO_DEPENDENCIES;
  const found = new Map<string, Dependency>();
  const each = (key: string, read: (name: string, raw: JsonValue) => Dependency): void => {
    const object: JsonObject | undefined = reader.object(key);
    if (object !== undefined) for (const name of Object.keys(object)) found.set(name, read(name, object[name] as JsonValue));
  };
  each('dependencies', (name, raw) => (Array.isArray(raw) ? { kind: 'names', names: namesAt(reader, 'dependencies', name, raw) } : { kind: 'schema', schema: sub(raw, 'dependencies', name) }));
  if (laterDraft) {
    each('dependentRequired', (name, raw) => {
      if (!Array.isArray(raw)) reader.fail(['dependentRequired', name], JsonSchemaParseRule.KEYWORD_TYPE, '"dependentRequired" values must be arrays of strings');
      return { kind: 'names', names: namesAt(reader, 'dependentRequired', name, raw as readonly JsonValue[]) };
    });
    each('dependentSchemas', (name, raw) => ({ kind: 'schema', schema: sub(raw, 'dependentSchemas', name) }));
  }
  return found;
}

export function objectNode(input: FamilyInput, requiresObject: boolean): ObjectNode {
  const { reader, draft, annotations, sub } = input;
  const patterns = patternProperties(input);
  const dependencyMap = dependencies(input);
  const propertyNames = reader.has('propertyNames') && atLeast(draft, 'draft-06') ? sub(reader.value('propertyNames') as JsonValue, 'propertyNames') : undefined;
  const properties = schemaMap(input, 'properties');
  const required = reader.stringArray('required') ?? NO_NAMES;
  const node: Building<ObjectNode> = {
    kind: 'object', pointer: reader.pointer, annotations, draft, content: undefined, requiresObject,
    properties,
    required,
    additionalProperties: extra(input, 'additionalProperties'),
    patternProperties: patterns,
    unevaluatedProperties: atLeast(draft, '2019-09') ? extra(input, 'unevaluatedProperties') : ABSENT,
    minProperties: reader.count('minProperties'),
    maxProperties: reader.count('maxProperties'),
    dependencies: dependencyMap,
    propertyNames,
    propertyTexts: new PropertyTexts(properties, required, draft),
  };
  return built(node);
}

function namesAt(reader: KeywordReader, key: string, name: string, raw: readonly JsonValue[]): readonly string[] {
  raw.forEach((item, i) => {
    if (typeof item !== 'string') reader.fail([key, name, String(i)], JsonSchemaParseRule.KEYWORD_TYPE, 'dependency lists must hold property names (strings)');
  });
  return raw as readonly string[];
}

export function arrayNode(input: FamilyInput, requiresArray: boolean): ArrayNode {
  const { reader, draft, annotations, sub } = input;
  const items = reader.value('items');
  let tuple: readonly JsonNode[] | undefined;
  let allItems: JsonNode | undefined;
  let additionalItems: Extra = ABSENT;
  if (draft === '2020-12') {
    // 2020-12: `prefixItems` is the tuple, `items` the schema of the items after it (Core §10.3.1.2).
    const prefix = reader.array('prefixItems');
    if (prefix) tuple = prefix.map((raw, i) => sub(raw, 'prefixItems', String(i)));
    if (items !== undefined && Array.isArray(items)) reader.fail('items', JsonSchemaParseRule.KEYWORD_TYPE, '"items" must be a schema in 2020-12 (use "prefixItems" for a tuple)');
    if (tuple) additionalItems = extra(input, 'items');
    else if (items !== undefined) allItems = sub(items, 'items');
  } else {
    if (Array.isArray(items)) tuple = items.map((raw: JsonValue, i: number) => sub(raw, 'items', String(i)));
    else if (items !== undefined) allItems = sub(items, 'items');
    additionalItems = extra(input, 'additionalItems');
  }
  const contains = reader.has('contains') && atLeast(draft, 'draft-06') ? sub(reader.value('contains') as JsonValue, 'contains') : undefined;
  const laterDraft = atLeast(draft, '2019-09');
  const node: Building<ArrayNode> = {
    kind: 'array', pointer: reader.pointer, annotations, draft, content: undefined, requiresArray,
    allItems,
    tuple,
    additionalItems,
    unevaluatedItems: laterDraft ? extra(input, 'unevaluatedItems') : ABSENT,
    uniqueItems: reader.boolean('uniqueItems') ?? false,
    minItems: reader.count('minItems'),
    maxItems: reader.count('maxItems'),
    contains,
    minContains: laterDraft ? reader.count('minContains') : undefined,
    maxContains: laterDraft ? reader.count('maxContains') : undefined,
  };
  return built(node);
}

export function stringNode({ reader, draft, annotations }: FamilyInput, requiresString: boolean): StringNode {
  const minLength = reader.count('minLength');
  const maxLength = reader.count('maxLength');
  const pattern = reader.string('pattern');
  if (pattern !== undefined) reader.regex('pattern', pattern);
  const node: Building<StringNode> = { kind: 'string', pointer: reader.pointer, annotations, draft, content: undefined, requiresString, minLength, maxLength, pattern, format: reader.string('format') };
  return built(node);
}

export function numberNode({ reader, draft, annotations }: FamilyInput, requiresNumber: boolean, requiresInteger: boolean): NumberNode {
  let minimum = reader.number('minimum');
  let maximum = reader.number('maximum');
  let exclusiveMinimum: number | undefined;
  let exclusiveMaximum: number | undefined;
  if (draft === 'draft-04') {
    // Draft 4: `exclusiveMinimum: true` makes `minimum` exclusive (Validation draft 4 §5.1.3); read as draft 6's numeric form.
    if (reader.boolean('exclusiveMinimum') === true && minimum !== undefined) [exclusiveMinimum, minimum] = [minimum, undefined];
    if (reader.boolean('exclusiveMaximum') === true && maximum !== undefined) [exclusiveMaximum, maximum] = [maximum, undefined];
  } else {
    exclusiveMinimum = reader.number('exclusiveMinimum');
    exclusiveMaximum = reader.number('exclusiveMaximum');
  }
  const node: Building<NumberNode> = {
    kind: 'number', pointer: reader.pointer, annotations, draft, content: undefined, requiresNumber, requiresInteger,
    minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf: reader.positive('multipleOf'),
  };
  return built(node);
}
