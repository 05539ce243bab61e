import type { BuildState } from './build.js';
import { checkDefault, checkUnionBranches, parseFailure } from './build.js';
import type { AvroNode, AvroRecord } from './model.js';
import { AvroParseRule } from './parse-rules.js';
import { structuralFingerprint } from './structure.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * What Java 1.12 checks once the whole document is read: forward references resolved (else
 * `Undefined schema`), then, as the union rebuilt with its resolved branches does, no duplicate
 * branch. Field defaults, first checked while reading, are checked again against the resolved
 * types (stricter than Java, which never looks again: docs/avro.md). Then the fingerprints the
 * compatibility walk uses are computed.
 */
export function finalizeSchema(state: BuildState, rootSlot: { readonly node?: AvroNode }): AvroNode {
  for (const ref of state.forwardReferences) {
    // Java 1.12 resolves a forward reference by its qualified name only: the null-namespace
    // fallback applies when the name is read, not at the end.
    const target = state.named.get(ref.fullName);
    if (!target) throw parseFailure(state, ref.pointer, AvroParseRule.UNDEFINED_NAME, `Undefined schema: ${ref.fullName}`);
    ref.assign(target);
  }
  for (const { union, pointer } of state.unions) checkUnionBranches(state, union, pointer);
  for (const { field, pointer } of state.defaults) checkDefault(state, field, pointer, NOTHING_IN_PROGRESS);
  const root = rootSlot.node;
  if (!root) throw parseFailure(state, '', AvroParseRule.UNDEFINED_NAME, 'the schema is an undefined name');
  computeFingerprints(root);
  return root;
}

const NOTHING_IN_PROGRESS: ReadonlySet<AvroNode> = new Set();

function children(node: AvroNode): readonly AvroNode[] {
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

interface Frame {
  readonly node: AvroNode;
  readonly children: readonly AvroNode[];
  next: number;
  acyclic: boolean;
}

/**
 * Post-order walk (iterative, so deep reference chains cannot overflow the stack) that gives every
 * node reaching no recursion a structural fingerprint and decides `selfCompatible`.
 */
function computeFingerprints(root: AvroNode): void {
  const state = new Map<AvroNode, 'open' | 'done'>();
  const stack: Frame[] = [];
  const enter = (node: AvroNode): void => {
    state.set(node, 'open');
    stack.push({ node, children: children(node), next: 0, acyclic: true });
  };
  enter(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.next < frame.children.length) {
      const child = frame.children[frame.next++] as AvroNode;
      const seen = state.get(child);
      if (seen === 'open') {
        // A reference back to a type being walked: every frame on the stack reaches this cycle.
        for (const open of stack) open.acyclic = false;
      } else if (seen === 'done') {
        if (child.fp === '') frame.acyclic = false;
      } else {
        enter(child);
      }
      continue;
    }
    stack.pop();
    state.set(frame.node, 'done');
    const parent = stack[stack.length - 1];
    if (frame.acyclic) {
      const node = frame.node as Mutable<AvroNode>;
      node.fp = structuralFingerprint(frame.node);
      node.selfCompatible = frame.children.every((child) => child.selfCompatible) && !hasAmbiguousAlias(frame.node);
    } else if (parent) {
      parent.acyclic = false;
    }
  }
}

/** A field alias naming a field of the same record: Java finds two writer fields for it when the record reads itself. */
function hasAmbiguousAlias(node: AvroNode): boolean {
  if (node.kind !== 'record') return false;
  const record: AvroRecord = node;
  return record.fields.some((field) => field.aliases.some((alias) => record.fieldsByName.has(alias)));
}
