import { describe, expect, it } from 'vitest';
import { CheckTooDeepError, JsonSchemaChecker } from 'schema-compat';
import type { JsonSchemaCheckerOptions } from 'schema-compat';

/** The incompatibilities when `update` reads data written with `original` (BACKWARD), as `TYPE #/path`. */
function breaks(original: unknown, update: unknown, options: JsonSchemaCheckerOptions = {}): string[] {
  const checker = new JsonSchemaChecker(options);
  return checker.canRead(checker.parse(update as object), checker.parse(original as object)).incompatibilities.map((f) => `${f.type} ${f.location}`);
}

const str = { type: 'string' };
const num = { type: 'number' };
const int = { type: 'integer' };
const obj = (properties: object, extra: object = {}): object => ({ type: 'object', properties, ...extra });

describe('type', () => {
  it('integer widens to number; number narrows to integer; other changes break', () => {
    expect(breaks(int, num)).toEqual([]);
    expect(breaks(num, int)).toEqual(['TYPE_NARROWED #/']);
    expect(breaks(str, num)).toEqual(['TYPE_CHANGED #/']);
    expect(breaks({ type: 'null' }, { type: 'boolean' })).toEqual(['TYPE_CHANGED #/']);
  });
  it('a type array is an anyOf: adding a type extends, removing one narrows', () => {
    expect(breaks(str, { type: ['string', 'null'] })).toEqual([]);
    expect(breaks({ type: ['string', 'null'] }, { type: ['string', 'null', 'integer'] })).toEqual([]);
    expect(breaks({ type: ['string', 'null'] }, str)).toEqual(['TYPE_CHANGED #/']);
  });
  it('anything may become {} or true; false may become anything; true may not become false', () => {
    expect(breaks(obj({ a: str }), {})).toEqual([]);
    expect(breaks(str, true)).toEqual([]);
    expect(breaks(false, str)).toEqual([]);
    expect(breaks(true, false)).toEqual(['TYPE_CHANGED #/']);
  });
  it('an untyped schema that starts requiring its type refuses other types', () => {
    expect(breaks({ minLength: 2 }, { type: 'string', minLength: 2 })).toEqual(['TYPE_NARROWED #/']);
    expect(breaks({ minLength: 2 }, { type: 'string', minLength: 2 }, { confluentQuirks: true })).toEqual([]);
  });
});

describe('string', () => {
  it('length bounds, pattern', () => {
    expect(breaks({ ...str, maxLength: 5 }, { ...str, maxLength: 4 })).toEqual(['MAX_LENGTH_DECREASED #/maxLength']);
    expect(breaks({ ...str, maxLength: 5 }, { ...str, maxLength: 6 })).toEqual([]);
    expect(breaks(str, { ...str, maxLength: 6 })).toEqual(['MAX_LENGTH_ADDED #/maxLength']);
    expect(breaks({ ...str, minLength: 1 }, { ...str, minLength: 2 })).toEqual(['MIN_LENGTH_INCREASED #/minLength']);
    expect(breaks({ ...str, minLength: 2 }, str)).toEqual([]);
    expect(breaks(str, { ...str, pattern: '^a' })).toEqual(['PATTERN_ADDED #/pattern']);
    expect(breaks({ ...str, pattern: '^a' }, { ...str, pattern: '^b' })).toEqual(['PATTERN_CHANGED #/pattern']);
    expect(breaks({ ...str, pattern: '^a' }, str)).toEqual([]);
  });
  it('format asserts in drafts 4-7 (Confluent compares nothing), annotates from 2019-09', () => {
    expect(breaks(str, { ...str, format: 'email' })).toEqual(['FORMAT_ADDED #/format']);
    expect(breaks({ ...str, format: 'email' }, { ...str, format: 'uri' })).toEqual(['FORMAT_CHANGED #/format']);
    expect(breaks({ ...str, format: 'email' }, str)).toEqual([]);
    expect(breaks(str, { ...str, format: 'email' }, { confluentQuirks: true })).toEqual([]);
    const draft2020 = { $schema: 'https://json-schema.org/draft/2020-12/schema' };
    expect(breaks({ ...draft2020, ...str }, { ...draft2020, ...str, format: 'email' })).toEqual([]);
  });
});

