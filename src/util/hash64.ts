/**
 * A fast non-cryptographic 64-bit hash, fed piece by piece and returned as a 4-character string
 * (four 16-bit code units). Two independent 32-bit lanes (FNV-1a and a multiplicative mix), each
 * finished with MurmurHash3's avalanche step. Used to recognise equal sub-schemas; a collision
 * needs about 2^32 distinct inputs.
 */
export class Hash64 {
  private a = 0x811c9dc5;
  private b = 0x9747b28c;
  private length = 0;

  /** Feeds one number (a code unit, a count, a tag). */
  unit(c: number): this {
    this.a = Math.imul(this.a ^ c, 0x01000193);
    const b = Math.imul(this.b ^ c, 0x5bd1e995);
    this.b = b ^ (b >>> 13);
    this.length++;
    return this;
  }

  /** Feeds a string followed by a separator, so that ("ab","c") and ("a","bc") differ. */
  text(value: string): this {
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 13;
    }
    this.a = a;
    this.b = b;
    this.length += value.length;
    return this.unit(0xffff);
  }

  /** Feeds another digest (or any short key): its code units, then its length. */
  key(value: string): this {
    for (let i = 0; i < value.length; i++) this.unit(value.charCodeAt(i));
    return this.unit(value.length);
  }

  /** The hash, as a 4-character string. */
  digest(): string {
    const a = avalanche(this.a ^ this.length);
    const b = avalanche(this.b ^ Math.imul(this.length, 0x27d4eb2f));
    return String.fromCharCode(a >>> 16, a & 0xffff, b >>> 16, b & 0xffff);
  }
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
