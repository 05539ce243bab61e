// Timing: every figure the benchmark prints is a ratio to a yardstick measured in the same process.
// The machines this runs on (shared virtual machines) drift in speed from one second to the next,
// so the functions are timed in interleaved rounds (yardstick and subjects in turn, a short batch
// each) and the ratio reported is the median of the per-round ratios.

function batch(fn, minNs) {
  let calls = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0n;
  do {
    fn();
    calls++;
    elapsed = process.hrtime.bigint() - start;
  } while (elapsed < minNs);
  return Number(elapsed) / calls;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Times `yardstick` and each of `subjects` ({ name: fn }) in `rounds` interleaved rounds of at least
 * `batchMs` per function; returns { name: { ratio, ns } } where ratio is the median per-round
 * time ratio to the yardstick and ns the median time per call.
 */
export function compare(yardstick, subjects, { rounds = 21, batchMs = 40 } = {}) {
  const names = Object.keys(subjects);
  const minNs = BigInt(Math.round(batchMs * 1e6));
  for (const fn of [yardstick, ...Object.values(subjects)]) for (let i = 0; i < 5; i++) fn();
  const ratios = Object.fromEntries(names.map((name) => [name, []]));
  const times = Object.fromEntries(['yardstick', ...names].map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    globalThis.gc?.();
    const base = batch(yardstick, minNs);
    times.yardstick.push(base);
    for (const name of round % 2 ? [...names].reverse() : names) {
      const ns = batch(subjects[name], minNs);
      times[name].push(ns);
      ratios[name].push(ns / base);
    }
  }
  const out = { yardstick: { ratio: 1, ns: median(times.yardstick) } };
  for (const name of names) out[name] = { ratio: median(ratios[name]), ns: median(times[name]) };
  return out;
}

export function formatRatio(value) {
  return value >= 100 ? `${value.toFixed(0)}×` : value >= 10 ? `${value.toFixed(1)}×` : `${value.toFixed(2)}×`;
}
