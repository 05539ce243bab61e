import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DIST } from './isolated.js';
import { random } from '../support/random.js';

// Issue: hostile Avro data. A seeded fuzz of the data plane's read and skip paths: random writer
// schemas of every Avro type (null, boolean, int, long, float, double, bytes, string, fixed of size
// 0 and more, enum, array, map, union, records empty and recursive), read by the same schema (read
// position) or by a reader that drops the field (skip position), and data written field by field
// with absurd counts, lengths, sizes and indexes (2^62, 2^63 - 1, -2^63, 2^31, 9,999,999 ...) at
// random places. Every outcome must be a value or an AvroDataError, each decode within a time bound,
// in a worker whose heap is limited; data written without a corruption must decode.

const SEED = 20261213;
const RUNS = 5_000;
/** One decode's time bound (the machine is shared: generous). */
const CALL_MS = 10_000;
/** The worker is given up on (and the run fails) after this long for one case. */
const HANG_MS = 30_000;
const HEAP_MB = 512;

type Primitive = 'null' | 'boolean' | 'int' | 'long' | 'float' | 'double' | 'bytes' | 'string';
type Shape =
  | { readonly kind: Primitive }
  | { readonly kind: 'fixed'; readonly size: number }
  | { readonly kind: 'enum'; readonly symbols: number }
  | { readonly kind: 'array'; readonly items: Shape }
  | { readonly kind: 'map'; readonly values: Shape }
  | { readonly kind: 'union'; readonly branches: readonly Shape[] }
  | { readonly kind: 'record'; readonly fields: readonly Shape[] }
  /** A recursive record: `{ item, next: ["null", itself] }`. */
  | { readonly kind: 'list'; readonly item: Shape };

const PRIMITIVES: readonly Primitive[] = ['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string'];

const shapes = fc.letrec<{ shape: Shape; leaf: Shape; node: Shape }>((tie) => ({
  shape: fc.oneof({ depthSize: 'small', maxDepth: 4 }, tie('leaf'), tie('node')),
  leaf: fc.oneof(
    fc.constantFrom(...PRIMITIVES).map((kind): Shape => ({ kind })),
    fc.constantFrom(0, 0, 1, 4, 16).map((size): Shape => ({ kind: 'fixed', size })),
    fc.integer({ min: 1, max: 3 }).map((symbols): Shape => ({ kind: 'enum', symbols })),
    fc.constant<Shape>({ kind: 'record', fields: [] }),
  ),
  node: fc.oneof(
    tie('shape').map((items): Shape => ({ kind: 'array', items })),
    tie('shape').map((values): Shape => ({ kind: 'map', values })),
    fc.array(tie('shape'), { maxLength: 3 }).map((fields): Shape => ({ kind: 'record', fields })),
    fc.array(tie('shape'), { minLength: 1, maxLength: 3 }).map((branches): Shape => ({ kind: 'union', branches })),
    tie('shape').map((item): Shape => ({ kind: 'list', item })),
  ),
}));

/** The Avro schema of a shape: named types numbered, union branches made legal (no nested unions, one branch per unnamed kind). */
function toSchema(shape: Shape, names: { count: number }): unknown {
  const name = (prefix: string): string => `${prefix}${names.count++}`;
  switch (shape.kind) {
    case 'fixed':
      return { type: 'fixed', name: name('F'), size: shape.size };
    case 'enum':
      return { type: 'enum', name: name('E'), symbols: Array.from({ length: shape.symbols }, (_, i) => `S${i}`) };
    case 'array':
      return { type: 'array', items: toSchema(shape.items, names) };
    case 'map':
      return { type: 'map', values: toSchema(shape.values, names) };
    case 'record':
      return { type: 'record', name: name('R'), fields: shape.fields.map((field, i) => ({ name: `f${i}`, type: toSchema(field, names) })) };
    case 'list': {
      const list = name('L');
      return { type: 'record', name: list, fields: [{ name: 'item', type: toSchema(shape.item, names) }, { name: 'next', type: ['null', list] }] };
    }
    case 'union':
      return legalBranches(shape.branches).map((branch) => toSchema(branch, names));
    default:
      return shape.kind;
  }
}

