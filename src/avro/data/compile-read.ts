import { nextBlock } from './blocks.js';
import type { Cursor } from './cursor.js';
import { amount } from './cursor.js';
import { AvroDataError } from './errors.js';
import { failed } from './failure.js';
import { checkInt, longToDouble, longToFloat } from './long.js';
import type { CollectionOp, Op, RecordOp } from './ops.js';
import type { DefaultValue } from './record-factory.js';
import { generatedRecordReader } from './record-factory.js';

/** Reads one value at the cursor. */
export type Read = (cursor: Cursor) => unknown;

/**
 * Nesting the compiled reader takes on JavaScript's stack; deeper data is handed to the interpreter
 * (decoder.ts), which keeps a stack of its own up to `MAX_DEPTH`.
 */
export const FAST_DEPTH = 256;

/** Thrown (never escapes the codec) when data nests deeper than `FAST_DEPTH`: the datum is read again by the interpreter. */
export const TOO_DEEP_FOR_CLOSURES: unique symbol = Symbol('too deep for the compiled reader');

/** What the compiler does not take: the interpreter runs the whole program. */
class NotCompiled extends Error {}

/**
 * A program (ops.ts) compiled into closures, one per op, built once per schema or pair. It reads
 * what the interpreter (decoder.ts, frames.ts) reads, with the same checks: every length, size and
 * count against the bytes left before anything is allocated or skipped. It takes no program with
 * what needs the interpreter's per-datum state — arrays of items that take no bytes (their budget),
 * writer fields several reader fields read, lenient failures — and hands data nested past
 * `FAST_DEPTH` to it: undefined then, or the reader.
 */
export function compileRead(root: Op): Read | undefined {
  try {
    return new ReadCompiler().read(root);
  } catch (error) {
    if (error instanceof NotCompiled) return undefined;
    throw error;
  }
}

class ReadCompiler {
  private readonly records = new Map<Op, Read>();
  /** Records being compiled, and those met again while they were (recursive). */
  private readonly open = new Set<Op>();
  private readonly recursive = new Set<Op>();

  read(op: Op): Read {
    switch (op.kind) {
      case 'null':
        return () => null;
      case 'boolean':
        return (cursor) => cursor.readBoolean();
      case 'int':
        switch (op.to) {
          case 'int':
          case 'long':
            return (cursor) => checkInt(cursor.readLong('int'));
          case 'float':
            return (cursor) => Math.fround(checkInt(cursor.readLong('int')));
          case 'double':
            return (cursor) => checkInt(cursor.readLong('int'));
        }
        break;
      case 'long':
        if (op.to === 'long') return (cursor) => cursor.readLong('long');
        if (op.to === 'float') return (cursor) => longToFloat(cursor.readLong('long'));
        return (cursor) => longToDouble(cursor.readLong('long'));
      case 'float':
        return (cursor) => cursor.readFloat();
      case 'double':
        return (cursor) => cursor.readDouble();
      case 'text':
        return op.to === 'string' ? (cursor) => cursor.readString('string') : (cursor) => cursor.readBytes('bytes value');
      case 'fixed': {
        const size = op.size;
        return (cursor) => cursor.readFixed(size, 'fixed');
      }
      case 'enum': {
        const { symbols, soft } = op;
        return (cursor) => {
          // Spec 1.12: an enum value is the symbol's index (an int).
          const index = cursor.readCount();
          const symbol = symbols[index];
          if (symbol === undefined) throw new AvroDataError(`cannot decode the data: enum symbol ${amount(index)} does not exist in the writer's enum`);
          return typeof symbol === 'string' ? symbol : failed(symbol, soft);
        };
      }
      case 'union':
        return this.union(op.branches.map((branch) => this.read(branch)));
      case 'void':
        return () => {
          throw new AvroDataError('the writer schema has an empty union here: no datum can have a value for it');
        };
      case 'skip': {
        const { bytes, what } = op;
        return (cursor) => cursor.skip(bytes, what);
      }
      case 'skipVarint':
        return (cursor) => cursor.skipVarint();
      case 'skipLength': {
        const what = op.what;
        return (cursor) => cursor.skipLength(what);
      }
      case 'array':
      case 'map':
        return this.collection(op);
      case 'record':
        return this.record(op);
      case 'fail':
        throw new NotCompiled();
    }
    throw new NotCompiled();
  }

  /** Spec 1.12: a union value is the branch's index (a long), then the branch's value. */
  private union(branches: readonly Read[]): Read {
    if (branches.length === 2) {
      const [first, second] = branches as [Read, Read];
      return (cursor) => {
        const index = cursor.readCount();
        if (index === 0) return first(cursor);
        if (index === 1) return second(cursor);
        throw noBranch(index);
      };
    }
    return (cursor) => {
      const index = cursor.readCount();
      const branch = branches[index];
      if (branch === undefined) throw noBranch(index);
      return branch(cursor);
    };
  }

