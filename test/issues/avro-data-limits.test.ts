import { describe, expect, it } from 'vitest';
import { AvroChecker, avroWitness, checkCompatibility, toHex } from 'schema-compat';
import { writeVarLong } from '../../src/avro/data/long.js';
import { AvroWitnessFinder } from '../../src/avro/explain/witness.js';
import { done, isolated } from './isolated.js';

// Issue: hostile Avro data (f01, f01b, f02, f11, f15, f19, f07). Every risky call runs in a child
// process with a time limit and a heap limit (isolated.ts): a hang or an exhausted heap fails
// the test instead of stalling or killing the suite. Bounds are generous: the machine is shared.

/** What a script's `outcome(fn)` gives: the value, or the error's class, code and message. */
type Outcome =
  | { readonly ok: true; readonly ms: number; readonly value: unknown }
  | { readonly ok: false; readonly ms: number; readonly typed: boolean; readonly name: string; readonly code: string; readonly message: string };

/** The zig-zag varint of a long (spec 1.12 "Binary Encoding"), as hex. */
const varint = (value: bigint): string => toHex(writeVarLong(value));

/** An error outcome as [code, message]; a value or an untyped error fails the test. */
function typedError(outcome: Outcome): [string, string] {
  if (outcome.ok) throw new Error(`expected an AvroDataError, got a value: ${JSON.stringify(outcome.value)}`);
  expect({ typed: outcome.typed, name: outcome.name }).toEqual({ typed: true, name: 'AvroDataError' });
  return [outcome.code, outcome.message];
}

const BOUNDS = { timeoutMs: 60_000, heapMb: 256 };
/** One call's time bound: a hostile datum is refused at once; this allows for a loaded machine. */
const CALL_MS = 5_000;

const LIST = { type: 'record', name: 'L', fields: [{ name: 'v', type: 'int' }, { name: 'next', type: ['null', 'L'] }] };

/** A linked list of `n` nodes in LIST's encoding: v = 0, next = branch 1 ..., the last next = null. */
function listHex(n: number): string {
  return `${'0002'.repeat(n - 1)}0000`;
}