function legalBranches(branches: readonly Shape[]): Shape[] {
  const seen = new Set<string>();
  return branches.filter((branch) => {
    if (branch.kind === 'union') return false;
    const named = branch.kind === 'fixed' || branch.kind === 'enum' || branch.kind === 'record' || branch.kind === 'list';
    if (named) return true;
    if (seen.has(branch.kind)) return false;
    seen.add(branch.kind);
    return true;
  });
}

/** Absurd counts, lengths, sizes and indexes; `null`: a varint of more than 64 bits. */
const ABSURD: readonly (bigint | null)[] = [2n ** 62n, 2n ** 63n - 1n, -(2n ** 63n), -(2n ** 62n), 2n ** 31n - 1n, 2n ** 31n, 2n ** 32n, 9_999_999n, 10_000_001n, -1n, -(2n ** 31n), null];


/**
 * Writes a datum of a shape field by field (spec 1.12 "Binary Encoding"), with a corruption at
 * random places at rate `rate`: an absurd count, length, size or index, a bad boolean, a fixed cut
 * short. `corrupted` says whether one was written.
 */
class DatumWriter {
  readonly bytes: number[] = [];
  corrupted = false;

  constructor(private readonly next: () => number, private readonly rate: number) {}

  write(shape: Shape, depth = 0): void {
    switch (shape.kind) {
      case 'null':
        return;
      case 'boolean':
        this.bytes.push(this.hostile() ? 2 + this.int(254) : this.int(2));
        return;
      case 'int':
        this.varint(BigInt(this.int(2001) - 1000));
        return;
      case 'long':
        this.varint(this.next() < 0.5 ? BigInt(this.int(2001) - 1000) : 2n ** 62n + BigInt(this.int(1000)));
        return;
      case 'float':
      case 'double':
        this.raw(shape.kind === 'float' ? 4 : 8);
        return;
      case 'bytes':
      case 'string': {
        const length = this.int(4);
        if (this.count(BigInt(length))) this.raw(length);
        return;
      }
      case 'fixed':
        this.raw(this.hostile() ? this.int(shape.size + 1) : shape.size);
        return;
      case 'enum':
        this.count(BigInt(this.int(shape.symbols)));
        return;
      case 'union': {
        const branches = legalBranches(shape.branches);
        if (branches.length === 0) {
          // An empty union (a union of unions, made legal): no datum has a value there.
          this.corrupted = true;
          this.varint(BigInt(this.int(2)));
          return;
        }
        const index = this.int(branches.length);
        if (this.count(BigInt(index))) this.write(branches[index] as Shape, depth + 1);
        return;
      }
      case 'record':
        for (const field of shape.fields) this.write(field, depth + 1);
        return;
      case 'list': {
        // Now and then a list as deep as the depth limit allows (the top record is one level, the item at most a few more), or deeper.
        const deep = this.next() < 0.01;
        const over = deep && this.next() < 0.5;
        if (over) this.corrupted = true;
        const length = deep ? (over ? 100_001 : 99_980) : this.int(4);
        for (let i = 0; i <= length; i++) {
          this.write(shape.item, depth + 1);
          if (!this.count(i < length ? 1n : 0n)) return;
        }
        return;
      }
      case 'array':
      case 'map':
        this.collection(shape.kind === 'array' ? shape.items : shape.values, shape.kind === 'map', depth);
    }
  }

  /** Spec 1.12 "Complex Types": blocks (a negative count is followed by the block's size), then 0. */
  private collection(item: Shape, keyed: boolean, depth: number): void {
    const blocks = depth > 3 ? 0 : this.int(3);
    for (let b = 0; b < blocks; b++) {
      const items = 1 + this.int(3);
      const sized = this.next() < 0.3;
      if (!sized) {
        if (!this.count(BigInt(items))) return;
      } else if (!this.count(BigInt(-items))) return;
      const block = new DatumWriter(this.next, this.rate);
      for (let i = 0; i < items; i++) {
        if (keyed) block.write({ kind: 'string' }, depth + 1);
        block.write(item, depth + 1);
      }
      this.corrupted ||= block.corrupted;
      if (sized && !this.count(BigInt(block.bytes.length))) return;
      this.bytes.push(...block.bytes);
    }
    this.count(0n);
  }

