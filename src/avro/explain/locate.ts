import type { WriterNames } from '../compat/runtime/aliases.js';
import type { AvroField, AvroNode, AvroRecord } from '../model.js';
import { isNamed } from '../model.js';
import type { BranchConvention } from './locate-writer.js';
import { sameKindBranch, writerFieldOf, writerForBranch } from './locate-writer.js';

export type { BranchConvention } from './locate-writer.js';
export { PLAIN_NAMES, namesOf } from './locate-writer.js';

/** A reader field and the writer field it reads (by name, then by its aliases). */
export interface FieldSite {
  readonly reader: AvroField;
  readonly record: AvroRecord;
  readonly writerRecord: AvroRecord | undefined;
  readonly writer: AvroField | undefined;
}

/** Where a location is, for naming it: the nearest enclosing reader field and the steps below its type. */
export interface Place {
  readonly field: AvroField | undefined;
  /** The record of `field`; undefined at the top level. */
  readonly record: AvroRecord | undefined;
  /** `items`, `values` or `branch:<label>` (a reader union branch), from the field's type down. */
  readonly steps: readonly string[];
}

/** A location resolved in both schemas. */
export interface AvroSite {
  /** The reader node at the location (for a leaf `/name`, `/size`, `/symbols`: the node it belongs to; for a field: its type). */
  readonly reader: AvroNode;
  /** The writer node read there; undefined when the writer has none (a missing field). */
  readonly writer: AvroNode | undefined;
  /** True when `writer` is one branch of a writer union the reader reads branch by branch. */
  readonly writerBranch: boolean;
  readonly leaf: 'name' | 'size' | 'symbols' | undefined;
  /** Set when the location is a field itself (`/fields/<i>`). */
  readonly field: FieldSite | undefined;
  readonly place: Place;
  /** The namespace type references at the location resolve against. */
  readonly namespace: string | null;
}

/** How to follow a location: its branch convention, the writer's names, and where it starts. */
export interface LocateOptions {
  readonly convention: BranchConvention;
  /** The writer's names after the reader's aliases (runtime convention); `namesOf` gives them. */
  readonly names: WriterNames;
  /**
   * The writer's full name or kind from a runtime message (`Found X, ...`): picks the writer branch
   * when a writer union is read against a non-union reader, where runtime locations have no token.
   */
  readonly found?: string | undefined;
  /** Where `reader` itself is, when it is not the top of its schema (a union branch checked alone). */
  readonly start?: { readonly place: Place; readonly namespace: string | null };
}

/**
 * Resolves a finding's location in the reader schema (from `reader`, its top node) and follows the
 * writer along. Undefined when the location does not fit the reader schema.
 */
export function locateAvro(reader: AvroNode, writer: AvroNode, location: string, options: LocateOptions): AvroSite | undefined {
  const { convention, names, found } = options;
  const tokens = location === '' || location === '/' ? [] : location.replace(/^\//, '').split('/');
  let r: AvroNode = reader;
  let w: AvroNode | undefined = writer;
  let writerBranch = false;
  let field: FieldSite | undefined;
  let leaf: AvroSite['leaf'];
  let place: Place = options.start?.place ?? { field: undefined, record: undefined, steps: [] };
  let namespace = options.start ? options.start.namespace : isNamed(r) ? r.namespace : null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (leaf) return undefined;
    if (field) {
      if (token !== 'type') return undefined;
      place = { field: field.reader, record: field.record, steps: [] };
      r = field.reader.type;
      w = field.writer?.type;
      writerBranch = false;
      field = undefined;
      continue;
    }
    if (/^\d+$/.test(token)) {
      const index = Number(token);
      if (convention === 'writer') {
        w = w?.kind === 'union' ? w.branches[index] : undefined;
        writerBranch = w !== undefined;
        continue;
      }
      if (r.kind !== 'union') return undefined;
      const branch = r.branches[index];
      if (!branch) return undefined;
      w = writerForBranch(w, r, index, names);
      writerBranch = false;
      place = { ...place, steps: [...place.steps, `branch:${branchLabel(branch)}`] };
      r = branch;
      continue;
    }
    if (convention === 'reader') w = sameKindBranch(w, r, names, undefined);
    if (token === 'fields' && r.kind === 'record') {
      const readerField = r.fields[Number(tokens[++i])];
      if (!readerField) return undefined;
      const writerRecord = w?.kind === 'record' ? w : undefined;
      field = { reader: readerField, record: r, writerRecord, writer: writerRecord && writerFieldOf(writerRecord, readerField, convention, names) };
      namespace = r.namespace;
    } else if (token === 'items' && r.kind === 'array') {
      [r, w] = [r.items, w?.kind === 'array' ? w.items : undefined];
      place = { ...place, steps: [...place.steps, 'items'] };
    } else if (token === 'values' && r.kind === 'map') {
      [r, w] = [r.values, w?.kind === 'map' ? w.values : undefined];
      place = { ...place, steps: [...place.steps, 'values'] };
    } else if ((token === 'name' && isNamed(r)) || (token === 'size' && r.kind === 'fixed') || (token === 'symbols' && r.kind === 'enum')) {
      leaf = token;
    } else {
      return undefined;
    }
    writerBranch = false;
  }
  if (convention === 'reader' && w?.kind === 'union' && (r.kind !== 'union' || found !== undefined)) {
    const picked = sameKindBranch(w, r, names, found);
    writerBranch = picked !== w;
    w = picked;
  }
  return { reader: field ? field.reader.type : r, writer: field ? field.writer?.type : w, writerBranch, leaf, field, place, namespace };
}

/** How a union branch is called in prose: its kind, or its simple name. */
export function branchLabel(node: AvroNode): string {
  return isNamed(node) ? node.name : node.kind;
}
