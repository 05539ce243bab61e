/**
 * A fast non-cryptographic 64-bit hash of a string, as 16 hex digits: two independent 32-bit
 * lanes (FNV-1a and a multiplicative mix), each finished with MurmurHash3's avalanche step.
 * Used to recognise equal sub-schemas; collisions are possible but need about 2^32 distinct inputs.
 */
export function hash64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 13;
  }
  a = avalanche(a ^ text.length);
  b = avalanche(b ^ Math.imul(text.length, 0x27d4eb2f));
  return hex8(a) + hex8(b);
}

function avalanche(h: number): number {
  let x = h;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

function hex8(n: number): string {
  return n.toString(16).padStart(8, '0');
}
