import type { JsonValue } from '../util/json.js';
import { stableJson } from '../util/stable-json.js';
import type { AvroField, AvroNode, AvroSchema } from './model.js';
import { LOGICAL_PROPS } from './structure.js';


/**
 * What a canonical writer keeps besides the Parsing Canonical Form: nothing (PCF), or the
 * attributes PCF strips that change what the schema means (identity).
 */
interface Extras {
  readonly identity: boolean;
}

/**
 * The Parsing Canonical Form of an Avro schema (spec 1.12): full names, only the attributes
 * name, type, fields, symbols, items, values and size, in that order, no white space, and each
 * named type written in full once, then by its full name.
 */
export function parsingCanonicalForm(schema: AvroSchema): string {
  return write(schema.root, new Set(), { identity: false });
}

/**
 * PCF plus aliases, field defaults, logical-type attributes and enum defaults (DESIGN §3): two
 * schemas with the same identity form are the same schema for de-duplication. Aliases are sorted,
 * defaults written with sorted keys, so that their order does not matter.
 */
export function identityForm(schema: AvroSchema): string {
  return write(schema.root, new Set(), { identity: true });
}

function quote(text: string): string {
  return `"${text}"`;
}

function logicalAttributes(node: AvroNode): string {
  let out = '';
  for (const key of LOGICAL_PROPS) {
    const value = node.props[key];
    if (value !== undefined) out += `,${quote(key)}:${stableJson(value)}`;
  }
  return out;
}

function aliasesAttribute(aliases: readonly string[], extras: Extras): string {
  return extras.identity && aliases.length > 0 ? `,"aliases":${JSON.stringify([...aliases].sort())}` : '';
}

function write(node: AvroNode, seen: Set<string>, extras: Extras): string {
  const logical = extras.identity ? logicalAttributes(node) : '';
  switch (node.kind) {
    case 'record':
    case 'enum':
    case 'fixed': {
      if (seen.has(node.fullName)) return quote(node.fullName);
      seen.add(node.fullName);
      const head = `{"name":${quote(node.fullName)},"type":"${node.kind}"`;
      const tail = `${aliasesAttribute(node.aliases, extras)}${logical}}`;
      if (node.kind === 'fixed') return `${head},"size":${node.size}${tail}`;
      if (node.kind === 'enum') {
        const enumDefault = extras.identity && node.default !== undefined ? `,"default":${quote(node.default)}` : '';
        return `${head},"symbols":[${node.symbols.map(quote).join(',')}]${enumDefault}${tail}`;
      }
      return `${head},"fields":[${node.fields.map((field) => writeField(field, seen, extras)).join(',')}]${tail}`;
    }
    case 'array':
      return `{"type":"array","items":${write(node.items, seen, extras)}${logical}}`;
    case 'map':
      return `{"type":"map","values":${write(node.values, seen, extras)}${logical}}`;
    case 'union':
      return `[${node.branches.map((branch) => write(branch, seen, extras)).join(',')}]`;
    default:
      return logical === '' ? quote(node.kind) : `{"type":${quote(node.kind)}${logical}}`;
  }
}

function writeField(field: AvroField, seen: Set<string>, extras: Extras): string {
  const type = write(field.type, seen, extras);
  if (!extras.identity) return `{"name":${quote(field.name)},"type":${type}}`;
  const defaultValue = field.hasDefault ? `,"default":${stableJson(field.default as JsonValue)}` : '';
  return `{"name":${quote(field.name)},"type":${type}${defaultValue}${aliasesAttribute(field.aliases, extras)}}`;
}
