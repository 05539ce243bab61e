import type { ChangeDraft } from '../../diff/change.js';
import { keyedDiff } from '../../diff/keyed.js';
import { jsonEqual } from '../../util/json-equal.js';
import type { JsonValue } from '../../util/json.js';
import { AvroChangeType as T, valueLabel } from './change-types.js';
import type { Paths } from './walk.js';
import { pointer } from './walk.js';

/** Attributes the logical-type changes cover (Avro 1.12 "Logical Types"); the rest are custom properties. */
const LOGICAL = new Set(['logicalType', 'precision', 'scale']);

/**
 * A node's or a field's attributes: the logical type and a decimal's precision and scale (which
 * readers act on), then custom properties (annotations: resolution ignores them).
 */
export function compareProps(o: Readonly<Record<string, JsonValue>>, n: Readonly<Record<string, JsonValue>>, at: Paths, owner: 'type' | 'field'): ChangeDraft[] {
  const drafts: ChangeDraft[] = owner === 'type' ? logicalChanges(o, n, at) : [];
  const keys = keyedDiff(Object.keys(o).filter((key) => owner === 'field' || !LOGICAL.has(key)), Object.keys(n).filter((key) => owner === 'field' || !LOGICAL.has(key)), (key) => key);
  const where = pointer(at.new);
  for (const { item } of keys.added) drafts.push(prop(T.PROPERTY_ADDED, at, `${item}: ${valueLabel(n[item])}`, `The ${owner} at ${where} has a new property ${item}`));
  for (const { item } of keys.removed) drafts.push(prop(T.PROPERTY_REMOVED, at, item, `The ${owner} at ${pointer(at.old)} no longer has the property ${item}`));
  for (const { new: key } of keys.kept) {
    if (!jsonEqual(o[key], n[key])) drafts.push(prop(T.PROPERTY_CHANGED, at, `${key} ${valueLabel(o[key])}→${valueLabel(n[key])}`, `The property ${key} of the ${owner} at ${where} changed`));
  }
  return drafts;
}

function prop(change: string, location: Paths, summary: string, description: string): ChangeDraft {
  return { change, location, summary, description, annotation: true };
}

function logicalChanges(o: Readonly<Record<string, JsonValue>>, n: Readonly<Record<string, JsonValue>>, at: Paths): ChangeDraft[] {
  const [before, after] = [o['logicalType'], n['logicalType']];
  const where = pointer(at.new);
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ change: T.LOGICAL_TYPE_ADDED, location: at, summary: `logical type ${valueLabel(after)}`, description: `The type at ${where} gained the logical type ${valueLabel(after)}` }];
  if (after === undefined) return [{ change: T.LOGICAL_TYPE_REMOVED, location: at, summary: `logical type ${valueLabel(before)}`, description: `The type at ${where} lost the logical type ${valueLabel(before)}` }];
  if (!jsonEqual(before, after)) return [{ change: T.LOGICAL_TYPE_CHANGED, location: at, summary: `${valueLabel(before)}→${valueLabel(after)}`, description: `The logical type at ${where} changed from ${valueLabel(before)} to ${valueLabel(after)}` }];
  const decimal = (props: Readonly<Record<string, JsonValue>>): string => `decimal(${valueLabel(props['precision'])},${valueLabel(props['scale'] ?? 0)})`;
  if (jsonEqual(o['precision'], n['precision']) && jsonEqual(o['scale'] ?? 0, n['scale'] ?? 0)) return [];
  return [{ change: T.DECIMAL_CHANGED, location: at, summary: `${decimal(o)}→${decimal(n)}`, description: `The decimal at ${where} changed from ${decimal(o)} to ${decimal(n)}: readers scale the unscaled value by their own scale` }];
}
