import type { AvroNode, AvroRecord, AvroUnion } from '../model.js';
import { AvroDataError } from './errors.js';
import { INT_MAX, INT_MIN, isAvroLong } from './long.js';
import type { WriterSchema } from './writer-schema.js';

/** A value for one union branch, chosen by index (otherwise a union value goes to the first branch it fits). */
export class UnionBranch {
  constructor(
    readonly index: number,
    readonly value: unknown,
  ) {}
}

/** A deep copy of a decoded value (arrays, plain objects, Buffers). */
export function copyValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return Buffer.from(value);
  if (Array.isArray(value)) return value.map(copyValue);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyValue(item)]));
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/**
 * A value in the data plane's representation (what `decode` returns: plain objects for records and
 * maps, Buffers or Uint8Arrays for bytes and fixed, numbers or bigints for longs, enum symbols as
 * strings, union values unwrapped) as the value avsc writes with the `WriterSchema`. A union value
 * goes to the first branch it is valid for, or to the branch a `UnionBranch` names.
 */
export function toWriterValue(node: AvroNode, value: unknown, writer: WriterSchema, path = 'value'): unknown {
  switch (node.kind) {
    case 'null':
      return expect(value === null, value, 'null', path, null);
    case 'boolean':
      return expect(typeof value === 'boolean', value, 'a boolean', path, value);
    case 'int':
      return expect(Number.isInteger(value) && (value as number) >= INT_MIN && (value as number) <= INT_MAX, value, 'an int (32-bit integer)', path, value);
    case 'long':
      return expect(isAvroLong(value), value, 'a long (safe integer number or 64-bit bigint)', path, value);
    case 'float':
    case 'double':
      return expect(typeof value === 'number', value, 'a number', path, value);
    case 'string':
      return expect(typeof value === 'string', value, 'a string', path, value);
    case 'bytes':
      return expect(value instanceof Uint8Array, value, 'bytes (a Uint8Array)', path, () => Buffer.from(value as Uint8Array));
    case 'fixed':
      return expect(value instanceof Uint8Array && value.length === node.size, value, `${node.size} bytes (a Uint8Array)`, path, () => Buffer.from(value as Uint8Array));
    case 'enum':
      return expect(typeof value === 'string' && node.symbolSet.has(value), value, `a symbol of ${node.fullName}`, path, () => `s${node.symbols.indexOf(value as string)}`);
    case 'array':
      if (!Array.isArray(value)) throw invalid(value, 'an array', path);
      return value.map((item: unknown, i) => toWriterValue(node.items, item, writer, `${path}[${i}]`));
    case 'map':
      if (!isPlainObject(value)) throw invalid(value, 'a map (plain object)', path);
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toWriterValue(node.values, item, writer, `${path}[${JSON.stringify(key)}]`)]));
    case 'record':
      return recordValue(node, value, writer, path);
    case 'union':
      return unionValue(node, value, writer, path);
  }
}

function recordValue(node: AvroRecord, value: unknown, writer: WriterSchema, path: string): Record<string, unknown> {
  if (!isPlainObject(value)) throw invalid(value, `a record ${node.fullName} (object)`, path);
  return Object.fromEntries(
    node.fields.map((field) => {
      // Spec 1.12: a default is for readers; a writer must give every field (Java's writer does not fill defaults).
      if (!Object.hasOwn(value, field.name)) throw new AvroDataError(`field ${field.name} of ${node.fullName} is missing`, path);
      return [`f${field.position}`, toWriterValue(field.type, value[field.name], writer, `${path}.${field.name}`)];
    }),
  );
}

function unionValue(node: AvroUnion, value: unknown, writer: WriterSchema, path: string): unknown {
  const wrap = (index: number, inner: unknown): unknown => {
    const branch = node.branches[index] as AvroNode;
    const converted = toWriterValue(branch, inner, writer, path);
    return branch.kind === 'null' ? null : { [writer.branchName(branch)]: converted };
  };
  if (value instanceof UnionBranch) {
    if (!node.branches[value.index]) throw new AvroDataError(`the union has no branch ${value.index}`, path);
    return wrap(value.index, value.value);
  }
  for (let i = 0; i < node.branches.length; i++) {
    try {
      return wrap(i, value);
    } catch (error) {
      if (!(error instanceof AvroDataError)) throw error;
    }
  }
  throw invalid(value, `a value of one of the union's ${node.branches.length} branches`, path);
}

function expect(ok: boolean, value: unknown, what: string, path: string, result: unknown): unknown {
  if (!ok) throw invalid(value, what, path);
  return typeof result === 'function' ? (result as () => unknown)() : result;
}

function invalid(value: unknown, what: string, path: string): AvroDataError {
  return new AvroDataError(`expected ${what}, got ${describe(value)}`, path);
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
  return JSON.stringify(value) ?? String(value);
}
