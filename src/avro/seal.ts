import { FIELD_TREE_MIN_FIELDS, buildFieldTree } from './field-tree.js';
import type { AvroNode, AvroRecord } from './model.js';
import { structuralFingerprint } from './structure.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The child nodes of a node (field types, items, values, branches); holes are children not resolved yet. */
export function childNodes(node: AvroNode): readonly (AvroNode | undefined)[] {
  switch (node.kind) {
    case 'record':
      return node.fields.map((field) => field.type as AvroNode | undefined);
    case 'array':
      return [node.items as AvroNode | undefined];
    case 'map':
      return [node.values as AvroNode | undefined];
    case 'union':
      return Array.from(node.branches);
    default:
      return [];
  }
}

/** Is every child there, fingerprinted, and (when `selfCompatible` is asked) self-compatible? */
function childrenAll(node: AvroNode, test: (child: AvroNode | undefined) => boolean): boolean {
  switch (node.kind) {
    case 'record':
      for (const field of node.fields) if (!test(field.type as AvroNode | undefined)) return false;
      return true;
    case 'array':
      return test(node.items as AvroNode | undefined);
    case 'map':
      return test(node.values as AvroNode | undefined);
    case 'union':
      for (let i = 0; i < node.branches.length; i++) if (!test(node.branches[i])) return false;
      return true;
    default:
      return true;
  }
}

const fingerprinted = (child: AvroNode | undefined): boolean => child !== undefined && child.fp !== '';
const selfCompatibleChild = (child: AvroNode | undefined): boolean => child !== undefined && child.selfCompatible;

/** A field alias naming a field of the same record: Java finds two writer fields for it when the record reads itself. */
function hasAmbiguousAlias(node: AvroNode): boolean {
  if (node.kind !== 'record') return false;
  for (const field of node.fields) {
    for (const alias of field.aliases) if (node.fieldsByName.has(alias)) return true;
  }
  return false;
}

/** Gives a node whose children all have fingerprints its own fingerprint, `selfCompatible` and (large records) field tree. */
export function sealNode(node: AvroNode): void {
  const mutable = node as Mutable<AvroNode>;
  mutable.fp = structuralFingerprint(node);
  if (node.kind === 'record' && node.fields.length >= FIELD_TREE_MIN_FIELDS) (mutable as Mutable<AvroRecord>).fieldTree = buildFieldTree(node.fields);
  mutable.selfCompatible = !hasAmbiguousAlias(node) && childrenAll(node, selfCompatibleChild);
}

/**
 * Seals a node just built when every child already has a fingerprint (the common, non-recursive
 * case); otherwise leaves it to the fingerprint pass at the end of the parse.
 */
export function seal(node: AvroNode, state?: { fingerprintsPending: boolean }): void {
  if (childrenAll(node, fingerprinted)) sealNode(node);
  else if (state) state.fingerprintsPending = true;
}
