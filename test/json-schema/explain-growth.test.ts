import { describe, expect, it } from 'vitest';
import { checkCompatibility, parseSchema } from 'schema-compat';
// The bench's wide object (bench/json-schemas.mjs): N properties of five kinds, a quarter required.
import { jsonSchemaWide } from '../../bench/json-schemas.mjs';

/** The best of `runs` times of one BACKWARD check with explain on an N-property pair whose p0 changed. */
function explainTime(n: number, change: object, runs: number): number {
  const writer = parseSchema('JSON', JSON.stringify(jsonSchemaWide(n)));
  const reader = parseSchema('JSON', JSON.stringify(jsonSchemaWide(n, change)));
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const result = checkCompatibility('BACKWARD', reader, [writer], { explain: true });
    best = Math.min(best, performance.now() - start);
    expect(result.incompatibilities).toHaveLength(1);
  }
  return best;
}

describe('explain on wide objects', () => {
  it('grows about linearly with the number of properties (N=800 well under 16× N=200)', () => {
    for (const change of [{ maxLength: 3 }, { pattern: 'a*' }]) {
      explainTime(200, change, 1);
      const [small, large] = [explainTime(200, change, 5), explainTime(800, change, 5)];
      console.log(`[explain growth] ${JSON.stringify(change)}: N=200 ${small.toFixed(0)} ms, N=800 ${large.toFixed(0)} ms, ${(large / small).toFixed(1)}×`);
      // Linear is 4×, quadratic 16×; the margin is for a shared 2-core machine.
      expect(large / small).toBeLessThan(12);
    }
  });
});
