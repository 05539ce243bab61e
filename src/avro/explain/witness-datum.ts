import { UnionBranch } from '../data/values.js';
import { logicalTypeOf } from '../logical.js';
import type { AvroNode, AvroRecord } from '../model.js';
import type { Step } from './witness-sites.js';
import { MAP_KEY } from './witness-sites.js';
import { SizeBudget } from './witness-size.js';

/** No finite datum: a record that contains itself with no way out (no union branch, array or map to stop at). */
export const NO_DATUM = Symbol('no finite datum');

/** No datum within the witness size limit (witness-size.ts): a fixed, or fixed fields together, too large. */
export const TOO_LARGE = Symbol('datum too large');

/** A value built, neither NO_DATUM nor TOO_LARGE. */
export function isDatum(value: unknown): boolean {
  return value !== NO_DATUM && value !== TOO_LARGE;
}

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The smallest datum of a writer type, in the data plane's representation with union branches made
 * explicit (`UnionBranch`): null, false, 0, '', empty bytes, zero bytes, the first symbol, [], {},
 * records field by field, and for unions null first, else the first branch that has a datum. Values
 * are valid under the logical type too (a zero decimal is one zero byte, a uuid is all zeros).
 * A fixed is taken from `budget` before it is allocated: TOO_LARGE past the witness size limit.
 */
export function smallest(node: AvroNode, open: ReadonlySet<AvroRecord> = new Set(), budget: SizeBudget = new SizeBudget()): unknown {
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
      return logical === 'decimal' ? Uint8Array.of(0) : new Uint8Array(0);
    case 'fixed':
      return budget.take(node.size) ? new Uint8Array(node.size) : TOO_LARGE;
    case 'enum':
      return node.symbols.length > 0 ? node.symbols[0] : NO_DATUM;
    case 'array':
      return [];
    case 'map':
      return {};
    case 'record':
      return recordOf(node, open, budget, () => ORDINARY);
    case 'union': {
      const order = node.branches.map((_, i) => i).sort((a, b) => Number(node.branches[b]?.kind === 'null') - Number(node.branches[a]?.kind === 'null'));
      let none: typeof NO_DATUM | typeof TOO_LARGE = NO_DATUM;
      for (const index of order) {
        const left = budget.left;
        const value = smallest(node.branches[index] as AvroNode, open, budget);
        if (isDatum(value)) return new UnionBranch(index, value);
        // A branch too large gives its bytes back; the next may be small.
        budget.left = left;
        if (value === TOO_LARGE) none = TOO_LARGE;
      }
      return none;
    }
  }
}

/**
 * The smallest datum with `trigger` at the place `steps` lead to from `node` (one array item, one
 * map entry keyed `k`, the given union branch), or NO_DATUM, or TOO_LARGE when the rest of the
 * datum would not fit `budget` (the trigger is not counted: its own size is bounded where it is made).
 */
export function datumWith(node: AvroNode, steps: readonly Step[], trigger: unknown, budget: SizeBudget = new SizeBudget(), at = 0, open: ReadonlySet<AvroRecord> = new Set()): unknown {
  const step = steps[at];
  if (step === undefined) return trigger;
  const below = (child: AvroNode): unknown => datumWith(child, steps, trigger, budget, at + 1, open);
  switch (step.kind) {
    case 'field':
      if (node.kind !== 'record') return NO_DATUM;
      return recordOf(node, open, budget, (position, type) => (position === step.position ? datumWith(type, steps, trigger, budget, at + 1, open) : ORDINARY));
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
  return isDatum(value) ? wrap(value) : value;
}

/** What `special` returns for a field that takes its smallest datum. */
const ORDINARY = Symbol('ordinary field');

/** A record's datum: each field's own value (`special`), else its smallest; NO_DATUM (or TOO_LARGE) if one has none. */
function recordOf(record: AvroRecord, open: ReadonlySet<AvroRecord>, budget: SizeBudget, special: (position: number, type: AvroNode) => unknown): unknown {
  if (open.has(record)) return NO_DATUM;
  const inside = new Set([...open, record]);
  // Without a prototype and filled in place: V8 builds a wide record so several times faster than
  // with Object.fromEntries, and a field named `__proto__` stays an own field (the encoder reads own fields).
  const datum = Object.create(null) as Record<string, unknown>;
  for (const field of record.fields) {
    const own = special(field.position, field.type);
    const value = own === ORDINARY ? smallest(field.type, inside, budget) : own;
    if (!isDatum(value)) return value;
    datum[field.name] = value;
  }
  return datum;
}
