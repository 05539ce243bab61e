import type { JsonObject } from '../../util/json.js';

/** Bits naming the keyword groups a schema object holds, found in one pass over its keys. */
export const Has = {
  OBJECT: 1,
  ARRAY: 2,
  STRING: 4,
  NUMBER: 8,
  /** `$id`/`id`, `title`, `description`, `default`: the annotations the comparison reads. */
  ANNOTATION: 16,
  TYPE: 32,
  /** `$ref`, `$dynamicRef`, `$recursiveRef`. */
  REFERENCE: 64,
  /** `enum`, `const`, `not`, `allOf`/`anyOf`/`oneOf`, `if`, and the definition containers. */
  APPLICATOR: 128,
} as const;

const GROUPS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [Has.OBJECT, ['properties', 'required', 'additionalProperties', 'patternProperties', 'unevaluatedProperties', 'minProperties', 'maxProperties', 'dependencies', 'dependentRequired', 'dependentSchemas', 'propertyNames']],
  [Has.ARRAY, ['items', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains']],
  [Has.STRING, ['minLength', 'maxLength', 'pattern', 'format']],
  [Has.NUMBER, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']],
  [Has.ANNOTATION, ['$id', 'id', 'title', 'description', 'default']],
  [Has.TYPE, ['type']],
  [Has.REFERENCE, ['$ref', '$dynamicRef', '$recursiveRef']],
  [Has.APPLICATOR, ['enum', 'const', 'not', 'allOf', 'anyOf', 'oneOf', 'if', 'definitions', '$defs']],
];

/** Keyword → its group's bit; every other key (unknown keywords, `$comment`, `then` without `if`…) reads as 0. */
const BITS: ReadonlyMap<string, number> = new Map(GROUPS.flatMap(([bit, keys]) => keys.map((key) => [key, bit] as const)));

/** The groups of keywords `raw` holds, as `Has` bits: a family whose bit is clear needs no keyword looked up. */
export function keywordGroups(raw: JsonObject): number {
  let bits = 0;
  for (const key in raw) bits |= BITS.get(key) ?? 0;
  return bits;
}
