/** The values stored under one first key: the first second key inline, a map once there are more. */
interface Row<K, V> {
  readonly key: K;
  value: V;
  more?: Map<K, V>;
}

/**
 * A map keyed by a pair of keys (a reader and a writer), created on first use. Most first keys
 * meet a single second key, so that one is kept inline: no inner map is made for it.
 */
export class PairMap<K, V> {
  private outer: Map<K, Row<K, V>> | undefined;

  get(first: K, second: K): V | undefined {
    const row = this.outer?.get(first);
    if (row === undefined) return undefined;
    return row.key === second ? row.value : row.more?.get(second);
  }

  set(first: K, second: K, value: V): void {
    this.outer ??= new Map();
    const row = this.outer.get(first);
    if (row === undefined) this.outer.set(first, { key: second, value });
    else if (row.key === second) row.value = value;
    else (row.more ??= new Map()).set(second, value);
  }
}
