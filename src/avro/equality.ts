import { jsonEqual } from '../util/json-equal.js';
import type { AvroField, AvroNode, AvroSchema } from './model.js';
import { LOGICAL_PROPS } from './structure.js';

/**
 * Are two schemas the same for de-duplication (DESIGN §3): same Parsing Canonical Form and same
 * aliases, field defaults, logical types and enum defaults? Compares the two models side by side
 * and stops at the first difference, so telling a new schema from an old one costs little.
 * Fingerprinted schemas (see `fingerprintSchema`) are told apart by their root fingerprints.
 */
export function sameAvroSchema(a: AvroSchema, b: AvroSchema): boolean {
  if (a === b) return true;
  // Different fingerprints prove a difference; equal ones are confirmed (a hash may collide).
  if (a.root.fp !== '' && b.root.fp !== '' && a.root.fp !== b.root.fp) return false;
  return sameNode(a.root, b.root, new Set());
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  if (a.length === 0) return true;
  const other = new Set(b);
  return a.every((value) => other.has(value));
}


function sameLogical(a: AvroNode, b: AvroNode): boolean {
  // Most nodes have no attributes at all: they share one empty object and nothing is looked up.
  if (a.props === b.props) return true;
  for (const key of LOGICAL_PROPS) if (!jsonEqual(a.props[key], b.props[key])) return false;
  return true;
}

/**
 * Fields are compared by name, default flag and type kind, all of them, before any is compared in
 * depth: versions of a subject mostly differ in which fields they have (added, removed or renamed
 * ones), and the de-duplication that asks every version then rejects them without walking the
 * fields they share. The last fields are compared first: new fields are usually appended.
 */
function sameFieldOutlines(a: readonly AvroField[], b: readonly AvroField[]): boolean {
  for (let i = a.length - 1; i >= 0; i--) {
    const left = a[i] as AvroField;
    const right = b[i] as AvroField;
    if (left.name !== right.name || left.hasDefault !== right.hasDefault || left.type.kind !== right.type.kind) return false;
  }
  return true;
}

function sameField(a: AvroField, b: AvroField, seen: Set<string>): boolean {
  return a.name === b.name && a.hasDefault === b.hasDefault && sameSet(a.aliases, b.aliases)
    && (!a.hasDefault || jsonEqual(a.default, b.default)) && sameNode(a.type, b.type, seen);
}

/** `seen`: full names compared already; a later occurrence is then written as a name in both forms. */
function sameNode(a: AvroNode, b: AvroNode, seen: Set<string>): boolean {
  if (a.kind !== b.kind || !sameLogical(a, b)) return false;
  switch (a.kind) {
    case 'record':
    case 'enum':
    case 'fixed': {
      const other = b as typeof a;
      if (a.fullName !== other.fullName) return false;
      if (seen.has(a.fullName)) return true;
      seen.add(a.fullName);
      if (!sameSet(a.aliases, other.aliases)) return false;
      if (a.kind === 'fixed') return a.size === (other as typeof a).size;
      if (a.kind === 'enum') {
        const e = other as typeof a;
        return a.default === e.default && a.symbols.length === e.symbols.length && a.symbols.every((symbol, i) => symbol === e.symbols[i]);
      }
      const r = other as typeof a;
      if (a.fields.length !== r.fields.length || !sameFieldOutlines(a.fields, r.fields)) return false;
      for (let i = 0; i < a.fields.length; i++) if (!sameField(a.fields[i] as AvroField, r.fields[i] as AvroField, seen)) return false;
      return true;
    }
    case 'array':
      return sameNode(a.items, (b as typeof a).items, seen);
    case 'map':
      return sameNode(a.values, (b as typeof a).values, seen);
    case 'union': {
      const u = b as typeof a;
      return a.branches.length === u.branches.length && a.branches.every((branch, i) => sameNode(branch, u.branches[i] as AvroNode, seen));
    }
    default:
      return true;
  }
}
