import type { Cursor } from './cursor.js';
import { amount } from './cursor.js';
import { AvroDataError } from './errors.js';

/**
 * Spec 1.12 "Complex Types": the item count of the next block of an array or a map, 0 at its end.
 * A negative count is followed by the block's size in bytes. Items of `width` bytes at least are
 * checked against the bytes left (or the block's size) before anything is read; items that take no
 * bytes (`width` 0) go to `zeroWidth`, which keeps the datum's budget for them. A block that is
 * skipped (`keep` false) and has a size is jumped over whole, as Java's skipArray does.
 */
export function nextBlock(cursor: Cursor, width: number, keep: boolean, zeroWidth: (count: number) => void): number {
  for (;;) {
    let count = cursor.readCount();
    if (count === 0) return 0;
    let size: number | undefined;
    if (count < 0) {
      count = -count;
      size = cursor.readLength('block');
      cursor.need(size, 'block');
    }
    if (width === 0) zeroWidth(count);
    else if (count * width > (size ?? cursor.left())) {
      throw new AvroDataError(size === undefined
        ? `a block of ${amount(count)} items cannot be read from the ${cursor.left()} bytes left (corrupt or truncated data)`
        : `a block of ${amount(count)} items cannot be read from its ${size} bytes (corrupt data)`);
    }
    if (size === undefined || keep) return count;
    cursor.skip(size, 'block');
  }
}
