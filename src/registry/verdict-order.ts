import type { Candidate, RegistryCore } from './core.js';
import type { Judge } from './verdict.js';

/**
 * Throws `error` once the candidate is known to parse, so that a schema that does not parse is
 * reported before a missing subject or version, whichever judge runs (the registry's order of checks).
 */
export async function parsedFirst(judge: Judge, core: RegistryCore, candidate: Candidate, error: Error): Promise<never> {
  await judge({ candidate }, core.source);
  throw error;
}
