import type { AvroNode } from '../model.js';
import { isNamed } from '../model.js';

/** The changes the Avro diff lists (`diffSchemas('AVRO', ...)`), structural ones and annotations. */
export const AvroChangeType = {
  /** Another kind of schema at the same place: `int` → `long`, `string` → a union, a record → an enum. */
  TYPE_CHANGED: 'TYPE_CHANGED',
  /** A named type's simple name changed (resolution matches simple names, or a reader alias). */
  NAME_CHANGED: 'NAME_CHANGED',
  /** Only a named type's namespace changed (Java 1.12 ignores namespaces when matching names). */
  NAMESPACE_CHANGED: 'NAMESPACE_CHANGED',
  ALIASES_CHANGED: 'ALIASES_CHANGED',
  DOC_CHANGED: 'DOC_CHANGED',
  PROPERTY_ADDED: 'PROPERTY_ADDED',
  PROPERTY_REMOVED: 'PROPERTY_REMOVED',
  PROPERTY_CHANGED: 'PROPERTY_CHANGED',
  LOGICAL_TYPE_ADDED: 'LOGICAL_TYPE_ADDED',
  LOGICAL_TYPE_REMOVED: 'LOGICAL_TYPE_REMOVED',
  LOGICAL_TYPE_CHANGED: 'LOGICAL_TYPE_CHANGED',
  /** A decimal's `precision` or `scale` changed. */
  DECIMAL_CHANGED: 'DECIMAL_CHANGED',
  FIELD_ADDED: 'FIELD_ADDED',
  FIELD_REMOVED: 'FIELD_REMOVED',
  /** A field matched by an alias (either side's) under another name. */
  FIELD_RENAMED: 'FIELD_RENAMED',
  /** The record's fields are in another relative order (resolution matches by name: data readers do not mind). */
  FIELDS_REORDERED: 'FIELDS_REORDERED',
  FIELD_DEFAULT_ADDED: 'FIELD_DEFAULT_ADDED',
  FIELD_DEFAULT_REMOVED: 'FIELD_DEFAULT_REMOVED',
  FIELD_DEFAULT_CHANGED: 'FIELD_DEFAULT_CHANGED',
  FIELD_ALIASES_CHANGED: 'FIELD_ALIASES_CHANGED',
  /** The field's sort `order` (ascending, descending, ignore). */
  FIELD_ORDER_CHANGED: 'FIELD_ORDER_CHANGED',
  ENUM_SYMBOL_ADDED: 'ENUM_SYMBOL_ADDED',
  ENUM_SYMBOL_REMOVED: 'ENUM_SYMBOL_REMOVED',
  ENUM_SYMBOLS_REORDERED: 'ENUM_SYMBOLS_REORDERED',
  ENUM_DEFAULT_ADDED: 'ENUM_DEFAULT_ADDED',
  ENUM_DEFAULT_REMOVED: 'ENUM_DEFAULT_REMOVED',
  ENUM_DEFAULT_CHANGED: 'ENUM_DEFAULT_CHANGED',
  FIXED_SIZE_CHANGED: 'FIXED_SIZE_CHANGED',
  UNION_BRANCH_ADDED: 'UNION_BRANCH_ADDED',
  UNION_BRANCH_REMOVED: 'UNION_BRANCH_REMOVED',
  UNION_BRANCHES_REORDERED: 'UNION_BRANCHES_REORDERED',
} as const;
export type AvroChangeType = (typeof AvroChangeType)[keyof typeof AvroChangeType];

/** A schema in a few characters: `long`, `com.acme.User`, `array<string>`, `[null, string]`, `long (timestamp-millis)`. */
export function typeLabel(node: AvroNode): string {
  const logical = node.props['logicalType'];
  const base = isNamed(node) ? node.fullName
    : node.kind === 'array' ? `array<${typeLabel(node.items)}>`
      : node.kind === 'map' ? `map<${typeLabel(node.values)}>`
        : node.kind === 'union' ? `[${node.branches.map(typeLabel).join(', ')}]` : node.kind;
  return typeof logical === 'string' && !isNamed(node) ? `${base} (${logical})` : base;
}

/** A JSON value as a changelog prints it (`""`, `0`, `null`), cut short when long. */
export function valueLabel(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
