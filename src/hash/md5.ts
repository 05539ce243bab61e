/**
 * The MD5 message digest as specified in RFC 1321.
 */

import { forEachPaddedBlock, wordsToBytes } from './merkle-damgard.js';

/** T[i] = floor(2^32 * abs(sin(i + 1))), RFC 1321 section 3.4. */
const T = new Int32Array([
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
  0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
  0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
  0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
  0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
  0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
  0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
  0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
]);

/** Left-rotation amounts: four per round (round r uses entries 4r..4r+3 cyclically). */
const SHIFTS = new Uint8Array([7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]);

/** Initial state A, B, C, D (RFC 1321 section 3.3). */
const INITIAL = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476] as const;

/** One MD5 step: a = b + ((a + f + t + x) <<< s), where f is the round's auxiliary function value. */
function step(a: number, b: number, f: number, t: number, x: number, s: number): number {
  const sum = (a + f + t + x) | 0;
  return (b + ((sum << s) | (sum >>> (32 - s)))) | 0;
}

/** Processes one 64-byte block at `offset` of `view`, updating `state` in place (RFC 1321 section 3.4). */
function compress(state: Int32Array, view: DataView, offset: number, x: Int32Array): void {
  for (let j = 0; j < 16; j++) x[j] = view.getInt32(offset + 4 * j, true);
  let a = state[0] ?? 0;
  let b = state[1] ?? 0;
  let c = state[2] ?? 0;
  let d = state[3] ?? 0;
  let i = 0;
  // Round 1: F(b, c, d) = (b & c) | (~b & d), message word i.
  for (; i < 16; i++) {
    const next = step(a, b, (b & c) | (~b & d), T[i] ?? 0, x[i] ?? 0, SHIFTS[i & 3] ?? 0);
    a = d;
    d = c;
    c = b;
    b = next;
  }
  // Round 2: G(b, c, d) = (b & d) | (c & ~d), message word (5i + 1) mod 16.
  for (; i < 32; i++) {
    const next = step(a, b, (b & d) | (c & ~d), T[i] ?? 0, x[(5 * i + 1) & 15] ?? 0, SHIFTS[4 | (i & 3)] ?? 0);
    a = d;
    d = c;
    c = b;
    b = next;
  }
  // Round 3: H(b, c, d) = b ^ c ^ d, message word (3i + 5) mod 16.
  for (; i < 48; i++) {
    const next = step(a, b, b ^ c ^ d, T[i] ?? 0, x[(3 * i + 5) & 15] ?? 0, SHIFTS[8 | (i & 3)] ?? 0);
    a = d;
    d = c;
    c = b;
    b = next;
  }
  // Round 4: I(b, c, d) = c ^ (b | ~d), message word 7i mod 16.
  for (; i < 64; i++) {
    const next = step(a, b, c ^ (b | ~d), T[i] ?? 0, x[(7 * i) & 15] ?? 0, SHIFTS[12 | (i & 3)] ?? 0);
    a = d;
    d = c;
    c = b;
    b = next;
  }
  state[0] = (state[0] ?? 0) + a;
  state[1] = (state[1] ?? 0) + b;
  state[2] = (state[2] ?? 0) + c;
  state[3] = (state[3] ?? 0) + d;
}

/** The 16-byte MD5 digest of `bytes`. */
export function md5(bytes: Uint8Array): Uint8Array {
  const state = new Int32Array(INITIAL);
  const x = new Int32Array(16);
  forEachPaddedBlock(bytes, true, (block, offset) => compress(state, block, offset, x));
  return wordsToBytes(state, true);
}
