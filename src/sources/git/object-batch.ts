import { SourceError } from '../errors.js';
import { blobSizes, readObjects } from './blobs.js';
import type { BlobAnswer, ObjectReader } from './blobs.js';
import type { GitRepo } from './repo.js';

/** The most text an `ObjectBatch` keeps for later reads (the texts of one run's histories are far less); past it, a blob asked again is read again. */
const MAX_KEPT_BYTES = 256 * 1024 * 1024;
/** The most `commit:path` answers it keeps. */
const MAX_KEPT_ANSWERS = 1_000_000;

/**
 * The objects of one repository as the reads of one run ask for them (`readBlobs` with a
 * `GitHistoryCache`): the questions asked while git answers a batch wait, and go to git together
 * in the next one (one `git cat-file --batch-check`, then one `git cat-file --batch`, for every
 * history read at the same time), and what was answered is not asked again. Each read still
 * applies its own limits to its own answers.
 */
export class ObjectBatch implements ObjectReader {
  readonly #sizes: Batcher<BlobAnswer>;
  readonly #texts: Batcher<string | undefined>;
  readonly #answers = new Map<string, BlobAnswer>();
  readonly #kept = new Map<string, string>();
  #keptBytes = 0;

  constructor(root: string) {
    this.#sizes = new Batcher(root, blobSizes);
    this.#texts = new Batcher(root, async (repo, oids) => {
      const texts = await readObjects(repo, oids);
      return oids.map((oid) => texts.get(oid));
    });
  }

  async sizes(repo: GitRepo, specs: readonly string[]): Promise<BlobAnswer[]> {
    const asked = [...new Set(specs.filter((spec) => !this.#answers.has(spec)))];
    const answered = await this.#sizes.ask(repo.where, asked);
    const fresh = new Map(asked.map((spec, i) => [spec, answered[i] as BlobAnswer]));
    asked.forEach((spec, i) => {
      if (this.#answers.size < MAX_KEPT_ANSWERS) this.#answers.set(spec, answered[i] as BlobAnswer);
    });
    return specs.map((spec) => (fresh.get(spec) ?? this.#answers.get(spec)) as BlobAnswer);
  }

  async contents(repo: GitRepo, oids: readonly string[]): Promise<Map<string, string>> {
    const asked = oids.filter((oid) => !this.#kept.has(oid));
    const answered = await this.#texts.ask(repo.where, asked);
    const texts = new Map<string, string>();
    for (const oid of oids) {
      const kept = this.#kept.get(oid);
      if (kept !== undefined) texts.set(oid, kept);
    }
    asked.forEach((oid, i) => {
      const text = answered[i];
      if (text === undefined) return;
      texts.set(oid, text);
      if (this.#keptBytes + text.length > MAX_KEPT_BYTES) return;
      this.#kept.set(oid, text);
      this.#keptBytes += text.length;
    });
    return texts;
  }
}

interface Waiting<V> {
  readonly keys: readonly string[];
  readonly where: string;
  readonly resolve: (values: V[]) => void;
  readonly reject: (error: unknown) => void;
}

/** Questions of one kind to one repository's git: those asked while a batch runs are asked together once it ends. */
class Batcher<V> {
  readonly #root: string;
  readonly #run: (repo: GitRepo, keys: readonly string[]) => Promise<V[]>;
  #waiting: Array<Waiting<V>> = [];
  #busy = false;

  constructor(root: string, run: (repo: GitRepo, keys: readonly string[]) => Promise<V[]>) {
    this.#root = root;
    this.#run = run;
  }

  /** The answers to `keys`, in their order; a failure of git is reported as the source `where`'s. */
  ask(where: string, keys: readonly string[]): Promise<V[]> {
    if (keys.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ keys, where, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#busy) return;
    this.#busy = true;
    // The questions asked in this turn of the event loop join the batch.
    setImmediate(() => void this.#flush());
  }

  async #flush(): Promise<void> {
    const batch = this.#waiting;
    this.#waiting = [];
    const keys = [...new Set(batch.flatMap((waiting) => waiting.keys))];
    try {
      const values = await this.#run({ root: this.#root, where: (batch[0] as Waiting<V>).where }, keys);
      const byKey = new Map(keys.map((key, i) => [key, values[i] as V]));
      for (const waiting of batch) waiting.resolve(waiting.keys.map((key) => byKey.get(key) as V));
    } catch (error: unknown) {
      for (const waiting of batch) waiting.reject(asSourceOf(error, waiting.where));
    } finally {
      this.#busy = false;
      if (this.#waiting.length > 0) this.#schedule();
    }
  }
}

/** A `SourceError` of a shared batch, told as the error of the source that asked. */
function asSourceOf(error: unknown, where: string): unknown {
  if (!(error instanceof SourceError) || error.source === where) return error;
  const told = error.message.slice(error.source.length + 2);
  const problem = error.remedy === undefined ? told : told.slice(0, told.length - error.remedy.length - 2);
  return new SourceError(error.code, where, problem, {
    ...(error.remedy === undefined ? {} : { remedy: error.remedy }), ...(error.status === undefined ? {} : { status: error.status }),
  });
}
