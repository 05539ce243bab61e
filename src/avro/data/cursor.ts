import { utf8Text } from '../../util/bytes.js';
import { asciiText } from './ascii.js';
import { AvroDataError } from './errors.js';
import type { AvroLong } from './long.js';
import { normalizeLong, readVarLong } from './long.js';

/** Varints of up to 7 bytes hold at most 49 bits: exact in a JavaScript number. */
const EXACT_BYTES = 7;
/** Text up to this many bytes is tried as ASCII first. */
const SHORT_TEXT = 32;

/** Eight bytes seen as a float and a double, on a little-endian machine (`floatScratch`). */
export interface FloatScratch {
  readonly bytes: Uint8Array;
  readonly f32: Float32Array;
  readonly f64: Float64Array;
}

/** A reader's scratch for floats and doubles; undefined on a big-endian machine (the cursor then uses a `DataView`). */
export function floatScratch(): FloatScratch | undefined {
  const f64 = new Float64Array(1);
  const bytes = new Uint8Array(f64.buffer);
  // Spec 1.12: floats and doubles are little-endian; typed arrays use the machine's order.
  if (new Uint8Array(Uint16Array.of(1).buffer)[0] !== 1) return undefined;
  return { bytes, f32: new Float32Array(f64.buffer, 0, 1), f64 };
}

/**
 * A cursor over one datum's bytes. Every read checks the bytes left first: a length, size or count
 * the rest of the data cannot hold is an `AvroDataError` before anything is allocated or skipped.
 */
export class Cursor {
  pos = 0;
  /** Records, arrays and maps open in the compiled reader (compile-read.ts), which hands deeper data to the interpreter. */
  depth = 0;
  readonly end: number;
  readonly buf: Uint8Array;
  /** Made on the first float or double. */
  private view: DataView | undefined;

  /** `bytes` are read in place, never copied nor changed; `floats`, a reader's own, read floats and doubles without a `DataView` per datum. */
  constructor(bytes: Uint8Array, private readonly floats?: FloatScratch) {
    // Read in place, a Node `Buffer` too (a view of it would cost an object per datum); `readFixed` copies without its `slice`.
    this.buf = bytes;
    this.end = this.buf.length;
  }

  private dataView(): DataView {
    return new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
  }

  left(): number {
    return this.end - this.pos;
  }

  /** Spec 1.12 "Binary Encoding": a boolean is one byte, 0 (false) or 1 (true). */
  readBoolean(): boolean {
    const byte = this.buf[this.take(1)] as number;
    if (byte > 1) throw new AvroDataError(`invalid boolean encoding (byte ${byte}; a boolean is 0 or 1)`);
    return byte === 1;
  }

  /** Spec 1.12: a float is 4 bytes, little-endian IEEE 754. */
  readFloat(): number {
    const at = this.take(4);
    const floats = this.floats;
    if (floats) {
      const buf = this.buf;
      const bytes = floats.bytes;
      bytes[0] = buf[at] as number;
      bytes[1] = buf[at + 1] as number;
      bytes[2] = buf[at + 2] as number;
      bytes[3] = buf[at + 3] as number;
      return floats.f32[0] as number;
    }
    return (this.view ??= this.dataView()).getFloat32(at, true);
  }

  /** Spec 1.12: a double is 8 bytes, little-endian IEEE 754. */
  readDouble(): number {
    const at = this.take(8);
    const floats = this.floats;
    if (floats) {
      floats.bytes.set(this.buf.subarray(at, at + 8));
      return floats.f64[0] as number;
    }
    return (this.view ??= this.dataView()).getFloat64(at, true);
  }

  /** Spec 1.12: an int or a long is a zig-zag varint, here exactly (a bigint beyond 2^53). */
  readLong(kind: 'int' | 'long'): AvroLong {
    const small = this.short();
    if (small !== undefined) return small;
    const start = this.pos;
    const end = this.varintEnd(kind);
    if (end - start > EXACT_BYTES) return normalizeLong(readVarLong(this.buf.subarray(start, end)));
    return this.small(start, end);
  }

  /** A count, length or index: a varint as a number (exact to 2^53, which no real count reaches). */
  readCount(): number {
    const small = this.short();
    if (small !== undefined) return small;
    const start = this.pos;
    const end = this.varintEnd('long');
    if (end - start <= EXACT_BYTES) return this.small(start, end);
    return Number(readVarLong(this.buf.subarray(start, end)));
  }

  skipVarint(): void {
    this.varintEnd('long');
  }

