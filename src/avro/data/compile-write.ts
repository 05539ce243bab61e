import type { AvroNode, AvroRecord, AvroUnion } from '../model.js';
import { FAST_DEPTH } from './compile-read.js';
import { INT_MAX, INT_MIN, isAvroLong } from './long.js';
import type { ByteSink } from './sink.js';
import { UnionBranch, isPlainObject } from './values.js';
import { wrappedBranch } from './wrapped.js';

/** Writes one value to the sink; throws `MISFIT` when it does not fit, `TOO_DEEP_TO_WRITE` past `FAST_DEPTH`. */
export type Write = (sink: ByteSink, value: unknown) => void;

/** The value does not fit (a union tries its next branch; at the top, the walk of encoder.ts says where and why). */
export const MISFIT: unique symbol = Symbol('the value does not fit');
/** The value nests deeper than `FAST_DEPTH` (or contains itself): the walk of encoder.ts writes it, or says why not. */
export const TOO_DEEP_TO_WRITE: unique symbol = Symbol('too deep for the compiled writer');

/**
 * A writer type compiled into closures, one per type, built once per schema. It writes what the walk
 * of encoder.ts writes (a union value with the first branch it fits, else the branch a wrapped
 * value names), but only says that a value does not fit: the codec then runs the walk, which finds
 * where and why, and which alone writes values nested past `FAST_DEPTH` (or finds their cycle).
 */
export function compileWrite(root: AvroNode): Write {
  return new WriteCompiler().write(root);
}

class WriteCompiler {
  private readonly records = new Map<AvroNode, Write>();

  write(node: AvroNode): Write {
    switch (node.kind) {
      case 'null':
        return (_sink, value) => {
          if (value !== null) throw MISFIT;
        };
      case 'boolean':
        return (sink, value) => {
          if (typeof value !== 'boolean') throw MISFIT;
          sink.byte(value ? 1 : 0);
        };
      case 'int':
        return (sink, value) => {
          if (typeof value !== 'number' || !Number.isInteger(value) || value < INT_MIN || value > INT_MAX) throw MISFIT;
          sink.long(value);
        };
      case 'long':
        return (sink, value) => {
          if (!isAvroLong(value)) throw MISFIT;
          sink.long(value);
        };
      case 'float':
        return (sink, value) => {
          if (typeof value !== 'number') throw MISFIT;
          sink.float(value);
        };
      case 'double':
        return (sink, value) => {
          if (typeof value !== 'number') throw MISFIT;
          sink.double(value);
        };
      case 'string':
        return (sink, value) => {
          if (typeof value !== 'string') throw MISFIT;
          sink.string(value);
        };
      case 'bytes':
        return (sink, value) => {
          if (!(value instanceof Uint8Array)) throw MISFIT;
          sink.bytes(value);
        };
      case 'fixed': {
        const size = node.size;
        return (sink, value) => {
          if (!(value instanceof Uint8Array) || value.length !== size) throw MISFIT;
          sink.raw(value);
        };
      }
      case 'enum': {
        const indexes = new Map(node.symbols.map((symbol, index) => [symbol, index]));
        return (sink, value) => {
          const index = typeof value === 'string' ? indexes.get(value) : undefined;
          if (index === undefined) throw MISFIT;
          sink.long(index);
        };
      }
      case 'array': {
        const item = this.write(node.items);
        return (sink, value) => {
          if (!Array.isArray(value)) throw MISFIT;
          enter(sink);
          // Spec 1.12 "Complex Types": one block of all the items, then a count of 0.
          const length = value.length;
          if (length > 0) sink.long(length);
          for (let i = 0; i < length; i++) item(sink, value[i]);
          sink.long(0);
          sink.depth--;
        };
      }
      case 'map': {
        const item = this.write(node.values);
        return (sink, value) => {
          if (!isPlainObject(value)) throw MISFIT;
          enter(sink);
          const keys = Object.keys(value);
          if (keys.length > 0) sink.long(keys.length);
          for (const key of keys) {
            sink.string(key);
            item(sink, value[key]);
          }
          sink.long(0);
          sink.depth--;
        };
      }
      case 'record':
        return this.record(node);
      case 'union':
        return this.union(node);
    }
  }

  private record(node: AvroRecord): Write {
    const known = this.records.get(node);
    if (known) return known;
    let body: Write = () => undefined;
    const entry: Write = (sink, value) => body(sink, value);
    this.records.set(node, entry);
    const names = node.fields.map((field) => field.name);
    const writes = node.fields.map((field) => this.write(field.type));
    const count = names.length;
    body = (sink, value) => {
      if (!isPlainObject(value)) throw MISFIT;
      enter(sink);
      for (let i = 0; i < count; i++) {
        const name = names[i] as string;
        // Spec 1.12: a default is for readers; a writer must give every field (Java's writer does not fill defaults).
        if (!Object.hasOwn(value, name)) throw MISFIT;
        (writes[i] as Write)(sink, value[name]);
      }
      sink.depth--;
    };
    return entry;
  }

  /** Spec 1.12: a union value is the branch's index, then the branch's value (the first branch it fits). */
  private union(node: AvroUnion): Write {
    const writes = node.branches.map((branch) => this.write(branch));
    const fits = node.branches.map(shallowFit);
    const count = writes.length;
    return (sink, value) => {
      if (value instanceof UnionBranch) {
        const write = writes[value.index];
        if (write === undefined) throw MISFIT;
        sink.long(value.index);
        write(sink, value.value);
        return;
      }
      const mark = sink.length;
      for (let index = 0; index < count; index++) {
        if (!(fits[index] as (value: unknown) => boolean)(value)) continue;
        try {
          sink.long(index);
          (writes[index] as Write)(sink, value);
          return;
        } catch (error) {
          if (error !== MISFIT) throw error;
          sink.length = mark;
        }
      }
      // avsc's wrapped unions: `{ "string": "x" }`, the branch's name as the only key.
      const wrapped = wrappedBranch(node, value);
      if (wrapped === undefined) throw MISFIT;
      sink.long(wrapped.index);
      (writes[wrapped.index] as Write)(sink, wrapped.value);
    };
  }
}

function enter(sink: ByteSink): void {
  if (++sink.depth > FAST_DEPTH) throw TOO_DEEP_TO_WRITE;
}

/** Whether a value may fit a branch, by its kind alone (a branch it cannot fit is not tried). */
function shallowFit(node: AvroNode): (value: unknown) => boolean {
  switch (node.kind) {
    case 'null':
      return (value) => value === null;
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'int':
    case 'float':
    case 'double':
      return (value) => typeof value === 'number';
    case 'long':
      return (value) => typeof value === 'number' || typeof value === 'bigint';
    case 'string':
    case 'enum':
      return (value) => typeof value === 'string';
    case 'bytes':
    case 'fixed':
      return (value) => value instanceof Uint8Array;
    case 'array':
      return Array.isArray;
    default:
      return isPlainObject;
  }
}
