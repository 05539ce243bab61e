import v8 from 'node:v8';
import vm from 'node:vm';

// Timing: every figure the benchmark prints is a ratio to a yardstick measured in the same process.
// The machines this runs on (shared virtual machines) drift in speed from one second to the next,
// so the functions are timed in interleaved rounds (yardstick and subjects in turn, a short batch
// each) and the ratio reported is the median of the per-round ratios, with half their interquartile
// range as the run's noise (`spread`).

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
  const out = { yardstick: { ratio: 1, ns: median(times.yardstick), spread: 0 } };
  for (const name of names) out[name] = { ratio: median(ratios[name]), ns: median(times[name]), spread: spread(ratios[name]) };
  return out;
}

/** A full garbage collection (node's `gc`, exposed here without a command-line flag). */
export const collectGarbage = (v8.setFlagsFromString('--expose-gc'), vm.runInNewContext('gc'));

/** The run's noise on a ratio: half the interquartile range of its per-round ratios. */
function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.round(q * (sorted.length - 1)))];
  return (at(0.75) - at(0.25)) / 2;
}

/**
 * Like `compare`, for work that must meet fresh inputs each time (a schema parsed just before and
 * never checked, so nothing of it is cached). `yardstick` and each subject are { prepare, run, count }:
 * each round prepares `count` inputs with `prepare()` (not timed), then times `run(input)` once on
 * each; ratios are per call, the median over rounds, with the spread as in `compare`.
 */
export function compareFresh(yardstick, subjects, { rounds = 11 } = {}) {
  const names = Object.keys(subjects);
  const perCall = ({ prepare, run, count }) => {
    const inputs = Array.from({ length: count }, prepare);
    // The garbage of preparing is collected first, so that it is not charged to the timed calls.
    collectGarbage();
    const start = process.hrtime.bigint();
    for (const input of inputs) run(input);
    return Number(process.hrtime.bigint() - start) / count;
  };
  for (const subject of [yardstick, ...Object.values(subjects)]) perCall({ ...subject, count: Math.min(subject.count, 3) });
  const ratios = Object.fromEntries(names.map((name) => [name, []]));
  const times = Object.fromEntries(['yardstick', ...names].map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const base = perCall(yardstick);
    times.yardstick.push(base);
    for (const name of round % 2 ? [...names].reverse() : names) {
      const ns = perCall(subjects[name]);
      times[name].push(ns);
      ratios[name].push(ns / base);
    }
  }
  const out = { yardstick: { ratio: 1, ns: median(times.yardstick), spread: 0 } };
  for (const name of names) out[name] = { ratio: median(ratios[name]), ns: median(times[name]), spread: spread(ratios[name]) };
  return out;
}

export function formatRatio(value) {
  return value >= 100 ? `${value.toFixed(0)}×` : value >= 10 ? `${value.toFixed(1)}×` : `${value.toFixed(2)}×`;
}
