import { jsonEqual } from '../../util/json-equal.js';
import { isJsonObject } from '../../util/json.js';
import { ownValue } from '../../util/own.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import type { JsonNode, ObjectNode } from '../model.js';
import { compareListed } from './listed.js';
import { compareNamed, propertyAdded, requiredChange } from './property-pair.js';
import type { Required } from './property-pair.js';
import type { DiffSession, Difference } from './session.js';

/**
 * ObjectSchemaDiff's property loops: each property both objects declare is compared, then those
 * only one declares. Most properties of two versions are written alike, and those are recognised
 * without reading their nodes: in a history check by the objects' property lists (compared
 * position by position), otherwise by the written JSON of two reference-free objects.
 */
export function compareDeclared(s: DiffSession, o: ObjectNode, u: ObjectNode, required: Required, out: Difference[]): void {
  const history = s.history;
  if (history !== undefined && o.draft === u.draft) {
    compareListed(s, history, o, u, required, out);
    return;
  }
  const written = writtenProperties(o, u);
  if (written !== undefined) {
    compareWritten(s, o, u, written, required, out);
    return;
  }
  for (const [name, before] of o.properties) {
    if (compareNamed(s, name, before, u, out) && !required.same) requiredChange(name, u, required.byOriginal(name), required.byUpdate(name), out);
  }
  for (const [name, after] of u.properties) if (!o.properties.has(name)) out.push(...propertyAdded(s, name, after, o, required.byUpdate(name)));
}

/**
 * The written `properties` of two reference-free objects, walked in step (their key order is that
 * of the compiled maps): a property written alike on both sides is done without reading either
 * node, which a check of freshly parsed schemas would fetch from memory for nothing.
 */
function compareWritten(s: DiffSession, o: ObjectNode, u: ObjectNode, written: WrittenProperties, required: Required, out: Difference[]): void {
  const { left, right } = written;
  const rightNames = Object.keys(right);
  let allInPlace = true;
  let i = 0;
  // `for in` with an own-key test reads Object.keys' order without allocating the array.
  for (const name in left) {
    if (!Object.hasOwn(left, name)) continue;
    const inPlace = rightNames[i++] === name;
    if (!inPlace) allInPlace = false;
    // Keys of Object.keys are own keys: read directly where both sides have the name at this place.
    const after = inPlace ? right[name] : ownValue(right, name);
    const alike = after !== undefined && jsonEqual(left[name] as JsonValue, after);
    if ((alike || compareNamed(s, name, o.properties.get(name) as JsonNode, u, out, after !== undefined)) && !required.same) requiredChange(name, u, required.byOriginal(name), required.byUpdate(name), out);
  }
  // With every original name in place, the update's further names are the added ones.
  for (let j = allInPlace ? i : 0; j < rightNames.length; j++) {
    const name = rightNames[j] as string;
    if (!allInPlace && Object.hasOwn(left, name)) continue;
    out.push(...propertyAdded(s, name, u.properties.get(name) as JsonNode, o, required.byUpdate(name)));
  }
}

/**
 * The written `properties` of two reference-free objects of one draft, whose properties are then
 * reference-free too: equal JSON there means equal schemas (compare.ts's shortcut).
 */
function writtenProperties(o: ObjectNode, u: ObjectNode): WrittenProperties | undefined {
  if (o.draft !== u.draft || o.content?.referenceFree !== true || u.content?.referenceFree !== true) return undefined;
  const left = ownValue(o.content.raw, 'properties');
  const right = ownValue(u.content.raw, 'properties');
  return isJsonObject(left) && isJsonObject(right) ? { left, right } : undefined;
}

interface WrittenProperties {
  readonly left: JsonObject;
  readonly right: JsonObject;
}

