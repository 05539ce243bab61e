import type { ArrayNode, JsonNode } from '../model.js';
import { acceptsEverything, compareOptional, compareSchemas } from './compare.js';
import { arrayModel, compareExtra } from './content-model.js';
import { compareBound, requirementAdded } from './scalars.js';
import { DiffSession, deref, difference } from './session.js';
import type { Difference } from './session.js';
import { JsonDifferenceType as T } from './types.js';

/** ArraySchemaDiff: bounds, uniqueItems, the item schema, the tuple position by position, then the extra-item keywords. */
export function compareArrays(s: DiffSession, o: ArrayNode, u: ArrayNode): Difference[] {
  const compare = (pointer: string, a: JsonNode, b: JsonNode): Difference[] => compareSchemas(s, pointer, a, b);
  const out: Difference[] = [
    ...requirementAdded(s, o.requiresArray, u.requiresArray),
    ...compareBound('MAX_ITEMS', '/maxItems', o.maxItems, u.maxItems),
    ...compareBound('MIN_ITEMS', '/minItems', o.minItems, u.minItems),
    ...uniqueItems(o, u),
    ...compareOptional(s, '/items', o.allItems, u.allItems),
    ...compareTuples(s, o, u),
    ...compareExtra('ADDITIONAL_ITEMS', '/additionalItems', o.additionalItems, u.additionalItems, compare),
    ...compareExtra('UNEVALUATED_ITEMS', '/unevaluatedItems', o.unevaluatedItems, u.unevaluatedItems, compare),
  ];
  // `minContains` defaults to 1 beside `contains` (2019-09 Validation §6.4.5): Confluent reports no change when it goes.
  const bothContain = o.contains !== undefined && u.contains !== undefined;
  const minContains = (node: ArrayNode): number | undefined => node.minContains ?? (bothContain ? 1 : undefined);
  out.push(...compareBound('MAX_CONTAINS', '/maxContains', o.maxContains, u.maxContains), ...compareBound('MIN_CONTAINS', '/minContains', minContains(o), minContains(u)));
  if (s.sound) out.push(...compareOptional(s, '/contains', o.contains, u.contains));
  return out;
}

function uniqueItems(o: ArrayNode, u: ArrayNode): Difference[] {
  if (o.uniqueItems === u.uniqueItems) return [];
  return [difference(u.uniqueItems ? T.UNIQUE_ITEMS_ADDED : T.UNIQUE_ITEMS_REMOVED, '/uniqueItems')];
}

/** Tuple positions: shared ones compared; added ones judged by the original's content model, removed ones by the update's. */
function compareTuples(s: DiffSession, o: ArrayNode, u: ArrayNode): Difference[] {
  if (o.tuple === undefined && u.tuple === undefined) return [];
  const before = o.tuple ?? [];
  const after = u.tuple ?? [];
  const out: Difference[] = [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const pointer = `/items/${i}`;
    const old = before[i];
    const now = after[i];
    if (old && now) out.push(...compareSchemas(s, pointer, old, now));
    else if (now) out.push(...itemAdded(s, pointer, now, o));
    else if (old) out.push(...itemRemoved(s, pointer, old, u));
  }
  return out;
}

function itemAdded(s: DiffSession, pointer: string, now: JsonNode, o: ArrayNode): Difference[] {
  const model = arrayModel(o);
  if (model.kind === 'closed') return [difference(T.ITEM_ADDED_TO_CLOSED_CONTENT_MODEL, pointer)];
  if (model.kind === 'open') return [difference(acceptsEverything(now) ? T.ITEM_WITH_EMPTY_SCHEMA_ADDED_TO_OPEN_CONTENT_MODEL : T.ITEM_ADDED_TO_OPEN_CONTENT_MODEL, pointer)];
  const covered = compareSchemas(s, pointer, model.covering, now);
  return [...covered, difference(s.isCompatible(covered) ? T.ITEM_ADDED_IS_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL : T.ITEM_ADDED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL, pointer)];
}

function itemRemoved(s: DiffSession, pointer: string, old: JsonNode, u: ArrayNode): Difference[] {
  const model = arrayModel(u);
  if (model.kind === 'open') return [difference(T.ITEM_REMOVED_FROM_OPEN_CONTENT_MODEL, pointer)];
  if (model.kind === 'closed') return [difference(deref(old).kind === 'false' ? T.ITEM_WITH_FALSE_REMOVED_FROM_CLOSED_CONTENT_MODEL : T.ITEM_REMOVED_FROM_CLOSED_CONTENT_MODEL, pointer)];
  const covered = compareSchemas(s, pointer, old, model.covering);
  return [...covered, difference(s.isCompatible(covered) ? T.ITEM_REMOVED_IS_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL : T.ITEM_REMOVED_NOT_COVERED_BY_PARTIALLY_OPEN_CONTENT_MODEL, pointer)];
}
