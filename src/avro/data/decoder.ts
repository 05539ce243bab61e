import { Cursor, amount } from './cursor.js';
import { AvroDataError } from './errors.js';
import { failed } from './failure.js';
import type { DatumState, Frame } from './frames.js';
import { CollectionFrame, FailFrame, RecordFrame } from './frames.js';
import { MAX_DEPTH, tooDeep } from './limits.js';
import { checkInt, longToDouble, longToFloat } from './long.js';
import type { Op } from './ops.js';

/** What `enter` returns when the value is a frame, pushed to be read value by value. */
const PENDING = Symbol('pending');

/**
 * Reads one datum with a program (program.ts). The walk keeps its own stack of frames, not
 * JavaScript's, so a datum may nest up to `MAX_DEPTH` records, arrays and maps; every count and
 * length is checked against the bytes left before it is used (cursor.ts, frames.ts). Every error
 * is an `AvroDataError`.
 */
export function decodeDatum(root: Op, bytes: Uint8Array): unknown {
  const run = new Run(new Cursor(bytes));
  const value = run.read(root);
  if (run.cursor.pos < run.cursor.end) throw new AvroDataError('cannot decode the data: bytes are left after the datum (trailing data)');
  return value;
}

class Run {
  private readonly stack: Frame[] = [];
  private readonly state: DatumState = { zeroWidth: 0, reads: new Map() };
  private depth = 0;

  constructor(readonly cursor: Cursor) {}

  read(root: Op): unknown {
    const first = this.enter(root);
    if (first !== PENDING) return first;
    const { stack, cursor, state } = this;
    for (;;) {
      const top = stack[stack.length - 1] as Frame;
      const op = top.next(cursor, state);
      if (op === undefined) {
        stack.pop();
        if (top.container) this.depth--;
        const value = top.result();
        const parent = stack[stack.length - 1];
        if (!parent) return value;
        parent.accept(value, cursor, state);
        continue;
      }
      const value = this.enter(op);
      if (value !== PENDING) top.accept(value, cursor, state);
    }
  }

  /** Reads a value that holds no other (or pushes the frame of one that does). */
  private enter(start: Op): unknown {
    const cursor = this.cursor;
    let op = start;
    for (;;) {
      switch (op.kind) {
        case 'union': {
          // Spec 1.12: a union value is the branch's index (a long), then the branch's value.
          const index = cursor.readCount();
          const branch = op.branches[index];
          if (branch === undefined) throw new AvroDataError(`cannot decode the data: union branch ${amount(index)} does not exist in the writer's union`);
          op = branch;
          continue;
        }
        case 'null':
          return null;
        case 'boolean':
          return cursor.readBoolean();
        case 'int': {
          const value = checkInt(cursor.readLong('int'));
          return op.to === 'float' ? Math.fround(value) : value;
        }
        case 'long': {
          const value = cursor.readLong('long');
          return op.to === 'long' ? value : op.to === 'float' ? longToFloat(value) : longToDouble(value);
        }
        case 'float':
          return cursor.readFloat();
        case 'double':
          return cursor.readDouble();
        case 'text':
          return op.to === 'string' ? cursor.readString('string') : cursor.readBytes('bytes value');
        case 'fixed':
          return cursor.readFixed(op.size, 'fixed');
        case 'enum': {
          // Spec 1.12: an enum value is the symbol's index (an int).
          const index = cursor.readCount();
          const symbol = op.symbols[index];
          if (symbol === undefined) throw new AvroDataError(`cannot decode the data: enum symbol ${amount(index)} does not exist in the writer's enum`);
          return typeof symbol === 'string' ? symbol : failed(symbol, op.soft);
        }
        case 'void':
          throw new AvroDataError('the writer schema has an empty union here: no datum can have a value for it');
        case 'skip':
          cursor.skip(op.bytes, op.what);
          return undefined;
        case 'skipVarint':
          cursor.skipVarint();
          return undefined;
        case 'skipLength':
          cursor.skipLength(op.what);
          return undefined;
        case 'fail':
          this.stack.push(new FailFrame(op));
          return PENDING;
        case 'array':
        case 'map':
          return this.push(new CollectionFrame(op));
        case 'record':
          return this.push(new RecordFrame(op));
      }
    }
  }

  private push(frame: Frame): typeof PENDING {
    if (++this.depth > MAX_DEPTH) throw tooDeep('datum');
    this.stack.push(frame);
    return PENDING;
  }
}
