import type { AvroNode } from '../model.js';
import type { FieldRead, Op, RecordOp } from './ops.js';
import { minBytes } from './width.js';

/**
 * The program that reads a schema's data with the same schema (no resolution): every writer
 * value kept as it is. A codec's `decode` runs it; unlike a plan of the schema against itself, it
 * needs no verdict (a record whose field aliases name its other fields reads by position here).
 */
export function identityOp(root: AvroNode): Op {
  return new IdentityBuilder().op(root);
}

class IdentityBuilder {
  private readonly records = new Map<AvroNode, RecordOp>();
  private readonly widths = new Map<AvroNode, number>();

  op(node: AvroNode): Op {
    switch (node.kind) {
      case 'int':
        return { kind: 'int', to: 'int' };
      case 'long':
        return { kind: 'long', to: 'long' };
      case 'string':
      case 'bytes':
        return { kind: 'text', to: node.kind };
      case 'fixed':
        return { kind: 'fixed', size: node.size };
      case 'enum':
        return { kind: 'enum', symbols: node.symbols, soft: false };
      case 'union':
        return node.branches.length === 0 ? { kind: 'void' } : { kind: 'union', branches: node.branches.map((branch) => this.op(branch)) };
      case 'array':
        return { kind: 'array', item: this.op(node.items), width: minBytes(node.items, this.widths), keep: true };
      case 'map':
        return { kind: 'map', item: this.op(node.values), width: minBytes(node.values, this.widths), keep: true };
      case 'record': {
        const known = this.records.get(node);
        if (known) return known;
        const fields: FieldRead[][] = [];
        const op: RecordOp = { kind: 'record', fields, slots: node.fields.map((field) => field.name), defaults: [], keep: true };
        this.records.set(node, op);
        node.fields.forEach((field, slot) => fields.push([{ op: this.op(field.type), slot }]));
        return op;
      }
      default:
        return { kind: node.kind };
    }
  }
}
