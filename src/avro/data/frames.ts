import { nextBlock } from './blocks.js';
import type { Cursor } from './cursor.js';
import { failed } from './failure.js';
import { MAX_ZERO_WIDTH_ITEMS, tooManyZeroWidth } from './limits.js';
import type { CollectionOp, FieldRead, Op, RecordOp } from './ops.js';
import { freezeDeep } from './values.js';

/** What the reading of one datum keeps: its budget, and the values writer fields read more than once gave. */
export interface DatumState {
  /** Items of a zero-width type read or skipped so far. */
  zeroWidth: number;
  /**
   * Values of writer fields that several reader fields read, by op and position: reading is
   * deterministic, so the same op at the same bytes gives the same value. Without this, a
   * recursive record whose field two reader fields read would read the rest of the datum twice
   * at each level (2^depth reads).
   */
  readonly reads: Map<Op, Map<number, { readonly value: unknown; readonly end: number }>>;
}

/**
 * A value being read that holds other values (a record, an array, a map, a failure's skipped
 * value). The decoder keeps these on a stack of its own: `next` says which value to read next,
 * `accept` takes it, `result` is the whole value once `next` says there is nothing more.
 */
export interface Frame {
  /** Counts toward the depth limit (records, arrays and maps). */
  readonly container: boolean;
  next(cursor: Cursor, state: DatumState): Op | undefined;
  /** The value of the op `next` returned; the cursor is where that value ends. */
  accept(value: unknown, cursor: Cursor, state: DatumState): void;
  result(): unknown;
}

/** A record: each writer field in writer order, read into the reader fields that read it, or skipped. */
export class RecordFrame implements Frame {
  readonly container = true;
  private field = 0;
  private read = 0;
  private mark = 0;
  private slot = -1;
  /** The op being read, when its value is remembered (a writer field several reader fields read). */
  private shared: Op | undefined;
  private readonly values: unknown[];

  constructor(private readonly op: RecordOp) {
    this.values = op.keep ? new Array<unknown>(op.slots.length) : [];
  }

  next(cursor: Cursor, state: DatumState): Op | undefined {
    const fields = this.op.fields;
    while (this.field < fields.length) {
      const reads = fields[this.field] as readonly FieldRead[];
      const read: FieldRead | undefined = reads[this.read];
      if (read) {
        // Several reader fields may read one writer field: each reads the same bytes, once per op.
        if (this.read === 0) this.mark = cursor.pos;
        else cursor.pos = this.mark;
        this.read++;
        this.slot = read.slot;
        this.shared = reads.length > 1 ? read.op : undefined;
        const known = this.shared && state.reads.get(this.shared)?.get(this.mark);
        if (!known) return read.op;
        cursor.pos = known.end;
        this.store(known.value);
        continue;
      }
      this.field++;
      this.read = 0;
    }
    return undefined;
  }

  accept(value: unknown, cursor: Cursor, state: DatumState): void {
    this.store(value);
    if (this.shared) {
      let byPosition = state.reads.get(this.shared);
      if (!byPosition) state.reads.set(this.shared, (byPosition = new Map()));
      byPosition.set(this.mark, { value, end: cursor.pos });
    }
  }

  private store(value: unknown): void {
    if (this.slot >= 0) this.values[this.slot] = value;
  }

  result(): unknown {
    const op = this.op;
    if (!op.keep) return undefined;
    const values = this.values;
    for (const { slot, value } of op.defaults) values[slot] = value();
    const record: Record<string, unknown> = {};
    op.slots.forEach((name, slot) => define(record, name, values[slot]));
    return record;
  }
}

/**
 * Spec 1.12 "Complex Types": an array or a map is a series of blocks, each a count of items (a
 * negative count is followed by the block's size in bytes), ended by a count of 0; a map item is a
 * string key and a value. Every count is checked before anything is read: items that take bytes
 * against the bytes left (or the block's size), items that take none against the datum's budget.
 * Items that take no bytes are all the same value: it is read once and repeated, frozen.
 */
export class CollectionFrame implements Frame {
  readonly container = true;
  private readonly items: unknown[] = [];
  private readonly keys: string[] = [];
  private left = 0;
  private shared: { readonly value: unknown } | undefined;

  constructor(private readonly op: CollectionOp) {}

  next(cursor: Cursor, state: DatumState): Op | undefined {
    const op = this.op;
    for (;;) {
      if (this.left > 0) {
        if (this.shared) {
          this.repeat(this.left);
          this.left = 0;
          continue;
        }
        this.left--;
        if (op.kind === 'map') {
          if (op.keep) this.keys.push(cursor.readString('map key'));
          else cursor.skipLength('map key');
        }
        return op.item;
      }
      const count = this.block(cursor, state);
      if (count === 0) return undefined;
      this.left = count;
    }
  }

  accept(value: unknown): void {
    const op = this.op;
    if (op.kind === 'array' && op.width === 0) this.shared = { value: freezeDeep(value) };
    if (op.keep) this.items.push(value);
  }

  result(): unknown {
    const op = this.op;
    if (!op.keep) return undefined;
    if (op.kind === 'array') return this.items;
    const map: Record<string, unknown> = {};
    this.keys.forEach((key, i) => define(map, key, this.items[i]));
    return map;
  }

  /** The items of the next block to read one by one; 0 at the end of the collection. */
  private block(cursor: Cursor, state: DatumState): number {
    const op = this.op;
    return nextBlock(cursor, op.kind === 'map' ? op.width + 1 : op.width, op.keep, (count) => {
      state.zeroWidth += count;
      if (state.zeroWidth > MAX_ZERO_WIDTH_ITEMS) throw tooManyZeroWidth();
    });
  }

  private repeat(count: number): void {
    if (!this.op.keep) return;
    const items = this.items;
    const start = items.length;
    items.length = start + count;
    items.fill((this.shared as { readonly value: unknown }).value, start);
  }
}

/** Sets a key, `__proto__` too: defined as an own property, like any other key. */
function define(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/** A value that cannot be read (lenient plans): the writer's value is skipped, then the failure is the value. */
export class FailFrame implements Frame {
  readonly container = false;
  private done = false;

  constructor(private readonly op: Extract<Op, { kind: 'fail' }>) {}

  next(): Op | undefined {
    if (this.done) return undefined;
    this.done = true;
    return this.op.skip;
  }

  accept(): void {}

  result(): unknown {
    return failed(this.op.failure, this.op.soft);
  }
}
