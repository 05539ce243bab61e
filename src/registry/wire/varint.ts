import { WireFormatError, WireFormatProblem } from '../errors.js';

/** Appends the zig-zag varint of a 32-bit signed integer (Protobuf's sint32 encoding, at most 5 bytes). */
export function writeZigZag(value: number, out: number[]): void {
  let rest = ((value << 1) ^ (value >> 31)) >>> 0;
  while (rest > 0x7f) {
    out.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  out.push(rest);
}

/** Reads one zig-zag varint at `offset`: the value and the offset after it. Truncated or over-long input is a `WireFormatError`. */
export function readZigZag(bytes: Uint8Array, offset: number): { readonly value: number; readonly next: number } {
  let raw = 0;
  for (let i = 0; i < 5; i++) {
    const byte = bytes[offset + i];
    if (byte === undefined) throw new WireFormatError(WireFormatProblem.BAD_MESSAGE_INDEXES, 'the message-index array runs past the end of the data');
    if (i === 4 && byte > 0x0f) throw new WireFormatError(WireFormatProblem.BAD_MESSAGE_INDEXES, 'a message-index varint is longer than 32 bits');
    raw = (raw | ((byte & 0x7f) << (7 * i))) >>> 0;
    if ((byte & 0x80) === 0) return { value: (raw >>> 1) ^ -(raw & 1), next: offset + i + 1 };
  }
  throw new WireFormatError(WireFormatProblem.BAD_MESSAGE_INDEXES, 'a message-index varint is longer than 32 bits');
}
