import { MAX_TREE_DEPTH, MAX_TREE_VALUES } from './snapshot-json.js';

/**
 * Whether a value of a document given as a JavaScript value holds exactly what its snapshot
 * (util/snapshot-json.ts) would: a tree of at most `MAX_TREE_DEPTH` levels and `MAX_TREE_VALUES`
 * containers, made of arrays (of `Array.prototype`, without a hole) and objects of
 * `Object.prototype` whose own string keys are all enumerable, every read of which succeeds: what
 * `JSON.parse` and object literals make. For a parser that reads a caller's document in place, the
 * parts it does not read itself. Anything else (a cycle, a hole, a null prototype, a class
 * instance, a read that throws) answers false.
 */
export function isPlainTree(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return plainTree(value, 0, { left: MAX_TREE_VALUES });
  } catch {
    return false;
  }
}

function plainTree(source: object, depth: number, budget: { left: number }): boolean {
  if (depth > MAX_TREE_DEPTH || --budget.left < 0) return false;
  if (Array.isArray(source)) {
    if (Object.getPrototypeOf(source) !== Array.prototype) return false;
    const length = (source as readonly unknown[]).length;
    for (let index = 0; index < length; index++) {
      if (!Object.prototype.hasOwnProperty.call(source, index)) return false;
      const item = (source as readonly unknown[])[index];
      if (typeof item === 'object' && item !== null && !plainTree(item, depth + 1, budget)) return false;
    }
    return true;
  }
  if (Object.getPrototypeOf(source) !== Object.prototype) return false;
  // `for…in` reads a fast object's keys from V8's enumeration cache (Object.keys and an indexed
  // loop cost half as much again); an inherited enumerable key is walked too, which only refuses more.
  let own = 0;
  for (const key in source) {
    if (Object.prototype.hasOwnProperty.call(source, key)) own++;
    const item = (source as Readonly<Record<string, unknown>>)[key];
    if (typeof item === 'object' && item !== null && !plainTree(item, depth + 1, budget)) return false;
  }
  // Every own key enumerable: the parser's `object.type` reads no key the snapshot would have left out.
  return Object.getOwnPropertyNames(source).length === own;
}
