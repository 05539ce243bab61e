import type { AvroNamed, AvroNode } from '../model.js';
import { ScSpec } from './sc-type.js';

/**
 * The writer schema as we give it to avsc: the same binary layout, with every name replaced by one
 * avsc accepts and no collision can hit (types `_sc.W<i>`, fields `f<position>`, symbols
 * `s<index>`), without defaults, aliases, logical types or docs (avsc checks defaults with pre-1.12
 * rules, and Java accepts names avsc rejects). An empty union becomes a union of one branch that
 * nothing reads or writes. Unions are wrapped (`{ <branch name>: value }`), so a value says its branch.
 */
export class WriterSchema {
  readonly json: unknown;
  private readonly names = new Map<AvroNamed, string>();
  private voids = 0;

  constructor(readonly root: AvroNode) {
    this.json = this.emit(root, new Set());
  }

  /** The avsc name of a writer named type. */
  nameOf(node: AvroNamed): string {
    let name = this.names.get(node);
    if (name === undefined) this.names.set(node, (name = `_sc.W${this.names.size}`));
    return name;
  }

  /** The avsc branch name of a writer union branch: a named type's avsc name, else its kind. */
  branchName(node: AvroNode): string {
    if (node.kind === 'record' || node.kind === 'enum' || node.kind === 'fixed') return this.nameOf(node);
    return node.kind;
  }

  private emit(node: AvroNode, defined: Set<AvroNode>): unknown {
    switch (node.kind) {
      case 'array':
        return { type: 'array', items: this.emit(node.items, defined) };
      case 'map':
        return { type: 'map', values: this.emit(node.values, defined) };
      case 'union':
        if (node.branches.length === 0) return [{ type: 'null', logicalType: 'sc', sc: new ScSpec({ kind: 'void' }, undefined, { type: 'fixed', size: 0, name: `_sc.V${this.voids++}` }) }];
        return node.branches.map((branch) => this.emit(branch, defined));
      case 'record':
      case 'enum':
      case 'fixed': {
        const name = this.nameOf(node);
        if (defined.has(node)) return name;
        defined.add(node);
        if (node.kind === 'fixed') return { type: 'fixed', name, size: node.size };
        if (node.kind === 'enum') return { type: 'enum', name, symbols: node.symbols.map((_, i) => `s${i}`) };
        return { type: 'record', name, fields: node.fields.map((field) => ({ name: `f${field.position}`, type: this.emit(field.type, defined) })) };
      }
      default:
        return node.kind;
    }
  }
}
