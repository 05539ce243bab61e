import type { AvroField, AvroNode } from '../../model.js';
import { isNamed } from '../../model.js';
import { PairMap } from '../../../util/pair-map.js';
import type { WriterNames } from './aliases.js';

/**
 * Java's `Resolver.unionEquiv`: are a writer union and a reader schema the same union, by simple
 * names, sizes, symbols in order, branches in order and field names in order? Then the runtime
 * resolves branch i against branch i. Records met again count as equivalent (optimistic, as Java).
 */
export function unionEquivalent(writer: AvroNode, reader: AvroNode, names: WriterNames, seen = new PairMap<AvroNode, boolean>()): boolean {
  if (writer.kind !== reader.kind) return false;
  if (isNamed(writer) && names.name(writer) !== (reader as typeof writer).name) return false;
  switch (writer.kind) {
    case 'array':
      return unionEquivalent(writer.items, (reader as typeof writer).items, names, seen);
    case 'map':
      return unionEquivalent(writer.values, (reader as typeof writer).values, names, seen);
    case 'fixed':
      return writer.size === (reader as typeof writer).size;
    case 'enum': {
      const symbols = (reader as typeof writer).symbols;
      return writer.symbols.length === symbols.length && writer.symbols.every((symbol, i) => symbol === symbols[i]);
    }
    case 'union': {
      const branches = (reader as typeof writer).branches;
      return writer.branches.length === branches.length && writer.branches.every((branch, i) => unionEquivalent(branch, branches[i] as AvroNode, names, seen));
    }
    case 'record': {
      const known = seen.get(writer, reader);
      if (known !== undefined) return known;
      seen.set(writer, reader, true);
      const fields = (reader as typeof writer).fields;
      const equivalent = writer.fields.length === fields.length && writer.fields.every((field, i) => {
        const other = fields[i] as AvroField;
        return names.fieldName(writer, field.name) === other.name && unionEquivalent(field.type, other.type, names, seen);
      });
      seen.set(writer, reader, equivalent);
      return equivalent;
    }
    default:
      return true;
  }
}
