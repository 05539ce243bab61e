import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { crc64Avro, crc64AvroBytes } from '../../src/hash/crc64-avro.js';
import { toHex } from '../../src/hash/hex.js';
import { md5 } from '../../src/hash/md5.js';
import { sha256 } from '../../src/hash/sha256.js';

interface SpecCase {
  id: string;
  input: string;
  canonical: string;
  fingerprint?: string;
  fingerprintHex?: string;
}

const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/avro-spec/schema-tests.json', import.meta.url), 'utf8'),
) as { cases: SpecCase[] };

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

const nodeHex = (algorithm: 'md5' | 'sha256', bytes: Uint8Array): string =>
  createHash(algorithm).update(bytes).digest('hex');

/** Deterministic pseudo-random bytes (xorshift32), so failures reproduce. */
function pseudoRandomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed | 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** The spec's pseudo-code transcribed literally with 64-bit BigInt arithmetic, as an oracle. */
function crc64AvroReference(bytes: Uint8Array): bigint {
  const mask = (1n << 64n) - 1n;
  const empty = 0xc15d213aa4d7a795n;
  const table: bigint[] = [];
  for (let i = 0; i < 256; i++) {
    let fp = BigInt(i);
    for (let j = 0; j < 8; j++) fp = ((fp >> 1n) ^ (empty & (-(fp & 1n) & mask))) & mask;
    table.push(fp);
  }
  let fp = empty;
  for (const b of bytes) fp = ((fp >> 8n) ^ (table[Number((fp ^ BigInt(b)) & 0xffn)] ?? 0n)) & mask;
  return fp;
}

const hex16 = (value: bigint): string => value.toString(16).padStart(16, '0');

describe('toHex', () => {
  it('encodes bytes as lower-case hex, two digits each', () => {
    expect(toHex(new Uint8Array([]))).toBe('');
    expect(toHex(new Uint8Array([0, 1, 0x0f, 0x10, 0xab, 0xff]))).toBe('00010f10abff');
  });
});

describe('crc64Avro (CRC-64-AVRO)', () => {
  const withFingerprint = fixture.cases.filter((c) => c.fingerprint !== undefined);

  it('has the 26 fingerprinted cases of the Avro spec vectors', () => {
    expect(fixture.cases).toHaveLength(34);
    expect(withFingerprint).toHaveLength(26);
  });

  it.each(withFingerprint.map((c) => [c.id, c] as const))('matches spec case %s', (_id, c) => {
    const value = crc64Avro(utf8(c.canonical));
    expect(BigInt.asIntN(64, value)).toBe(BigInt(c.fingerprint ?? 'missing'));
    expect(hex16(value)).toBe(c.fingerprintHex);
    expect(value).toBe(BigInt.asUintN(64, value));
  });

  it('matches the spec table for "null", "int" and an empty record', () => {
    expect(hex16(crc64Avro(utf8('"null"')))).toBe('63dd24e7cc258f8a');
    expect(hex16(crc64Avro(utf8('"int"')))).toBe('7275d51a3f395c8f');
    expect(hex16(crc64Avro(utf8('{"name":"foo","type":"record","fields":[]}')))).toBe('bd0c50c84319be7e');
  });

  it('returns EMPTY for the empty input', () => {
    expect(crc64Avro(new Uint8Array(0))).toBe(0xc15d213aa4d7a795n);
    expect(toHex(crc64AvroBytes(new Uint8Array(0)))).toBe('95a7d7a43a215dc1');
  });

  it('crc64AvroBytes gives the 8 bytes least-significant first', () => {
    expect(toHex(crc64AvroBytes(utf8('"null"')))).toBe('8a8f25cce724dd63');
    for (const c of withFingerprint) {
      const bytes = crc64AvroBytes(utf8(c.canonical));
      expect(bytes).toHaveLength(8);
      expect(toHex(bytes.slice().reverse())).toBe(c.fingerprintHex);
    }
  });

  it('agrees with a literal BigInt transcription of the spec on pseudo-random inputs', () => {
    for (let length = 0; length < 300; length += 7) {
      const bytes = pseudoRandomBytes(length, length + 1);
      expect(crc64Avro(bytes)).toBe(crc64AvroReference(bytes));
    }
  });

  it('hashes only the viewed bytes of a subarray', () => {
    const backing = utf8('xx"null"yy');
    expect(hex16(crc64Avro(backing.subarray(2, 8)))).toBe('63dd24e7cc258f8a');
  });
});

describe('md5 (RFC 1321)', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    ['1234567890'.repeat(8), '57edf4a22be3c955ac49da2e2107b67a'],
  ])('md5(%j) = %s (RFC 1321 appendix A.5)', (input, expected) => {
    const digest = md5(utf8(input));
    expect(digest).toHaveLength(16);
    expect(toHex(digest)).toBe(expected);
  });

  it.each([55, 56, 63, 64, 65, 119, 120, 127, 128, 129])('matches node:crypto at padding edge length %i', (length) => {
    const bytes = pseudoRandomBytes(length, 0x5eed + length);
    expect(toHex(md5(bytes))).toBe(nodeHex('md5', bytes));
  });

  it('matches node:crypto for every length 0..200', () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = pseudoRandomBytes(length, 0xabc + length);
      expect(toHex(md5(bytes)), `length ${length}`).toBe(nodeHex('md5', bytes));
    }
  });

  it('hashes a UTF-8 multi-byte string', () => {
    const bytes = utf8('héllo wörld — 日本語テキスト 🎉🚀 Ωμέγα');
    expect(bytes.length).toBeGreaterThan(40);
    expect(toHex(md5(bytes))).toBe(nodeHex('md5', bytes));
  });

  it('hashes 1,000,000 × "a" and only the viewed bytes of a subarray', () => {
    const million = new Uint8Array(1_000_000).fill(0x61);
    expect(toHex(md5(million))).toBe('7707d6ae4e027c70eea2a935c2296f21');
    const backing = pseudoRandomBytes(300, 7);
    const view = backing.subarray(13, 213);
    expect(toHex(md5(view))).toBe(nodeHex('md5', view));
  });
});

describe('sha256 (FIPS 180-4)', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('sha256(%j) = %s', (input, expected) => {
    const digest = sha256(utf8(input));
    expect(digest).toHaveLength(32);
    expect(toHex(digest)).toBe(expected);
  });

  it('hashes 1,000,000 × "a"', () => {
    const million = new Uint8Array(1_000_000).fill(0x61);
    expect(toHex(sha256(million))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it.each([55, 56, 63, 64, 65, 119, 120, 127, 128, 129])('matches node:crypto at padding edge length %i', (length) => {
    const bytes = pseudoRandomBytes(length, 0x5eed + length);
    expect(toHex(sha256(bytes))).toBe(nodeHex('sha256', bytes));
  });

  it('matches node:crypto for every length 0..200', () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = pseudoRandomBytes(length, 0xdef + length);
      expect(toHex(sha256(bytes)), `length ${length}`).toBe(nodeHex('sha256', bytes));
    }
  });

  it('hashes a UTF-8 multi-byte string', () => {
    const bytes = utf8('héllo wörld — 日本語テキスト 🎉🚀 Ωμέγα');
    expect(toHex(sha256(bytes))).toBe(nodeHex('sha256', bytes));
  });

  it('hashes only the viewed bytes of a subarray', () => {
    const backing = pseudoRandomBytes(300, 11);
    const view = backing.subarray(13, 213);
    expect(toHex(sha256(view))).toBe(nodeHex('sha256', view));
  });
});