  /** Spec 1.12: a string is a long length, then that many bytes of UTF-8. */
  readString(what: string): string {
    const length = this.readLength(what);
    this.need(length, what);
    const start = this.take(length);
    // Short ASCII text is made in one or two calls (cheaper than a decoder call); anything else is decoded.
    if (length <= SHORT_TEXT) {
      const buf = this.buf;
      const end = start + length;
      let high = 0;
      for (let at = start; at < end; at++) high |= buf[at] as number;
      if (high >= 0x80) return utf8Text(buf.subarray(start, end));
      return length <= 16 ? asciiText(buf, start, length) : asciiText(buf, start, 16) + asciiText(buf, start + 16, length - 16);
    }
    return utf8Text(this.buf.subarray(start, start + length));
  }

  /** Spec 1.12: bytes are a long length, then that many bytes (copied: the value does not share the input). */
  readBytes(what: string): Uint8Array {
    return this.readFixed(this.readLength(what), what);
  }

  /** Spec 1.12: a fixed is its size in bytes, no length. */
  readFixed(size: number, what: string): Uint8Array {
    this.need(size, what);
    const start = this.take(size);
    const buf = this.buf;
    // `Buffer#slice` shares memory: a subclass's bytes are copied through a plain view.
    return Object.getPrototypeOf(buf) === Uint8Array.prototype ? buf.slice(start, start + size) : new Uint8Array(buf.buffer, buf.byteOffset + start, size).slice();
  }

  skipLength(what: string): void {
    this.skip(this.readLength(what), what);
  }

  skip(size: number, what: string): void {
    this.need(size, what);
    this.pos += size;
  }

  /** A length (of a string, bytes, a block): not negative, and no more than the bytes left. */
  readLength(what: string): number {
    const length = this.readCount();
    if (length < 0) throw new AvroDataError(`a ${what} cannot have a negative length (${amount(length)}; corrupt data)`);
    return length;
  }

  /** `size` bytes must be left for a value of `what`. */
  need(size: number, what: string): void {
    const left = this.end - this.pos;
    if (size > left) throw new AvroDataError(`a ${what} of ${amount(size)} bytes cannot be read from the ${left} bytes left (corrupt or truncated data)`);
  }

  private take(size: number): number {
    const at = this.pos;
    if (size > this.end - at) throw truncated();
    this.pos = at + size;
    return at;
  }

  /** Where the varint at the cursor ends (the cursor moves there); Java's `readLong` rejects one of more than 10 bytes, or 64 bits. */
  private varintEnd(kind: 'int' | 'long'): number {
    const buf = this.buf;
    let at = this.pos;
    for (let count = 1; ; count++) {
      if (at >= this.end) throw truncated();
      const byte = buf[at++] as number;
      if ((byte & 0x80) === 0) {
        if (count === 10 && byte > 1) throw new AvroDataError(`invalid ${kind} encoding (more than 64 bits)`);
        this.pos = at;
        return at;
      }
      if (count === 10) throw new AvroDataError(`invalid ${kind} encoding (more than 64 bits)`);
    }
  }

  /**
   * A varint of up to 7 bytes (49 bits: every count and almost every value) read in one go, the
   * cursor moved past it; undefined (the cursor unmoved) for a longer one or one the data cuts
   * short, which the checked paths read and report.
   */
  private short(): number | undefined {
    const buf = this.buf;
    const end = this.end;
    let at = this.pos;
    if (at >= end) return undefined;
    let byte = buf[at++] as number;
    if (byte < 0x80) {
      this.pos = at;
      return (byte >>> 1) ^ -(byte & 1);
    }
    let n = byte & 0x7f;
    let scale = 0x80;
    for (let count = 2; count <= EXACT_BYTES; count++) {
      if (at >= end) return undefined;
      byte = buf[at++] as number;
      n += (byte & 0x7f) * scale;
      if (byte < 0x80) {
        this.pos = at;
        return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
      }
      scale *= 0x80;
    }
    return undefined;
  }

  private small(start: number, end: number): number {
    let n = 0;
    for (let at = end - 1; at >= start; at--) n = n * 128 + ((this.buf[at] as number) & 0x7f);
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  }
}

/** A count or length read from the data, for a message: exact up to 2^53, beyond that roughly (it is read as a number). */
export function amount(value: number): string {
  return Number.isSafeInteger(value) ? String(value) : `about ${value.toExponential(3)}`;
}

export function truncated(): AvroDataError {
  return new AvroDataError('cannot decode the data: the data ends before the datum does (truncated)');
}
