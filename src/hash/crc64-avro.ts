/**
 * The 64-bit Rabin fingerprint "CRC-64-AVRO" defined in the Apache Avro 1.12 specification (section "Schema Fingerprints").
 */

/** The fingerprint of the empty input, 0xc15d213aa4d7a795, split into 32-bit halves. */
const EMPTY_HI = 0xc15d213a;
const EMPTY_LO = 0xa4d7a795;

interface Table {
  readonly hi: Uint32Array;
  readonly lo: Uint32Array;
}

/** The spec's 256-entry table, computed once at import and never written afterwards. */
const TABLE: Table = buildTable();

function buildTable(): Table {
  const hi = new Uint32Array(256);
  const lo = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let h = 0;
    let l = i;
    for (let j = 0; j < 8; j++) {
      // fp = (fp >> 1) ^ (EMPTY & -(fp & 1)), on two unsigned 32-bit halves.
      const mask = -(l & 1);
      l = ((l >>> 1) | (h << 31)) ^ (EMPTY_LO & mask);
      h = (h >>> 1) ^ (EMPTY_HI & mask);
    }
    hi[i] = h;
    lo[i] = l;
  }
  return { hi, lo };
}

/** Runs the fingerprint loop and returns the result as unsigned [high, low] 32-bit halves. */
function fingerprintHalves(bytes: Uint8Array): [number, number] {
  const tableHi = TABLE.hi;
  const tableLo = TABLE.lo;
  let hi = EMPTY_HI;
  let lo = EMPTY_LO;
  for (let i = 0; i < bytes.length; i++) {
    // fp = (fp >> 8) ^ table[(fp ^ b) & 0xff]
    const index = (lo ^ (bytes[i] ?? 0)) & 0xff;
    lo = ((lo >>> 8) | (hi << 24)) ^ (tableLo[index] ?? 0);
    hi = (hi >>> 8) ^ (tableHi[index] ?? 0);
  }
  return [hi >>> 0, lo >>> 0];
}

/** The CRC-64-AVRO fingerprint of `bytes` as an unsigned 64-bit value. */
export function crc64Avro(bytes: Uint8Array): bigint {
  const [hi, lo] = fingerprintHalves(bytes);
  return (BigInt(hi) << 32n) | BigInt(lo);
}

/** The CRC-64-AVRO fingerprint of `bytes` as 8 bytes, least-significant first (as Avro Java returns it). */
export function crc64AvroBytes(bytes: Uint8Array): Uint8Array {
  const [hi, lo] = fingerprintHalves(bytes);
  const out = new Uint8Array(8);
  const view = new DataView(out.buffer);
  view.setUint32(0, lo, true);
  view.setUint32(4, hi, true);
  return out;
}
