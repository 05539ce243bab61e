import type { CheckerRegistry } from 'schema-compat';
import { ParsedCache } from './parsed-cache.js';
import { computeVerdict, parseJudged } from './verdict.js';
import type { Judge, ParsedStored } from './verdict.js';

export interface LocalJudgeOptions {
  /** How many parsed stored schemas to keep (by global id, least recently used dropped first). Default 10,000. */
  readonly cacheSize?: number;
}

/**
 * A judge that parses and checks in the calling thread with `checkers`, keeping parsed stored
 * schemas by global id (ids never change content). The registry's default.
 */
export function createLocalJudge(checkers: CheckerRegistry, options: LocalJudgeOptions = {}): Judge {
  const cache = new ParsedCache<ParsedStored>(options.cacheSize ?? 10_000);
  return (request, source) => computeVerdict(checkers, async (id) => {
    const hit = cache.get(id);
    if (hit !== undefined) return hit;
    const stored = await source.schema(id);
    const entry = { stored, parsed: parseJudged(checkers, stored, `schema ${id}`) };
    cache.set(id, entry);
    return entry;
  }, request);
}
