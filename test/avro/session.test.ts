import { describe, expect, it } from 'vitest';
import { AvroChecker, checkCompatibility, parseSchema } from 'schema-compat';
import type { AvroRecord, AvroSchema, ParsedSchema } from 'schema-compat';

const checker = new AvroChecker();

/** A record of `own` fields of its own on top of shared ones: versions that differ, as a registry's do. */
function version(own: number, extra: readonly object[] = []): string {
  const fields: object[] = [
    { name: 'id', type: 'long' },
    { name: 'note', type: ['null', 'string'], default: null },
    { name: 'tags', type: { type: 'array', items: 'string' }, default: [] },
    { name: 'state', type: { type: 'enum', name: 'State', symbols: ['A', 'B'] } },
    { name: 'ratio', type: 'double' },
  ];
  for (let i = 0; i < own; i++) fields.push({ name: `own${own}_${i}`, type: ['null', 'int'], default: null });
  return JSON.stringify({ type: 'record', name: 'Event', namespace: 'com.acme', fields: [...fields, ...extra] });
}

const avro = (parsed: ParsedSchema): AvroSchema => parsed.schema as AvroSchema;
const history = (count: number, reuse: boolean): ParsedSchema[] => Array.from({ length: count }, (_, i) => parseSchema('AVRO', version(i + 1), { reuse }));
// A candidate that adds a required field (incompatible with every version) and promotes nothing.
const candidateText = version(0, [{ name: 'required', type: 'int' }]);

describe('history sessions: fingerprinting is paid only where it pays (issue 17)', () => {
  it('never fingerprints the versions of a history parsed without reuse, whatever the candidate has', () => {
    const versions = history(20, false);
    const fingerprinted = parseSchema('AVRO', candidateText, { reuse: true });
    const result = checkCompatibility('BACKWARD_TRANSITIVE', fingerprinted, versions);
    expect(versions.every((v) => !avro(v).cache.fingerprinted && avro(v).root.fp === '')).toBe(true);
    // The same findings as a candidate without fingerprints, and as separate canRead calls.
    expect(result).toEqual(checkCompatibility('BACKWARD_TRANSITIVE', parseSchema('AVRO', candidateText), versions));
    expect(result.incompatibilities).toHaveLength(20);
    for (const v of versions) expect(checker.canRead(avro(fingerprinted), avro(v)).incompatibilities).toHaveLength(1);
  });

  it('fingerprints the candidate against a history with enough fingerprinted versions, not against a short one', () => {
    const short = parseSchema('AVRO', candidateText);
    const shortResult = checkCompatibility('BACKWARD_TRANSITIVE', short, history(3, true));
    expect(avro(short).cache.fingerprinted).toBe(false);
    const long = parseSchema('AVRO', candidateText);
    const longResult = checkCompatibility('BACKWARD_TRANSITIVE', long, history(30, true));
    expect(avro(long).cache.fingerprinted).toBe(true);
    expect(shortResult.incompatibilities).toHaveLength(3);
    expect(longResult.incompatibilities).toHaveLength(30);
    // Same list with or without the fingerprints on either side.
    expect(longResult).toEqual(checkCompatibility('BACKWARD_TRANSITIVE', parseSchema('AVRO', candidateText), history(30, false)));
  });

  it('finds an identical version by fingerprint once the candidate has one', () => {
    const versions = history(12, true);
    const same = parseSchema('AVRO', version(5));
    expect(checkCompatibility('BACKWARD', same, versions)).toMatchObject({ compatible: true, identical: { version: 5 } });
    expect(avro(same).cache.fingerprinted).toBe(true);
  });

  it('leaves a deep-frozen candidate as it is', () => {
    const frozen = parseSchema('AVRO', candidateText);
    const freeze = (value: unknown): void => {
      if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
      Object.freeze(value);
      for (const key of Reflect.ownKeys(value)) freeze((value as Record<PropertyKey, unknown>)[key]);
    };
    freeze(frozen);
    expect(checkCompatibility('BACKWARD_TRANSITIVE', frozen, history(10, true)).incompatibilities).toHaveLength(10);
    expect(avro(frozen).cache.fingerprinted).toBe(false);
  });
});

describe('parsed schemas share what has no identity (issue 17, memory)', () => {
  it('makes plain primitives one frozen node per kind, and equal containers of them one node per schema', () => {
    const a = avro(parseSchema('AVRO', version(3)));
    const b = avro(parseSchema('AVRO', version(4)));
    const [id, note, tags] = (a.root as AvroRecord).fields;
    expect(id?.type).toBe((b.root as AvroRecord).fields[0]?.type);
    expect(Object.isFrozen(id?.type)).toBe(true);
    expect(note?.type).toMatchObject({ kind: 'union', fp: 'U(#null,#string,)' });
    expect(tags?.type).toMatchObject({ kind: 'array', fp: 'A(#string)' });
    const ownUnions = (a.root as AvroRecord).fields.slice(5).map((field) => field.type);
    expect(new Set(ownUnions).size).toBe(1);
    // Across schemas they stay apart (no state outlives a parse).
    expect((b.root as AvroRecord).fields[5]?.type).not.toBe(ownUnions[0]);
  });

  it('does not share a container with attributes, a named branch or a primitive with attributes', () => {
    const root = avro(parseSchema('AVRO', JSON.stringify({
      type: 'record', name: 'R', fields: [
        { name: 'a', type: { type: 'array', items: 'int', 'x-owner': 'me' } },
        { name: 'b', type: { type: 'array', items: 'int', 'x-owner': 'me' } },
        { name: 'c', type: { type: 'long', logicalType: 'timestamp-millis' } },
        { name: 'd', type: { type: 'long', logicalType: 'timestamp-millis' } },
        { name: 'e', type: ['null', { type: 'fixed', name: 'F', size: 2 }] },
        { name: 'f', type: ['null', 'F'] },
      ],
    }))).root as AvroRecord;
    const types = root.fields.map((field) => field.type);
    expect(new Set(types).size).toBe(6);
  });

  it('fingerprints the named types of references under a plain primitive root', () => {
    const parsed = avro(parseSchema('AVRO', '"int"', { reuse: true, references: { 'r.avsc': version(1) } }));
    expect(parsed.cache.fingerprinted).toBe(true);
    expect(parsed.named.get('com.acme.Event')?.fp).not.toBe('');
  });
});
