import type { CombinedNode, JsonNode } from '../model.js';
import { compareSchemas } from './compare.js';
import { maximumMatching } from './matching.js';
import { DiffSession, deref } from './session.js';
import type { Difference } from './session.js';

/** One old sub-schema paired with a new one that accepts all its instances, and the pair's differences. */
export interface BranchPair {
  readonly original: number;
  readonly update: number;
  readonly differences: readonly Difference[];
}

/**
 * A key equal for two sub-schemas that certainly accept the same instances: the same draft and the
 * same `$ref`-free text (the shortcut `compareSchemas` takes; JSON Schema core §4.3: a schema's
 * meaning is its keywords, and without `$ref` nothing outside the text is read).
 */
export function identityKey(node: JsonNode): string | undefined {
  const target = deref(node);
  const text = target.content?.text();
  return text === undefined ? undefined : `${target.draft}\n${text}`;
}

/**
 * CombinedSchemaDiff's maximum matching of old and new sub-schemas (indexes into the two
 * `subschemas`, duplicates already dropped). Branches written identically are paired first by
 * hashing their text, then each other old branch with the new one at its position when that one
 * accepts it (a branch edited in place); the search for a maximum matching starts from those
 * pairs and compares other pairs only when it needs them, while the session's budget lasts: an
 * untried pair is no edge. It stops as soon as the caller's verdict is settled: every branch of
 * the smaller side matched, or one that cannot be.
 */
export function matchBranches(s: DiffSession, o: CombinedNode, u: CombinedNode, originals: readonly number[], updates: readonly number[], pointer: (index: number) => string): BranchPair[] {
  const branch = (node: CombinedNode, index: number): JsonNode => node.subschemas[index] as JsonNode;
  const width = updates.length;
  const tried = new Map<number, readonly Difference[]>();
  const compare = (l: number, r: number): readonly Difference[] => {
    const differences = compareSchemas(s, pointer(originals[l] as number), branch(o, originals[l] as number), branch(u, updates[r] as number));
    tried.set(l * width + r, differences);
    return differences;
  };
  const initial = identicalPairs(o, u, originals, updates);
  const taken = new Set(initial.map(([, r]) => r));
  const paired = new Set(initial.map(([l]) => l));
  const position = new Map(updates.map((j, r) => [j, r]));
  originals.forEach((i, l) => {
    const r = position.get(i);
    if (paired.has(l) || r === undefined || taken.has(r) || !s.canTry || !s.isCompatible(compare(l, r))) return;
    initial.push([l, r]);
    taken.add(r);
  });
  const needed = Math.min(originals.length, width);
  const matched = maximumMatching(originals.length, width, initial, (l, r) => {
    const known = tried.get(l * width + r);
    if (known !== undefined) return s.isCompatible(known);
    return s.canTry && s.isCompatible(compare(l, r));
  }, (l) => position.get(originals[l] as number), (count, failed) => count === needed || failed > originals.length - needed, () => {
    s.budget.spend();
    return s.budget.available;
  });
  return matched.map(([l, r]) => ({ original: originals[l] as number, update: updates[r] as number, differences: tried.get(l * width + r) ?? compare(l, r) }));
}

/** Positions (in `originals`, in `updates`) of branches written identically on both sides, each used once. */
function identicalPairs(o: CombinedNode, u: CombinedNode, originals: readonly number[], updates: readonly number[]): Array<readonly [number, number]> {
  // Only branches written in the document have their own text (`type` arrays and mixed keywords are split parts).
  if (o.origin !== 'keyword' || u.origin !== 'keyword') return [];
  const free = new Map<string, { readonly positions: number[]; next: number }>();
  updates.forEach((j, r) => {
    const key = identityKey(u.subschemas[j] as JsonNode);
    if (key === undefined) return;
    const entry = free.get(key);
    if (entry === undefined) free.set(key, { positions: [r], next: 0 });
    else entry.positions.push(r);
  });
  const pairs: Array<readonly [number, number]> = [];
  originals.forEach((i, l) => {
    const key = identityKey(o.subschemas[i] as JsonNode);
    const entry = key === undefined ? undefined : free.get(key);
    const r = entry?.positions[entry.next];
    if (entry === undefined || r === undefined) return;
    entry.next++;
    pairs.push([l, r]);
  });
  return pairs;
}