  /** Writes a count, length or index, or (at the corruption rate) an absurd one: false then, the rest is left out. */
  private count(value: bigint): boolean {
    if (!this.hostile()) {
      this.varint(value);
      return true;
    }
    const absurd = ABSURD[this.int(ABSURD.length)];
    if (absurd === null || absurd === undefined) this.bytes.push(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01);
    else this.varint(absurd);
    this.raw(this.int(4));
    return false;
  }

  private hostile(): boolean {
    if (this.next() >= this.rate) return false;
    this.corrupted = true;
    return true;
  }

  private varint(value: bigint): void {
    let n = BigInt.asUintN(64, (value << 1n) ^ (value >> 63n));
    do {
      const low = Number(n & 0x7fn);
      n >>= 7n;
      this.bytes.push(n === 0n ? low : low | 0x80);
    } while (n !== 0n);
  }

  private raw(length: number): void {
    for (let i = 0; i < length; i++) this.bytes.push(this.int(256));
  }

  private int(below: number): number {
    return Math.floor(this.next() * below);
  }
}

/** One fuzz case: a writer `{ k: int, d: <shape> }`, a reader (the same, or one without `d`), and the bytes. */
interface Case {
  readonly shape: Shape;
  readonly position: 'read' | 'skip';
  readonly seed: number;
  /** Corruption rate; 0: a valid datum. */
  readonly rate: number;
  /** Random bytes instead of a datum written field by field. */
  readonly noise: readonly number[] | undefined;
}

function input(c: Case): { writer: unknown; reader: unknown; hex: string; valid: boolean } {
  const writer = { type: 'record', name: 'Top', fields: [{ name: 'k', type: 'int' }, { name: 'd', type: toSchema(c.shape, { count: 0 }) }] };
  const reader = c.position === 'read' ? writer : { type: 'record', name: 'Top', fields: [{ name: 'k', type: 'int' }] };
  if (c.noise) return { writer, reader, hex: Buffer.from(c.noise).toString('hex'), valid: false };
  const datum = new DatumWriter(random(c.seed), c.rate);
  datum.write({ kind: 'int' });
  datum.write(c.shape);
  return { writer, reader, hex: Buffer.from(datum.bytes).toString('hex'), valid: !datum.corrupted };
}

const cases: fc.Arbitrary<Case> = fc.record({
  shape: shapes.shape,
  position: fc.constantFrom<'read' | 'skip'>('read', 'skip'),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  rate: fc.constantFrom(0, 0.1, 0.3, 0.6),
  noise: fc.oneof({ weight: 7, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 24 }) }),
});

type Outcome =
  | { readonly kind: 'value' | 'schema' | 'untyped'; readonly code?: string; readonly message?: string }
  | { readonly kind: 'error'; readonly code: string; readonly message: string }
  | { readonly kind: 'timeout' | 'crashed'; readonly message: string };

/** The worker's script: decodes each case with the built package and says what came of it, and how long it took. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const sc = require(workerData.dist);
parentPort.on('message', ({ writer, reader, hex }) => {
  let resolver;
  try { resolver = sc.createAvroResolver(reader, writer); }
  catch (e) { parentPort.postMessage({ outcome: { kind: 'schema', message: String(e && e.message) }, ms: 0 }); return; }
  const bytes = Buffer.from(hex, 'hex');
  const start = performance.now();
  let outcome;
  try { resolver.decode(bytes); outcome = { kind: 'value' }; }
  catch (e) { outcome = e instanceof sc.AvroDataError ? { kind: 'error', code: e.code, message: e.message } : { kind: 'untyped', message: String(e && (e.stack || e.message)) }; }
  parentPort.postMessage({ outcome, ms: performance.now() - start });
});
`;

/** A worker with a heap limit that decodes one case at a time; a case that hangs or exhausts the heap is an outcome, and the next case gets a new worker. */
class Decoder {
  private worker: Worker | undefined;

