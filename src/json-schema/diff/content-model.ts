import type { ArrayNode, Extra, JsonNode, ObjectNode } from '../model.js';
import { difference } from './session.js';
import type { Difference } from './session.js';
import type { JsonDifferenceType } from './types.js';
import { JsonDifferenceType as T } from './types.js';

/** Open, partially open (a schema covers what is not declared) or closed (reference/confluent.md §3.2). */
export type ContentModel = { readonly kind: 'open' } | { readonly kind: 'partial'; readonly covering: JsonNode } | { readonly kind: 'closed' };

const OPEN: ContentModel = Object.freeze({ kind: 'open' });
const CLOSED: ContentModel = Object.freeze({ kind: 'closed' });

function permits(extra: Extra): boolean {
  return extra.kind === 'absent' || (extra.kind === 'boolean' && extra.value);
}

/** ObjectSchemaDiff.isOpenContentModel / schemaFromPartiallyOpenContentModel, for one property name. */
export function objectModel(node: ObjectNode, name: string | undefined): ContentModel {
  if (name !== undefined) {
    const pattern = node.patternProperties.find((entry) => entry.regex.test(name));
    if (pattern) return { kind: 'partial', covering: pattern.schema };
  }
  if (node.additionalProperties.kind === 'schema') return { kind: 'partial', covering: node.additionalProperties.schema };
  if (node.additionalProperties.kind === 'absent' && node.unevaluatedProperties.kind === 'schema') return { kind: 'partial', covering: node.unevaluatedProperties.schema };
  const open = permits(node.additionalProperties) && node.patternProperties.length === 0 && permits(node.unevaluatedProperties);
  return open ? OPEN : CLOSED;
}

/** The same for tuple items beyond the tuple (ArraySchemaDiff): `additionalItems` (2020-12: `items`), then `unevaluatedItems`. */
export function arrayModel(node: ArrayNode): ContentModel {
  if (node.additionalItems.kind === 'schema') return { kind: 'partial', covering: node.additionalItems.schema };
  if (node.additionalItems.kind === 'absent' && node.unevaluatedItems.kind === 'schema') return { kind: 'partial', covering: node.unevaluatedItems.schema };
  return permits(node.additionalItems) && permits(node.unevaluatedItems) ? OPEN : CLOSED;
}

type ExtraStem = 'ADDITIONAL_PROPERTIES' | 'UNEVALUATED_PROPERTIES' | 'ADDITIONAL_ITEMS' | 'UNEVALUATED_ITEMS';

/**
 * `additionalProperties` and its kin, absent/true/false/schema on each side: closed → open is
 * ADDED, open → closed REMOVED, schema → open EXTENDED, open → schema NARROWED; two schemas are
 * compared by `compareSchema`.
 */
export function compareExtra(stem: ExtraStem, pointer: string, o: Extra, u: Extra, compareSchema: (pointer: string, a: JsonNode, b: JsonNode) => Difference[]): Difference[] {
  const name = (suffix: 'ADDED' | 'REMOVED' | 'EXTENDED' | 'NARROWED'): JsonDifferenceType => T[`${stem}_${suffix}`];
  if (o.kind === 'schema' && u.kind === 'schema') return compareSchema(pointer, o.schema, u.schema);
  const wasOpen = permits(o);
  const isOpen = permits(u);
  if (wasOpen && isOpen) return [];
  if (o.kind === 'boolean' && !o.value) return u.kind === 'boolean' && !u.value ? [] : [difference(name('ADDED'), pointer)];
  if (u.kind === 'boolean' && !u.value) return [difference(name('REMOVED'), pointer)];
  if (o.kind === 'schema') return [difference(name('EXTENDED'), pointer)];
  return [difference(name('NARROWED'), pointer)];
}
