import type { AvroNode } from '../model.js';

/**
 * The fewest bytes a value of a writer type takes (spec 1.12 "Binary Encoding": null takes none, a
 * float 4, a double 8, a fixed its size, a record its fields', every other value at least one byte).
 * A record met again inside itself counts 0 there.
 */
export function minBytes(node: AvroNode, memo: Map<AvroNode, number>): number {
  switch (node.kind) {
    case 'null':
      return 0;
    case 'float':
      return 4;
    case 'double':
      return 8;
    case 'fixed':
      return node.size;
    case 'record': {
      const known = memo.get(node);
      if (known !== undefined) return known;
      memo.set(node, 0);
      const sum = node.fields.reduce((bytes, field) => bytes + minBytes(field.type, memo), 0);
      memo.set(node, sum);
      return sum;
    }
    default:
      return 1;
  }
}
