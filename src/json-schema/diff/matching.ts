/**
 * The size of a maximum-cardinality matching of a bipartite graph (Kuhn's augmenting paths), with
 * the matched pairs: Confluent pairs old and new sub-schemas this way (MaximumCardinalityMatch).
 * `edges[i]` lists the right-hand vertices left vertex `i` may pair with.
 */
export function maximumMatching(edges: readonly (readonly number[])[], rightCount: number): ReadonlyArray<readonly [number, number]> {
  const rightMatch = new Array<number>(rightCount).fill(-1);
  const augment = (left: number, visited: boolean[]): boolean => {
    for (const right of edges[left] ?? []) {
      if (visited[right]) continue;
      visited[right] = true;
      const holder = rightMatch[right] as number;
      if (holder < 0 || augment(holder, visited)) {
        rightMatch[right] = left;
        return true;
      }
    }
    return false;
  };
  edges.forEach((_, left) => augment(left, new Array<boolean>(rightCount).fill(false)));
  const pairs: Array<readonly [number, number]> = [];
  rightMatch.forEach((left, right) => {
    if (left >= 0) pairs.push([left, right]);
  });
  return pairs.sort((a, b) => a[0] - b[0]);
}
