import { Worker } from 'node:worker_threads';
import type { Judge, SchemaSource, Verdict, VerdictRequest } from 'schema-compat/registry';
import type { CheckerRecipe } from './checker-recipes.js';
import type { FromWorker, ToWorker, WorkerSetup } from './check-protocol.js';
import { fromWireError } from './check-protocol.js';
import { httpErrors } from './errors.js';

export interface CheckPoolOptions {
  /** dist/check-worker.js. */
  readonly script: string;
  readonly recipes: readonly CheckerRecipe[];
  /** Workers at most (started when needed, kept while the pool is open). */
  readonly workers: number;
  /** Budget of one check in milliseconds, from the moment a started worker takes it (waiting for a free worker is not counted). */
  readonly timeoutMs: number;
  /** Heap of one worker (V8 old generation), in MiB. */
  readonly memoryMb: number;
  /** Parsed stored schemas each worker keeps. */
  readonly cacheSize: number;
  /** Judges in the server's thread when a worker cannot start (a bundle without dist/check-worker.js). */
  readonly fallback: Judge;
}

/** One asked-for verdict, queued or running. */
interface Task {
  readonly request: VerdictRequest;
  readonly source: SchemaSource;
  readonly resolve: (verdict: Verdict) => void;
  readonly reject: (error: unknown) => void;
  timer?: ReturnType<typeof setTimeout>;
  slot?: Slot;
  /** An error of the server's own reading of a stored schema, answered instead of the worker's report. */
  sourceError?: unknown;
}

interface Slot {
  readonly worker: Worker;
  ready: boolean;
  task?: Task | undefined;
}

/**
 * Worker threads that parse and check off the server's event loop, so one expensive check does not
 * hold up other requests. Each worker judges one task at a time, in arrival order; a task that
 * outlives its budget is answered 500 / 50002 and its worker is terminated (a new one starts for the
 * next task). A worker's start (loading the checkers, a few hundred ms) is not charged to the task.
 */
