import { utf8Bytes } from '../../util/bytes.js';
import type { AvroLong } from './long.js';
import { writeVarLong } from './long.js';

/** A growing buffer the encoder writes to; `truncate` takes back what a union branch that did not fit wrote. */
export class ByteSink {
  private buf = new Uint8Array(256);
  private view = new DataView(this.buf.buffer);
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

  /** The bytes written, in an array of their own. */
  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }

  private room(size: number): void {
    if (this.length + size <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.length + size));
    grown.set(this.buf.subarray(0, this.length));
    this.buf = grown;
    this.view = new DataView(grown.buffer);
  }
}
