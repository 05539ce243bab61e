import type { AvroArray, AvroMap, AvroNode, AvroRecord, AvroUnion } from '../model.js';
import { AvroDataError } from './errors.js';
import { MAX_DEPTH, tooDeep } from './limits.js';
import { INT_MAX, INT_MIN, isAvroLong } from './long.js';
import { ByteSink } from './sink.js';
import { UnionBranch, invalid, isPlainObject } from './values.js';
import { wrappedBranch } from './wrapped.js';

/** One value to write: its type, the value, and where it is (`value.a[1].n`). */
interface Task {
  readonly node: AvroNode;
  readonly value: unknown;
  readonly path: string;
}

/** A value being written that holds others, or a union trying its branches in order. */
type Frame =
  | { readonly kind: 'record'; readonly node: AvroRecord; readonly value: Record<string, unknown>; readonly path: string; next: number }
  | { readonly kind: 'array'; readonly node: AvroArray; readonly value: readonly unknown[]; readonly path: string; next: number }
  | { readonly kind: 'map'; readonly node: AvroMap; readonly value: Record<string, unknown>; readonly keys: readonly string[]; readonly path: string; next: number }
  | { readonly kind: 'union'; readonly node: AvroUnion; readonly value: unknown; readonly path: string; branch: number; readonly mark: number; wrapped: boolean };

/** An error no union branch may catch (a cycle, the depth limit): it ends the encoding. */
class Abort {
  constructor(readonly error: AvroDataError) {}
}

/**
 * The Avro binary encoding of `value` under a writer type, `value` in the representation decoding
 * returns. A union value goes to the first branch it fits (or the one a `UnionBranch` names): a
 * branch that does not fit is taken back (what it wrote is truncated) and the next is tried. The
 * walk keeps its own stack, so a value may nest up to `MAX_DEPTH` records, arrays and maps; a
 * value that contains itself is an error, not an endless walk.
 */
export function encodeValue(root: AvroNode, value: unknown): Uint8Array {
  try {
    return new Encoding().run({ node: root, value, path: 'value' });
  } catch (error) {
    if (error instanceof Abort) throw error.error;
    throw error;
  }
}

class Encoding {
  private readonly sink = new ByteSink();
  private readonly stack: Frame[] = [];
  /** The records, arrays and maps being written (a value met again among them contains itself). */
  private readonly open = new Set<object>();

  run(root: Task): Uint8Array {
    let task: Task | undefined = root;
    for (;;) {
      try {
        if (task) {
          task = this.start(task);
          continue;
        }
        const top = this.stack[this.stack.length - 1];
        if (!top) return this.sink.result();
        task = this.advance(top);
      } catch (error) {
        task = this.recover(error);
      }
    }
  }

  /** Writes a value that holds no other, or opens the frame of one that does; returns what to write next, if it knows. */
  private start({ node, value, path }: Task): Task | undefined {
    const sink = this.sink;
    switch (node.kind) {
      case 'null':
        if (value !== null) throw invalid(value, 'null', path);
        return undefined;
      case 'boolean':
        if (typeof value !== 'boolean') throw invalid(value, 'a boolean', path);
        sink.byte(value ? 1 : 0);
        return undefined;
      case 'int':
        if (!Number.isInteger(value) || (value as number) < INT_MIN || (value as number) > INT_MAX) throw invalid(value, 'an int (32-bit integer)', path);
        sink.long(value as number);
        return undefined;
      case 'long':
        if (!isAvroLong(value)) throw invalid(value, 'a long (safe integer number or 64-bit bigint)', path);
        sink.long(value);
        return undefined;
      case 'float':
      case 'double':
        if (typeof value !== 'number') throw invalid(value, 'a number', path);
        if (node.kind === 'float') sink.float(value);
        else sink.double(value);
        return undefined;
      case 'string':
        if (typeof value !== 'string') throw invalid(value, 'a string', path);
        sink.string(value);
        return undefined;
      case 'bytes':
        if (!(value instanceof Uint8Array)) throw invalid(value, 'bytes (a Uint8Array)', path);
        sink.bytes(value);
        return undefined;
      case 'fixed':
        if (!(value instanceof Uint8Array) || value.length !== node.size) throw invalid(value, `${node.size} bytes (a Uint8Array)`, path);
        sink.raw(value);
        return undefined;
      case 'enum':
        if (typeof value !== 'string' || !node.symbolSet.has(value)) throw invalid(value, `a symbol of ${node.fullName}`, path);
        sink.long(node.symbols.indexOf(value));
        return undefined;
      case 'array':
        if (!Array.isArray(value)) throw invalid(value, 'an array', path);
        this.push({ kind: 'array', node, value, path, next: 0 });
        // Spec 1.12 "Complex Types": one block of all the items, then a count of 0.
        if (value.length > 0) sink.long(value.length);
        return undefined;
      case 'map': {
        if (!isPlainObject(value)) throw invalid(value, 'a map (plain object)', path);
        const keys = Object.keys(value);
        this.push({ kind: 'map', node, value, keys, path, next: 0 });
        if (keys.length > 0) sink.long(keys.length);
        return undefined;
      }
      case 'record':
        if (!isPlainObject(value)) throw invalid(value, `a record ${node.fullName} (object)`, path);
        this.push({ kind: 'record', node, value, path, next: 0 });
        return undefined;
      case 'union':
        return this.union(node, value, path);
    }
  }

