import type { UpgradeOrder } from '../strategy.js';
import type { UpgradeAdvice } from './types.js';

/**
 * Which clients may move to the newest version first. Consumers first is safe when consumers on the
 * newest version read what producers still on an older version write (`reads[newest][j]`); producers
 * first when consumers still on an older version read what the newest writes (`reads[j][newest]`).
 * These are the guarantees behind Pulsar's upgrade-order table (BACKWARD: consumers, FORWARD:
 * producers, FULL: any), taken from the matrix instead of a configured strategy.
 */
export function upgradeAdvice(reads: readonly (readonly boolean[])[]): UpgradeAdvice {
  const newest = reads.length - 1;
  const older = Array.from({ length: Math.max(newest, 0) }, (_, j) => j);
  const newestReads = older.filter((j) => reads[newest]?.[j] === true);
  const readNewest = older.filter((j) => reads[j]?.[newest] === true);
  const previous = newest - 1;
  return {
    order: orderOf(newestReads.length === older.length, readNewest.length === older.length),
    fromPrevious: previous < 0 ? 'any' : orderOf(newestReads.includes(previous), readNewest.includes(previous)),
    newestReads,
    readNewest,
  };
}

function orderOf(consumersFirst: boolean, producersFirst: boolean): UpgradeOrder {
  if (consumersFirst && producersFirst) return 'any';
  if (consumersFirst) return 'consumers';
  return producersFirst ? 'producers' : 'none';
}
