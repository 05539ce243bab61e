import type { JsonValue } from '../util/json.js';
import { Hash64 } from '../util/hash64.js';
import { stableJson } from '../util/stable-json.js';
import type { AvroField, AvroNode } from './model.js';

/** The properties that carry a logical type's meaning (spec 1.12, "Logical Types"). */
export const LOGICAL_PROPS: readonly string[] = ['logicalType', 'precision', 'scale'];

function hashLogical(hash: Hash64, props: Readonly<Record<string, JsonValue>>): void {
  for (const key of LOGICAL_PROPS) {
    const value = props[key];
    if (value !== undefined) hash.text(key).text(stableJson(value));
  }
}

function hashNames(hash: Hash64, values: readonly string[]): void {
  const sorted = values.length > 1 ? [...values].sort() : values;
  hash.unit(sorted.length);
  for (const value of sorted) hash.text(value);
}

/** A record field's fingerprint: its name, aliases, default and type's fingerprint. */
export function fieldFingerprint(field: AvroField): string {
  const hash = new Hash64().text(field.name).text(field.type.fp);
  hashNames(hash, field.aliases);
  return hash.text(field.hasDefault ? stableJson(field.default as JsonValue) : '').digest();
}

/** The fingerprint of a primitive without attributes: its kind behind `#` (hashes are 4 characters, so never equal). */
export function primitiveFingerprint(kind: string): string {
  return `#${kind}`;
}

/**
 * A node's fingerprint over exactly what its identity form holds (PCF plus aliases, defaults,
 * logical types and enum default), with children by their own fingerprints (a record's fields by
 * `fieldKeys`, their `fieldFingerprint`s): equal fingerprints mean equal identity forms, barring a
 * 64-bit hash collision. Defined once every child has one.
 */
export function structuralFingerprint(node: AvroNode, fieldKeys: readonly string[] = []): string {
  const hash = new Hash64().text(node.kind);
  hashLogical(hash, node.props);
  switch (node.kind) {
    case 'record':
      hash.text(node.fullName);
      hashNames(hash, node.aliases);
      for (const key of fieldKeys) hash.text(key);
      break;
    case 'enum':
      hash.text(node.fullName).text(node.default ?? '');
      hashNames(hash, node.aliases);
      hash.unit(node.symbols.length);
      for (const symbol of node.symbols) hash.text(symbol);
      break;
    case 'fixed':
      hash.text(node.fullName).text(String(node.size));
      hashNames(hash, node.aliases);
      break;
    case 'array':
      hash.text(node.items.fp);
      break;
    case 'map':
      hash.text(node.values.fp);
      break;
    case 'union':
      for (const branch of node.branches) hash.text(branch.fp);
      break;
    default:
      break;
  }
  return hash.digest();
}