describe('f01, f01b: counts and lengths are checked against the bytes left, in the skip path too', () => {
  const COUNT_2_62 = varint(2n ** 62n);
  const COUNT_MAX = varint(2n ** 63n - 1n);
  const containers: [string, unknown][] = [
    ['array<int>', { type: 'array', items: 'int' }],
    ['array<null>', { type: 'array', items: 'null' }],
    ['array<array<int>>', { type: 'array', items: { type: 'array', items: 'int' } }],
    ['map<string>', { type: 'map', values: 'string' }],
    ['map<null>', { type: 'map', values: 'null' }],
  ];
  const data: [string, string][] = [
    ['count 2^62', COUNT_2_62],
    ['count 2^63-1', COUNT_MAX],
    ['count of more than 64 bits', 'feffffffffffffffff7f'],
    ['count 2^31-1, one byte left', `${varint(2n ** 31n - 1n)}02`],
    ['count -2^62, size 2^62', `${varint(-(2n ** 62n))}${COUNT_2_62}`],
    ['count -3, size -1', `${varint(-3n)}${varint(-1n)}`],
    ['count -3, size 2, two bytes', `${varint(-3n)}${varint(2n)}0202`],
  ];

  it.each(['skip', 'read'])('%s position: every corrupt count is an AvroDataError at once', async (position) => {
    const cases = containers.flatMap(([type, schema]) => data.map(([what, hex]) => ({ name: `${type}, ${what}`, schema, hex })));
    const outcomes = done(await isolated<Outcome[]>(`
      return input.cases.map(({ schema, hex }) => {
        const writer = { type: 'record', name: 'R', fields: [{ name: 'x', type: schema }] };
        const reader = input.position === 'skip' ? { type: 'record', name: 'R', fields: [] } : writer;
        return outcome(() => sc.decodeAvro(Buffer.from(hex, 'hex'), writer, reader));
      });`, { cases, position }, BOUNDS));
    expect(outcomes.filter((outcome) => outcome.ms > CALL_MS)).toEqual([]);
    const errors = outcomes.map((outcome, i) => [cases[i]?.name, ...typedError(outcome)]);
    const tooMany = 'more than 10000000 items of a type that takes no bytes (corrupt data?)';
    const noBytes = (count: string): string => `a block of ${count} items cannot be read from the 0 bytes left (corrupt or truncated data)`;
    const expected = containers.flatMap(([type]) => {
      const zeroWidth = type === 'array<null>';
      const huge = (count: string): [string, string] => (zeroWidth ? ['AVRO_DATA_TOO_LARGE', tooMany] : ['INVALID_AVRO_DATA', noBytes(count)]);
      return [
        [`${type}, count 2^62`, ...huge('about 4.612e+18')],
        [`${type}, count 2^63-1`, ...huge('about 9.223e+18')],
        [`${type}, count of more than 64 bits`, 'INVALID_AVRO_DATA', 'invalid long encoding (more than 64 bits)'],
        [`${type}, count 2^31-1, one byte left`, ...(zeroWidth ? ['AVRO_DATA_TOO_LARGE', tooMany] : ['INVALID_AVRO_DATA', 'a block of 2147483647 items cannot be read from the 1 bytes left (corrupt or truncated data)'])],
        [`${type}, count -2^62, size 2^62`, 'INVALID_AVRO_DATA', 'a block of about 4.612e+18 bytes cannot be read from the 0 bytes left (corrupt or truncated data)'],
        [`${type}, count -3, size -1`, 'INVALID_AVRO_DATA', 'a block cannot have a negative length (-1; corrupt data)'],
        [`${type}, count -3, size 2, two bytes`, ...(zeroWidth ? ['INVALID_AVRO_DATA', 'cannot decode the data: the data ends before the datum does (truncated)'] : ['INVALID_AVRO_DATA', 'a block of 3 items cannot be read from its 2 bytes (corrupt data)'])],
      ];
    });
    expect(errors).toEqual(expected);
  });

  it('every primitive length, size and index in the skip path is checked too', async () => {
    const cases: [string, unknown, string][] = [
      ['string of length 2^62', 'string', varint(2n ** 62n)],
      ['bytes of length -1', 'bytes', varint(-1n)],
      ['fixed of size 2^31-1', { type: 'fixed', name: 'F', size: 2 ** 31 - 1 }, '00'],
      ['union branch 2^62', ['null', 'int'], varint(2n ** 62n)],
      ['long of 11 varint bytes', 'long', 'ffffffffffffffffffff01'],
      ['double with 3 bytes left', 'double', '000000'],
    ];
    const outcomes = done(await isolated<Outcome[]>(`
      return input.map(([, schema, hex]) => outcome(() => sc.decodeAvro(Buffer.from(hex, 'hex'),
        { type: 'record', name: 'R', fields: [{ name: 'x', type: schema }] }, { type: 'record', name: 'R', fields: [] })));`, cases, BOUNDS));
    expect(outcomes.map((outcome, i) => [cases[i]?.[0], ...typedError(outcome)])).toEqual([
      ['string of length 2^62', 'INVALID_AVRO_DATA', 'a string of about 4.612e+18 bytes cannot be read from the 0 bytes left (corrupt or truncated data)'],
      ['bytes of length -1', 'INVALID_AVRO_DATA', 'a bytes cannot have a negative length (-1; corrupt data)'],
      ['fixed of size 2^31-1', 'INVALID_AVRO_DATA', 'a fixed of 2147483647 bytes cannot be read from the 1 bytes left (corrupt or truncated data)'],
      ['union branch 2^62', 'INVALID_AVRO_DATA', "cannot decode the data: union branch about 4.612e+18 does not exist in the writer's union"],
      ['long of 11 varint bytes', 'INVALID_AVRO_DATA', 'invalid long encoding (more than 64 bits)'],
      ['double with 3 bytes left', 'INVALID_AVRO_DATA', 'a double of 8 bytes cannot be read from the 3 bytes left (corrupt or truncated data)'],
    ]);
  });

  it('a Kafka consumer whose reader dropped an array field rejects a 15-byte corrupt message, and reads the next good one', async () => {
    const result = done(await isolated<{ good: unknown; evil: Outcome; after: unknown }>(`
      const store = registry.createRegistry();
      const writer = JSON.stringify({ type: 'record', name: 'R', fields: [{ name: 'a', type: { type: 'array', items: 'int' } }, { name: 'b', type: 'string' }] });
      const reader = JSON.stringify({ type: 'record', name: 'R', fields: [{ name: 'b', type: 'string' }] });
      const good = await registry.createAvroSerde(store).serialize('t', { a: [1, 2], b: 'ok' }, writer);
      const consumer = registry.createAvroSerde(store, { readerSchema: reader });
      const id = Buffer.from(good).readUInt32BE(1);
      const evil = registry.encodeConfluentFrame(id, Buffer.from(${JSON.stringify(varint(2n ** 62n))}, 'hex'));
      let evilOutcome;
      const start = Date.now();
      try { await consumer.deserialize(evil); evilOutcome = { ok: true, ms: Date.now() - start, value: 'decoded' }; }
      catch (e) { evilOutcome = { ok: false, ms: Date.now() - start, typed: e instanceof sc.AvroDataError, name: e.name, code: e.code, message: e.message }; }
      return { good: await consumer.deserialize(good), evil: evilOutcome, after: await consumer.deserialize(good) };`, {}, BOUNDS));
    expect(result.evil.ms).toBeLessThan(CALL_MS);
    expect([result.good, typedError(result.evil), result.after]).toEqual([
      { b: 'ok' }, ['INVALID_AVRO_DATA', 'a block of about 4.612e+18 items cannot be read from the 0 bytes left (corrupt or truncated data)'], { b: 'ok' },
    ]);
  });
});

