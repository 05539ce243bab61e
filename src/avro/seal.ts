import { FIELD_TREE_MIN_FIELDS, buildFieldTree } from './field-tree.js';
import type { AvroNode, AvroRecord } from './model.js';
import { structuralFingerprint } from './structure.js';
import { AvroTraits, ownTraits } from './traits.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Does every child pass the test (holes, children not resolved yet, never do)? */
function everyChild(node: AvroNode, test: (child: AvroNode | undefined) => boolean): boolean {
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

/** The child nodes (field types, items, values, branches). */
export function childNodes(node: AvroNode): readonly AvroNode[] {
  switch (node.kind) {
    case 'record':
      return node.fields.map((field) => field.type);
    case 'array':
      return [node.items];
    case 'map':
      return [node.values];
    case 'union':
      return node.branches;
    default:
      return [];
  }
}

const isFingerprinted = (child: AvroNode | undefined): boolean => child !== undefined && child.fp !== '';
const isSelfCompatible = (child: AvroNode | undefined): boolean => child !== undefined && child.selfCompatible;

/** How many children a node has (field types, items, values, branches). */
function childCount(node: AvroNode): number {
  switch (node.kind) {
    case 'record':
      return node.fields.length;
    case 'array':
    case 'map':
      return 1;
    case 'union':
      return node.branches.length;
    default:
      return 0;
  }
}

/** Child `i` of a node, undefined while it is a forward reference not resolved yet. */
function childAt(node: AvroNode, i: number): AvroNode | undefined {
  switch (node.kind) {
    case 'record':
      return node.fields[i]?.type as AvroNode | undefined;
    case 'array':
      return node.items as AvroNode | undefined;
    case 'map':
      return node.values as AvroNode | undefined;
    case 'union':
      return node.branches[i];
    default:
      return undefined;
  }
}

/**
 * Marks a node just built as acyclic when all its children are (a record being defined is not
 * yet, so a reference back to it is not), and gives it its children's traits; otherwise the end of
 * the parse decides, and the node keeps every trait. One pass over the children, no closures: this
 * runs for every node of every parse.
 */
export function markAcyclic(node: AvroNode, state: { acyclicPending: boolean }): void {
  const count = childCount(node);
  // Arrays of their exact length: grown by push, a small one keeps room for 17.
  const fieldTraits: number[] | undefined = node.kind === 'record' ? new Array<number>(count) : undefined;
  let traits = ownTraits(node.kind, node.props);
  let acyclic = true;
  for (let i = 0; i < count; i++) {
    const child = childAt(node, i);
    const childTraits = child?.acyclic ? child.traits : AvroTraits.ALL;
    if (!child?.acyclic) acyclic = false;
    traits |= childTraits;
    if (fieldTraits) fieldTraits[i] = childTraits;
  }
  const mutable = node as Mutable<AvroNode>;
  if (fieldTraits) (mutable as Mutable<AvroRecord>).fieldTraits = fieldTraits;
  if (acyclic) {
    mutable.acyclic = true;
    mutable.traits = traits;
  } else {
    state.acyclicPending = true;
  }
}

/** A field alias naming a field of the same record: Java finds two writer fields for it when the record reads itself. */
function hasAmbiguousAlias(node: AvroNode): boolean {
  if (node.kind !== 'record') return false;
  for (const field of node.fields) {
    for (const alias of field.aliases) if (node.fieldsByName.has(alias)) return true;
  }
  return false;
}

/** Gives an acyclic node whose children have fingerprints its fingerprint, `selfCompatible` and (large records) field tree. */
export function sealNode(node: AvroNode): void {
  if (!everyChild(node, isFingerprinted)) return;
  const mutable = node as Mutable<AvroNode>;
  mutable.fp = structuralFingerprint(node);
  if (node.kind === 'record' && node.fields.length >= FIELD_TREE_MIN_FIELDS) (mutable as Mutable<AvroRecord>).fieldTree = buildFieldTree(node.fields);
  mutable.selfCompatible = !hasAmbiguousAlias(node) && everyChild(node, isSelfCompatible);
}
