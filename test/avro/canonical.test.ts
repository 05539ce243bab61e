import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AvroChecker, SchemaParseError, fingerprint, fingerprint64, parseSchema, parsingCanonicalForm, toHex } from 'schema-compat';

interface SpecCase {
  readonly input: string;
  readonly canonical: string;
  readonly fingerprint?: string;
  readonly fingerprintHex?: string;
}

const specCases = (JSON.parse(readFileSync(new URL('../fixtures/avro-spec/schema-tests.json', import.meta.url), 'utf8')) as { cases: SpecCase[] }).cases;

describe('Parsing Canonical Form and fingerprints (Apache Avro share/test/data/schema-tests.txt)', () => {
  it('has the 34 cases of the spec file', () => {
    expect(specCases.length).toBe(34);
  });

  for (const [i, testCase] of specCases.entries()) {
    if (testCase.input.includes('"default":"true"')) {
      it(`case ${i}: a boolean field with the string default "true" is rejected, as Java 1.12 does with default validation on`, () => {
        expect(() => parsingCanonicalForm(testCase.input)).toThrow(SchemaParseError);
        expect(() => parsingCanonicalForm(testCase.input)).toThrow(/INVALID_DEFAULT/);
      });
      continue;
    }
    it(`case ${i}: ${testCase.input.slice(0, 60)}`, () => {
      expect(parsingCanonicalForm(testCase.input)).toBe(testCase.canonical);
      // The canonical form is itself a schema with the same canonical form.
      expect(parsingCanonicalForm(testCase.canonical)).toBe(testCase.canonical);
      if (testCase.fingerprint !== undefined) {
        expect(fingerprint64(testCase.input)).toBe(BigInt(testCase.fingerprint));
        expect(toHex(fingerprint(testCase.input, 'CRC-64-AVRO')).match(/../g)?.reverse().join('')).toBe(testCase.fingerprintHex);
      }
    });
  }

  it('gives Java\'s CRC-64-AVRO bytes, least significant first, and the MD5 and SHA-256 of the canonical form', () => {
    expect(toHex(fingerprint('"null"'))).toBe('8a8f25cce724dd63');
    expect(toHex(fingerprint('{"type":"int"}', 'crc64'))).toBe('8f5c393f1ad57572');
    expect(toHex(fingerprint('"int"', 'MD5'))).toBe('ef524ea1b91e73173d938ade36c1db32');
    expect(toHex(fingerprint('"int"', 'SHA-256'))).toBe('3f2b87a9fe7cc9b13835598c3981cd45e3e355309e5090aa0933d7becb6fba45');
  });

  it('accepts parsed schemas as well as text, and ignores what the canonical form strips', () => {
    const parsed = parseSchema('AVRO', { type: 'record', name: 'User', namespace: 'com.acme', doc: 'a user', fields: [{ name: 'id', type: { type: 'long', logicalType: 'timestamp-millis' }, default: 0 }] });
    expect(parsingCanonicalForm(parsed)).toBe('{"name":"com.acme.User","type":"record","fields":[{"name":"id","type":"long"}]}');
    expect(parsingCanonicalForm(new AvroChecker().parse('{"type":"record","name":"com.acme.User","fields":[{"name":"id","type":"long"}]}'))).toBe(parsingCanonicalForm(parsed));
  });

  it('rejects an unknown algorithm by name', () => {
    expect(() => fingerprint('"int"', 'SHA-1')).toThrow(/SHA-1.*CRC-64-AVRO, MD5, SHA-256/);
  });
});
