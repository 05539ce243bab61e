import type { CombinedNode, JsonNode } from '../model.js';
import { matchBranches } from './branches.js';
import { compareSchemas } from './compare.js';
import { matchedOverlap } from './matched-overlap.js';
import { oneOfOverlaps } from './overlap.js';
import { DiffSession, difference } from './session.js';
import type { Difference } from './session.js';
import { JsonDifferenceType as T } from './types.js';

/** Where a sub-schema's differences are reported: under `/allOf/i` when the document wrote the keyword, else in place. */
function branchPointer(node: CombinedNode, index: number): string {
  return node.origin === 'keyword' ? `/${node.criterion}/${index}` : '';
}

/** Every branch compared with `other`, in order; undefined as soon as the session's budget refuses one. */
function allTried(s: DiffSession, branches: readonly JsonNode[], compare: (branch: JsonNode, index: number) => Difference[]): Difference[][] | undefined {
  const parts: Difference[][] = [];
  for (const [index, branch] of branches.entries()) {
    const part = s.canTry ? compare(branch, index) : undefined;
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return parts;
}

/** A non-combined original against a combined update (SchemaDiff.compareTypes). */
export function toCombined(s: DiffSession, o: JsonNode, u: CombinedNode): Difference[] {
  if (u.subschemas.length === 1) return compareSchemas(s, '', o, u.subschemas[0] as JsonNode);
  if (u.criterion === 'allOf') {
    // Every conjunct must accept the original's instances; Confluent answers TYPE_CHANGED here whatever the conjuncts.
    const parts = allTried(s, u.subschemas, (branch) => compareSchemas(s, '', o, branch));
    if (!s.sound || parts === undefined || !parts.every((part) => s.isCompatible(part))) return [difference(T.TYPE_CHANGED, '')];
    return parts.flat();
  }
  // anyOf / oneOf: some branch must accept the original (SUM_TYPE_EXTENDED plus that branch's differences).
  for (let i = 0; i < u.subschemas.length; i++) {
    const branch = s.canTry ? compareSchemas(s, '', o, u.subschemas[i] as JsonNode) : undefined;
    if (branch === undefined) break;
    if (!s.isCompatible(branch)) continue;
    const out = [difference(T.SUM_TYPE_EXTENDED, ''), ...branch];
    if (s.sound && u.criterion === 'oneOf' && oneOfOverlaps(s, o, u, i, () => false)) out.push(difference(T.ONE_OF_BRANCHES_OVERLAP, ''));
    return out;
  }
  return [difference(T.TYPE_CHANGED, '')];
}

/** A combined original against a non-combined update. */
export function fromCombined(s: DiffSession, o: CombinedNode, u: JsonNode): Difference[] {
  if (o.subschemas.length === 1) return compareSchemas(s, '', o.subschemas[0] as JsonNode, u);
  if (o.criterion === 'allOf') {
    // An instance satisfies every conjunct, so one conjunct the update accepts is enough (PRODUCT_TYPE_NARROWED).
    for (let i = 0; i < o.subschemas.length; i++) {
      const branch = s.canTry ? compareSchemas(s, branchPointer(o, i), o.subschemas[i] as JsonNode, u) : undefined;
      if (branch === undefined) break;
      if (s.isCompatible(branch)) return [difference(T.PRODUCT_TYPE_NARROWED, ''), ...branch];
    }
    return [difference(T.TYPE_CHANGED, '')];
  }
  // anyOf / oneOf original: every alternative must be accepted by the update.
  const parts = allTried(s, o.subschemas, (branch, i) => compareSchemas(s, branchPointer(o, i), branch, u));
  if (!s.sound || parts === undefined || !parts.every((part) => s.isCompatible(part))) return [difference(T.TYPE_CHANGED, '')];
  return parts.flat();
}

/** CombinedSchemaDiff: criterion first, then counts, then a maximum matching of compatible sub-schema pairs. */
export function compareCombined(s: DiffSession, o: CombinedNode, u: CombinedNode): Difference[] {
  const out: Difference[] = [];
  if (o.criterion !== u.criterion) {
    if (!criterionExtends(o, u)) return [difference(T.COMBINED_TYPE_CHANGED, '')];
    out.push(difference(T.COMBINED_TYPE_EXTENDED, ''));
  }
  const originals = distinct(o);
  const updates = distinct(u);
  if (updates.length > originals.length) out.push(difference(u.criterion === 'allOf' ? T.PRODUCT_TYPE_EXTENDED : T.SUM_TYPE_EXTENDED, ''));
  if (updates.length < originals.length) out.push(difference(o.criterion === 'allOf' ? T.PRODUCT_TYPE_NARROWED : T.SUM_TYPE_NARROWED, ''));
  const pairs = matchBranches(s, o, u, originals, updates, (i) => branchPointer(o, i));
  if (pairs.length < Math.min(originals.length, updates.length)) return [...out, difference(T.COMBINED_TYPE_SUBSCHEMAS_CHANGED, '')];
  for (const pair of pairs) out.push(...pair.differences);
  // A oneOf reader rejects an instance two of its branches accept (Validation 2020-12 §10.2.1.3).
  if (s.sound && u.criterion === 'oneOf' && o.criterion !== 'allOf' && matchedOverlap(s, o, u, originals, pairs)) out.push(difference(T.ONE_OF_BRANCHES_OVERLAP, ''));
  return out;
}

/** When a criterion change still accepts every old instance (reference/confluent.md §3.3). */
function criterionExtends(o: CombinedNode, u: CombinedNode): boolean {
  const oneO = o.subschemas.length === 1;
  const oneU = u.subschemas.length === 1;
  return u.criterion === 'anyOf' || (oneO && oneU) || (oneO && u.criterion === 'oneOf') || (o.criterion === 'allOf' && oneU);
}

/** Indexes of the sub-schemas left once written-twice duplicates are dropped (Confluent de-duplicates them). */
function distinct(node: CombinedNode): number[] {
  const seen = new Set<string>();
  const kept: number[] = [];
  node.subschemas.forEach((_, i) => {
    const key = node.keys[i] ?? String(i);
    if (seen.has(key)) return;
    seen.add(key);
    kept.push(i);
  });
  return kept;
}
