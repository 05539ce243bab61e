// Timing helpers: every figure the benchmark prints is a ratio of two medians taken in one process.
// Time is this process's CPU time (user + system), which other processes on the machine disturb far
// less than wall-clock time.

function cpuMicros() {
  const { user, system } = process.cpuUsage();
  return user + system;
}

/** Median CPU time of one call of `fn`, in nanoseconds, over `rounds` batches of at least `minMs` each. */
export function timeOf(fn, { rounds = 7, minMs = 150 } = {}) {
  for (let i = 0; i < 3; i++) fn(); // warm up
  const perCall = [];
  for (let round = 0; round < rounds; round++) {
    globalThis.gc?.();
    let calls = 0;
    const start = cpuMicros();
    let elapsed = 0;
    do {
      fn();
      calls++;
      elapsed = cpuMicros() - start;
    } while (elapsed < minMs * 1000);
    perCall.push((elapsed * 1000) / calls);
  }
  perCall.sort((a, b) => a - b);
  return perCall[Math.floor(perCall.length / 2)];
}

export function formatRatio(value) {
  return value >= 100 ? `${value.toFixed(0)}×` : value >= 10 ? `${value.toFixed(1)}×` : `${value.toFixed(2)}×`;
}
