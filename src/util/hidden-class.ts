const KEPT = Symbol('kept instance');

/**
 * Keeps a frozen instance of a class on the class itself, so that V8 (Node, Chrome) keeps that
 * class's hidden classes. V8 holds them only weakly: once every instance has died, a full garbage
 * collection drops them, and with them the optimized code of every function that read such an
 * instance, so that the next call runs unoptimized until V8 compiles it again. Classes made anew
 * for each check (a comparison session, the checkers `checkCompatibility` makes) would make every
 * check that follows a full collection pay for that: up to twice the time of a 1,000-version JSON
 * Schema history check (docs/performance.md, "Hidden classes"). A frozen object's hidden class
 * refers to the one it was frozen from, so one live frozen instance keeps them all. It is never
 * read or changed; the property is a symbol, not enumerable.
 */
export function keepInstance<T extends object>(owner: abstract new (...args: never[]) => T, instance: T): void {
  Object.defineProperty(owner, KEPT, { value: Object.freeze(instance) });
}
