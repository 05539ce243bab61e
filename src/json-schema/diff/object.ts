import type { JsonNode, ObjectNode } from '../model.js';
import { acceptsEverything, compareSchemas } from './compare.js';
import { compareExtra } from './content-model.js';
import { compareDeclared } from './declared.js';
import { Required } from './property-pair.js';
import { compareDependencies, comparePatternProperties } from './object-extras.js';
import { compareBound, requirementAdded } from './scalars.js';
import { DiffSession, at, difference } from './session.js';
import type { Difference } from './session.js';
import { JsonDifferenceType as T } from './types.js';

/** ObjectSchemaDiff: counts, the extra-property keywords, dependencies, then each property by name. */
export function compareObjects(s: DiffSession, o: ObjectNode, u: ObjectNode): Difference[] {
  // Walking the two property lists is work the branch budget counts (diff/budget.ts): a branch tried
  // against a wide object costs its width, so trying a thousand branches cannot cost a thousand widths.
  s.budget.spend(s.history === undefined ? o.properties.size + u.properties.size : listedCount(o) + listedCount(u));
  const compare = (pointer: string, a: JsonNode, b: JsonNode): Difference[] => compareSchemas(s, pointer, a, b);
  const out: Difference[] = [
    ...requirementAdded(s, o.requiresObject, u.requiresObject),
    ...compareBound('MAX_PROPERTIES', '/maxProperties', o.maxProperties, u.maxProperties),
    ...compareBound('MIN_PROPERTIES', '/minProperties', o.minProperties, u.minProperties),
    ...compareExtra('ADDITIONAL_PROPERTIES', '/additionalProperties', o.additionalProperties, u.additionalProperties, compare),
    ...compareExtra('UNEVALUATED_PROPERTIES', '/unevaluatedProperties', o.unevaluatedProperties, u.unevaluatedProperties, compare),
    ...compareDependencies(s, o, u),
  ];
  const required = new Required(o.required, u.required);
  compareDeclared(s, o, u, required, out);
  if (s.sound) {
    // A name the update requires without declaring it: old instances may lack it (Confluent's vector "Detect required array to be changed" misses this).
    if (!required.same) for (const name of u.required) if (!u.properties.has(name) && !required.byOriginal(name)) out.push(difference(T.REQUIRED_ATTRIBUTE_ADDED, at('', 'required', name)));
    out.push(...comparePropertyNames(s, o, u));
    out.push(...comparePatternProperties(s, o, u));
  }
  return out;
}

/**
 * In a history check, how many properties an object declares, read from the property list an
 * earlier check built (which the comparison reads next anyway) rather than from its map: a stored
 * version's map is then never fetched from memory.
 */
function listedCount(node: ObjectNode): number {
  return node.propertyTexts.built?.names.length ?? node.properties.size;
}

/** `propertyNames` (Confluent compares nothing): a new or narrower name schema refuses old names. */
function comparePropertyNames(s: DiffSession, o: ObjectNode, u: ObjectNode): Difference[] {
  if (u.propertyNames === undefined) return o.propertyNames === undefined ? [] : [difference(T.SCHEMA_REMOVED, '/propertyNames')];
  if (o.propertyNames === undefined) return acceptsEverything(u.propertyNames) ? [] : [difference(T.SCHEMA_ADDED, '/propertyNames')];
  return compareSchemas(s, '/propertyNames', o.propertyNames, u.propertyNames);
}