describe('number', () => {
  it('bounds in both forms, multipleOf', () => {
    expect(breaks({ ...num, maximum: 10 }, { ...num, maximum: 9 })).toEqual(['MAXIMUM_DECREASED #/maximum']);
    expect(breaks({ ...num, minimum: 1 }, { ...num, minimum: 2 })).toEqual(['MINIMUM_INCREASED #/minimum']);
    expect(breaks(num, { ...num, exclusiveMaximum: 3 })).toEqual(['EXCLUSIVE_MAXIMUM_ADDED #/exclusiveMaximum']);
    expect(breaks({ ...num, exclusiveMaximum: 3 }, { ...num, exclusiveMaximum: 2 })).toEqual(['EXCLUSIVE_MAXIMUM_DECREASED #/exclusiveMaximum']);
    expect(breaks({ ...num, exclusiveMinimum: 3 }, { ...num, exclusiveMinimum: 2 })).toEqual([]);
    expect(breaks({ ...num, multipleOf: 2 }, { ...num, multipleOf: 4 })).toEqual(['MULTIPLE_OF_EXPANDED #/multipleOf']);
    expect(breaks({ ...num, multipleOf: 4 }, { ...num, multipleOf: 2 })).toEqual([]);
    expect(breaks({ ...num, multipleOf: 0.1 }, { ...num, multipleOf: 0.05 })).toEqual([]);
    expect(breaks({ ...num, multipleOf: 3 }, { ...num, multipleOf: 2 })).toEqual(['MULTIPLE_OF_CHANGED #/multipleOf']);
  });
  it('draft 4 boolean exclusive bounds read as draft 6 numbers', () => {
    const draft4 = { $schema: 'http://json-schema.org/draft-04/schema#' };
    expect(breaks({ ...draft4, ...num, maximum: 5, exclusiveMaximum: true }, { ...draft4, ...num, maximum: 4, exclusiveMaximum: true })).toEqual(['EXCLUSIVE_MAXIMUM_DECREASED #/exclusiveMaximum']);
    expect(breaks({ ...draft4, ...num, maximum: 5 }, { ...draft4, ...num, maximum: 5, exclusiveMaximum: true })).toEqual(['EXCLUSIVE_MAXIMUM_ADDED #/exclusiveMaximum']);
  });
});

