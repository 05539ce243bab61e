/**
 * The iteration order of a `java.util.HashSet` / `HashMap` key set, which Confluent's Protobuf diff
 * walks message and enum names and enum numbers in: buckets by `(h ^ h >>> 16) & (capacity - 1)`,
 * insertion order inside a bucket (OpenJDK HashMap; resizes keep that relative order).
 */

/** `String.hashCode()`: s[0]·31^(n-1) + ... over UTF-16 code units, in 32-bit arithmetic. */
export function javaStringHash(value: string): number {
  let hash = 0;
  for (let i = 0; i < value.length; i++) hash = (Math.imul(hash, 31) + value.charCodeAt(i)) | 0;
  return hash;
}

/** `Integer.hashCode()` is the value itself. */
export function javaIntegerHash(value: number): number {
  return value | 0;
}

function capacityFor(count: number, initial: number): number {
  let capacity = initial;
  while (count > capacity * 0.75) capacity *= 2;
  return capacity;
}

function tableSizeFor(wanted: number): number {
  let capacity = 1;
  while (capacity < wanted) capacity *= 2;
  return capacity;
}

function bucketOrder<T>(keys: readonly T[], hash: (key: T) => number, capacity: number): T[] {
  const bucket = (key: T): number => {
    const h = hash(key);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys.map((key, index) => ({ key, index, bucket: bucket(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.index - b.index)
    .map((entry) => entry.key);
}

function distinct<T>(keys: readonly T[]): T[] {
  return [...new Set(keys)];
}

/** The key set of a `new HashMap<>()` after `put`s in this order. */
export function javaHashMapKeys<T>(insertionOrder: readonly T[], hash: (key: T) => number): T[] {
  const keys = distinct(insertionOrder);
  return bucketOrder(keys, hash, capacityFor(keys.length, 16));
}

/** `new HashSet<>(first)` then `addAll(second)`, where both are key sets in their own iteration order. */
export function javaHashSetUnion<T>(first: readonly T[], second: readonly T[], hash: (key: T) => number): T[] {
  const keys = distinct([...first, ...second]);
  const initial = tableSizeFor(Math.max(Math.floor(first.length / 0.75) + 1, 16));
  return bucketOrder(keys, hash, capacityFor(keys.length, initial));
}
