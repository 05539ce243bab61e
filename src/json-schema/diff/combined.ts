import type { CombinedNode, JsonNode } from '../model.js';
import { compareSchemas } from './compare.js';
import { maximumMatching } from './matching.js';
import { oneOfOverlaps } from './overlap.js';
import { DiffSession, difference } from './session.js';
import type { Difference } from './session.js';
import { JsonDifferenceType as T } from './types.js';

/** Where a sub-schema's differences are reported: under `/allOf/i` when the document wrote the keyword, else in place. */
function branchPointer(node: CombinedNode, index: number): string {
  return node.origin === 'keyword' ? `/${node.criterion}/${index}` : '';
}

/** A non-combined original against a combined update (SchemaDiff.compareTypes). */
export function toCombined(s: DiffSession, o: JsonNode, u: CombinedNode): Difference[] {
  if (u.subschemas.length === 1) return compareSchemas(s, '', o, u.subschemas[0] as JsonNode);
  if (u.criterion === 'allOf') {
    // Every conjunct must accept the original's instances; Confluent answers TYPE_CHANGED here whatever the conjuncts.
    const parts = u.subschemas.map((branch) => compareSchemas(s, '', o, branch));
    if (!s.sound || !parts.every((part) => s.isCompatible(part))) return [difference(T.TYPE_CHANGED, '')];
    return parts.flat();
  }
  // anyOf / oneOf: some branch must accept the original (SUM_TYPE_EXTENDED plus that branch's differences).
  for (let i = 0; i < u.subschemas.length; i++) {
    const branch = compareSchemas(s, '', o, u.subschemas[i] as JsonNode);
    if (!s.isCompatible(branch)) continue;
    const out = [difference(T.SUM_TYPE_EXTENDED, ''), ...branch];
    if (s.sound && u.criterion === 'oneOf' && oneOfOverlaps(o, u, i, () => false)) out.push(difference(T.ONE_OF_BRANCHES_OVERLAP, ''));
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
      const branch = compareSchemas(s, branchPointer(o, i), o.subschemas[i] as JsonNode, u);
      if (s.isCompatible(branch)) return [difference(T.PRODUCT_TYPE_NARROWED, ''), ...branch];
    }
    return [difference(T.TYPE_CHANGED, '')];
  }
  // anyOf / oneOf original: every alternative must be accepted by the update.
  const parts = o.subschemas.map((branch, i) => compareSchemas(s, branchPointer(o, i), branch, u));
  if (!s.sound || !parts.every((part) => s.isCompatible(part))) return [difference(T.TYPE_CHANGED, '')];
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
  const results = originals.map((i) => updates.map((j) => compareSchemas(s, branchPointer(o, i), o.subschemas[i] as JsonNode, u.subschemas[j] as JsonNode)));
  const edges = results.map((row) => row.flatMap((result, j) => (s.isCompatible(result) ? [j] : [])));
  const matched = maximumMatching(edges, updates.length);
  if (matched.length < Math.min(originals.length, updates.length)) return [...out, difference(T.COMBINED_TYPE_SUBSCHEMAS_CHANGED, '')];
  for (const [i, j] of matched) out.push(...(results[i]?.[j] ?? []));
  // A oneOf reader rejects an instance two of its branches accept: each old alternative must miss every other new branch,
  // or that branch must only accept what another old alternative accepts (an old oneOf instance matches no other alternative).
  const overlaps = s.sound && u.criterion === 'oneOf' && o.criterion !== 'allOf' && matched.some(([i, j]) => {
    const otherOld = originals.filter((_, m) => m !== i).map((index) => o.subschemas[index] as JsonNode);
    const excluded = (k: number): boolean => o.criterion === 'oneOf' && otherOld.some((old) => s.isCompatible(compareSchemas(s, '', u.subschemas[k] as JsonNode, old)));
    return oneOfOverlaps(o.subschemas[originals[i] as number] as JsonNode, u, updates[j] as number, excluded);
  });
  if (overlaps) out.push(difference(T.ONE_OF_BRANCHES_OVERLAP, ''));
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