describe('object: content models (reference/confluent.md §3.2)', () => {
  const closed = { additionalProperties: false };
  it('adding: open → incompatible unless {} (LENIENT accepts optional ones); closed → compatible unless required', () => {
    expect(breaks(obj({ a: str }), obj({ a: str, b: num }))).toEqual(['OPTIONAL_PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL #/properties/b']);
    expect(breaks(obj({ a: str }), obj({ a: str, b: num }), { policy: 'LENIENT' })).toEqual([]);
    expect(breaks(obj({ a: str }), obj({ a: str, b: {} }))).toEqual([]);
    expect(breaks(obj({ a: str }, closed), obj({ a: str, b: num }, closed))).toEqual([]);
    expect(breaks(obj({ a: str }, closed), obj({ a: str, b: num }, { ...closed, required: ['b'] }))).toEqual(['REQUIRED_PROPERTY_ADDED_TO_UNOPEN_CONTENT_MODEL #/properties/b']);
  });
  it('a required property with a default is still required: validators do not apply defaults (Confluent STRICT accepts it)', () => {
    const withDefault = obj({ a: str, b: { ...num, default: 1 } }, { ...closed, required: ['b'] });
    expect(breaks(obj({ a: str }, closed), withDefault)).toEqual(['REQUIRED_PROPERTY_WITH_DEFAULT_ADDED_TO_UNOPEN_CONTENT_MODEL #/properties/b']);
    expect(breaks(obj({ a: str }, closed), withDefault, { confluentQuirks: true })).toEqual([]);
    expect(breaks(obj({ a: str }, closed), withDefault, { policy: 'LENIENT' })).toEqual([]);
  });
  it('removing: open → compatible; closed → incompatible (LENIENT accepts); false schemas may go', () => {
    expect(breaks(obj({ a: str, b: num }), obj({ a: str }))).toEqual([]);
    expect(breaks(obj({ a: str, b: num }, closed), obj({ a: str }, closed))).toEqual(['PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL #/properties/b']);
    expect(breaks(obj({ a: str, b: num }, closed), obj({ a: str }, closed), { policy: 'LENIENT' })).toEqual([]);
    expect(breaks(obj({ a: str, b: false }, closed), obj({ a: str }, closed))).toEqual([]);
  });
  it('partially open: the covering schema must agree', () => {
    const partial = { additionalProperties: str };
    expect(breaks(obj({ a: str }, partial), obj({ a: str, b: str }, partial))).toEqual([]);
    expect(breaks(obj({ a: str }, partial), obj({ a: str, b: num }, partial))).toEqual(['TYPE_CHANGED #/properties/b', 'PROPERTY_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL #/properties/b']);
    expect(breaks(obj({ a: str, b: num }, closed), obj({ a: str }, partial))).toEqual(['TYPE_CHANGED #/properties/b', 'PROPERTY_REMOVED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL #/properties/b']);
  });
  it('additionalProperties and unevaluatedProperties', () => {
    expect(breaks(obj({}, closed), obj({}))).toEqual([]);
    expect(breaks(obj({}), obj({}, closed))).toEqual(['ADDITIONAL_PROPERTIES_REMOVED #/additionalProperties']);
    expect(breaks(obj({}), obj({}, { additionalProperties: num }))).toEqual(['ADDITIONAL_PROPERTIES_NARROWED #/additionalProperties']);
    expect(breaks(obj({}, { additionalProperties: str }), obj({}, { additionalProperties: num }))).toEqual(['TYPE_CHANGED #/additionalProperties']);
    const draft = { $schema: 'https://json-schema.org/draft/2020-12/schema' };
    expect(breaks({ ...draft, ...obj({}) }, { ...draft, ...obj({}, { unevaluatedProperties: false }) })).toEqual(['UNEVALUATED_PROPERTIES_REMOVED #/unevaluatedProperties']);
  });
  it('required: added breaks, removed does not, and a required name nobody declares still breaks', () => {
    expect(breaks(obj({ a: str }), obj({ a: str }, { required: ['a'] }))).toEqual(['REQUIRED_ATTRIBUTE_ADDED #/required/a']);
    expect(breaks(obj({ a: str }, { required: ['a'] }), obj({ a: str }))).toEqual([]);
    // Confluent's vector "Detect required array to be changed" calls this compatible; {"a": "x"} is valid before and not after.
    expect(breaks(obj({ a: str }, { required: ['a'] }), obj({ a: str }, { required: ['b'] }))).toEqual(['REQUIRED_ATTRIBUTE_ADDED #/required/b']);
    expect(breaks(obj({ a: str }, { required: ['a'] }), obj({ a: str }, { required: ['b'] }), { confluentQuirks: true })).toEqual([]);
  });
  it('dependencies, dependentRequired, dependentSchemas', () => {
    expect(breaks(obj({}, { dependencies: { a: ['b'] } }), obj({}, { dependencies: { a: ['b', 'c'] } }))).toEqual(['DEPENDENCY_ARRAY_EXTENDED #/dependencies/a']);
    expect(breaks(obj({}, { dependencies: { a: ['b', 'c'] } }), obj({}, { dependencies: { a: ['b'] } }))).toEqual([]);
    expect(breaks(obj({}), obj({}, { dependencies: { a: str } }))).toEqual(['DEPENDENCY_SCHEMA_ADDED #/dependencies/a']);
    const draft = { $schema: 'https://json-schema.org/draft/2019-09/schema' };
    expect(breaks({ ...draft, ...obj({}) }, { ...draft, ...obj({}, { dependentRequired: { a: ['b'] } }) })).toEqual(['DEPENDENCY_ARRAY_ADDED #/dependencies/a']);
  });
  it('property counts, patternProperties, propertyNames', () => {
    expect(breaks(obj({}, { maxProperties: 3 }), obj({}, { maxProperties: 2 }))).toEqual(['MAX_PROPERTIES_DECREASED #/maxProperties']);
    expect(breaks(obj({}, { minProperties: 1 }), obj({}, { minProperties: 2 }))).toEqual(['MIN_PROPERTIES_INCREASED #/minProperties']);
    expect(breaks(obj({}, { patternProperties: { '^x': str } }), obj({}, { patternProperties: { '^x': num } }))).toEqual(['TYPE_CHANGED #/patternProperties/^x']);
    expect(breaks(obj({}), obj({}, { patternProperties: { '^x': num } }))).toEqual(['PATTERN_PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL #/patternProperties/^x']);
    expect(breaks(obj({ xa: str }, closed), obj({ xa: str }, { ...closed, patternProperties: { '^x': num } }))).toEqual(['TYPE_CHANGED #/properties/xa']);
    expect(breaks(obj({}), obj({}, { propertyNames: { maxLength: 3 } }))).toEqual(['SCHEMA_ADDED #/propertyNames']);
  });
});

