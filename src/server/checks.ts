import { availableParallelism, cpus } from 'node:os';
import { InvalidOptionError } from 'schema-compat';
import { createLocalJudge } from 'schema-compat/registry';
import type { Judge, Registry } from 'schema-compat/registry';
import { CheckPool } from './check-pool.js';
import { recipesFor } from './checker-recipes.js';
import { checkWorkerScript } from './worker-location.js';

/** Where and within what the server parses and checks schemas (docs/registry.md, "Limits"). */
export interface CheckOptions {
  /**
   * Worker threads that parse and check schemas, so that one expensive check does not hold up
   * other requests. Default: the cores less one, from 2 to 4. 0: check in the server's own thread
   * (then no time budget can be enforced).
   */
  readonly checkWorkers?: number;
  /** The budget of one registration, lookup or compatibility check in ms, from when a started worker takes it; past it: 500 / 50002. Default 30,000. */
  readonly checkTimeoutMs?: number;
  /** The heap of one worker in MiB; a check that needs more is answered 500 / 50001. Default 1,024. */
  readonly checkMemoryMb?: number;
}

export const DEFAULT_CHECK_TIMEOUT_MS = 30_000;
export const DEFAULT_CHECK_MEMORY_MB = 1024;
const WORKER_CACHE_SIZE = 10_000;

/** The registry the routes use (checks in workers when possible), and how to stop its workers. */
export interface ServedChecks {
  readonly registry: Registry;
  close(): Promise<void>;
}

function integerOption(name: string, value: number | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new InvalidOptionError(name, `${String(value)} is not an integer from ${min} to ${max}`);
  return value;
}

function defaultWorkers(): number {
  const cores = typeof availableParallelism === 'function' ? availableParallelism() : cpus().length;
  return Math.min(4, Math.max(2, cores - 1));
}

/**
 * `registry` with its parsing and checking moved to worker threads (dist/check-worker.js) when its
 * checkers are built-in ones a worker can rebuild; otherwise, or with `checkWorkers: 0`, the
 * registry as is. Storage, ids and versions stay with `registry` in this thread either way.
 */
export function offloadChecks(registry: Registry, options: CheckOptions): ServedChecks {
  const workers = integerOption('checkWorkers', options.checkWorkers, 0, 64, defaultWorkers());
  const timeoutMs = integerOption('checkTimeoutMs', options.checkTimeoutMs, 1, 2 ** 31 - 1, DEFAULT_CHECK_TIMEOUT_MS);
  const memoryMb = integerOption('checkMemoryMb', options.checkMemoryMb, 32, 1024 * 1024, DEFAULT_CHECK_MEMORY_MB);
  const script = workers === 0 ? undefined : checkWorkerScript();
  if (script === undefined) return { registry, close: async () => undefined };
  const fallback = createLocalJudge(registry.checkers);
  // Built on first use: the checkers are compared with the built-in ones then (a Protobuf one is loaded lazily).
  let pool: Promise<CheckPool | undefined> | undefined;
  let closed = false;
  const poolOf = (): Promise<CheckPool | undefined> => {
    pool ??= recipesFor(registry.checkers).then((recipes) => (recipes === undefined || closed ? undefined : new CheckPool({
      script, recipes, workers, timeoutMs, memoryMb, cacheSize: WORKER_CACHE_SIZE, fallback,
    })));
    return pool;
  };
  const judge: Judge = async (request, source) => {
    const checks = await poolOf();
    return checks === undefined ? fallback(request, source) : checks.judge(request, source);
  };
  return {
    registry: registry.withJudge(judge),
    close: async () => {
      closed = true;
      await (await pool)?.close();
    },
  };
}
