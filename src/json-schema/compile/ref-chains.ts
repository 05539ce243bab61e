import { SchemaParseError } from '../../errors.js';
import type { JsonNode, RefNode } from '../model.js';
import { JsonSchemaParseRule } from '../parse-rules.js';

/**
 * Where each `$ref` of a document leads. A chain of references (`a → b → c → schema`) is walked
 * once: every reference on it learns the schema it ends at, so n references cost n steps in all,
 * not n² (a 10,000-link chain of definitions parses in milliseconds), and `target()` is one step.
 */
export class RefChains {
  /** Each reference's direct target (which may itself be a `$ref`), and the input it was read from. */
  private readonly hops = new Map<JsonNode, { readonly next: () => JsonNode; readonly input: string }>();
  private readonly ends = new Map<JsonNode, JsonNode>();

  add(node: RefNode, input: string, next: () => JsonNode): void {
    this.hops.set(node, { next, input });
  }

  /** Refuses references that lead only to references in a loop (`REF_CYCLE`), in the order they were read. */
  resolveAll(): void {
    for (const node of this.hops.keys()) this.end(node as RefNode);
    // Every reference now knows its end: the hops (closures over the compiler) are no longer needed.
    this.hops.clear();
  }

  /** The schema a reference's chain ends at: never a `$ref` (JSON Schema core 2020-12 §8.2.3.1: a reference is replaced by its target). */
  end(start: RefNode): JsonNode {
    const path: JsonNode[] = [];
    const onPath = new Set<JsonNode>();
    let node: JsonNode = start;
    while (node.kind === 'ref') {
      const known = this.ends.get(node);
      if (known !== undefined) {
        node = known;
        break;
      }
      if (onPath.has(node)) {
        const input = this.hops.get(start)?.input ?? 'schema';
        throw new SchemaParseError({ input, pointer: start.pointer, rule: JsonSchemaParseRule.REF_CYCLE, detail: `$ref ${JSON.stringify(start.ref)} leads only to $refs in a loop` });
      }
      onPath.add(node);
      path.push(node);
      const hop = this.hops.get(node);
      // Every reference node is registered when compiled; an unknown one is followed by its own target.
      node = hop === undefined ? node.target() : hop.next();
    }
    for (const ref of path) this.ends.set(ref, node);
    return node;
  }
}
