/**
 * The value a record holds under `key` as its own property, never one inherited from
 * `Object.prototype`: a user's `__proto__`, `constructor` or `toString` is no key of ours.
 */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}
