import type { JsonValue } from '../../util/json.js';
import { atLeast } from '../drafts.js';
import type { Annotations, ArrayNode, Dependency, Draft, Extra, JsonNode, NumberNode, ObjectNode, PatternProperty, StringNode } from '../model.js';
import { JsonSchemaParseRule } from '../parse-rules.js';
import type { KeywordReader } from './reader.js';

/** Compiles the subschema under `path` (keyword tokens after the current node's pointer). */
export type SubCompiler = (path: readonly string[], raw: JsonValue) => JsonNode;

export interface FamilyInput {
  readonly reader: KeywordReader;
  readonly draft: Draft;
  readonly annotations: Annotations;
  readonly sub: SubCompiler;
}

const OBJECT_KEYWORDS = ['properties', 'required', 'additionalProperties', 'patternProperties', 'unevaluatedProperties', 'minProperties', 'maxProperties', 'dependencies', 'dependentRequired', 'dependentSchemas', 'propertyNames'];
const ARRAY_KEYWORDS = ['items', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains'];
const STRING_KEYWORDS = ['minLength', 'maxLength', 'pattern', 'format'];
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

const FAMILY_KEYWORDS = { object: OBJECT_KEYWORDS, array: ARRAY_KEYWORDS, string: STRING_KEYWORDS, number: NUMBER_KEYWORDS } as const;

/** Does the schema use any keyword of the family (so that an untyped schema still constrains that type)? */
export function usesFamily(reader: KeywordReader, family: keyof typeof FAMILY_KEYWORDS): boolean {
  return FAMILY_KEYWORDS[family].some((key) => reader.has(key));
}

function extra(input: FamilyInput, key: string): Extra {
  const value = input.reader.value(key);
  if (value === undefined) return { kind: 'absent' };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  return { kind: 'schema', schema: input.sub([key], value) };
}

function schemaMap(input: FamilyInput, key: string): ReadonlyMap<string, JsonNode> {
  const object = input.reader.object(key) ?? {};
  return new Map(Object.entries(object).map(([name, raw]) => [name, input.sub([key, name], raw)]));
}

export function objectNode({ reader, draft, annotations, sub }: FamilyInput, requiresObject: boolean): ObjectNode {
  const input = { reader, draft, annotations, sub };
  const patternProperties: PatternProperty[] = [];
  for (const [source, raw] of Object.entries(reader.object('patternProperties') ?? {})) {
    patternProperties.push({ source, regex: reader.regex('patternProperties', source), schema: sub(['patternProperties', source], raw) });
  }
  const dependencies = new Map<string, Dependency>();
  for (const [name, raw] of Object.entries(reader.object('dependencies') ?? {})) {
    if (Array.isArray(raw)) dependencies.set(name, { kind: 'names', names: namesAt(reader, ['dependencies', name], raw) });
    else dependencies.set(name, { kind: 'schema', schema: sub(['dependencies', name], raw) });
  }
  if (atLeast(draft, '2019-09')) {
    for (const [name, raw] of Object.entries(reader.object('dependentRequired') ?? {})) {
      if (!Array.isArray(raw)) reader.fail(['dependentRequired', name], JsonSchemaParseRule.KEYWORD_TYPE, '"dependentRequired" values must be arrays of strings');
      dependencies.set(name, { kind: 'names', names: namesAt(reader, ['dependentRequired', name], raw as readonly JsonValue[]) });
    }
    for (const [name, raw] of Object.entries(reader.object('dependentSchemas') ?? {})) dependencies.set(name, { kind: 'schema', schema: sub(['dependentSchemas', name], raw) });
  }
  const propertyNames = reader.has('propertyNames') && atLeast(draft, 'draft-06') ? sub(['propertyNames'], reader.value('propertyNames') as JsonValue) : undefined;
  return {
    kind: 'object', pointer: reader.pointer, annotations, draft, requiresObject,
    properties: schemaMap(input, 'properties'),
    required: reader.stringArray('required') ?? [],
    additionalProperties: extra(input, 'additionalProperties'),
    patternProperties,
    unevaluatedProperties: atLeast(draft, '2019-09') ? extra(input, 'unevaluatedProperties') : { kind: 'absent' },
    ...optional('minProperties', reader.count('minProperties')),
    ...optional('maxProperties', reader.count('maxProperties')),
    dependencies,
    ...optional('propertyNames', propertyNames),
  };
}

function namesAt(reader: KeywordReader, key: readonly string[], raw: readonly JsonValue[]): readonly string[] {
  raw.forEach((item, i) => {
    if (typeof item !== 'string') reader.fail([...key, String(i)], JsonSchemaParseRule.KEYWORD_TYPE, 'dependency lists must hold property names (strings)');
  });
  return raw as readonly string[];
}

export function arrayNode({ reader, draft, annotations, sub }: FamilyInput, requiresArray: boolean): ArrayNode {
  const input = { reader, draft, annotations, sub };
  const items = reader.value('items');
  let tuple: readonly JsonNode[] | undefined;
  let allItems: JsonNode | undefined;
  let additionalItems: Extra = { kind: 'absent' };
  if (draft === '2020-12') {
    // 2020-12: `prefixItems` is the tuple, `items` the schema of the items after it (Core §10.3.1.2).
    const prefix = reader.array('prefixItems');
    if (prefix) tuple = prefix.map((raw, i) => sub(['prefixItems', String(i)], raw));
    if (items !== undefined && Array.isArray(items)) reader.fail('items', JsonSchemaParseRule.KEYWORD_TYPE, '"items" must be a schema in 2020-12 (use "prefixItems" for a tuple)');
    if (tuple) additionalItems = extra(input, 'items');
    else if (items !== undefined) allItems = sub(['items'], items);
  } else {
    if (Array.isArray(items)) tuple = items.map((raw: JsonValue, i: number) => sub(['items', String(i)], raw));
    else if (items !== undefined) allItems = sub(['items'], items);
    additionalItems = extra(input, 'additionalItems');
  }
  const contains = reader.has('contains') && atLeast(draft, 'draft-06') ? sub(['contains'], reader.value('contains') as JsonValue) : undefined;
  return {
    kind: 'array', pointer: reader.pointer, annotations, draft, requiresArray,
    ...optional('allItems', allItems),
    ...optional('tuple', tuple),
    additionalItems,
    unevaluatedItems: atLeast(draft, '2019-09') ? extra(input, 'unevaluatedItems') : { kind: 'absent' },
    ...optional('minItems', reader.count('minItems')),
    ...optional('maxItems', reader.count('maxItems')),
    uniqueItems: reader.boolean('uniqueItems') ?? false,
    ...optional('contains', contains),
    ...optional('minContains', atLeast(draft, '2019-09') ? reader.count('minContains') : undefined),
    ...optional('maxContains', atLeast(draft, '2019-09') ? reader.count('maxContains') : undefined),
  };
}

export function stringNode({ reader, draft, annotations }: FamilyInput, requiresString: boolean): StringNode {
  const pattern = reader.string('pattern');
  if (pattern !== undefined) reader.regex('pattern', pattern);
  return {
    kind: 'string', pointer: reader.pointer, annotations, draft, requiresString,
    ...optional('minLength', reader.count('minLength')),
    ...optional('maxLength', reader.count('maxLength')),
    ...optional('pattern', pattern),
    ...optional('format', reader.string('format')),
  };
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
  return {
    kind: 'number', pointer: reader.pointer, annotations, draft, requiresNumber, requiresInteger,
    ...optional('minimum', minimum),
    ...optional('maximum', maximum),
    ...optional('exclusiveMinimum', exclusiveMinimum),
    ...optional('exclusiveMaximum', exclusiveMaximum),
    ...optional('multipleOf', reader.positive('multipleOf')),
  };
}

/** `{ key: value }` when the value is defined, `{}` otherwise (exactOptionalPropertyTypes). */
export function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
