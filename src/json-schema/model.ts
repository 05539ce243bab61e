import type { SchemaContent } from './compile/content.js';
import type { PropertyTexts } from './compile/property-texts.js';
import type { JsonValue } from '../util/json.js';

/** JSON Schema drafts this library reads, named by their `$schema` dialects. */
export type Draft = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12';

/** The seven JSON instance types of the JSON Schema core specification (§4.2.1). */
export type InstanceType = 'null' | 'boolean' | 'object' | 'array' | 'number' | 'string' | 'integer';

/** Keywords that describe but never constrain (JSON Schema Validation §9): changes to them are compatible. */
export interface Annotations {
  readonly id?: string;
  readonly title?: string;
  readonly description?: string;
  readonly default?: JsonValue;
  readonly hasDefault: boolean;
}

/**
 * One schema in the shape Confluent's checker sees it (everit's model): a schema that mixes
 * keyword families becomes an `allOf` of one node per family, a `type` array an `anyOf` of one
 * node per type. `pointer` is the node's place in its own document (`#/properties/a`).
 */
export type JsonNode =
  | TrueNode | FalseNode | EmptyNode | RefNode | ObjectNode | ArrayNode | StringNode | NumberNode
  | BooleanNode | NullNode | EnumNode | ConstNode | NotNode | CombinedNode | ConditionalNode;

interface NodeBase {
  readonly pointer: string;
  /**
   * The schema's own JSON (compile/content.ts): two self-contained nodes of one draft with equal
   * JSON accept the same instances, so a comparison can stop there.
   */
  readonly content?: SchemaContent;
  readonly annotations: Annotations;
  /** The document's draft: which keywords exist and how they read. */
  readonly draft: Draft;
}

export interface TrueNode extends NodeBase { readonly kind: 'true' }
export interface FalseNode extends NodeBase { readonly kind: 'false' }
/** `{}` or a schema with annotations only: every instance is valid. */
export interface EmptyNode extends NodeBase { readonly kind: 'empty' }

/** `$ref`: the target is filled once the whole document is compiled (references may be cyclic). */
export interface RefNode extends NodeBase {
  readonly kind: 'ref';
  readonly ref: string;
  /** The schema the chain of `$ref`s starting here ends at (never a `$ref` node itself). */
  readonly target: () => JsonNode;
}

/** `additionalProperties`, `unevaluatedProperties`, `additionalItems`, `unevaluatedItems`: absent, a boolean or a schema. */
export type Extra = { readonly kind: 'absent' } | { readonly kind: 'boolean'; readonly value: boolean } | { readonly kind: 'schema'; readonly schema: JsonNode };

export type Dependency = { readonly kind: 'names'; readonly names: readonly string[] } | { readonly kind: 'schema'; readonly schema: JsonNode };

export interface ObjectNode extends NodeBase {
  readonly kind: 'object';
  /** `type: object` was given: non-objects are invalid. */
  readonly requiresObject: boolean;
  readonly properties: ReadonlyMap<string, JsonNode>;
  readonly required: readonly string[];
  readonly additionalProperties: Extra;
  readonly patternProperties: readonly PatternProperty[];
  readonly unevaluatedProperties: Extra;
  readonly minProperties?: number;
  readonly maxProperties?: number;
  /** `dependencies` (drafts 4-7) or `dependentRequired` + `dependentSchemas` (2019-09 on), by property name. */
  readonly dependencies: ReadonlyMap<string, Dependency>;
  readonly propertyNames?: JsonNode;
  /** The properties as lists of names and texts, built when a history check first compares this node (a cache). */
  readonly propertyTexts: PropertyTexts;
}

export interface PatternProperty {
  readonly source: string;
  readonly regex: RegExp;
  readonly schema: JsonNode;
}

export interface ArrayNode extends NodeBase {
  readonly kind: 'array';
  readonly requiresArray: boolean;
  /** `items` as one schema for every item. */
  readonly allItems?: JsonNode;
  /** `items` as an array (drafts 4 to 2019-09) or `prefixItems` (2020-12). */
  readonly tuple?: readonly JsonNode[];
  /** `additionalItems`, or 2020-12's `items` beside `prefixItems`. */
  readonly additionalItems: Extra;
  readonly unevaluatedItems: Extra;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems: boolean;
  readonly contains?: JsonNode;
  readonly minContains?: number;
  readonly maxContains?: number;
}

export interface StringNode extends NodeBase {
  readonly kind: 'string';
  readonly requiresString: boolean;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
}

export interface NumberNode extends NodeBase {
  readonly kind: 'number';
  readonly requiresNumber: boolean;
  readonly requiresInteger: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
}

export interface BooleanNode extends NodeBase { readonly kind: 'boolean' }
export interface NullNode extends NodeBase { readonly kind: 'null' }
export interface EnumNode extends NodeBase { readonly kind: 'enum'; readonly values: readonly JsonValue[] }
export interface ConstNode extends NodeBase { readonly kind: 'const'; readonly value: JsonValue }
export interface NotNode extends NodeBase { readonly kind: 'not'; readonly schema: JsonNode }

export type Criterion = 'allOf' | 'anyOf' | 'oneOf';
export interface CombinedNode extends NodeBase {
  readonly kind: 'combined';
  readonly criterion: Criterion;
  readonly subschemas: readonly JsonNode[];
  /** Where the subschemas sit: `allOf`/`anyOf`/`oneOf` written in the document, or built from a `type` array or mixed keywords. */
  readonly origin: 'keyword' | 'type-array' | 'mixed';
  /** One key per sub-schema, equal for sub-schemas written identically (Confluent drops such duplicates). */
  readonly keys: readonly string[];
}

/** `if` / `then` / `else` (draft 7 on); Confluent's checker does not compare them, we do. */
export interface ConditionalNode extends NodeBase {
  readonly kind: 'conditional';
  readonly if: JsonNode;
  readonly then?: JsonNode;
  readonly else?: JsonNode;
}

/** A parsed JSON Schema document: its root node and what it was read as. */
export interface JsonSchemaDocument {
  readonly kind: 'json-schema';
  readonly draft: Draft;
  readonly root: JsonNode;
  /** The document as given (a deep copy): what `isIdentical` compares. */
  readonly raw: JsonValue;
  /**
   * The named references it was parsed with, by name: part of its identity, as Confluent counts a
   * schema's references in it (the same text over other referenced documents is another schema).
   */
  readonly references: Readonly<Record<string, JsonValue>>;
}
