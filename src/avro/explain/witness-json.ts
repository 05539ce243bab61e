import { latin1Text } from '../../util/bytes.js';
import type { UnionBranch } from '../data/values.js';
import type { AvroNode } from '../model.js';
import { isNamed } from '../model.js';

/**
 * A datum in Avro's JSON encoding (spec 1.12 "JSON Encoding"), which is also what avsc's
 * `Type#toString` writes for a type with wrapped unions: a union value other than null is
 * `{ "<branch type name>": value }` (a named type's full name, else the type: `"int"`, `"array"`);
 * bytes and fixed are strings of code points 0-255; records list their fields in schema order. A
 * long beyond ±(2^53 - 1), which a JSON number cannot carry into JavaScript, is a string of digits.
 */
export function avroJson(node: AvroNode, datum: unknown): unknown {
  switch (node.kind) {
    case 'bytes':
    case 'fixed':
      return latin1Text(datum as Uint8Array);
    case 'long':
      return typeof datum === 'bigint' ? datum.toString() : datum;
    case 'array':
      return (datum as readonly unknown[]).map((item) => avroJson(node.items, item));
    case 'map':
      return Object.fromEntries(Object.entries(datum as Record<string, unknown>).map(([key, value]) => [key, avroJson(node.values, value)]));
    case 'record': {
      const record = datum as Record<string, unknown>;
      // Filled in place (several times faster than Object.fromEntries on a wide record); a field named
      // `__proto__` is defined as an own property, not assigned (which would set the prototype).
      const out: Record<string, unknown> = {};
      for (const field of node.fields) {
        const value = avroJson(field.type, record[field.name]);
        if (field.name === '__proto__') Object.defineProperty(out, field.name, { value, enumerable: true, writable: true, configurable: true });
        else out[field.name] = value;
      }
      return out;
    }
    case 'union': {
      const { index, value } = datum as UnionBranch;
      const branch = node.branches[index] as AvroNode;
      if (branch.kind === 'null') return null;
      return { [isNamed(branch) ? branch.fullName : branch.kind]: avroJson(branch, value) };
    }
    default:
      return datum;
  }
}
