/**
 * avsc's `Type` objects, recognised without importing avsc (it is not a dependency of this package):
 * an object, not a plain one, whose `schema`, `toBuffer`, `fromBuffer` and `createResolver` are
 * functions and whose `typeName` is a string. Its schema is read with `schema({ exportAttrs: true })`,
 * which keeps field defaults, orders, aliases and docs (avsc's plain `schema()` drops them, and a
 * reader field without its default turns a compatible pair incompatible).
 */

/** The JSON document of an avsc `Type`, or undefined when `input` is not one (or reading it throws). */
export function avscTypeSchema(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  try {
    const prototype: unknown = Object.getPrototypeOf(input);
    // A JSON document is a plain object: its own getters are not run here (the parse reads it).
    if (prototype === Object.prototype || prototype === null) return undefined;
    const type = input as { readonly schema?: unknown; readonly typeName?: unknown; readonly toBuffer?: unknown; readonly fromBuffer?: unknown; readonly createResolver?: unknown };
    if (typeof type.schema !== 'function' || typeof type.typeName !== 'string') return undefined;
    if (typeof type.toBuffer !== 'function' || typeof type.fromBuffer !== 'function' || typeof type.createResolver !== 'function') return undefined;
    return (type.schema as (options: { readonly exportAttrs: boolean }) => unknown).call(input, { exportAttrs: true });
  } catch {
    return undefined;
  }
}
