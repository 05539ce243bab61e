import { FIELD_TREE_MIN_FIELDS, buildFieldTree } from './field-tree.js';
import type { AvroNode, AvroRecord } from './model.js';
import { fieldFingerprint, structuralFingerprint } from './structure.js';

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

/** A field alias naming a field of the same record: Java finds two writer fields for it when the record reads itself. */
function hasAmbiguousAlias(node: AvroNode): boolean {
  if (node.kind !== 'record') return false;
  return node.fields.some((field) => field.aliases.some((alias) => node.fieldsByName.has(alias)));
}

/** Gives a node whose children all have fingerprints its own fingerprint and `selfCompatible`. */
export function sealWithChildren(node: AvroNode, children: readonly (AvroNode | undefined)[]): void {
  const mutable = node as Mutable<AvroNode>;
  if (node.kind === 'record') {
    const fieldKeys = node.fields.map(fieldFingerprint);
    mutable.fp = structuralFingerprint(node, fieldKeys);
    if (fieldKeys.length >= FIELD_TREE_MIN_FIELDS) (mutable as Mutable<AvroRecord>).fieldTree = buildFieldTree(fieldKeys);
  } else {
    mutable.fp = structuralFingerprint(node);
  }
  let selfCompatible = !hasAmbiguousAlias(node);
  for (const child of children) selfCompatible &&= child !== undefined && child.selfCompatible;
  mutable.selfCompatible = selfCompatible;
}

/**
 * Seals a node just built when every child already has a fingerprint (the common, non-recursive
 * case); otherwise leaves it to the fingerprint pass at the end of the parse.
 */
export function seal(node: AvroNode, state?: { fingerprintsPending: boolean }): void {
  const children = childNodes(node);
  for (const child of children) {
    if (child === undefined || child.fp === '') {
      if (state) state.fingerprintsPending = true;
      return;
    }
  }
  sealWithChildren(node, children);
}
