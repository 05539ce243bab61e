import type { JsonValue } from '../util/json.js';
import { Hash64 } from '../util/hash64.js';
import { stableJson } from '../util/stable-json.js';
import type { AvroField, AvroNode } from './model.js';
import { EMPTY_PROPS } from './build-state.js';

/** The properties that carry a logical type's meaning (spec 1.12, "Logical Types"). */
export const LOGICAL_PROPS: readonly string[] = ['logicalType', 'precision', 'scale'];

const KIND_TAGS: Readonly<Record<AvroNode['kind'], number>> = {
  null: 1, boolean: 2, int: 3, long: 4, float: 5, double: 6, bytes: 7, string: 8,
  record: 9, enum: 10, fixed: 11, array: 12, map: 13, union: 14,
};

function hashLogical(hash: Hash64, props: Readonly<Record<string, JsonValue>>): void {
  for (const key of LOGICAL_PROPS) {
    const value = props[key];
    if (value !== undefined) hash.text(key).text(stableJson(value));
  }
}

function hashNames(hash: Hash64, values: readonly string[]): void {
  hash.unit(values.length);
  if (values.length === 0) return;
  for (const value of values.length > 1 ? [...values].sort() : values) hash.text(value);
}

/** Feeds what a field means: name, type, aliases, default. */
export function hashField(hash: Hash64, field: AvroField): void {
  hash.text(field.name).key(field.type.fp);
  hashNames(hash, field.aliases);
  if (!field.hasDefault) hash.unit(0);
  else if (field.default === null) hash.unit(1);
  else hash.unit(2).text(stableJson(field.default as JsonValue));
}

/** The fingerprint of a primitive without attributes: its kind behind `#` (hashes are 4 characters, so never equal). */
export function primitiveFingerprint(kind: string): string {
  return `#${kind}`;
}

/** A plain primitive's digit in `plainContainerKey` (1 to 8), 0 for any other node. */
function plainDigit(node: AvroNode | undefined): number {
  // Plain primitives alone have a `#` fingerprint from the start.
  if (node === undefined || node.fp.charCodeAt(0) !== 0x23) return 0;
  switch (node.kind) {
    case 'null': return 1;
    case 'boolean': return 2;
    case 'int': return 3;
    case 'long': return 4;
    case 'float': return 5;
    case 'double': return 6;
    case 'bytes': return 7;
    case 'string': return 8;
    default: return 0;
  }
}

/**
 * A small integer naming an array, map or union of plain primitives without attributes (the
 * container's digit, then its children's as base-9 digits), or -1 for any other node: equal keys
 * mean equal nodes, so a parse shares them by key without building and hashing a string per node.
 * A union of plain primitives has at most 8 branches (no kind twice), so the key stays below 9^9.
 */
export function plainContainerKey(node: AvroNode): number {
  if (node.props !== EMPTY_PROPS) return -1;
  switch (node.kind) {
    case 'array':
    case 'map': {
      const digit = plainDigit(node.kind === 'array' ? node.items : node.values);
      return digit === 0 ? -1 : (node.kind === 'array' ? 1 : 2) * 9 + digit;
    }
    case 'union': {
      const branches = node.branches;
      if (branches.length > 8) return -1;
      let key = 3;
      for (let i = 0; i < branches.length; i++) {
        const digit = plainDigit(branches[i]);
        if (digit === 0) return -1;
        key = key * 9 + digit;
      }
      return key;
    }
    default:
      return -1;
  }
}

/**
 * The fingerprint of an array, map or union of plain primitives, as a readable key
 * (`U(#null,#string,)`): cheap enough to give at parse time, and never equal to a 4-character hash.
 */
export function primitiveContainerFingerprint(node: AvroNode): string {
  switch (node.kind) {
    case 'array':
      return `A(${node.items.fp})`;
    case 'map':
      return `M(${node.values.fp})`;
    case 'union': {
      let key = 'U(';
      for (const branch of node.branches) key += `${branch.fp},`;
      return `${key})`;
    }
    default:
      return '';
  }
}

/**
 * A node's fingerprint over exactly what its identity form holds (PCF plus aliases, defaults,
 * logical types and enum default), with children by their own fingerprints: equal fingerprints
 * mean equal identity forms, barring a 64-bit hash collision. Defined once every child has one.
 */
export function structuralFingerprint(node: AvroNode): string {
  const hash = new Hash64().unit(KIND_TAGS[node.kind]);
  hashLogical(hash, node.props);
  switch (node.kind) {
    case 'record':
      hash.text(node.fullName);
      hashNames(hash, node.aliases);
      hash.unit(node.fields.length);
      for (const field of node.fields) hashField(hash, field);
      break;
    case 'enum':
      hash.text(node.fullName).text(node.default ?? '');
      hashNames(hash, node.aliases);
      hash.unit(node.symbols.length);
      for (const symbol of node.symbols) hash.text(symbol);
      break;
    case 'fixed':
      hash.text(node.fullName).unit(node.size & 0xffff).unit(node.size >>> 16);
      hashNames(hash, node.aliases);
      break;
    case 'array':
      hash.key(node.items.fp);
      break;
    case 'map':
      hash.key(node.values.fp);
      break;
    case 'union':
      hash.unit(node.branches.length);
      for (const branch of node.branches) hash.key(branch.fp);
      break;
    default:
      break;
  }
  return hash.digest();
}