describe('array', () => {
  const arr = { type: 'array' };
  it('items, bounds, uniqueItems, contains', () => {
    expect(breaks(arr, { ...arr, items: str })).toEqual(['SCHEMA_ADDED #/items']);
    expect(breaks({ ...arr, items: str }, arr)).toEqual([]);
    expect(breaks({ ...arr, items: int }, { ...arr, items: num })).toEqual([]);
    expect(breaks({ ...arr, maxItems: 3 }, { ...arr, maxItems: 2 })).toEqual(['MAX_ITEMS_DECREASED #/maxItems']);
    expect(breaks({ ...arr, minItems: 1 }, { ...arr, minItems: 2 })).toEqual(['MIN_ITEMS_INCREASED #/minItems']);
    expect(breaks(arr, { ...arr, uniqueItems: true })).toEqual(['UNIQUE_ITEMS_ADDED #/uniqueItems']);
    expect(breaks(arr, { ...arr, contains: str })).toEqual(['SCHEMA_ADDED #/contains']);
    expect(breaks({ ...arr, contains: str }, { ...arr, contains: num })).toEqual(['TYPE_CHANGED #/contains']);
  });
  it('tuples: items arrays (draft 7) and prefixItems (2020-12), with the content model of the extra items', () => {
    expect(breaks({ ...arr, items: [str], additionalItems: false }, { ...arr, items: [str, num], additionalItems: false })).toEqual([]);
    expect(breaks({ ...arr, items: [str] }, { ...arr, items: [str, num] })).toEqual(['ITEM_ADDED_TO_OPEN_CONTENT_MODEL #/items/1']);
    expect(breaks({ ...arr, items: [str, num], additionalItems: false }, { ...arr, items: [str], additionalItems: false })).toEqual(['ITEM_REMOVED_FROM_CLOSED_CONTENT_MODEL #/items/1']);
    const draft = { $schema: 'https://json-schema.org/draft/2020-12/schema' };
    expect(breaks({ ...draft, ...arr, prefixItems: [str] }, { ...draft, ...arr, prefixItems: [int] })).toEqual(['TYPE_CHANGED #/items/0']);
    expect(breaks({ ...draft, ...arr, prefixItems: [str], items: str }, { ...draft, ...arr, prefixItems: [str, num], items: str })).toEqual(['TYPE_CHANGED #/items/1', 'ITEM_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL #/items/1']);
  });
});

