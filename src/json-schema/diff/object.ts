import { jsonEqual } from '../../util/json-equal.js';
import { isJsonObject } from '../../util/json.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import type { JsonNode, ObjectNode } from '../model.js';
import { acceptsEverything, compareSchemas, sameSchemas } from './compare.js';
import { compareExtra, objectModel } from './content-model.js';
import { compareDependencies, comparePatternProperties } from './object-extras.js';
import { compareBound, requirementAdded } from './scalars.js';
import { DiffSession, at, deref, difference } from './session.js';
import type { Difference } from './session.js';
import { JsonDifferenceType as T } from './types.js';

/** ObjectSchemaDiff: counts, the extra-property keywords, dependencies, then each property by name. */
export function compareObjects(s: DiffSession, o: ObjectNode, u: ObjectNode): Difference[] {
  // Walking the two property lists is work the branch budget counts (diff/budget.ts): a branch tried
  // against a wide object costs its width, so trying a thousand branches cannot cost a thousand widths.
  s.budget.spend(o.properties.size + u.properties.size);
  const compare = (pointer: string, a: JsonNode, b: JsonNode): Difference[] => compareSchemas(s, pointer, a, b);
  const out: Difference[] = [
    ...requirementAdded(s, o.requiresObject, u.requiresObject),
    ...compareBound('MAX_PROPERTIES', '/maxProperties', o.maxProperties, u.maxProperties),
    ...compareBound('MIN_PROPERTIES', '/minProperties', o.minProperties, u.minProperties),
    ...compareExtra('ADDITIONAL_PROPERTIES', '/additionalProperties', o.additionalProperties, u.additionalProperties, compare),
    ...compareExtra('UNEVALUATED_PROPERTIES', '/unevaluatedProperties', o.unevaluatedProperties, u.unevaluatedProperties, compare),
    ...compareDependencies(s, o, u),
  ];
  const originalRequired = new Set(o.required);
  const updateRequired = new Set(u.required);
  compareDeclared(s, o, u, originalRequired, updateRequired, out);
  if (s.sound) {
    // A name the update requires without declaring it: old instances may lack it (Confluent's vector "Detect required array to be changed" misses this).
    for (const name of u.required) if (!originalRequired.has(name) && !u.properties.has(name)) out.push(difference(T.REQUIRED_ATTRIBUTE_ADDED, at('', 'required', name)));
    out.push(...comparePropertyNames(s, o, u));
    out.push(...comparePatternProperties(s, o, u));
  }
  return out;
}

/** A property both declare, required by one of them only. */
/** Each property both declare, then those only one of them declares. */
function compareDeclared(s: DiffSession, o: ObjectNode, u: ObjectNode, originalRequired: ReadonlySet<string>, updateRequired: ReadonlySet<string>, out: Difference[]): void {
  const written = s.history === undefined ? writtenProperties(o, u) : undefined;
  for (const [name, before] of o.properties) {
    // Most properties of two versions are written alike: nothing of them is read but their JSON.
    const alike = written?.alike(name) ?? false;
    const after = alike && originalRequired.has(name) === updateRequired.has(name) ? undefined : u.properties.get(name);
    if (alike && after === undefined) continue;
    if (after === undefined) out.push(...propertyRemoved(s, name, before, u));
    else {
      if (!alike && !sameSchemas(s, before, after)) out.push(...compareSchemas(s, at('', 'properties', name), before, after));
      if (originalRequired.has(name) !== updateRequired.has(name)) out.push(requiredChange(name, after, updateRequired.has(name)));
    }
  }
  for (const [name, after] of u.properties) if (!o.properties.has(name)) out.push(...propertyAdded(s, name, after, o, updateRequired.has(name)));
}

/**
 * The written `properties` of two reference-free objects of one draft, whose properties are then
 * reference-free too: equal JSON there means equal schemas (compare.ts's shortcut), found without
 * reading the compiled nodes, which a check of freshly parsed schemas would fetch from memory for nothing.
 */
function writtenProperties(o: ObjectNode, u: ObjectNode): WrittenProperties | undefined {
  if (o.draft !== u.draft || o.content?.referenceFree !== true || u.content?.referenceFree !== true) return undefined;
  const left = ownValue(o.content.raw, 'properties');
  const right = ownValue(u.content.raw, 'properties');
  return isJsonObject(left) && isJsonObject(right) ? new WrittenProperties(left, right) : undefined;
}

