import type { AvroNode } from 'schema-compat';

/**
 * A writer schema as avsc takes it, from our parse: names absolute (`.ns.Name`: Java resolves a
 * reference in the null namespace too, avsc does not), no defaults (avsc checks union defaults with
 * pre-1.12 rules), no logical types. The tests' independent way to write data.
 */
export function avscSchema(node: AvroNode, defined = new Set<AvroNode>()): unknown {
  switch (node.kind) {
    case 'array': return { type: 'array', items: avscSchema(node.items, defined) };
    case 'map': return { type: 'map', values: avscSchema(node.values, defined) };
    case 'union': return node.branches.map((branch) => avscSchema(branch, defined));
    case 'record': case 'enum': case 'fixed': {
      if (defined.has(node)) return `.${node.fullName}`;
      defined.add(node);
      const name = `.${node.fullName}`;
      if (node.kind === 'enum') return { type: 'enum', name, symbols: node.symbols };
      if (node.kind === 'fixed') return { type: 'fixed', name, size: node.size };
      return { type: 'record', name, fields: node.fields.map((field) => ({ name: field.name, type: avscSchema(field.type, defined) })) };
    }
    default: return node.kind;
  }
}