describe('enum and const', () => {
  it('more values extend, fewer narrow; const is an enum of one', () => {
    expect(breaks({ enum: ['a'] }, { enum: ['a', 'b'] })).toEqual([]);
    expect(breaks({ enum: ['a', 'b'] }, { enum: ['a'] })).toEqual(['ENUM_ARRAY_NARROWED #/enum']);
    expect(breaks({ enum: ['a', 'b'] }, { enum: ['a', 'c'] })).toEqual(['ENUM_ARRAY_CHANGED #/enum']);
    expect(breaks({ const: 'a' }, { const: 'b' })).toEqual(['ENUM_ARRAY_CHANGED #/const']);
    expect(breaks({ const: 'a' }, { enum: ['a', 'b'] })).toEqual([]);
    expect(breaks({ enum: [{ x: 1, y: 2 }] }, { enum: [{ y: 2, x: 1 }] })).toEqual([]);
  });
});

describe('combinators (reference/confluent.md §3.3)', () => {
  it('anyOf/oneOf gain branches compatibly, lose them incompatibly; allOf the other way round', () => {
    expect(breaks({ anyOf: [str] }, { anyOf: [str, num] })).toEqual([]);
    expect(breaks({ anyOf: [str, num] }, { anyOf: [str] })).toEqual(['SUM_TYPE_NARROWED #/']);
    expect(breaks({ allOf: [str, { maxLength: 3 }] }, { allOf: [str] })).toEqual([]);
    expect(breaks({ allOf: [str] }, { allOf: [str, { maxLength: 3 }] })).toEqual(['PRODUCT_TYPE_EXTENDED #/']);
    expect(breaks({ anyOf: [str, num] }, { allOf: [str, num] })).toEqual(['COMBINED_TYPE_CHANGED #/']);
    expect(breaks({ oneOf: [str] }, { oneOf: [num] })).toEqual(['COMBINED_TYPE_SUBSCHEMAS_CHANGED #/']);
  });
  it('oneOf: a new branch that accepts old instances another branch accepts breaks exclusivity', () => {
    expect(breaks(int, { oneOf: [num, str] })).toEqual([]);
    expect(breaks(int, { oneOf: [num, int] })).toEqual(['ONE_OF_BRANCHES_OVERLAP #/']);
    expect(breaks({ oneOf: [str] }, { oneOf: [str, { maxLength: 5 }] })).toEqual(['ONE_OF_BRANCHES_OVERLAP #/']);
    expect(breaks({ oneOf: [str, { maxLength: 5 }] }, { oneOf: [{ maxLength: 5 }, str] })).toEqual([]);
    const tagged = (tag: string, extra: object): object => obj({ kind: { const: tag }, ...extra }, { required: ['kind'] });
    expect(breaks(tagged('a', {}), { oneOf: [tagged('a', {}), tagged('b', {})] })).toEqual([]);
    expect(breaks(int, { oneOf: [num, int] }, { confluentQuirks: true })).toEqual([]);
  });
  it('not compares its schemas the other way round', () => {
    expect(breaks({ not: num }, { not: int })).toEqual([]);
    expect(breaks({ not: int }, { not: num })).toEqual(['NOT_TYPE_EXTENDED #/not']);
  });
  it('if/then/else: the condition must not change; then and else are compared', () => {
    const cond = (then: object): object => ({ if: obj({ t: { const: 1 } }), then });
    expect(breaks(cond(obj({ a: { ...str, maxLength: 3 } })), cond(obj({ a: { ...str, maxLength: 5 } })))).toEqual([]);
    expect(breaks(cond(obj({ a: { ...str, maxLength: 5 } })), cond(obj({ a: { ...str, maxLength: 3 } })))).toEqual(['MAX_LENGTH_DECREASED #/then/properties/a/maxLength']);
    expect(breaks({ if: str, then: { maxLength: 3 } }, { if: num, then: { maxLength: 3 } })).toEqual(['CONDITION_CHANGED #/if']);
  });
});

describe('annotations are compatible changes', () => {
  it('title, description, default, examples, $comment', () => {
    const before = { ...str, title: 'a', description: 'b', default: 'c', examples: ['d'], $comment: 'e' };
    const after = { ...str, title: 'A', description: 'B', default: 'C', examples: ['D'], $comment: 'E' };
    expect(breaks(before, after)).toEqual([]);
    const checker = new JsonSchemaChecker();
    const diff = checker.diff(checker.parse(before) as never, checker.parse(after) as never).map((d) => `${d.type} ${d.location} ${d.compatible}`);
    expect(diff).toEqual(['TITLE_CHANGED #/ true', 'DESCRIPTION_CHANGED #/ true', 'DEFAULT_CHANGED #/ true']);
  });
});