class WrittenProperties {
  constructor(private readonly left: JsonObject, private readonly right: JsonObject) {}

  /** Is property `name` written alike on both sides (so declared by both)? */
  alike(name: string): boolean {
    const left = ownValue(this.left, name);
    const right = ownValue(this.right, name);
    return left !== undefined && right !== undefined && jsonEqual(left, right);
  }
}

function ownValue(object: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function requiredChange(name: string, after: JsonNode, nowRequired: boolean): Difference {
  const pointer = at('', 'required', name);
  if (nowRequired) return difference(hasDefault(after) ? T.REQUIRED_ATTRIBUTE_WITH_DEFAULT_ADDED : T.REQUIRED_ATTRIBUTE_ADDED, pointer);
  return difference(T.REQUIRED_ATTRIBUTE_REMOVED, pointer);
}

function hasDefault(node: JsonNode): boolean {
  return node.annotations.hasDefault || deref(node).annotations.hasDefault;
}

/** A property only the update declares: the original's content model decides (old data may already hold that name). */
function propertyAdded(s: DiffSession, name: string, after: JsonNode, o: ObjectNode, required: boolean): Difference[] {
  const pointer = at('', 'properties', name);
  const model = objectModel(o, name);
  if (model.kind === 'open') {
    if (acceptsEverything(after)) return [difference(T.PROPERTY_WITH_EMPTY_SCHEMA_ADDED_TO_OPEN_CONTENT_MODEL, pointer)];
    if (!required) return [difference(T.OPTIONAL_PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL, pointer)];
    return [difference(hasDefault(after) ? T.REQUIRED_PROPERTY_WITH_DEFAULT_ADDED_TO_OPEN_CONTENT_MODEL : T.REQUIRED_PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL, pointer)];
  }
  const out: Difference[] = [];
  if (model.kind === 'partial') {
    const covered = compareSchemas(s, pointer, model.covering, after);
    out.push(...covered, difference(s.isCompatible(covered) ? T.PROPERTY_ADDED_IS_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL : T.PROPERTY_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL, pointer));
  }
  if (!required) out.push(difference(T.OPTIONAL_PROPERTY_ADDED_TO_UNOPEN_CONTENT_MODEL, pointer));
  else out.push(difference(hasDefault(after) ? T.REQUIRED_PROPERTY_WITH_DEFAULT_ADDED_TO_UNOPEN_CONTENT_MODEL : T.REQUIRED_PROPERTY_ADDED_TO_UNOPEN_CONTENT_MODEL, pointer));
  return out;
}

/** A property only the original declares: the update's content model decides whether old values still pass. */
function propertyRemoved(s: DiffSession, name: string, before: JsonNode, u: ObjectNode): Difference[] {
  const pointer = at('', 'properties', name);
  const model = objectModel(u, name);
  if (model.kind === 'open') return [difference(T.PROPERTY_REMOVED_FROM_OPEN_CONTENT_MODEL, pointer)];
  if (model.kind === 'partial') {
    const covered = compareSchemas(s, pointer, before, model.covering);
    return [...covered, difference(s.isCompatible(covered) ? T.PROPERTY_REMOVED_IS_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL : T.PROPERTY_REMOVED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL, pointer)];
  }
  return [difference(deref(before).kind === 'false' ? T.PROPERTY_WITH_FALSE_REMOVED_FROM_CLOSED_CONTENT_MODEL : T.PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL, pointer)];
}

/** `propertyNames` (Confluent compares nothing): a new or narrower name schema refuses old names. */
function comparePropertyNames(s: DiffSession, o: ObjectNode, u: ObjectNode): Difference[] {
  if (u.propertyNames === undefined) return o.propertyNames === undefined ? [] : [difference(T.SCHEMA_REMOVED, '/propertyNames')];
  if (o.propertyNames === undefined) return acceptsEverything(u.propertyNames) ? [] : [difference(T.SCHEMA_ADDED, '/propertyNames')];
  return compareSchemas(s, '/propertyNames', o.propertyNames, u.propertyNames);
}
