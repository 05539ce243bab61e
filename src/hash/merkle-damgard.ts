const BLOCK = 64;

/**
 * The block structure MD5 (RFC 1321 §3.1–3.2) and SHA-256 (FIPS 180-4 §5.1) share: `compress`
 * runs on every whole 64-byte block, then on the padded tail (the leftover bytes, 0x80, zeros,
 * and the message length in bits as 64 bits in the digest's byte order).
 */
export function forEachPaddedBlock(bytes: Uint8Array, littleEndian: boolean, compress: (block: DataView, offset: number) => void): void {
  const input = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const whole = bytes.length - (bytes.length % BLOCK);
  for (let offset = 0; offset < whole; offset += BLOCK) compress(input, offset);
  const rest = bytes.length - whole;
  const tail = new Uint8Array(rest < BLOCK - 8 ? BLOCK : 2 * BLOCK);
  tail.set(bytes.subarray(whole));
  tail[rest] = 0x80;
  const view = new DataView(tail.buffer);
  const lowBits = bytes.length << 3;
  const highBits = Math.floor(bytes.length / 0x20000000);
  view.setUint32(tail.length - 8, littleEndian ? lowBits : highBits, littleEndian);
  view.setUint32(tail.length - 4, littleEndian ? highBits : lowBits, littleEndian);
  for (let offset = 0; offset < tail.length; offset += BLOCK) compress(view, offset);
}

/** The digest bytes of a state of 32-bit words, in the digest's byte order. */
export function wordsToBytes(state: Int32Array, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(4 * state.length);
  const view = new DataView(out.buffer);
  state.forEach((word, j) => view.setInt32(4 * j, word, littleEndian));
  return out;
}
