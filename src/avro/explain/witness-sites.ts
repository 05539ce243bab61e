import type { WriterNames } from '../compat/runtime/aliases.js';
import { unionEquivalent } from '../compat/runtime/union-equiv.js';
import { checkerFieldMatch, runtimeFieldMatches } from '../data/plan-fields.js';
import type { AvroNode, AvroUnion } from '../model.js';
import { isNamed } from '../model.js';

/** One step from a writer node down to a child, in a writer datum. */
export type Step =
  | { readonly kind: 'field'; readonly position: number }
  | { readonly kind: 'item' }
  | { readonly kind: 'value' }
  | { readonly kind: 'branch'; readonly index: number };

/** A place a finding's location may mean: the reader and writer nodes there, and how to get there in the data. */
export interface Site {
  readonly reader: AvroNode;
  readonly writer: AvroNode;
  /** From the writer's root down to `writer`. */
  readonly steps: readonly Step[];
  /** From the decoded reader value's root down to the value read there (field names, 0, map key). */
  readonly readerPath: readonly (string | number)[];
}

/** The key of the one map entry a witness has. */
export const MAP_KEY = 'k';

/** How number tokens read: WRITER union branches (Java's `SchemaCompatibility`) or READER union branches (Java's runtime). */
export type Convention = 'writer' | 'reader';

export interface SiteOptions {
  readonly convention: Convention;
  readonly names: WriterNames;
  /** The reader branch the profile's plan picks for a non-union writer (reader convention). */
  readonly choose: (reader: AvroUnion, writer: AvroNode) => number;
  /** The writer's kind or runtime full name, from the message (`Found long, ...`), when it says. */
  readonly found: string | undefined;
}

const MAX_SITES = 64;

/**
 * Every place a location can mean, pairing reader and writer nodes along its tokens. Where a
 * writer union is read against the reader without a token of its own (runtime locations, unions
 * that are not equivalent), each writer branch is a candidate; the message's writer type, when
 * given, picks among the last ones.
 */
export function findSites(reader: AvroNode, writer: AvroNode, location: string, options: SiteOptions): Site[] {
  const tokens = location === '/' || location === '' ? [] : location.replace(/^\//, '').split('/');
  const sites: Site[] = [];
  const walk = (r: AvroNode, w: AvroNode, i: number, steps: readonly Step[], path: readonly (string | number)[]): void => {
    if (sites.length >= MAX_SITES) return;
    if (options.convention === 'reader' && w.kind === 'union' && !(r.kind === 'union' && unionEquivalent(w, r, options.names) && i < tokens.length)) {
      const found = i === tokens.length ? w.branches.findIndex((branch) => foundIs(branch, options)) : -1;
      w.branches.forEach((branch, index) => {
        if (found < 0 || found === index) walk(r, branch, i, [...steps, { kind: 'branch', index }], path);
      });
      return;
    }
    const token = tokens[i];
    if (token === undefined) {
      sites.push({ reader: r, writer: w, steps, readerPath: path });
      return;
    }
    if (/^\d+$/.test(token)) {
      const index = Number(token);
      if (options.convention === 'writer') {
        if (w.kind === 'union' && w.branches[index]) walk(r, w.branches[index] as AvroNode, i + 1, [...steps, { kind: 'branch', index }], path);
      } else if (r.kind === 'union' && r.branches[index]) {
        if (w.kind === 'union') walk(r.branches[index] as AvroNode, w.branches[index] as AvroNode, i + 1, [...steps, { kind: 'branch', index }], path);
        else if (options.choose(r, w) === index) walk(r.branches[index] as AvroNode, w, i + 1, steps, path);
      }
      return;
    }
    if (token === 'fields' && r.kind === 'record' && w.kind === 'record' && tokens[i + 2] === 'type') {
      const field = r.fields[Number(tokens[i + 1])];
      if (!field) return;
      const source = options.convention === 'writer' ? checkerFieldMatch(w, field).writer : runtimeFieldMatches(w, r, options.names).get(field);
      if (source) walk(field.type, source.type, i + 3, [...steps, { kind: 'field', position: source.position }], [...path, field.name]);
    } else if (token === 'items' && r.kind === 'array' && w.kind === 'array') {
      walk(r.items, w.items, i + 1, [...steps, { kind: 'item' }], [...path, 0]);
    } else if (token === 'values' && r.kind === 'map' && w.kind === 'map') {
      walk(r.values, w.values, i + 1, [...steps, { kind: 'value' }], [...path, MAP_KEY]);
    } else if ((token === 'name' || token === 'size' || token === 'symbols') && i === tokens.length - 1) {
      walk(r, w, i + 1, steps, path);
    }
  };
  walk(reader, writer, 0, [], []);
  return sites;
}

function foundIs(branch: AvroNode, options: SiteOptions): boolean {
  const found = options.found;
  if (found === undefined) return false;
  return isNamed(branch) ? branch.fullName === found || options.names.fullName(branch) === found : branch.kind === found;
}
