/** What a keyed comparison of two lists found: the pairs kept (by position in each list), and what was added and removed. */
export interface KeyedDiff<T> {
  readonly kept: readonly { readonly old: T; readonly oldIndex: number; readonly new: T; readonly newIndex: number }[];
  readonly added: readonly { readonly item: T; readonly index: number }[];
  readonly removed: readonly { readonly item: T; readonly index: number }[];
  /** True when the kept items are not in the same relative order on both sides. */
  readonly reordered: boolean;
}

/** How items that do not share a key may still be the same item: one side's alias names the other. */
export interface AliasMatching<T> {
  /** The names an alias may give an item. */
  readonly names: (item: T) => readonly string[];
  readonly aliases: (item: T) => readonly string[];
}

/**
 * The generic keyed diff (DESIGN §6) of fields, symbols, properties and union branches: new items
 * are paired with old ones of the same key, then by an alias of the new item naming an old one,
 * then by an alias of an old item naming the new one; each old item once. Linear: every lookup is
 * by map.
 */
export function keyedDiff<T>(olds: readonly T[], news: readonly T[], keyOf: (item: T) => string, aliasing?: AliasMatching<T>): KeyedDiff<T> {
  const taken = new Set<number>();
  const claim = (index: number | undefined): number | undefined => {
    if (index !== undefined) taken.add(index);
    return index;
  };
  const byKey = indexBy(olds, (item) => [keyOf(item)]);
  const partner: (number | undefined)[] = news.map((item) => claim(first(byKey.get(keyOf(item)), taken)));
  if (aliasing) {
    const byName = indexBy(olds, aliasing.names);
    const byAlias = indexBy(olds, aliasing.aliases);
    news.forEach((item, newIndex) => {
      if (partner[newIndex] !== undefined) return;
      const viaNew = aliasing.aliases(item).map((alias) => first(byName.get(alias), taken)).find((index) => index !== undefined);
      partner[newIndex] = claim(viaNew ?? aliasing.names(item).map((name) => first(byAlias.get(name), taken)).find((index) => index !== undefined));
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

/** Positions of the items under each of their keys, in order. */
function indexBy<T>(items: readonly T[], keys: (item: T) => readonly string[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  items.forEach((item, position) => {
    for (const key of keys(item)) {
      const list = index.get(key);
      if (list === undefined) index.set(key, [position]);
      else list.push(position);
    }
  });
  return index;
}

/** The first position not taken yet (positions are taken at most once, so the scan is short). */
function first(positions: readonly number[] | undefined, taken: ReadonlySet<number>): number | undefined {
  return positions?.find((position) => !taken.has(position));
}
