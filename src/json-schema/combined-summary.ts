import type { JsonValue } from '../util/json.js';
import { unescapePointerToken } from '../util/json.js';
import { ownValue } from '../util/own.js';
import { stableJson } from '../util/stable-json.js';
import { JsonDifferenceType as T } from './diff/types.js';

/** Confluent's difference types about a combined schema (SchemaDiff's CombinedSchemaDiff), which its path alone does not explain. */
const COMBINED: ReadonlySet<string> = new Set([
  T.COMBINED_TYPE_CHANGED, T.COMBINED_TYPE_EXTENDED, T.COMBINED_TYPE_SUBSCHEMAS_CHANGED,
  T.SUM_TYPE_EXTENDED, T.SUM_TYPE_NARROWED, T.PRODUCT_TYPE_EXTENDED, T.PRODUCT_TYPE_NARROWED,
]);
const CRITERIA = ['allOf', 'anyOf', 'oneOf'] as const;
/** How many branches added or removed a summary names, and how long a branch's text may be there. */
const LISTED = 3;
const LABEL_LENGTH = 60;

interface Combined {
  readonly criterion: (typeof CRITERIA)[number];
  readonly branches: readonly JsonValue[];
}

/**
 * What changed in the combined schema at `path` (`#/properties/v`) for a difference of the combined
 * kind: the keyword (`anyOf→oneOf`), and the branches one side has and the other lacks, by index and
 * text (`oneOf branch 1 {"type":"integer"}→{"type":"boolean"}`, `oneOf branch 2 {"type":"null"} added`).
 * Undefined for another difference, or when the path does not lead to a combined schema in the
 * documents (local `$ref`s are followed, references to other documents are not).
 */
export function combinedChange(type: string, path: string, original: JsonValue, update: JsonValue): string | undefined {
  if (!COMBINED.has(type)) return undefined;
  const [o, u] = [combinedAt(original, path), combinedAt(update, path)];
  if (u === undefined) return o === undefined ? undefined : `no longer a ${o.criterion} of ${count(o.branches.length)}`;
  if (o === undefined) return `now a ${u.criterion} of ${count(u.branches.length)}`;
  const keyword = o.criterion === u.criterion ? u.criterion : `${o.criterion}→${u.criterion}`;
  const branches = branchChanges(o.branches, u.branches);
  return branches === undefined ? `${keyword}, ${count(u.branches.length)}` : `${keyword} ${branches}`;
}

function count(n: number): string {
  return `${n} ${n === 1 ? 'branch' : 'branches'}`;
}

/**
 * Branches changed in place (`branch 0 A→B`), removed and added (compared by their JSON text, key
 * order aside), or `branches reordered`; undefined when both lists are the same.
 */
function branchChanges(olds: readonly JsonValue[], news: readonly JsonValue[]): string | undefined {
  const [oldTexts, newTexts] = [olds.map(stableJson), news.map(stableJson)];
  const removedAt = unmatched(oldTexts, newTexts);
  const addedAt = new Set(unmatched(newTexts, oldTexts));
  if (removedAt.length === 0 && addedAt.size === 0) return oldTexts.join() === newTexts.join() ? undefined : 'branches reordered';
  const changed = removedAt.filter((i) => addedAt.has(i));
  const removed = removedAt.filter((i) => !addedAt.has(i));
  const added = [...addedAt].filter((i) => !changed.includes(i));
  const listed = (indexes: readonly number[], text: (i: number) => string, what: string): string[] => {
    if (indexes.length === 0) return [];
    const shown = indexes.slice(0, LISTED).map((i) => `branch ${i} ${text(i)}`).join(', ');
    return [`${shown}${indexes.length > LISTED ? ` and ${indexes.length - LISTED} more` : ''}${what}`];
  };
  return [
    ...listed(changed, (i) => `${label(oldTexts[i] as string)}→${label(newTexts[i] as string)}`, ''),
    ...listed(removed, (i) => label(oldTexts[i] as string), ' removed'),
    ...listed(added, (i) => label(newTexts[i] as string), ' added'),
  ].join(', ');
}

/** The indexes of `texts` that `others` lacks, counting repeats. */
function unmatched(texts: readonly string[], others: readonly string[]): number[] {
  const left = new Map<string, number>();
  for (const text of others) left.set(text, (left.get(text) ?? 0) + 1);
  return texts.flatMap((text, i) => {
    const n = left.get(text) ?? 0;
    if (n === 0) return [i];
    left.set(text, n - 1);
    return [];
  });
}

function label(text: string): string {
  return text.length <= LABEL_LENGTH ? text : `${text.slice(0, LABEL_LENGTH - 1)}…`;
}

/** How many local `$ref`s in a row a path is followed through (a cycle of them ends here). */
const MAX_REFS = 8;

/**
 * The schema object at a `#/...` path of a document, when it has exactly one of allOf, anyOf and
 * oneOf, an array; a step the object lacks is looked for through its local `$ref` (`#/$defs/V`), as
 * the diff follows it. Other references (to another document) are not followed.
 */
function combinedAt(document: JsonValue, path: string): Combined | undefined {
  if (!path.startsWith('#')) return undefined;
  const tokens = (from: string): string[] => from.slice(1).split('/').slice(1).filter((each, i, all) => !(each === '' && i === all.length - 1)).map(unescapePointerToken);
  const at = (node: JsonValue | undefined, steps: readonly string[], hops: number): JsonValue | undefined => {
    let here = node;
    for (const step of steps) {
      const child = childOf(here, step);
      if (child !== undefined) here = child;
      else {
        const target = hops < MAX_REFS ? refTarget(here) : undefined;
        here = target === undefined ? undefined : childOf(at(document, tokens(target), hops + 1), step);
      }
      if (here === undefined) return undefined;
    }
    return here;
  };
  let node = at(document, tokens(path), 0);
  for (let hops = 0; hops < MAX_REFS && node !== undefined && combinedOf(node) === undefined; hops++) {
    const target = refTarget(node);
    node = target === undefined ? undefined : at(document, tokens(target), hops + 1);
  }
  return node === undefined ? undefined : combinedOf(node);
}

/** A local `$ref` of a schema object (`#` or `#/...`). */
function refTarget(node: JsonValue | undefined): string | undefined {
  const ref = typeof node === 'object' && node !== null && !Array.isArray(node) ? ownValue(node as Readonly<Record<string, JsonValue>>, '$ref') : undefined;
  return typeof ref === 'string' && (ref === '#' || ref.startsWith('#/')) ? ref : undefined;
}

function combinedOf(node: JsonValue): Combined | undefined {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
  const found = CRITERIA.flatMap((criterion) => {
    const branches = ownValue(node as Readonly<Record<string, JsonValue>>, criterion);
    return Array.isArray(branches) ? [{ criterion, branches }] : [];
  });
  return found.length === 1 ? found[0] : undefined;
}

function childOf(node: JsonValue | undefined, token: string): JsonValue | undefined {
  if (Array.isArray(node)) return /^(0|[1-9]\d*)$/.test(token) ? node[Number(token)] : undefined;
  if (typeof node === 'object' && node !== null) return ownValue(node as Readonly<Record<string, JsonValue>>, token);
  return undefined;
}