  /** Spec 1.12: a union value is the branch's index, then the branch's value. */
  private union(node: AvroUnion, value: unknown, path: string): Task {
    if (value instanceof UnionBranch) {
      const branch = node.branches[value.index];
      if (!branch) throw new AvroDataError(`the union has no branch ${value.index}`, path);
      this.sink.long(value.index);
      return { node: branch, value: value.value, path };
    }
    if (node.branches.length === 0) throw invalid(value, "a value of one of the union's 0 branches", path);
    const frame: Frame = { kind: 'union', node, value, path, branch: 0, mark: this.sink.length, wrapped: false };
    this.stack.push(frame);
    return this.tryBranch(frame);
  }

  private tryBranch(frame: Extract<Frame, { kind: 'union' }>): Task {
    this.sink.long(frame.branch);
    return { node: frame.node.branches[frame.branch] as AvroNode, value: frame.value, path: frame.path };
  }

  /** The next value a frame holds, or undefined when the frame is written (and closed). */
  private advance(frame: Frame): Task | undefined {
    switch (frame.kind) {
      case 'record': {
        const field = frame.node.fields[frame.next++];
        if (field) {
          // Spec 1.12: a default is for readers; a writer must give every field (Java's writer does not fill defaults).
          if (!Object.hasOwn(frame.value, field.name)) throw new AvroDataError(`field ${field.name} of ${frame.node.fullName} is missing`, frame.path);
          return { node: field.type, value: frame.value[field.name], path: `${frame.path}.${field.name}` };
        }
        break;
      }
      case 'array': {
        const index = frame.next++;
        if (index < frame.value.length) return { node: frame.node.items, value: frame.value[index], path: `${frame.path}[${index}]` };
        this.sink.long(0);
        break;
      }
      case 'map': {
        const key = frame.keys[frame.next++];
        if (key !== undefined) {
          this.sink.string(key);
          return { node: frame.node.values, value: frame.value[key], path: `${frame.path}[${JSON.stringify(key)}]` };
        }
        this.sink.long(0);
        break;
      }
      case 'union':
        break;
    }
    this.pop();
    return undefined;
  }

  /** A value did not fit: the innermost union still trying branches tries its next one, else the error stands. */
  private recover(error: unknown): Task {
    if (!(error instanceof AvroDataError)) throw error;
    let failure = error;
    for (let frame = this.pop(); frame; frame = this.pop()) {
      if (frame.kind !== 'union') continue;
      this.sink.truncate(frame.mark);
      frame.branch++;
      if (frame.branch < frame.node.branches.length) {
        this.stack.push(frame);
        return this.tryBranch(frame);
      }
      // avsc's wrapped unions (wrapped.ts): tried once the value fits no branch as it is.
      const wrapped = frame.wrapped ? undefined : wrappedBranch(frame.node, frame.value);
      if (wrapped) {
        frame.wrapped = true;
        this.stack.push(frame);
        this.sink.long(wrapped.index);
        return { node: frame.node.branches[wrapped.index] as AvroNode, value: wrapped.value, path: frame.path };
      }
      failure = invalid(frame.value, `a value of one of the union's ${frame.node.branches.length} branches`, frame.path);
    }
    throw failure;
  }

  private push(frame: Exclude<Frame, { kind: 'union' }>): void {
    if (this.open.has(frame.value)) throw new Abort(new AvroDataError('the value contains itself (a cycle): Avro data is a tree', frame.path));
    if (this.open.size >= MAX_DEPTH) throw new Abort(tooDeep('value'));
    this.open.add(frame.value);
    this.stack.push(frame);
  }

  private pop(): Frame | undefined {
    const frame = this.stack.pop();
    if (frame && frame.kind !== 'union') this.open.delete(frame.value);
    return frame;
  }
}
