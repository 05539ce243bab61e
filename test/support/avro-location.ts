import type { AvroField, AvroNode, AvroSchema } from 'schema-compat';

export type Located = { readonly node: AvroNode } | { readonly field: AvroField } | { readonly leaf: 'name' | 'size' | 'symbols'; readonly of: AvroNode };

/**
 * What a Java-style incompatibility location points at in the reader schema. Tokens: `fields/<i>`
 * (a field), `type` (its schema), `items`, `values`, the leaves `name`, `size`, `symbols`, and
 * numbers, which are always writer-union branch indices (the reader node stays where it is).
 */
export function locate(schema: AvroSchema, location: string): Located | undefined {
  const tokens = location === '/' ? [] : location.slice(1).split('/');
  let current: Located = { node: schema.root };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (/^\d+$/.test(token)) continue;
    if ('leaf' in current) return undefined;
    if ('field' in current) {
      if (token !== 'type') return undefined;
      const owner: AvroField = current.field;
      current = { node: owner.type };
      continue;
    }
    const node: AvroNode = current.node;
    if (token === 'fields' && node.kind === 'record') {
      const field: AvroField | undefined = node.fields[Number(tokens[++i])];
      if (!field) return undefined;
      current = { field };
    } else if (token === 'items' && node.kind === 'array') current = { node: node.items };
    else if (token === 'values' && node.kind === 'map') current = { node: node.values };
    else if ((token === 'name' || token === 'size' || token === 'symbols') && i === tokens.length - 1) current = { leaf: token, of: node };
    else return undefined;
  }
  return current;
}

/** Does a finding's location point at a reader node its type can be about? */
export function locationFits(schema: AvroSchema, finding: { readonly type: string; readonly location: string }): boolean {
  const at = locate(schema, finding.location);
  if (!at) return false;
  switch (finding.type) {
    case 'NAME_MISMATCH':
      return 'leaf' in at && at.leaf === 'name';
    case 'FIXED_SIZE_MISMATCH':
      return 'leaf' in at && at.leaf === 'size' && at.of.kind === 'fixed';
    case 'MISSING_ENUM_SYMBOLS':
      return 'leaf' in at && at.leaf === 'symbols' && at.of.kind === 'enum';
    case 'READER_FIELD_MISSING_DEFAULT_VALUE':
    case 'AMBIGUOUS_FIELD_ALIAS':
      return 'field' in at;
    case 'MISSING_UNION_BRANCH':
      return 'node' in at && at.node.kind === 'union';
    default:
      return 'node' in at;
  }
}
