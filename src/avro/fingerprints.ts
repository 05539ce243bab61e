import type { AvroNode, AvroSchema } from './model.js';
import { childNodes, sealNode } from './seal.js';

interface Frame {
  readonly node: AvroNode;
  readonly children: readonly AvroNode[];
  next: number;
}

/**
 * Gives every acyclic node of a schema its structural fingerprint (and large records their field
 * trees), so that history checks can reuse results across versions and tell schemas apart in one
 * comparison. Done at parse time for schemas parsed with `reuse: true`, and by a history check for
 * its candidate when the versions have them. A deep-frozen schema is left as it is (false).
 */
export function fingerprintSchema(schema: AvroSchema): boolean {
  if (schema.cache.fingerprinted) return true;
  // (A frozen root with its fingerprint, such as a shared plain primitive, has nothing to seal.)
  if (Object.isFrozen(schema.cache) || (Object.isFrozen(schema.root) && schema.root.fp === '')) return false;
  const entered = new Set<AvroNode>();
  // Iterative post-order: a chain of references may be longer than the call stack is deep.
  const walkFrom = (start: AvroNode): void => {
    const stack: Frame[] = [{ node: start, children: childNodes(start), next: 0 }];
    entered.add(start);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as Frame;
      const child = frame.children[frame.next++];
      if (child === undefined) {
        stack.pop();
        if (frame.node.acyclic && frame.node.fp === '') sealNode(frame.node);
      } else if (!entered.has(child)) {
        entered.add(child);
        stack.push({ node: child, children: childNodes(child), next: 0 });
      }
    }
  };
  walkFrom(schema.root);
  // Named types of references that the root does not use.
  for (const named of schema.named.values()) if (!entered.has(named)) walkFrom(named);
  (schema.cache as { fingerprinted: boolean }).fingerprinted = true;
  return true;
}
