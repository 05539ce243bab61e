/** What a keyed comparison of two lists found: the pairs kept (by position in each list), and what was added and removed. */
export interface KeyedDiff<T> {
  readonly kept: readonly { readonly old: T; readonly oldIndex: number; readonly new: T; readonly newIndex: number }[];
  readonly added: readonly { readonly item: T; readonly index: number }[];
  readonly removed: readonly { readonly item: T; readonly index: number }[];
  /** True when the kept items are not in the same relative order on both sides. */
  readonly reordered: boolean;
}

/**
 * The generic keyed diff (DESIGN §6) of fields, symbols, properties and union branches: new items
 * are paired with old ones of the same key, then by `alsoMatches` (aliases), each old item once.
 */
export function keyedDiff<T>(olds: readonly T[], news: readonly T[], keyOf: (item: T) => string, alsoMatches?: (old: T, update: T) => boolean): KeyedDiff<T> {
  const byKey = new Map<string, number[]>();
  olds.forEach((item, index) => {
    const key = keyOf(item);
    const list = byKey.get(key);
    if (list === undefined) byKey.set(key, [index]);
    else list.push(index);
  });
  const taken = new Set<number>();
  const partner: (number | undefined)[] = news.map((item) => {
    const index = byKey.get(keyOf(item))?.find((candidate) => !taken.has(candidate));
    if (index !== undefined) taken.add(index);
    return index;
  });
  if (alsoMatches) {
    news.forEach((item, newIndex) => {
      if (partner[newIndex] !== undefined) return;
      const index = olds.findIndex((old, oldIndex) => !taken.has(oldIndex) && alsoMatches(old, item));
      if (index >= 0) [partner[newIndex]] = [index, taken.add(index)];
    });
  }
  const kept = news.flatMap((item, newIndex) => {
    const oldIndex = partner[newIndex];
    return oldIndex === undefined ? [] : [{ old: olds[oldIndex] as T, oldIndex, new: item, newIndex }];
  });
  const added = news.flatMap((item, index) => (partner[index] === undefined ? [{ item, index }] : []));
  const removed = olds.flatMap((item, index) => (taken.has(index) ? [] : [{ item, index }]));
  const reordered = kept.some((pair, i) => i > 0 && pair.oldIndex < (kept[i - 1]?.oldIndex ?? -1));
  return { kept, added, removed, reordered };
}
