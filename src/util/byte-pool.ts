/** Blocks small arrays are carved from, and the largest array carved (bigger ones get their own buffer). */
const BLOCK_BYTES = 64 * 1024;
const LARGEST_CARVED = BLOCK_BYTES / 8;

/**
 * Small byte arrays carved from shared 64 KiB blocks, as Node's `Buffer` pool does: an `ArrayBuffer`
 * of its own for each encoded message costs more than encoding a small record. Each array is a view
 * of its own bytes (they are never handed out twice), but its `.buffer` is the shared block. One
 * pool per owner (a codec's sink, a serde): no module-level state.
 */
export class BytePool {
  private block = new ArrayBuffer(0);
  private used = 0;

  /** A zero-filled array of `length` bytes. */
  take(length: number): Uint8Array {
    if (length > LARGEST_CARVED) return new Uint8Array(length);
    if (this.used + length > this.block.byteLength) {
      this.block = new ArrayBuffer(BLOCK_BYTES);
      this.used = 0;
    }
    const out = new Uint8Array(this.block, this.used, length);
    // Each array starts on an 8-byte boundary, as Node's pool aligns its slices.
    this.used += (length + 7) & ~7;
    return out;
  }
}
