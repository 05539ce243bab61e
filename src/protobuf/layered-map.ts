/**
 * Several maps read as one (the first that has a key answers), so that a parse can use the name
 * tables of cached imports as they are instead of copying thousands of names into a new map per
 * call. The layers never share a key (a name defined twice is a `DUPLICATE_NAME` error first).
 */
export class LayeredMap<V> implements ReadonlyMap<string, V> {
  constructor(private readonly layers: readonly ReadonlyMap<string, V>[]) {}

  get size(): number {
    return this.layers.reduce((sum, layer) => sum + layer.size, 0);
  }

  get(key: string): V | undefined {
    for (const layer of this.layers) {
      const value = layer.get(key);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  has(key: string): boolean {
    return this.layers.some((layer) => layer.has(key));
  }

  *entries(): MapIterator<[string, V]> {
    for (const layer of this.layers) yield* layer.entries();
  }

  *keys(): MapIterator<string> {
    for (const layer of this.layers) yield* layer.keys();
  }

  *values(): MapIterator<V> {
    for (const layer of this.layers) yield* layer.values();
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }
}