  /** Spec 1.12 "Complex Types": blocks of items, each count checked as in frames.ts's `CollectionFrame.block`. */
  private collection(op: CollectionOp): Read {
    // Items that take no bytes need the datum's budget (frames.ts): the interpreter's.
    if (op.width === 0) throw new NotCompiled();
    const item = this.read(op.item);
    const width = op.kind === 'map' ? op.width + 1 : op.width;
    const { keep } = op;
    const block = (cursor: Cursor): number => nextBlock(cursor, width, keep, unreachable);
    if (op.kind === 'array') {
      return (cursor) => {
        enter(cursor);
        const items: unknown[] | undefined = keep ? [] : undefined;
        for (let count = block(cursor); count > 0; count = block(cursor)) {
          for (let i = 0; i < count; i++) {
            const value = item(cursor);
            if (items) items.push(value);
          }
        }
        cursor.depth--;
        return items;
      };
    }
    return (cursor) => {
      enter(cursor);
      const map: Record<string, unknown> | undefined = keep ? {} : undefined;
      for (let count = block(cursor); count > 0; count = block(cursor)) {
        for (let i = 0; i < count; i++) {
          if (map) define(map, cursor.readString('map key'), item(cursor));
          else {
            cursor.skipLength('map key');
            item(cursor);
          }
        }
      }
      cursor.depth--;
      return map;
    };
  }

  /** Each writer field in writer order, into the reader field that reads it (or skipped); then the defaults. */
  private record(op: RecordOp): Read {
    const known = this.records.get(op);
    if (known) {
      if (this.open.has(op)) this.recursive.add(op);
      return known;
    }
    let body: Read = () => undefined;
    // A record met again inside itself reads through `entry`; any other caller gets `body` itself.
    const entry: Read = (cursor) => body(cursor);
    this.records.set(op, entry);
    this.open.add(op);
    const reads = op.fields.map((field) => {
      // Several reader fields reading one writer field need the interpreter's memo (frames.ts).
      if (field.length !== 1) throw new NotCompiled();
      const only = field[0] as { readonly op: Op; readonly slot: number };
      return { read: this.read(only.op), slot: only.slot };
    });
    const { slots, defaults } = op;
    const fns = reads.map((read) => read.read);
    const targets = reads.map((read) => read.slot);
    const count = fns.length;
    if (!op.keep) {
      body = (cursor) => {
        enter(cursor);
        for (let i = 0; i < count; i++) (fns[i] as Read)(cursor);
        cursor.depth--;
        return undefined;
      };
      return this.done(op, entry, body);
    }
    const fallbacks = new Map(defaults.map(({ slot, value }) => [slot, defaultValue(value)]));
    body = generatedRecordReader(fns, targets, slots, fallbacks, enter) ?? closureRecordReader(fns, targets, slots, fallbacks);
    return this.done(op, entry, body);
  }

  private done(op: RecordOp, entry: Read, body: Read): Read {
    this.open.delete(op);
    const read = this.recursive.has(op) ? entry : body;
    this.records.set(op, read);
    return read;
  }
}

/** A reader field's default: shared when it is a primitive (nothing to copy), else a fresh copy each time. */
function defaultValue(value: () => unknown): DefaultValue {
  const sample = value();
  return typeof sample === 'object' && sample !== null ? { copy: value } : { value: sample };
}

/** `generatedRecordReader`'s record, where functions cannot be built from text: the values in reader order, then set one by one. */
function closureRecordReader(fns: readonly Read[], targets: readonly number[], slots: readonly string[], defaults: ReadonlyMap<number, DefaultValue>): Read {
  const count = fns.length;
  const width = slots.length;
  const fills = [...defaults].map(([slot, fallback]) => ({ slot, value: 'copy' in fallback ? fallback.copy : () => fallback.value }));
  return (cursor) => {
    enter(cursor);
    const values = new Array<unknown>(width);
    for (let i = 0; i < count; i++) {
      const value = (fns[i] as Read)(cursor);
      const slot = targets[i] as number;
      if (slot >= 0) values[slot] = value;
    }
    for (const { slot, value } of fills) values[slot] = value();
    const record: Record<string, unknown> = {};
    for (let slot = 0; slot < width; slot++) define(record, slots[slot] as string, values[slot]);
    cursor.depth--;
    return record;
  };
}

function enter(cursor: Cursor): void {
  if (++cursor.depth > FAST_DEPTH) throw TOO_DEEP_FOR_CLOSURES;
}

function noBranch(index: number): AvroDataError {
  return new AvroDataError(`cannot decode the data: union branch ${amount(index)} does not exist in the writer's union`);
}

/** Items that take no bytes are never compiled (`collection`). */
function unreachable(): void {
  throw new NotCompiled();
}

/** Sets a key, `__proto__` too: defined as an own property, like any other key (as frames.ts does). */
function define(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}
