import type { Strategy } from '../strategy.js';
import { strategyDirections, strategyScope } from '../strategy.js';
import type { StrategyViolation } from './types.js';

/**
 * The strategies an audit grades, in the order of the strategy table (DESIGN.md §2).
 * ALWAYS_INCOMPATIBLE is left out: it freezes a subject rather than grading an evolution.
 */
export const AUDITED_STRATEGIES: readonly Strategy[] = Object.freeze(['NONE', 'BACKWARD', 'BACKWARD_TRANSITIVE', 'FORWARD', 'FORWARD_TRANSITIVE', 'FULL', 'FULL_TRANSITIVE']);

/**
 * For each strategy, whether `checkCompatibility(strategy, versions[k], versions.slice(0, k))` would
 * have passed for every k, read off the matrix: a version identical to an earlier one is accepted
 * (registries de-duplicate first); otherwise BACKWARD needs `reads[k][j]` and FORWARD `reads[j][k]`
 * for j the previous version (non-transitive) or every earlier one (transitive).
 */
export function gradeStrategies(reads: readonly (readonly boolean[])[], identicalToEarlier: (k: number) => boolean): { satisfied: Strategy[]; violations: StrategyViolation[] } {
  const satisfied: Strategy[] = [];
  const violations: StrategyViolation[] = [];
  for (const strategy of AUDITED_STRATEGIES) {
    const violation = firstViolation(strategy, reads, identicalToEarlier);
    if (violation === undefined) satisfied.push(strategy);
    else violations.push(violation);
  }
  return { satisfied, violations };
}

function firstViolation(strategy: Strategy, reads: readonly (readonly boolean[])[], identicalToEarlier: (k: number) => boolean): StrategyViolation | undefined {
  const scope = strategyScope(strategy);
  if (scope === 'none') return undefined;
  const directions = strategyDirections(strategy);
  const passes = (k: number, j: number): boolean => directions.every((direction) => (direction === 'BACKWARD' ? reads[k]?.[j] : reads[j]?.[k]) === true);
  for (let k = 1; k < reads.length; k++) {
    const inScope = scope === 'latest' ? [k - 1] : Array.from({ length: k }, (_, j) => j);
    const against = inScope.filter((j) => !passes(k, j));
    if (against.length > 0 && !identicalToEarlier(k)) return { strategy, version: k, against };
  }
  return undefined;
}
