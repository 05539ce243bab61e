import type { CombinedNode, JsonNode } from '../model.js';
import { identityKey } from './branches.js';
import type { BranchPair } from './branches.js';
import { compareSchemas } from './compare.js';
import { oneOfOverlaps } from './overlap.js';
import { DiffSession } from './session.js';

/** Which old branches a new branch accepts only instances of: found lazily, two at most (enough to name one other than any given branch). */
interface Covers {
  readonly found: number[];
  next: number;
}

/**
 * compareCombined's `oneOf` test (ours; Confluent has none): for each matched pair, may an old
 * instance of that alternative be valid under another new branch too? A new branch is excluded
 * when it accepts only what another old `oneOf` alternative accepts (an old instance matches
 * exactly one). A new branch written like an old one (same `$ref`-free text) accepts what that one
 * accepts, so it needs no comparison; the others are compared while the budget lasts, and a
 * branch the budget could not clear may overlap (the cautious answer).
 */
export function matchedOverlap(s: DiffSession, o: CombinedNode, u: CombinedNode, originals: readonly number[], pairs: readonly BranchPair[]): boolean {
  const oldOneOf = o.criterion === 'oneOf';
  const twinsByKey = new Map<string, number[]>();
  if (oldOneOf) {
    for (const m of originals) {
      const key = identityKey(o.subschemas[m] as JsonNode);
      if (key !== undefined) pushTo(twinsByKey, key, m);
    }
  }
  // New branches no old one is written like are looked at for every pair; one with a single twin only for the pair of that twin.
  const open: number[] = [];
  const byTwin = new Map<number, number[]>();
  const twins: Array<readonly number[]> = u.subschemas.map((branch, k) => {
    const key = oldOneOf ? identityKey(branch) : undefined;
    const found = key === undefined ? [] : (twinsByKey.get(key) ?? []);
    if (found.length === 0) open.push(k);
    else if (found.length === 1) pushTo(byTwin, found[0] as number, k);
    return found;
  });
  const covers = new Map<number, Covers>();
  const excludedFor = (i: number) => (k: number): boolean => {
    if (!oldOneOf) return false;
    if ((twins[k] ?? []).some((m) => m !== i)) return true;
    let entry = covers.get(k);
    if (entry === undefined) covers.set(k, (entry = { found: [], next: 0 }));
    while (!entry.found.some((m) => m !== i) && entry.next < originals.length) {
      const m = originals[entry.next] as number;
      const tried = s.canTry ? compareSchemas(s, '', u.subschemas[k] as JsonNode, o.subschemas[m] as JsonNode) : undefined;
      if (tried === undefined) return false;
      entry.next++;
      if (s.isCompatible(tried)) entry.found.push(m);
    }
    return entry.found.some((m) => m !== i);
  };
  const repeated = repeatedAlternatives(o);
  return pairs.some(({ original: i, update: j }) => !repeated.has(o.keys[i] as string) && oneOfOverlaps(s, o.subschemas[i] as JsonNode, u, j, excludedFor(i), [...open, ...(byTwin.get(i) ?? [])]));
}

/**
 * The keys of an old `oneOf`'s alternatives written more than once: such an alternative has no
 * instance of its own, since each of its instances matches every copy and `oneOf` rejects an
 * instance two branches accept (Validation 2020-12 §10.2.1.3), so no old instance can overlap there.
 */
function repeatedAlternatives(o: CombinedNode): ReadonlySet<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  if (o.criterion !== 'oneOf' || o.origin !== 'keyword') return repeated;
  for (const key of o.keys) (seen.has(key) ? repeated : seen).add(key);
  return repeated;
}

function pushTo<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
