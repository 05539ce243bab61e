import { isJsonObject } from '../../util/json.js';
import type { JsonValue } from '../../util/json.js';

/**
 * How large a witness may be (docs/json-schema.md, "Witnesses"): its JSON text at most
 * `WITNESS_LIMITS.jsonLength` characters. So no string longer than that is built, no array of
 * more than half as many items (each takes a character and a comma) and no object of more than a
 * quarter as many properties (a name, its quotes, a colon and a value); an instance that would be
 * larger is never materialised. All the instances one explanation keeps together are bounded by
 * `totalLength`, so a schema with many large bounds cannot exhaust memory either.
 */
export const WITNESS_LIMITS = { jsonLength: 65_536, totalLength: 8_388_608 } as const;

const MAX_STRING = WITNESS_LIMITS.jsonLength - 2;
const MAX_ITEMS = Math.floor(WITNESS_LIMITS.jsonLength / 2);
const MAX_PROPERTIES = Math.floor(WITNESS_LIMITS.jsonLength / 4);

/**
 * The size bounds of one instance generator, and whether they turned a candidate away: then a
 * finding without a witness may have one that is too large to build (`TOO_LARGE`).
 */
export class SizeGuard {
  /** Set whenever a candidate was not built or kept because of its size. */
  refused = false;
  private kept = 0;

  /** May a string of `length` code points be built? */
  string(length: number): boolean {
    return this.allow(length <= MAX_STRING);
  }

  /** May an array of `count` items be built? */
  items(count: number): boolean {
    return this.allow(count <= MAX_ITEMS);
  }

  /** May an object of `count` properties be built? */
  properties(count: number): boolean {
    return this.allow(count <= MAX_PROPERTIES);
  }

  /** Is an instance's JSON text within the witness bound? */
  small(value: JsonValue): boolean {
    return this.measure(value) <= WITNESS_LIMITS.jsonLength;
  }

  /** The length of an instance's JSON text, or a number above the witness bound (noted as refused) once it passes it. */
  measure(value: JsonValue): number {
    const length = jsonLength(value, WITNESS_LIMITS.jsonLength);
    this.allow(length <= WITNESS_LIMITS.jsonLength);
    return length;
  }

  /** Does a small instance, of `length` characters of JSON (`measure`), fit what this generator keeps in all? Counts it if so. */
  keep(length: number): boolean {
    if (!this.allow(this.kept + length <= WITNESS_LIMITS.totalLength)) return false;
    this.kept += length;
    return true;
  }

  private allow(fits: boolean): boolean {
    if (!fits) this.refused = true;
    return fits;
  }
}

/** Characters of JSON text that one unit of a search's budget pays for. */
const CANDIDATE_UNIT = 256;

/**
 * What trying a candidate of `length` characters of JSON costs a search: one unit up to
 * CANDIDATE_UNIT characters, one more per CANDIDATE_UNIT after. The searches' bounds (candidates per
 * finding, per schema node) are in these units, so trying variants of an object of N properties
 * costs O(N) in all, not N candidates of N properties each.
 */
export function candidateCost(length: number): number {
  return 1 + Math.floor(length / CANDIDATE_UNIT);
}

/**
 * The length of a value's JSON text, or a number above `limit` as soon as it is known to pass it:
 * the walk stops there, so measuring an array of a million shared references costs `limit` steps.
 */
export function jsonLength(value: JsonValue, limit: number): number {
  let total = 0;
  const stack: JsonValue[] = [value];
  while (stack.length > 0 && total <= limit) {
    const next = stack.pop() as JsonValue;
    if (next === null || typeof next === 'boolean') total += next === true ? 4 : 5 - (next === null ? 1 : 0);
    else if (typeof next === 'number') total += JSON.stringify(next).length;
    else if (typeof next === 'string') total += next.length > limit ? next.length : JSON.stringify(next).length;
    else if (Array.isArray(next)) {
      total += 1 + Math.max(1, next.length);
      for (let i = next.length - 1; i >= 0 && stack.length <= limit; i--) stack.push(next[i] as JsonValue);
    } else if (isJsonObject(next)) {
      const keys = Object.keys(next);
      total += 1 + Math.max(1, keys.length);
      for (const key of keys) {
        total += JSON.stringify(key).length + 1;
        stack.push(next[key] as JsonValue);
        if (total > limit) break;
      }
    }
  }
  return total;
}
