/**
 * The value stored under `key` when it is the record's own property, else undefined: a user's key
 * such as `constructor`, `toString` or `__proto__` never reads a member inherited from `Object.prototype`.
 */
export function ownValue<V>(record: Readonly<Record<string, V>> | null | undefined, key: string): V | undefined {
  return record !== undefined && record !== null && typeof record === 'object' && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * A record without a prototype from `[key, value]` pairs: every key, `__proto__` included, becomes
 * an own property, and a missing key reads undefined rather than an inherited member.
 */
export function recordOf<V>(entries: Iterable<readonly [string, V]> = []): Record<string, V> {
  const record = Object.create(null) as Record<string, V>;
  for (const [key, value] of entries) record[key] = value;
  return record;
}
