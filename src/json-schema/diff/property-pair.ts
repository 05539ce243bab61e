import { sameList } from '../../util/json-equal.js';
import type { JsonNode, ObjectNode } from '../model.js';
import { acceptsEverything, compareSchemas } from './compare.js';
import { objectModel } from './content-model.js';
import { DiffSession, at, deref, difference } from './session.js';
import type { Difference } from './session.js';
import { JsonDifferenceType as T } from './types.js';
import { keepInstance } from '../../util/hidden-class.js';

// One property of an object pair: declared by both, by the original only, or by the update only
// (ObjectSchemaDiff's property loops), and which names each object requires.

/**
 * Which names each object of a pair requires: a short list is searched, a long one hashed into a
 * set the first time it is asked (a history check of alike objects never asks).
 */
export class Required {
  /** Both objects write the same `required` list: no name both declare changes whether it is required. */
  readonly same: boolean;
  private originalSet: ReadonlySet<string> | undefined;
  private updateSet: ReadonlySet<string> | undefined;

  /** The `required` names of the original and of the update. */
  constructor(private readonly original: readonly string[], private readonly update: readonly string[]) {
    this.same = original === update || sameList(original, update);
  }

  byOriginal(name: string): boolean {
    const names = this.original;
    return names.length <= SHORT_LIST ? names.includes(name) : (this.originalSet ??= new Set(names)).has(name);
  }

  byUpdate(name: string): boolean {
    const names = this.update;
    return names.length <= SHORT_LIST ? names.includes(name) : (this.updateSet ??= new Set(names)).has(name);
  }
}

// V8 keeps this class's hidden classes while an instance lives (util/hidden-class.ts).
keepInstance(Required, new Required([], []));

/** Up to this many names a list is searched rather than hashed. */
const SHORT_LIST = 8;

/**
 * A property the original declares: removed (false), or compared with the update's (true: both
 * declare it); `unlike` when both are written and their JSON was found unequal.
 */
export function compareNamed(s: DiffSession, name: string, before: JsonNode, u: ObjectNode, out: Difference[], unlike = false): boolean {
  const after = u.properties.get(name);
  if (after === undefined) {
    out.push(...propertyRemoved(s, name, before, u));
    return false;
  }
  out.push(...compareSchemas(s, at('', 'properties', name), before, after, unlike));
  return true;
}

/** A property both declare, required by one of them only. */
export function requiredChange(name: string, u: ObjectNode, wasRequired: boolean, nowRequired: boolean, out: Difference[]): void {
  if (wasRequired === nowRequired) return;
  const pointer = at('', 'required', name);
  if (!nowRequired) out.push(difference(T.REQUIRED_ATTRIBUTE_REMOVED, pointer));
  else out.push(difference(hasDefault(u.properties.get(name) as JsonNode) ? T.REQUIRED_ATTRIBUTE_WITH_DEFAULT_ADDED : T.REQUIRED_ATTRIBUTE_ADDED, pointer));
}


export function hasDefault(node: JsonNode): boolean {
  return node.annotations.hasDefault || deref(node).annotations.hasDefault;
}

/** A property only the update declares: the original's content model decides (old data may already hold that name). */
export function propertyAdded(s: DiffSession, name: string, after: JsonNode, o: ObjectNode, required: boolean): Difference[] {
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
export function propertyRemoved(s: DiffSession, name: string, before: JsonNode, u: ObjectNode): Difference[] {
  const pointer = at('', 'properties', name);
  const model = objectModel(u, name);
  if (model.kind === 'open') return [difference(T.PROPERTY_REMOVED_FROM_OPEN_CONTENT_MODEL, pointer)];
  if (model.kind === 'partial') {
    const covered = compareSchemas(s, pointer, before, model.covering);
    return [...covered, difference(s.isCompatible(covered) ? T.PROPERTY_REMOVED_IS_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL : T.PROPERTY_REMOVED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL, pointer)];
  }
  return [difference(deref(before).kind === 'false' ? T.PROPERTY_WITH_FALSE_REMOVED_FROM_CLOSED_CONTENT_MODEL : T.PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL, pointer)];
}