describe('references and recursion', () => {
  const list = (item: object): object => ({ definitions: { node: obj({ value: item, next: { $ref: '#/definitions/node' } }) }, $ref: '#/definitions/node' });
  it('recursive schemas terminate and are compared through the cycle', () => {
    expect(breaks(list(str), list(str))).toEqual([]);
    expect(breaks(list(int), list(num))).toEqual([]);
    expect(breaks(list(num), list(int))).toEqual(['TYPE_NARROWED #/properties/value']);
  });
  it('$defs, JSON pointers, $id-relative references and named references (Confluent schema references)', () => {
    const draft = { $schema: 'https://json-schema.org/draft/2020-12/schema' };
    expect(breaks({ ...draft, $defs: { s: str }, properties: { a: { $ref: '#/$defs/s' } } }, { ...draft, properties: { a: { ...str, maxLength: 1 } } })).toEqual(['MAX_LENGTH_ADDED #/properties/a/maxLength']);
    expect(breaks({ $id: 'https://x.test/root.json', type: 'object', properties: { a: { $ref: 'item.json' } }, definitions: { i: { $id: 'item.json', ...str } } }, obj({ a: num }))).toEqual(['TYPE_CHANGED #/properties/a']);
    const checker = new JsonSchemaChecker();
    const references = { 'address.json': { ...obj({ city: str }), required: ['city'] } };
    const writer = checker.parse({ properties: { home: { $ref: 'address.json' } } }, { references });
    const reader = checker.parse({ properties: { home: { $ref: 'address.json#/properties/city' } } }, { references });
    expect(checker.canRead(reader, writer).incompatibilities.map((f) => f.type)).toEqual(['TYPE_CHANGED']);
  });
  it('definitions that all refer to one another: every change found, the report bounded, no stack overflow', () => {
    const dense = (n: number, type: string): object => {
      const definitions: Record<string, object> = {};
      for (let i = 0; i < n; i++) {
        const properties: Record<string, object> = { v: { type } };
        for (let j = 0; j < n; j++) properties[`p${j}`] = { $ref: `#/definitions/d${j}` };
        definitions[`d${i}`] = { type: 'object', properties };
      }
      return { definitions, $ref: '#/definitions/d0' };
    };
    const found = breaks(dense(30, 'number'), dense(30, 'integer'));
    expect(new Set(found.map((f) => f.split(' ')[0]))).toEqual(new Set(['TYPE_NARROWED']));
    // Each of the 30 definitions' `v` is reported; a pair met again is repeated in full only when small (Java-style path explosion avoided).
    expect(found.length).toBeGreaterThanOrEqual(30);
    expect(found.length).toBeLessThan(30 * 30 * 2);
    expect(breaks(dense(30, 'integer'), dense(30, 'number'))).toEqual([]);
  });
  it('a chain of distinct definitions longer than the stack allows is a CheckTooDeepError, not a crash', () => {
    const chain = (n: number, type: string): object => {
      const definitions: Record<string, object> = {};
      for (let i = 0; i < n; i++) definitions[`d${i}`] = { type: 'object', properties: { v: { type }, next: i + 1 < n ? { $ref: `#/definitions/d${i + 1}` } : { type: 'null' } } };
      return { definitions, $ref: '#/definitions/d0' };
    };
    expect(breaks(chain(300, 'number'), chain(300, 'integer'))).toHaveLength(300);
    expect(() => breaks(chain(5000, 'number'), chain(5000, 'integer'))).toThrow(CheckTooDeepError);
  });
  it('a cycle on the same instance does not justify itself (Confluent assumes it compatible)', () => {
    const selfish = { definitions: { v: { allOf: [{ $ref: '#/definitions/v' }, str] } }, $ref: '#/definitions/v' };
    expect(breaks(selfish, int)).toEqual(['TYPE_CHANGED #/']);
  });
});
