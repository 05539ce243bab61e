import type { AvroLong } from './long.js';
import { writeVarLong } from './long.js';

/** A growing buffer the encoder writes to; `truncate` takes back what a union branch that did not fit wrote. */
export class ByteSink {
  private buf = Buffer.alloc(256);
  length = 0;

  /** Spec 1.12 "Binary Encoding": an int or a long is a zig-zag varint. */
  long(value: AvroLong): void {
    if (typeof value === 'bigint') {
      this.raw(writeVarLong(value));
      return;
    }
    this.room(10);
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
    this.length = this.buf.writeFloatLE(value, this.length);
  }

  double(value: number): void {
    this.room(8);
    this.length = this.buf.writeDoubleLE(value, this.length);
  }

  /** Spec 1.12: a string is its length in UTF-8 bytes, then the bytes. */
  string(value: string): void {
    const size = Buffer.byteLength(value, 'utf8');
    this.long(size);
    this.room(size);
    this.length += this.buf.write(value, this.length, size, 'utf8');
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

  /** The bytes written, in a Buffer of their own. */
  result(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.length));
  }

  private room(size: number): void {
    if (this.length + size <= this.buf.length) return;
    const grown = Buffer.alloc(Math.max(this.buf.length * 2, this.length + size));
    this.buf.copy(grown, 0, 0, this.length);
    this.buf = grown;
  }
}