describe('f02, f11: items of a type that takes no bytes have one budget per datum, and are not materialised one by one', () => {
  /** A block of `count` items then the end of the array. */
  const block = (count: bigint): string => `${varint(count)}00`;

  it('a 202-byte array<array<null>> of 40 x 9,999,999 nulls is refused, within a 256 MB heap', async () => {
    const hex = `${varint(40n)}${block(9_999_999n).repeat(40)}00`;
    const result = await isolated<Outcome>(`
      const schema = { type: 'array', items: { type: 'array', items: 'null' } };
      return outcome(() => sc.decodeAvro(Buffer.from(input, 'hex'), schema, schema));`, hex, BOUNDS);
    expect(Buffer.from(hex, 'hex').length).toBe(202);
    expect(typedError(done(result))).toEqual(['AVRO_DATA_TOO_LARGE', 'more than 10000000 items of a type that takes no bytes (corrupt data?)']);
  });

  it('the budget is the whole datum\'s, read or skipped: two arrays of 5,000,000 decode, of 5,000,001 do not', async () => {
    const result = done(await isolated<Outcome[]>(`
      const two = { type: 'record', name: 'R', fields: [{ name: 'a', type: { type: 'array', items: 'null' } }, { name: 'b', type: { type: 'array', items: 'null' } }] };
      const dropped = { type: 'record', name: 'R', fields: [] };
      const lengths = (run) => outcome(() => { const v = run(); return [v.a.length, v.b.length]; });
      return [
        lengths(() => sc.decodeAvro(Buffer.from(input.fits, 'hex'), two, two)),
        outcome(() => sc.decodeAvro(Buffer.from(input.over, 'hex'), two, two)),
        outcome(() => sc.decodeAvro(Buffer.from(input.fits, 'hex'), two, dropped)),
        outcome(() => sc.decodeAvro(Buffer.from(input.over, 'hex'), two, dropped)),
      ];`, { fits: block(5_000_000n).repeat(2), over: block(5_000_001n).repeat(2) }, { timeoutMs: 60_000, heapMb: 384 }));
    const tooMany = ['AVRO_DATA_TOO_LARGE', 'more than 10000000 items of a type that takes no bytes (corrupt data?)'];
    expect([result[0]?.ok && result[0].value, typedError(result[1] as Outcome), result[2]?.ok && result[2].value, typedError(result[3] as Outcome)]).toEqual([
      [5_000_000, 5_000_000], tooMany, {}, tooMany,
    ]);
  });

  it('9,999,999 empty records or fixed of size 0 from 5 bytes: one shared frozen value, decoded within a 256 MB heap', async () => {
    const result = await isolated<unknown[]>(`
      const bytes = Buffer.from(input, 'hex');
      return [{ type: 'record', name: 'E', fields: [] }, { type: 'fixed', name: 'F', size: 0 }].map((items) => {
        const schema = { type: 'array', items };
        return outcome(() => {
          const v = sc.decodeAvro(bytes, schema, schema);
          return { length: v.length, shared: v[0] === v[v.length - 1], frozen: Object.isFrozen(v[0]), first: v[0].constructor.name + ' ' + JSON.stringify(v[0]) };
        });
      });`, block(9_999_999n), BOUNDS);
    const [records, fixed] = done(result) as [Outcome, Outcome];
    expect([records.ms, fixed.ms].filter((ms) => ms > 20_000)).toEqual([]);
    expect([records.ok && records.value, fixed.ok && fixed.value]).toEqual([
      { length: 9_999_999, shared: true, frozen: true, first: 'Object {}' },
      { length: 9_999_999, shared: true, frozen: true, first: 'Uint8Array {}' },
    ]);
  });
});

