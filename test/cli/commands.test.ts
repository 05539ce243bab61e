import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STRATEGY_ALIASES, Strategy, fingerprint, toHex } from 'schema-compat';
import specVectors from '../fixtures/avro-spec/schema-tests.json' with { type: 'json' };
import { cli, example, fixture, root } from './support.js';

interface SpecCase {
  readonly id: string;
  readonly input: string;
  readonly canonical?: string;
  readonly fingerprintHex?: string;
}

const scratch = mkdtempSync(join(tmpdir(), 'schema-compat-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Avro spec vectors with a fingerprint, written to files so the CLI reads them as a user's would be. */
const withFingerprint = (specVectors.cases as readonly SpecCase[]).filter((c) => c.fingerprintHex !== undefined && c.canonical !== undefined).slice(0, 6);

describe('schema-compat canonical', () => {
  it.each(withFingerprint.map((c) => [c.id, c] as const))('prints the Parsing Canonical Form of Avro spec case %s', (id, c) => {
    const file = join(scratch, `canonical-${id}.avsc`);
    writeFileSync(file, c.input);
    expect(cli(['canonical', file])).toEqual({ code: 0, stdout: `${c.canonical}\n`, stderr: '' });
  });

  it('prints the form of a record file, resolving --reference', () => {
    const run = cli(['canonical', '--reference', `com.example.Money=${fixture('refs/money.avsc')}`, fixture('refs/invoice-v1.avsc')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('{"name":"com.example.Invoice","type":"record","fields":[{"name":"total","type":{"name":"com.example.Money","type":"record","fields":[{"name":"units","type":"long"},{"name":"currency","type":"string"}]}}]}\n');
  });

  it('exits 2 naming the file and pointer of an invalid schema', () => {
    expect(cli(['canonical', fixture('bad-schema.avsc')])).toEqual({
      code: 2, stdout: '', stderr: "error: test/fixtures/cli/bad-schema.avsc: at '/fields/1/type': Undefined schema: com.example.Customer [UNDEFINED_NAME]\n",
    });
  });

  it('needs exactly one file', () => {
    const run = cli(['canonical']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')).toEqual(['error: canonical takes exactly one Avro schema FILE', "usage: see 'schema-compat canonical --help'", '']);
  });
});

describe('schema-compat fingerprint', () => {
  it.each(withFingerprint.map((c) => [c.id, c] as const))('prints CRC-64-AVRO of spec case %s, least significant byte first', (id, c) => {
    const file = join(scratch, `fingerprint-${id}.avsc`);
    writeFileSync(file, c.input);
    // The spec lists the 64-bit value; Java's fingerprint bytes (and single-object encoding) are little-endian.
    const littleEndian = (c.fingerprintHex as string).match(/../g)?.reverse().join('');
    expect(cli(['fingerprint', file])).toEqual({ code: 0, stdout: `${littleEndian}\n`, stderr: '' });
  });

  it.each([['crc64', 'CRC-64-AVRO'], ['md5', 'MD5'], ['SHA256', 'SHA-256']] as const)('--algorithm %s gives the library\'s %s fingerprint', (name, algorithm) => {
    const path = example('v1.avsc');
    const run = cli(['fingerprint', '--algorithm', name, path]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^[0-9a-f]+\n$/);
    expect(run.stdout).toBe(`${toHex(fingerprint(readFileSync(join(root, path), 'utf8'), algorithm))}\n`);
  });

  it('rejects an unknown algorithm', () => {
    const run = cli(['fingerprint', '--algorithm', 'sha1', example('v1.avsc')]);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe('error: --algorithm must be one of crc64, md5, sha256, not "sha1"');
  });
});

describe('schema-compat explain', () => {
  it('prints one row per strategy with its aliases, scope, directions and upgrade order', () => {
    const run = cli(['explain']);
    expect(run.code).toBe(0);
    const rows = new Map(run.stdout.split('\n').filter((line) => /^[A-Z_]+ {2}/.test(line)).map((line) => [line.split(/\s{2,}/)[0], line.split(/\s{2,}/)]));
    expect([...rows.keys()]).toEqual(Object.values(Strategy));
    expect(rows.get('BACKWARD')).toEqual(['BACKWARD', '-', 'the latest', 'new reads old', 'consumers']);
    expect(rows.get('FORWARD_TRANSITIVE')).toEqual(['FORWARD_TRANSITIVE', 'FORWARD_ALL', 'every one', 'old reads new', 'producers']);
    expect(rows.get('FULL')).toEqual(['FULL', 'BOTH', 'the latest', 'old reads new + new reads old', 'any order']);
    expect(rows.get('ALWAYS_INCOMPATIBLE')).toEqual(['ALWAYS_INCOMPATIBLE', 'DISABLED', 'the latest', 'rejected', 'nothing may change']);
    expect(rows.get('NONE')).toEqual(['NONE', 'ALWAYS_COMPATIBLE', 'nothing', '-', 'any order']);
    for (const alias of Object.keys(STRATEGY_ALIASES)) expect(run.stdout).toContain(alias);
    expect(run.stdout.split('\n').length).toBeLessThanOrEqual(25);
  });

  it('explains one strategy by any of its names', () => {
    const run = cli(['explain', 'backward_all']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      'BACKWARD_TRANSITIVE (also called BACKWARD_ALL)',
      '',
      'Compares the new schema with every version, newest first.',
      'BACKWARD: the new schema is the reader, the old version the writer: it must read all data the old one wrote.',
      'Upgrade consumers first: new consumers can read what old producers still write.',
      '',
    ]);
    expect(cli(['explain', 'FULL']).stdout).toContain('Older versions are not checked: a chain of steps that are each compatible can still break them.');
  });

  it('rejects an unknown strategy with the library\'s list', () => {
    const run = cli(['explain', 'UNDEFINED']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: Unknown compatibility strategy "UNDEFINED" \(Pulsar's UNDEFINED means unset/);
  });
});

describe('--help on every command', () => {
  it.each(['check', 'canonical', 'fingerprint', 'explain'])('%s --help exits 0 with a usage line', (command) => {
    const run = cli([command, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith(`usage: schema-compat ${command}`)).toBe(true);
  });
});
