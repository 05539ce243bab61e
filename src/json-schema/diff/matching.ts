/**
 * A maximum-cardinality matching of a bipartite graph whose edges are found on demand (Kuhn's
 * augmenting paths): Confluent pairs old and new sub-schemas this way (MaximumCardinalityMatch).
 * It starts from `initial` (pairs known to be edges) and searches one augmenting path from each
 * left left free, which still ends at a maximum matching (Berge: a matching is maximum when no
 * augmenting path remains, and a left with none never gains one). `edge(left, right)` is asked at
 * most once per pair, only when a search needs it, and may say false for a pair it could not
 * afford to try; `preferred(left)` is tried first (the branch at the same position, so that
 * branches edited in place match in one try each). Each right a search looks at costs one `step()`,
 * and a search stops, unmatched, when `step()` says the work is spent. The search is iterative:
 * augmenting paths may be as long as there are branches.
 */
export function maximumMatching(
  leftCount: number,
  rightCount: number,
  initial: ReadonlyArray<readonly [number, number]>,
  edge: (left: number, right: number) => boolean,
  preferred: (left: number) => number | undefined,
  enough: (matched: number, failed: number) => boolean,
  step: () => boolean,
): ReadonlyArray<readonly [number, number]> {
  const rightMatch = new Int32Array(rightCount).fill(-1);
  const leftMatched = new Uint8Array(leftCount);
  const known = new Map<number, boolean>();
  for (const [left, right] of initial) {
    rightMatch[right] = left;
    leftMatched[left] = 1;
    known.set(left * rightCount + right, true);
  }
  const hasEdge = (left: number, right: number): boolean => {
    const key = left * rightCount + right;
    let found = known.get(key);
    if (found === undefined) known.set(key, (found = edge(left, right)));
    return found;
  };
  // The rights in search order for one left: the preferred one, then the others in ascending order.
  const rightAt = (left: number, position: number): number => {
    const first = preferred(left);
    if (first === undefined || first < 0 || first >= rightCount) return position;
    if (position === 0) return first;
    return position - 1 < first ? position - 1 : position;
  };
  const visited = new Int32Array(rightCount).fill(-1);
  let matched = initial.length;
  let failed = 0;
  for (let start = 0; start < leftCount && !enough(matched, failed); start++) {
    if (leftMatched[start] === 1) continue;
    if (augment(start, rightCount, rightAt, hasEdge, rightMatch, visited, step)) matched++;
    else failed++;
  }
  const pairs: Array<readonly [number, number]> = [];
  rightMatch.forEach((left, right) => {
    if (left >= 0) pairs.push([left, right]);
  });
  return pairs.sort((a, b) => a[0] - b[0]);
}

/** One augmenting-path search from `start`, depth first with an explicit stack; flips the path when it ends at a free right (`visited` holds the search's `start`). */
function augment(
  start: number,
  rightCount: number,
  rightAt: (left: number, position: number) => number,
  hasEdge: (left: number, right: number) => boolean,
  rightMatch: Int32Array,
  visited: Int32Array,
  step: () => boolean,
): boolean {
  const stack: Array<{ readonly left: number; position: number }> = [{ left: start, position: 0 }];
  const via: number[] = [];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { readonly left: number; position: number };
    if (top.position >= rightCount) {
      stack.pop();
      via.pop();
      continue;
    }
    if (!step()) return false;
    const right = rightAt(top.left, top.position++);
    // A right is visited once per search, and only when it is an edge (an untried pair costs a comparison).
    if (visited[right] === start || !hasEdge(top.left, right)) continue;
    visited[right] = start;
    via.push(right);
    const holder = rightMatch[right] as number;
    if (holder < 0) {
      stack.forEach((frame, depth) => {
        rightMatch[via[depth] as number] = frame.left;
      });
      return true;
    }
    stack.push({ left: holder, position: 0 });
  }
  return false;
}