describe('f19: a datum nests up to 100,000 records, arrays and maps, read or skipped; past that a typed error names the limit', () => {
  it('reads 10,000- and 100,000-node linked lists, and refuses 100,001 nodes with AVRO_DATA_TOO_DEEP', async () => {
    const result = done(await isolated<Outcome[]>(`
      const nodes = (value) => { let n = 0; for (let node = value; node !== null; node = node.next) n++; return n; };
      return input.sizes.map((n) => outcome(() => nodes(sc.decodeAvro(Buffer.from('0002'.repeat(n - 1) + '0000', 'hex'), input.list, input.list))));`,
    { sizes: [10_000, 100_000, 100_001], list: LIST }, BOUNDS));
    expect(result.map((outcome) => (outcome.ok ? outcome.value : typedError(outcome)))).toEqual([
      10_000, 100_000, ['AVRO_DATA_TOO_DEEP', "the datum nests records, arrays and maps more than 100000 levels deep (the data plane's depth limit)"],
    ]);
  });

  it('skips a 100,000-deep writer field the reader drops, and refuses one deeper', async () => {
    const writer = { type: 'record', name: 'W', fields: [{ name: 'list', type: LIST }, { name: 'k', type: 'int' }] };
    const reader = { type: 'record', name: 'W', fields: [{ name: 'k', type: 'int' }] };
    const result = done(await isolated<Outcome[]>(`
      return input.lists.map((hex) => outcome(() => sc.decodeAvro(Buffer.from(hex + '0e', 'hex'), input.writer, input.reader)));`,
    { lists: [listHex(99_999), listHex(100_000)], writer, reader }, BOUNDS));
    expect(result.map((outcome) => (outcome.ok ? outcome.value : typedError(outcome)))).toEqual([
      { k: 7 }, ['AVRO_DATA_TOO_DEEP', "the datum nests records, arrays and maps more than 100000 levels deep (the data plane's depth limit)"],
    ]);
  });

  it('a writer record that always contains itself (no finite datum) is refused at the depth limit, not read forever', async () => {
    const endless = { type: 'record', name: 'E', fields: [{ name: 'e', type: 'E' }] };
    const result = done(await isolated<Outcome[]>(`
      const outer = { type: 'record', name: 'O', fields: [{ name: 'e', type: input }] };
      return [outcome(() => sc.decodeAvro(Buffer.alloc(0), input, input)), outcome(() => sc.decodeAvro(Buffer.alloc(0), outer, { type: 'record', name: 'O', fields: [] }))];`, endless, BOUNDS));
    expect(result.map(typedError).map(([code]) => code)).toEqual(['AVRO_DATA_TOO_DEEP', 'AVRO_DATA_TOO_DEEP']);
  });

  it('reads a recursive field that two reader fields read in linear time, not twice per level (2^60 reads)', async () => {
    const reader = { type: 'record', name: 'L', fields: [{ name: 'v', type: 'int' }, { name: 'twin', type: ['null', 'L'], aliases: ['next'] }, { name: 'next', type: ['null', 'L'] }] };
    const result = done(await isolated<Outcome>(`
      const depth = (node) => { let n = 0; for (; node !== null; node = node.twin) n++; return n; };
      return outcome(() => { const v = sc.decodeAvro(Buffer.from(input.hex, 'hex'), input.writer, input.reader); return [depth(v), v.twin.next === v.next.next]; });`,
    { hex: listHex(60), writer: LIST, reader }, BOUNDS));
    expect([result.ok && result.value, result.ms < CALL_MS]).toEqual([[60, true], true]);
  });
});

