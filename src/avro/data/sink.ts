import { utf8Bytes } from '../../util/bytes.js';
import type { AvroLong } from './long.js';
import { writeVarLong } from './long.js';
import { BytePool } from '../../util/byte-pool.js';

/** Text up to this many UTF-16 units is tried as ASCII first. */
const SHORT_TEXT = 32;
/** A sink kept for reuse keeps no bigger buffer than this. */
const KEEP_BYTES = 1 << 16;

/** A growing buffer the encoder writes to; `truncate` takes back what a union branch that did not fit wrote. */
export class ByteSink {
  private buf = new Uint8Array(256);
  private readonly pool = new BytePool();
  private view = new DataView(this.buf.buffer);
  length = 0;
  /** Records, arrays and maps open in the compiled writer (compile-write.ts), which hands deeper values to the walk (encoder.ts). */
  depth = 0;

  /** Spec 1.12 "Binary Encoding": an int or a long is a zig-zag varint. */
  long(value: AvroLong): void {
    if (typeof value === 'bigint') {
      this.raw(writeVarLong(value));
      return;
    }
    this.room(10);
    if ((value | 0) === value) {
      // An int: the zig-zag of 32 bits, written with 32-bit operations.
      let bits = ((value << 1) ^ (value >> 31)) >>> 0;
      while (bits >= 0x80) {
        this.buf[this.length++] = (bits & 0x7f) | 0x80;
        bits >>>= 7;
      }
      this.buf[this.length++] = bits;
      return;
    }
    let rest = value >= 0 ? value * 2 : -value * 2 - 1;
    while (rest >= 0x80) {
      this.buf[this.length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.buf[this.length++] = rest;
  }

  byte(value: number): void {
    this.room(1);
    this.buf[this.length++] = value;
  }

  float(value: number): void {
    this.room(4);
    this.view.setFloat32(this.length, value, true);
    this.length += 4;
  }

  double(value: number): void {
    this.room(8);
    this.view.setFloat64(this.length, value, true);
    this.length += 8;
  }

  /** Spec 1.12: a string is its length in UTF-8 bytes, then the bytes. */
  string(value: string): void {
    const length = value.length;
    if (length <= SHORT_TEXT) {
      // Short ASCII text is written char by char, after its length (one byte: at most 2 × 32).
      this.room(length + 1);
      const buf = this.buf;
      let at = this.length + 1;
      for (let i = 0; i < length; i++) {
        const code = value.charCodeAt(i);
        if (code >= 0x80) {
          this.bytes(utf8Bytes(value));
          return;
        }
        buf[at++] = code;
      }
      buf[this.length] = length * 2;
      this.length = at;
      return;
    }
    this.bytes(utf8Bytes(value));
  }

  /** Spec 1.12: bytes are their length, then the bytes. */
  bytes(value: Uint8Array): void {
    this.long(value.length);
    this.raw(value);
  }

  raw(value: Uint8Array): void {
    this.room(value.length);
    this.buf.set(value, this.length);
    this.length += value.length;
  }

  truncate(length: number): void {
    this.length = length;
  }

  /** Empties the sink for another value, keeping its buffer (up to `KEEP_BYTES`). */
  reset(): void {
    this.length = 0;
    this.depth = 0;
    if (this.buf.length > KEEP_BYTES) {
      this.buf = new Uint8Array(256);
      this.view = new DataView(this.buf.buffer);
    }
  }

  /** The bytes written, in an array of their own (carved from the sink's pool: its `.buffer` is shared). */
  result(): Uint8Array {
    const out = this.pool.take(this.length);
    out.set(this.buf.subarray(0, this.length));
    return out;
  }

  private room(size: number): void {
    if (this.length + size <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.length + size));
    grown.set(this.buf.subarray(0, this.length));
    this.buf = grown;
    this.view = new DataView(grown.buffer);
  }
}
