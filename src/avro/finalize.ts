import type { BuildState } from './build-state.js';
import { parseFailure } from './build-state.js';
import { checkUnionBranches } from './build.js';
import { checkDefault } from './build-named.js';
import type { AvroNode } from './model.js';
import { AvroParseRule } from './parse-rules.js';
import { childNodes } from './seal.js';

const NOTHING_IN_PROGRESS: ReadonlySet<AvroNode> = new Set();

/**
 * What Java 1.12 checks once the whole document is read: forward references resolved (else
 * `Undefined schema`), then, as the union rebuilt with its resolved branches does, no duplicate
 * branch. Field defaults, first checked while reading, are checked again against the resolved
 * types (stricter than Java, which never looks again: docs/avro.md). Then the nodes that could
 * not be marked acyclic while being built are decided.
 */
export function finalizeSchema(state: BuildState, rootSlot: { readonly node?: AvroNode }): AvroNode {
  if (state.forwardReferences.length > 0) {
    for (const ref of state.forwardReferences) {
      // Java 1.12 resolves a forward reference by its qualified name only: the null-namespace
      // fallback applies when the name is read, not at the end.
      const target = state.named.get(ref.fullName);
      if (!target) throw parseFailure(state, ref.pointer, AvroParseRule.UNDEFINED_NAME, `Undefined schema: ${ref.fullName}`);
      (ref.target as Record<string | number, AvroNode>)[ref.key] = target;
    }
    for (const { union, pointer } of state.unions) checkUnionBranches(state, union, pointer);
    for (const { field, pointer } of state.defaults) checkDefault(state, field, pointer, NOTHING_IN_PROGRESS);
  }
  const root = rootSlot.node;
  if (!root) throw parseFailure(state, '', AvroParseRule.UNDEFINED_NAME, 'the schema is an undefined name');
  if (state.acyclicPending) decideAcyclic(root);
  return root;
}

interface Frame {
  readonly node: AvroNode;
  readonly children: readonly AvroNode[];
  next: number;
  acyclic: boolean;
}

/**
 * Post-order walk (iterative, so deep reference chains cannot overflow the stack) that marks
 * acyclic every node from which no recursive reference can be reached.
 */
function decideAcyclic(root: AvroNode): void {
  const state = new Map<AvroNode, 'open' | 'done'>();
  const stack: Frame[] = [];
  const enter = (node: AvroNode): void => {
    state.set(node, 'open');
    stack.push({ node, children: childNodes(node), next: 0, acyclic: true });
  };
  enter(root);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.next < frame.children.length) {
      const child = frame.children[frame.next++] as AvroNode;
      const seen = child.acyclic ? 'done' : state.get(child);
      if (seen === 'open') {
        // A reference back to a type being walked: every frame on the stack reaches this cycle.
        for (const open of stack) open.acyclic = false;
      } else if (seen === 'done') {
        if (!child.acyclic) frame.acyclic = false;
      } else {
        enter(child);
      }
      continue;
    }
    stack.pop();
    state.set(frame.node, 'done');
    if (frame.acyclic) (frame.node as { acyclic: boolean }).acyclic = true;
    else {
      const parent = stack[stack.length - 1];
      if (parent) parent.acyclic = false;
    }
  }
}