  decode(message: { writer: unknown; reader: unknown; hex: string }): Promise<{ outcome: Outcome; ms: number }> {
    const worker = (this.worker ??= new Worker(WORKER, { eval: true, workerData: { dist: `${DIST}index.cjs` }, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } }));
    return new Promise((resolve) => {
      const finish = (result: { outcome: Outcome; ms: number }, restart: boolean): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        if (restart) {
          void worker.terminate();
          this.worker = undefined;
        }
        resolve(result);
      };
      const onMessage = (result: { outcome: Outcome; ms: number }): void => finish(result, false);
      const onError = (error: Error): void => finish({ outcome: { kind: 'crashed', message: error.message }, ms: 0 }, true);
      const timer = setTimeout(() => finish({ outcome: { kind: 'timeout', message: `no answer after ${HANG_MS} ms` }, ms: HANG_MS }, true), HANG_MS);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage(message);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
  }
}

const decoder = new Decoder();
afterAll(() => decoder.close());

describe('fuzz: the data plane reads and skips hostile data of every Avro type with typed errors, in bounded time and memory', () => {
  it(`${RUNS} seeded cases (seed ${SEED})`, async () => {
    const tally = { runs: 0, values: 0, valid: 0, errors: new Map<string, number>(), kinds: new Set<string>(), slowestMs: 0 };
    const started = Date.now();
    const kindsOf = (shape: Shape): string[] => {
      switch (shape.kind) {
        case 'array': return ['array', ...kindsOf(shape.items)];
        case 'map': return ['map', ...kindsOf(shape.values)];
        case 'record': return [shape.fields.length === 0 ? 'empty record' : 'record', ...shape.fields.flatMap(kindsOf)];
        case 'list': return ['recursive record', 'union', ...kindsOf(shape.item)];
        case 'union': return ['union', ...legalBranches(shape.branches).flatMap(kindsOf)];
        case 'fixed': return [shape.size === 0 ? 'fixed of size 0' : 'fixed'];
        default: return [shape.kind];
      }
    };
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const { writer, reader, hex, valid } = input(c);
        const { outcome, ms } = await decoder.decode({ writer, reader, hex });
        const seen = { case: { writer, reader, hex }, kind: outcome.kind, slow: ms > CALL_MS };
        expect(seen).toEqual({ case: { writer, reader, hex }, kind: valid ? 'value' : expect.stringMatching(/^(value|error)$/), slow: false });
        if (outcome.kind === 'error') expect(outcome.code).toMatch(/^(INVALID_AVRO_DATA|AVRO_DATA_TOO_DEEP|AVRO_DATA_TOO_LARGE)$/);
        tally.runs++;
        tally.slowestMs = Math.max(tally.slowestMs, ms);
        if (valid) tally.valid++;
        if (outcome.kind === 'value') tally.values++;
        if (outcome.kind === 'error') tally.errors.set(outcome.code, (tally.errors.get(outcome.code) ?? 0) + 1);
        for (const kind of kindsOf(c.shape)) tally.kinds.add(`${kind} (${c.position})`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(`[avro-data-fuzz] ${tally.runs} runs in ${seconds} s (seed ${SEED}): ${tally.values} values (${tally.valid} of valid data), errors ${JSON.stringify(Object.fromEntries(tally.errors))}, slowest decode ${tally.slowestMs.toFixed(0)} ms, ${tally.kinds.size} type/position pairs`);
    // Every Avro type was met in both positions.
    const types = [...PRIMITIVES, 'fixed', 'fixed of size 0', 'enum', 'array', 'map', 'union', 'record', 'empty record', 'recursive record'];
    expect(types.flatMap((type) => ['read', 'skip'].map((position) => `${type} (${position})`)).filter((pair) => !tally.kinds.has(pair))).toEqual([]);
    expect(tally.runs).toBe(RUNS);
  }, 600_000);
});
