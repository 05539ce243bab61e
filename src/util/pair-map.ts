/** A map keyed by a pair of keys (a reader and a writer), created on first use. */
export class PairMap<K, V> {
  private outer: Map<K, Map<K, V>> | undefined;

  get(first: K, second: K): V | undefined {
    return this.outer?.get(first)?.get(second);
  }

  set(first: K, second: K, value: V): void {
    this.outer ??= new Map();
    let inner = this.outer.get(first);
    if (!inner) this.outer.set(first, (inner = new Map()));
    inner.set(second, value);
  }
}
