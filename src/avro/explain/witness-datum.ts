import { UnionBranch } from '../data/values.js';
import { logicalTypeOf } from '../logical.js';
import type { AvroNode, AvroRecord } from '../model.js';
import type { Step } from './witness-sites.js';
import { MAP_KEY } from './witness-sites.js';

/** No finite datum: a record that contains itself with no way out (no union branch, array or map to stop at). */
export const NO_DATUM = Symbol('no finite datum');

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The smallest datum of a writer type, in the data plane's representation with union branches made
 * explicit (`UnionBranch`): null, false, 0, '', empty bytes, zero bytes, the first symbol, [], {},
 * records field by field, and for unions null first, else the first branch that has a datum. Values
 * are valid under the logical type too (a zero decimal is one zero byte, a uuid is all zeros).
 */
export function smallest(node: AvroNode, open: ReadonlySet<AvroRecord> = new Set()): unknown {
  const logical = logicalTypeOf(node)?.name;
  switch (node.kind) {
    case 'null':
      return null;
    case 'boolean':
      return false;
    case 'int':
    case 'long':
    case 'float':
    case 'double':
      return 0;
    case 'string':
      return logical === 'uuid' ? ZERO_UUID : '';
    case 'bytes':
      return logical === 'decimal' ? Buffer.from([0]) : Buffer.alloc(0);
    case 'fixed':
      return Buffer.alloc(node.size);
    case 'enum':
      return node.symbols.length > 0 ? node.symbols[0] : NO_DATUM;
    case 'array':
      return [];
    case 'map':
      return {};
    case 'record':
      return recordOf(node, open, () => ORDINARY);
    case 'union': {
      const order = node.branches.map((_, i) => i).sort((a, b) => Number(node.branches[b]?.kind === 'null') - Number(node.branches[a]?.kind === 'null'));
      for (const index of order) {
        const value = smallest(node.branches[index] as AvroNode, open);
        if (value !== NO_DATUM) return new UnionBranch(index, value);
      }
      return NO_DATUM;
    }
  }
}

/**
 * The smallest datum with `trigger` at the place `steps` lead to from `node` (one array item, one
 * map entry keyed `k`, the given union branch), or NO_DATUM.
 */
export function datumWith(node: AvroNode, steps: readonly Step[], trigger: unknown, at = 0, open: ReadonlySet<AvroRecord> = new Set()): unknown {
  const step = steps[at];
  if (step === undefined) return trigger;
  const below = (child: AvroNode): unknown => datumWith(child, steps, trigger, at + 1, open);
  switch (step.kind) {
    case 'field':
      if (node.kind !== 'record') return NO_DATUM;
      return recordOf(node, open, (position, type) => (position === step.position ? datumWith(type, steps, trigger, at + 1, open) : ORDINARY));
    case 'item':
      return withDatum(node.kind === 'array' ? below(node.items) : NO_DATUM, (item) => [item]);
    case 'value':
      return withDatum(node.kind === 'map' ? below(node.values) : NO_DATUM, (value) => ({ [MAP_KEY]: value }));
    case 'branch': {
      const branch = node.kind === 'union' ? node.branches[step.index] : undefined;
      return withDatum(branch ? below(branch) : NO_DATUM, (value) => new UnionBranch(step.index, value));
    }
  }
}

function withDatum(value: unknown, wrap: (value: unknown) => unknown): unknown {
  return value === NO_DATUM ? NO_DATUM : wrap(value);
}

/** What `special` returns for a field that takes its smallest datum. */
const ORDINARY = Symbol('ordinary field');

/** A record's datum: each field's own value (`special`), else its smallest; NO_DATUM if one has none. */
function recordOf(record: AvroRecord, open: ReadonlySet<AvroRecord>, special: (position: number, type: AvroNode) => unknown): unknown {
  if (open.has(record)) return NO_DATUM;
  const inside = new Set([...open, record]);
  const entries: [string, unknown][] = [];
  for (const field of record.fields) {
    const own = special(field.position, field.type);
    const value = own === ORDINARY ? smallest(field.type, inside) : own;
    if (value === NO_DATUM) return NO_DATUM;
    entries.push([field.name, value]);
  }
  return Object.fromEntries(entries);
}
