import { jsonEqual, sameList } from '../../util/json-equal.js';
import { isJsonObject } from '../../util/json.js';
import { ownValue } from '../../util/own.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import type { PropertyList } from '../compile/property-texts.js';
import type { JsonNode, ObjectNode } from '../model.js';
import { acceptsEverything, compareSchemas } from './compare.js';
import { objectModel } from './content-model.js';
import { DiffSession, at, deref, difference } from './session.js';
import type { Difference } from './session.js';
import { JsonDifferenceType as T } from './types.js';

/**
 * Which names each object of a pair requires: a short list is searched, a long one hashed into a
 * set the first time it is asked (a history check of alike objects never asks).
 */
export class Required {
  /** Both objects write the same `required` list: no name both declare changes whether it is required. */
  readonly same: boolean;
  private originalSet: ReadonlySet<string> | undefined;
  private updateSet: ReadonlySet<string> | undefined;

  constructor(private readonly o: ObjectNode, private readonly u: ObjectNode) {
    this.same = o.required === u.required || sameList(o.required, u.required);
  }

  byOriginal(name: string): boolean {
    const names = this.o.required;
    return names.length <= SHORT_LIST ? names.includes(name) : (this.originalSet ??= new Set(names)).has(name);
  }

  byUpdate(name: string): boolean {
    const names = this.u.required;
    return names.length <= SHORT_LIST ? names.includes(name) : (this.updateSet ??= new Set(names)).has(name);
  }
}

/** Up to this many names a list is searched rather than hashed. */
const SHORT_LIST = 8;

/**
 * ObjectSchemaDiff's property loops: each property both objects declare is compared, then those
 * only one declares. Most properties of two versions are written alike, and those are recognised
 * without reading their nodes: in a history check by the objects' property lists (compared
 * position by position), otherwise by the written JSON of two reference-free objects.
 */
export function compareDeclared(s: DiffSession, o: ObjectNode, u: ObjectNode, required: Required, out: Difference[]): void {
  const history = s.history;
  if (history !== undefined && o.draft === u.draft) {
    history.seedFrom(o.propertyTexts.built ?? u.propertyTexts.built);
    compareListed(s, o, u, o.propertyTexts.read(history.intern), u.propertyTexts.read(history.intern), required, out);
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

/** The property lists of a history check: names at the same place with the same (interned) text are alike. */
function compareListed(s: DiffSession, o: ObjectNode, u: ObjectNode, left: PropertyList, right: PropertyList, required: Required, out: Difference[]): void {
  let aligned = 0;
  let prefix = 0; // how many names open both lists, each at the same place
  for (let i = 0; i < left.names.length; i++) {
    const name = left.names[i] as string;
    const inPlace = right.names[i] === name;
    if (inPlace && aligned++ === i) prefix++;
    if (((inPlace && alikeOrShared(s, o, left, right, i, name, out)) || compareNamed(s, name, o.properties.get(name) as JsonNode, u, out)) && !required.same) {
      requiredChange(name, u, left.required[i] === true, inPlace ? right.required[i] === true : required.byUpdate(name), out);
    }
  }
  // The update's names past the common prefix, in its order (that of u.properties): one at the
  // original's place is declared by both, any other is looked up; when every name of the original
  // is in place, the rest are added.
  const allAligned = aligned === left.names.length;
  for (let j = prefix; j < right.names.length; j++) {
    const name = right.names[j] as string;
    if (!allAligned && (left.names[j] === name || o.properties.has(name))) continue;
    out.push(...propertyAdded(s, name, u.properties.get(name) as JsonNode, o, right.required[j] === true));
  }
}

/**
 * The `i`-th property of both lists, told from the lists alone: written alike (nothing to report),
 * or a pair of written-in-place schemas whose result another version of the history already found
 * (reported here as compareSchemas would report it). False when the nodes must be compared.
 */
function alikeOrShared(s: DiffSession, o: ObjectNode, left: PropertyList, right: PropertyList, i: number, name: string, out: Difference[]): boolean {
  const text = left.texts[i];
  const other = right.texts[i];
  if (text === undefined || other === undefined) return false;
  if (text === other) return true;
  const known = left.direct[i] === true && right.direct[i] === true ? s.history?.known(o.draft, text, other) : undefined;
  if (known === undefined) return false;
  s.budget.spend();
  const pointer = at('', 'properties', name);
  for (const found of known) out.push(difference(found.type, pointer + found.pointer));
  return true;
}

/**
 * A property the original declares: removed (false), or compared with the update's (true: both
 * declare it); `unlike` when both are written and their JSON was found unequal.
 */
function compareNamed(s: DiffSession, name: string, before: JsonNode, u: ObjectNode, out: Difference[], unlike = false): boolean {
  const after = u.properties.get(name);
  if (after === undefined) {
    out.push(...propertyRemoved(s, name, before, u));
    return false;
  }
  out.push(...compareSchemas(s, at('', 'properties', name), before, after, unlike));
  return true;
}

/** A property both declare, required by one of them only. */
function requiredChange(name: string, u: ObjectNode, wasRequired: boolean, nowRequired: boolean, out: Difference[]): void {
  if (wasRequired === nowRequired) return;
  const pointer = at('', 'required', name);
  if (!nowRequired) out.push(difference(T.REQUIRED_ATTRIBUTE_REMOVED, pointer));
  else out.push(difference(hasDefault(u.properties.get(name) as JsonNode) ? T.REQUIRED_ATTRIBUTE_WITH_DEFAULT_ADDED : T.REQUIRED_ATTRIBUTE_ADDED, pointer));
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

