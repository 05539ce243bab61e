import type { AvroNode } from '../model.js';
import type { AvscResolveOptions, AvscTap, AvscType } from './avsc.js';
import { readerOf } from './avsc.js';
import { AvroDataError } from './errors.js';

/** avsc's cursor, as far as arrays and maps read it (internal to avsc 5.7.9). */
interface Tap {
  readonly buf: Uint8Array;
  pos: number;
  readLong(): number;
  skipLong(): void;
  readString(): string;
}

/** Items of a zero-width type (null, an empty record) one array or map may hold: Java caps collections too (`SystemLimitException`). */
const ZERO_WIDTH_LIMIT = 10_000_000;

/**
 * Spec 1.12 "Binary Encoding" of arrays and maps: blocks of items, each a count (negative: followed by
 * the block's size in bytes), ended by a zero count. avsc reads a count before checking it (a corrupt
 * count of 2^31 allocates that many slots and exhausts the heap), so the data plane reads the blocks
 * itself: a count the remaining bytes cannot hold is an AvroDataError at once.
 */
function readBlocks(tap: AvscTap, minBytes: number, readOne: (tap: AvscTap) => void): void {
  const cursor = tap as Tap;
  let total = 0;
  for (;;) {
    let count = cursor.readLong();
    if (count === 0 || !Number.isFinite(count) || cursor.pos > cursor.buf.length) return;
    if (count < 0) {
      count = -count;
      cursor.skipLong();
    }
    total += count;
    const remaining = cursor.buf.length - cursor.pos;
    if (minBytes > 0 && count * minBytes > remaining) {
      throw new AvroDataError(`a block of ${count} items cannot be read from the ${remaining} bytes left (corrupt or truncated data)`);
    }
    if (minBytes === 0 && total > ZERO_WIDTH_LIMIT) throw new AvroDataError(`more than ${ZERO_WIDTH_LIMIT} items of a type that takes no bytes (corrupt data?)`);
    for (let i = 0; i < count; i++) readOne(tap);
  }
}

type Collection = AvscType & { readonly itemsType?: AvscType; readonly valuesType?: AvscType };

/** How our array or map type (`reader`, avsc's) reads the writer's: avsc resolves the items or values, we read the blocks. */
export function collectionReader(kind: 'array' | 'map', reader: Collection, writer: Collection, options: AvscResolveOptions, itemBytes: number): (tap: AvscTap) => unknown {
  if (kind === 'array') {
    const read = readerOf((reader.itemsType as AvscType).createResolver(writer.itemsType as AvscType, options));
    return (tap) => {
      const items: unknown[] = [];
      readBlocks(tap, itemBytes, () => items.push(read(tap)));
      return items;
    };
  }
  const read = readerOf((reader.valuesType as AvscType).createResolver(writer.valuesType as AvscType, options));
  return (tap) => {
    // Object.fromEntries defines each key, so a key `__proto__` is an entry like any other (avsc's own maps lose it).
    const entries: [string, unknown][] = [];
    readBlocks(tap, itemBytes + 1, () => entries.push([(tap as Tap).readString(), read(tap)]));
    return Object.fromEntries(entries);
  };
}

/** The fewest bytes a value of a writer type takes (a record: its fields'; one met again inside itself counts 0). */
export function minBytes(node: AvroNode, memo: Map<AvroNode, number>): number {
  switch (node.kind) {
    case 'null':
      return 0;
    case 'float':
      return 4;
    case 'double':
      return 8;
    case 'fixed':
      return node.size;
    case 'record': {
      const known = memo.get(node);
      if (known !== undefined) return known;
      memo.set(node, 0);
      const sum = node.fields.reduce((bytes, field) => bytes + minBytes(field.type, memo), 0);
      memo.set(node, sum);
      return sum;
    }
    default:
      return 1;
  }
}