export class CheckPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private closed = false;
  /** A worker failed to start: every later check is judged in the server's thread. */
  private broken = false;

  constructor(private readonly options: CheckPoolOptions) {}

  /** The pool as a registry judge. */
  readonly judge: Judge = (request, source) => {
    if (this.closed) return Promise.reject(httpErrors.checksClosed());
    if (this.broken) return this.options.fallback(request, source);
    return new Promise<Verdict>((resolve, reject) => {
      this.queue.push({ request, source, resolve, reject });
      this.pump();
    });
  };

  /** Terminates the workers; tasks still queued or running are answered 500 / 50001. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) this.finish(task, () => task.reject(httpErrors.checksClosed()));
    const workers = [...this.slots].map((slot) => {
      if (slot.task) this.finish(slot.task, () => slot.task?.reject(httpErrors.checksClosed()));
      return slot.worker.terminate();
    });
    this.slots.clear();
    await Promise.all(workers);
  }

  private pump(): void {
    if (this.broken) {
      for (const task of this.queue.splice(0)) this.judgeHere(task);
      return;
    }
    while (this.queue.length > 0) {
      const slot = [...this.slots].find((candidate) => candidate.task === undefined) ?? (this.slots.size < this.options.workers ? this.spawn() : undefined);
      if (slot === undefined) return;
      const task = this.queue.shift() as Task;
      slot.task = task;
      task.slot = slot;
      if (slot.ready) this.startClock(task);
      this.post(slot, { kind: 'task', request: task.request });
    }
  }

  private startClock(task: Task): void {
    task.timer = setTimeout(() => this.expire(task), this.options.timeoutMs);
  }

  private spawn(): Slot {
    const setup: WorkerSetup = { recipes: this.options.recipes, cacheSize: this.options.cacheSize };
    const worker = new Worker(this.options.script, { workerData: setup, execArgv: workerExecArgv(process.execArgv), resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb } });
    // The pool never keeps a process alive by itself: a listening server does.
    worker.unref();
    const slot: Slot = { worker, ready: false };
    this.slots.add(slot);
    worker.on('message', (message: FromWorker) => this.receive(slot, message));
    worker.on('error', (error: Error) => this.lose(slot, error));
    worker.on('exit', (code: number) => this.lose(slot, new Error(`the check worker exited with code ${code}`)));
    return slot;
  }

  private post(slot: Slot, message: ToWorker): void {
    slot.worker.postMessage(message);
  }

  private receive(slot: Slot, message: FromWorker): void {
    const task = slot.task;
    if (message.kind === 'ready') {
      slot.ready = true;
      if (task !== undefined) this.startClock(task);
      return;
    }
    if (task === undefined) return;
    switch (message.kind) {
      case 'need':
        void this.answerNeed(slot, task, message.id);
        return;
      case 'done':
        this.release(slot, task, () => task.resolve(message.verdict));
        return;
      case 'failed': {
        if (!slot.ready) {
          this.lose(slot, new Error('the check worker could not rebuild the server\'s checkers'));
          return;
        }
        const error = message.error.kind === 'source' ? task.sourceError ?? new Error('a stored schema could not be read') : fromWireError(message.error);
        this.release(slot, task, () => task.reject(error));
      }
    }
  }

  private async answerNeed(slot: Slot, task: Task, id: number): Promise<void> {
    try {
      const schema = await task.source.schema(id);
      if (slot.task === task) this.post(slot, { kind: 'schema', id, schema });
    } catch (error: unknown) {
      task.sourceError ??= error;
      if (slot.task === task) this.post(slot, { kind: 'schema-failed', id });
    }
  }

  /** A task is over and its worker free again. */
  private release(slot: Slot, task: Task, settle: () => void): void {
    slot.task = undefined;
    this.finish(task, settle);
    this.pump();
  }

  private finish(task: Task, settle: () => void): void {
    if (task.timer !== undefined) clearTimeout(task.timer);
    settle();
  }

  /** The budget ran out: the task takes its worker down with it. */
  private expire(task: Task): void {
    const error = httpErrors.checkTimedOut(this.options.timeoutMs);
    const slot = task.slot;
    if (slot === undefined || slot.task !== task) return;
    this.drop(slot);
    void slot.worker.terminate();
    task.reject(error);
    this.pump();
  }

  /**
   * A worker stopped (out of memory, crashed, or could not start). Its task is answered 500 / 50001,
   * or, when the worker never became ready, judged in the server's thread instead.
   */
  private lose(slot: Slot, error: Error): void {
    if (!this.slots.has(slot)) return;
    this.drop(slot);
    void slot.worker.terminate();
    const task = slot.task;
    slot.task = undefined;
    if (task !== undefined) {
      if (slot.ready) {
        this.finish(task, () => task.reject(httpErrors.checkWorkerLost(error, this.options.memoryMb)));
      } else {
        // The worker never started (its file missing or unloadable): the same verdicts, judged in this thread from now on.
        if (!this.broken) process.emitWarning(`a check worker did not start (${error.message}); checking in the server's thread`, { code: 'SCHEMA_COMPAT_CHECK_WORKER' });
        this.broken = true;
        this.judgeHere(task);
      }
    }
    this.pump();
  }

  private judgeHere(task: Task): void {
    this.options.fallback(task.request, task.source).then(
      (verdict) => this.finish(task, () => task.resolve(verdict)),
      (failure: unknown) => this.finish(task, () => task.reject(failure)),
    );
  }

  private drop(slot: Slot): void {
    this.slots.delete(slot);
  }
}

/** Evaluated code is not a worker's entry: `-e`/`-p` and `--input-type` of the parent are dropped, other flags kept. */
export function workerExecArgv(parent: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < parent.length; i++) {
    const arg = parent[i] as string;
    if (['-e', '--eval', '-p', '--print', '--input-type'].includes(arg)) i++;
    else if (!arg.startsWith('--input-type=') && !arg.startsWith('--eval=') && !arg.startsWith('--print=')) kept.push(arg);
  }
  return kept;
}
