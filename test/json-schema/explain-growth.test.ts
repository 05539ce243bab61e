import { describe, expect, it } from 'vitest';
import { checkCompatibility, parseSchema } from 'schema-compat';
// The bench's wide object (bench/json-schemas.mjs): N properties of five kinds, a quarter required.
import { jsonSchemaWide } from '../../bench/json-schemas.mjs';

/** One BACKWARD check with explain on an N-property pair whose p0 changed, as a function to time. */
function explainCall(n: number, change: object): () => void {
  const writer = parseSchema('JSON', JSON.stringify(jsonSchemaWide(n)));
  const reader = parseSchema('JSON', JSON.stringify(jsonSchemaWide(n, change)));
  return () => {
    expect(checkCompatibility('BACKWARD', reader, [writer], { explain: true }).incompatibilities).toHaveLength(1);
  };
}

/** The best of `runs` times of each call, the calls taken in turn (so that both see the same load on a shared machine). */
function bestTimes(calls: ReadonlyArray<() => void>, runs: number): number[] {
  const best = calls.map(() => Infinity);
  for (let run = 0; run < runs; run++) {
    calls.forEach((call, i) => {
      const start = performance.now();
      call();
      best[i] = Math.min(best[i] as number, performance.now() - start);
    });
  }
  return best;
}

describe('explain on wide objects', () => {
  it('grows about linearly with the number of properties (N=800 well under 16× N=200)', () => {
    for (const change of [{ maxLength: 3 }, { pattern: 'a*' }]) {
      const [small, large] = bestTimes([explainCall(200, change), explainCall(800, change)], 7) as [number, number];
      console.log(`[explain growth] ${JSON.stringify(change)}: N=200 ${small.toFixed(0)} ms, N=800 ${large.toFixed(0)} ms, ${(large / small).toFixed(1)}×`);
      // Linear is 4×, quadratic 16× (the work counted, candidates and their characters, grows 4×); the margin is for a shared 2-core machine.
      expect(large / small).toBeLessThan(12);
    }
  });
});
