import type { JsonValue } from '../util/json.js';
import { hash64 } from '../util/hash64.js';
import { stableJson } from '../util/stable-json.js';
import { LOGICAL_PROPS } from './canonical.js';
import type { AvroNode } from './model.js';

function logicalText(node: AvroNode): string {
  let out = '';
  for (const key of LOGICAL_PROPS) {
    const value = node.props[key];
    if (value !== undefined) out += `${key}=${stableJson(value)};`;
  }
  return out;
}

function sortedText(values: readonly string[]): string {
  return values.length === 0 ? '' : JSON.stringify([...values].sort());
}

/**
 * A node's fingerprint over exactly what its identity form holds (PCF plus aliases, defaults,
 * logical types and enum default), with children by their own fingerprints: equal fingerprints
 * mean equal identity forms, barring a 64-bit hash collision. Defined once every child has one.
 */
export function structuralFingerprint(node: AvroNode): string {
  const logical = logicalText(node);
  switch (node.kind) {
    case 'record': {
      const fields = node.fields.map((field) =>
        `${field.name}|${sortedText(field.aliases)}|${field.hasDefault ? stableJson(field.default as JsonValue) : '-'}|${field.type.fp}`,
      );
      return hash64(`R|${node.fullName}|${sortedText(node.aliases)}|${logical}|${fields.join(';')}`);
    }
    case 'enum':
      return hash64(`E|${node.fullName}|${sortedText(node.aliases)}|${JSON.stringify(node.symbols)}|${node.default ?? ''}|${logical}`);
    case 'fixed':
      return hash64(`F|${node.fullName}|${sortedText(node.aliases)}|${node.size}|${logical}`);
    case 'array':
      return hash64(`A|${node.items.fp}|${logical}`);
    case 'map':
      return hash64(`M|${node.values.fp}|${logical}`);
    case 'union':
      return hash64(`U|${node.branches.map((branch) => branch.fp).join(',')}`);
    default:
      return logical === '' ? node.kind : hash64(`P|${node.kind}|${logical}`);
  }
}