describe('f15: encodeAvro of a cyclic or very deep value is a typed error, not a stack overflow', () => {
  it('names a value that contains itself, through a record, an array, a map or a union branch', async () => {
    const result = done(await isolated<Outcome[]>(`
      const L = input;
      const node = { v: 1, next: null }; node.next = node;
      const tree = { type: 'record', name: 'T', fields: [{ name: 'kids', type: { type: 'array', items: 'T' } }, { name: 'm', type: { type: 'map', values: 'T' } }] };
      const kids = []; const t = { kids, m: {} }; kids.push(t);
      const m = { kids: [], m: {} }; m.m.self = m;
      const list = { v: 0, next: { v: 1, next: null } }; list.next.next = list.next;
      return [outcome(() => sc.encodeAvro(node, L)), outcome(() => sc.encodeAvro(t, tree)), outcome(() => sc.encodeAvro(m, tree)), outcome(() => sc.encodeAvro(list, L))];`, LIST, BOUNDS));
    expect(result.map(typedError)).toEqual([
      ['INVALID_AVRO_DATA', 'value.next: the value contains itself (a cycle): Avro data is a tree'],
      ['INVALID_AVRO_DATA', 'value.kids[0]: the value contains itself (a cycle): Avro data is a tree'],
      ['INVALID_AVRO_DATA', 'value.m["self"]: the value contains itself (a cycle): Avro data is a tree'],
      ['INVALID_AVRO_DATA', 'value.next.next: the value contains itself (a cycle): Avro data is a tree'],
    ]);
  });

  it('encodes a 100,000-deep list and reads it back; one node more is AVRO_DATA_TOO_DEEP', async () => {
    const result = done(await isolated<Outcome[]>(`
      const build = (n) => { let list = null; for (let i = 0; i < n; i++) list = { v: i, next: list }; return list; };
      const nodes = (value) => { let n = 0; for (let node = value; node !== null; node = node.next) n++; return n; };
      return [
        outcome(() => nodes(sc.decodeAvro(sc.encodeAvro(build(100000), input), input, input))),
        outcome(() => sc.encodeAvro(build(100001), input)),
      ];`, LIST, BOUNDS));
    expect(result.map((outcome) => (outcome.ok ? outcome.value : typedError(outcome)))).toEqual([
      100_000, ['AVRO_DATA_TOO_DEEP', "the value nests records, arrays and maps more than 100000 levels deep (the data plane's depth limit)"],
    ]);
  });
});

