// Targets of the benchmark (issue 17): every figure that has one is recorded here with the run's
// noise on it, printed with it, and under `node bench/run.mjs --check` a figure that misses its
// target by more than that noise makes the process exit with 1 (docs/performance.md).

/** @type {{ label: string, value: number, target: number, noise: number, most: boolean, unit: string }[]} */
const recorded = [];

const missedBy = ({ value, target, noise, most }) => (most ? value - noise > target : value + noise < target);
const digits = (value) => (value >= 10 ? 1 : 2);

function record(figure) {
  recorded.push(figure);
  const bound = `${figure.most ? '≤' : '≥'} ${figure.target}${figure.unit}`;
  return `(target ${bound}, noise ±${figure.noise.toFixed(digits(figure.value))}${missedBy(figure) ? ', MISSED' : ''})`;
}

/**
 * A figure that must stay at or below `target`; `noise` is the run's noise on it (compare()'s spread).
 * `unit` follows the numbers (a ratio's `×` unless the issue sets a time, e.g. ` ms`). Returns the text to print after it.
 */
export function atMost(label, value, target, noise, unit = '×') {
  return record({ label, value, target, noise, most: true, unit });
}

/** A figure that must stay at or above `target`. */
export function atLeast(label, value, target, noise = 0, unit = '×') {
  return record({ label, value, target, noise, most: false, unit });
}

/** Prints every recorded figure against its target; with `--check` on the command line, a miss sets exit code 1. */
export function reportTargets(check = process.argv.includes('--check')) {
  if (recorded.length === 0) return;
  const missed = recorded.filter(missedBy);
  console.log(`Targets: ${recorded.length - missed.length} of ${recorded.length} met (missed: beyond its target by more than the run's noise)`);
  for (const figure of recorded) {
    const { label, value, target, noise, most, unit } = figure;
    const verdict = missedBy(figure) ? 'MISSED' : (most ? value > target : value < target) ? 'within noise' : 'met';
    console.log(`  ${verdict.padEnd(12)} ${label}: ${value.toFixed(digits(value))}${unit} ±${noise.toFixed(digits(value))} (target ${most ? '≤' : '≥'} ${target}${unit})`);
  }
  if (check && missed.length > 0) process.exitCode = 1;
}
