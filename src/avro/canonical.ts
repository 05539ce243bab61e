import type { AvroField, AvroNode, AvroSchema } from './model.js';

/**
 * The Parsing Canonical Form of an Avro schema (spec 1.12, "Parsing Canonical Form for Schemas"):
 * full names, only the attributes name, type, fields, symbols, items, values and size, in that
 * order, no white space, and each named type written in full once, then by its full name. Names
 * and symbols are written as they are (they cannot hold a quote or a backslash).
 */
export function parsingCanonicalForm(schema: AvroSchema): string {
  return write(schema.root, new Set());
}

function quote(text: string): string {
  return `"${text}"`;
}

function write(node: AvroNode, seen: Set<string>): string {
  switch (node.kind) {
    case 'record':
    case 'enum':
    case 'fixed': {
      if (seen.has(node.fullName)) return quote(node.fullName);
      seen.add(node.fullName);
      const head = `{"name":${quote(node.fullName)},"type":"${node.kind}"`;
      if (node.kind === 'fixed') return `${head},"size":${node.size}}`;
      if (node.kind === 'enum') return `${head},"symbols":[${node.symbols.map(quote).join(',')}]}`;
      return `${head},"fields":[${node.fields.map((field) => writeField(field, seen)).join(',')}]}`;
    }
    case 'array':
      return `{"type":"array","items":${write(node.items, seen)}}`;
    case 'map':
      return `{"type":"map","values":${write(node.values, seen)}}`;
    case 'union':
      return `[${node.branches.map((branch) => write(branch, seen)).join(',')}]`;
    default:
      return quote(node.kind);
  }
}

function writeField(field: AvroField, seen: Set<string>): string {
  return `{"name":${quote(field.name)},"type":${write(field.type, seen)}}`;
}