describe('f07: a witness is built only when its datum takes at most 65,536 bytes', () => {
  const writer = (size: number): object => ({ type: 'record', name: 'R', fields: [{ name: 'f', type: { type: 'fixed', name: 'F', size } }, { name: 'a', type: 'string' }] });
  const reader = { type: 'record', name: 'R', fields: [{ name: 'a', type: 'int' }] };

  it('explains a pair whose writer holds a fixed of 2^31-1 bytes at once: the finding has a hint, no witness (peak memory < 1 GB)', async () => {
    const result = await isolated<{ compatible: boolean; findings: unknown[] }>(`
      const r = sc.checkCompatibility('BACKWARD', input.reader, [input.writer], { explain: true });
      return { compatible: r.compatible, findings: r.incompatibilities.map((f) => ({ type: f.type, location: f.location, hint: f.hint, witness: 'witness' in f })) };`,
    { reader, writer: writer(2 ** 31 - 1) }, { timeoutMs: 60_000, heapMb: 256 });
    if (result.status !== 'done') throw new Error(`${result.status}: ${result.detail}`);
    expect(result.peakRssMb).toBeLessThan(1024);
    // The issue asks that the finding say why it has no witness; its hint ends with the reason.
    expect(result.value).toEqual({
      compatible: false,
      findings: [{
        type: 'TYPE_MISMATCH',
        location: '/fields/0/type',
        hint: 'in the new schema, change field `a` from `int` to `string` (or `bytes`, which reads `string` too), or to the union ["int","string"]. No witness is given: the smallest datum that reaches this place takes more than 65,536 bytes of Avro binary (docs/avro-data.md, "Limits").',
        witness: false,
      }],
    });
  });

  it('builds the witness whose encoding takes 65,536 bytes, none for 65,537, and says why', () => {
    const avro = new AvroChecker();
    const witnessFor = (size: number): [unknown, string | undefined] => {
      const w = avro.parse(writer(size));
      const r = avro.parse(reader);
      const finding = avro.canRead(r, w).incompatibilities[0];
      if (!finding) throw new Error('expected a finding');
      const finder = new AvroWitnessFinder(r, w, 'confluent');
      const found = finder.find(finding);
      expect(avroWitness(finding, r, w, 'confluent')).toEqual(found);
      return [found === undefined || found === 'any' ? found : (found.hex ?? '').length / 2, finder.whyNone(finding)];
    };
    expect([witnessFor(65_535), witnessFor(65_536)]).toEqual([
      [65_536, undefined],
      [undefined, 'No witness is given: the smallest datum that reaches this place takes more than 65,536 bytes of Avro binary (docs/avro-data.md, "Limits").'],
    ]);
    const small = checkCompatibility('BACKWARD', reader, [writer(2)], { explain: true }).incompatibilities[0];
    expect(small?.witness).toEqual({ json: { f: '\u0000\u0000', a: '' }, hex: '000000' });
  });
});

describe('every primitive is bounded', () => {
  it('a boolean is one byte, 0 or 1; other bytes are bad data', async () => {
    const result = done(await isolated<Outcome[]>(`
      return ['00', '01', '02', 'ff'].map((hex) => outcome(() => sc.decodeAvro(Buffer.from(hex, 'hex'), '"boolean"', '"boolean"')));`, {}, BOUNDS));
    expect(result.map((outcome) => (outcome.ok ? outcome.value : typedError(outcome)))).toEqual([
      false, true,
      ['INVALID_AVRO_DATA', 'invalid boolean encoding (byte 2; a boolean is 0 or 1)'],
      ['INVALID_AVRO_DATA', 'invalid boolean encoding (byte 255; a boolean is 0 or 1)'],
    ]);
  });
});
