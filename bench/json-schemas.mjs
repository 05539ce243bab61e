// The JSON Schema benchmark's schemas (bench/json-schema.mjs).

const KINDS = [
  (i) => ({ type: 'string', maxLength: 40 + (i % 7), title: `Field ${i}` }),
  (i) => ({ type: 'integer', minimum: 0, maximum: 1000 + i }),
  (i) => ({ type: 'array', items: { type: 'string', pattern: '^[a-z]+$' }, maxItems: 10 + i }),
  (i) => ({ type: 'object', properties: { a: { type: 'number' }, b: { enum: ['x', 'y', `z${i}`] } }, required: ['a'], additionalProperties: false }),
  (i) => ({ oneOf: [{ type: 'null' }, { type: 'string', minLength: 1 + (i % 3) }] }),
];

/** v1: 200 properties of five kinds in a closed model, 50 required. */
export function jsonSchemaV1() {
  const properties = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${i}`, KINDS[i % KINDS.length](i)]));
  return { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties, required: Array.from({ length: 50 }, (_, i) => `p${i * 4}`), additionalProperties: false };
}

/** v2: 10 integers widened to number, 10 longer strings allowed, 10 optional properties added. */
export function jsonSchemaV2() {
  const v2 = jsonSchemaV1();
  for (let i = 1; i < 50; i += 5) v2.properties[`p${i}`] = { ...v2.properties[`p${i}`], type: 'number' };
  for (let i = 0; i < 50; i += 5) v2.properties[`p${i}`] = { ...v2.properties[`p${i}`], maxLength: 100 };
  for (let i = 0; i < 10; i++) v2.properties[`added${i}`] = { type: 'string' };
  return v2;
}

/** Version n of a registry's history: v1 with bounds of its own (each version distinct, each readable by v2). */
export function jsonSchemaVersion(n) {
  const schema = jsonSchemaV1();
  schema.properties.p0 = { ...schema.properties.p0, maxLength: 1 + (n % 99) };
  schema.properties.p1 = { ...schema.properties.p1, maximum: n };
  schema.properties.p2 = { ...schema.properties.p2, maxItems: 1 + (n % 12) };
  return schema;
}

/** A `oneOf` of `n` object branches told apart by a `const` (the shape of issue f04), with extra root keywords. */
export function jsonSchemaOneOf(n, extra = {}) {
  return { ...extra, oneOf: Array.from({ length: n }, (_, i) => ({ type: 'object', properties: { k: { const: i } } })) };
}

/** An `anyOf` of `n` constants, and an `enum` of `n` objects. */
export function jsonSchemaAnyOfConsts(n) {
  return { anyOf: Array.from({ length: n }, (_, i) => ({ const: i })) };
}
export function jsonSchemaObjectEnum(n) {
  return { enum: Array.from({ length: n }, (_, i) => ({ a: i })) };
}

/**
 * An object of `n` properties of the five kinds, a quarter required; `change` is merged into p0 (a
 * string property). Their bounds repeat every 20 properties, so instances grow with `n` alone.
 */
export function jsonSchemaWide(n, change = {}) {
  const properties = Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, KINDS[i % KINDS.length](i % 20)]));
  properties.p0 = { ...properties.p0, ...change };
  return { type: 'object', properties, required: Array.from({ length: n / 4 }, (_, i) => `p${i * 4}`) };
}

/** Issue 27's history: version n is v1 with one optional property of its own, `own<n>` (each version distinct). */
export function jsonSchemaOwnProperty(n) {
  const schema = jsonSchemaV1();
  schema.properties[`own${n}`] = { type: 'string', maxLength: 10 + (n % 50) };
  return schema;
}

/**
 * Issue 27's candidate for that history: v2 whose extra properties may be strings (a partly open
 * content model), so that it reads every version's own property.
 */
export function jsonSchemaPartlyOpen() {
  return { ...jsonSchemaV2(), additionalProperties: { type: 'string' } };
}
