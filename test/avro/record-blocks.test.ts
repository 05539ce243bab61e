import { describe, expect, it } from 'vitest';
import { AvroChecker, checkCompatibility, parseSchema } from 'schema-compat';
import type { AvroRecord, AvroSchema } from 'schema-compat';
// Internals on purpose: these tests compare the block walk of large records with the field-by-field walk.
import { buildFieldTree } from '../../src/avro/field-tree.js';
import { loadJavaCorpus } from '../support/java-corpus.js';

const checker = new AvroChecker();

/** Gives every non-recursive record of the schema a field tree (normally only records of 32+ fields have one), or takes them all away. */
function withFieldTrees(schema: AvroSchema, present: boolean): AvroSchema {
  for (const named of schema.named.values()) {
    if (named.kind !== 'record' || named.fp === '') continue;
    const record = named as { -readonly [K in keyof AvroRecord]: AvroRecord[K] };
    if (present) record.fieldTree = buildFieldTree(named.fields);
    else delete record.fieldTree;
  }
  return schema;
}

/** Fingerprinted (as `reuse: true` does), with field trees on all records or on none. */
function parse(document: unknown, trees: boolean): AvroSchema {
  return withFieldTrees(checker.parse(JSON.stringify(document), { reuse: true }), trees);
}

describe('checking large records block by block', () => {
  it('gives the same list as the field-by-field walk on every pair of the Java corpus', () => {
    let compared = 0;
    for (const pair of loadJavaCorpus()) {
      if ('error' in pair.java) continue;
      const reader = parse(pair.reader, true);
      const writer = parse(pair.writer, true);
      const byBlocks = checker.canRead(reader, writer);
      const byFields = checker.canRead(parse(pair.reader, false), parse(pair.writer, false));
      expect(byBlocks, pair.id).toEqual(byFields);
      if (reader.root.kind === 'record' && reader.root.fieldTree && writer.root.kind === 'record' && writer.root.fieldTree) compared++;
    }
    // Pairs whose two root records were walked block by block (the others have recursive roots).
    expect(compared).toBe(7077);
  });

  it('gives the same list on large records changed in the middle, at the end, and with aliases', () => {
    const fields = Array.from({ length: 100 }, (_, i) => ({ name: `f${i}`, type: i % 3 === 0 ? 'int' : i % 3 === 1 ? 'string' : ['null', 'long'] }));
    const writer = { type: 'record', name: 'Big', fields };
    const variants = [
      { ...writer, fields: fields.map((f, i) => (i === 40 ? { ...f, type: 'boolean' } : f)) },
      { ...writer, fields: [...fields.slice(0, 70), ...fields.slice(71), { name: 'added', type: 'int' }] },
      { ...writer, fields: fields.map((f, i) => (i % 10 === 0 ? { ...f, name: `renamed${i}`, aliases: [f.name] } : f)) },
      { ...writer, fields: fields.map((f, i) => (i === 99 ? { ...f, aliases: ['f98'] } : f)) },
      { ...writer, fields: [...fields].reverse() },
      // Warnings: a long read as float, a logical type added, and a changed decimal, spread over blocks.
      {
        ...writer,
        fields: fields.map((f, i) =>
          i === 2 ? { ...f, type: ['null', 'float'] } : i === 33 ? { ...f, type: { type: 'int', logicalType: 'date' } } : i === 95 ? { ...f, type: 'double' } : f),
      },
    ];
    for (const [i, reader] of variants.entries()) {
      for (const [r, w] of [[reader, writer], [writer, reader]] as const) {
        const byBlocks = checker.canRead(parse(r, true), parse(w, true));
        expect(byBlocks, `variant ${i}`).toEqual(checker.canRead(parse(r, false), parse(w, false)));
        if (i === variants.length - 1 && r === reader) expect(byBlocks.warnings.map((warning) => warning.location)).toEqual(['/fields/2/type/1', '/fields/33/type', '/fields/95/type']);
      }
    }
  });

  it('reuses the blocks of earlier versions in a history check without changing the answer', () => {
    const version = (extra: number): object => ({
      type: 'record', name: 'Event',
      fields: [
        ...Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, type: 'int' })),
        ...Array.from({ length: 5 }, (_, i) => ({ name: `v${extra}_${i}`, type: 'string' })),
      ],
    });
    const history = Array.from({ length: 20 }, (_, i) => parseSchema('AVRO', JSON.stringify(version(i))));
    const candidate = { type: 'record', name: 'Event', fields: [...Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, type: i === 7 ? 'string' : 'long' })), { name: 'required', type: 'int' }] };
    const result = checkCompatibility('BACKWARD_TRANSITIVE', candidate, history);
    expect(result.checked).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    expect(result.incompatibilities.filter((finding) => finding.version === 20).map(({ type, location, message }) => ({ type, location, message }))).toEqual([
      { type: 'TYPE_MISMATCH', location: '/fields/7/type', message: 'reader type: STRING not compatible with writer type: INT' },
      { type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/60', message: 'required' },
    ]);
    expect(result.incompatibilities.length).toBe(40);
  });
});
