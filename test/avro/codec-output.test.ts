import { describe, expect, it } from 'vitest';
import { createAvroCodec, parseSchema } from 'schema-compat';
import { createAvroSerde, createRegistry } from 'schema-compat/registry';

// The arrays a codec and a serde return are carved from a shared block (docs/avro-data.md, "Codecs
// and caching"): each must keep its own bytes whatever is encoded after it.

const NOTE = JSON.stringify({ type: 'record', name: 'Note', fields: [{ name: 'text', type: 'string' }] });
const schema = parseSchema('AVRO', NOTE);

describe('encoded arrays from the pool', () => {
  it('keep their bytes when later values are encoded, and never overlap', () => {
    const codec = createAvroCodec(schema);
    const outputs = Array.from({ length: 3000 }, (_, i) => codec.encode({ text: `note ${i}` }));
    outputs.forEach((bytes, i) => expect(codec.decode(bytes)).toEqual({ text: `note ${i}` }));
    const first = outputs[0] as Uint8Array;
    const second = outputs[1] as Uint8Array;
    if (first.buffer === second.buffer) expect(second.byteOffset).toBeGreaterThanOrEqual(first.byteOffset + first.length);
  });

  it('a large value gets an array of its own', () => {
    const big = createAvroCodec(schema).encode({ text: 'x'.repeat(100_000) });
    expect([big.byteOffset, big.buffer.byteLength]).toEqual([0, big.length]);
  });

  it('serde frames keep their bytes too; no schema to write with is a typed error', async () => {
    const serde = createAvroSerde(createRegistry());
    const frames = [];
    for (let i = 0; i < 500; i++) frames.push(await serde.serialize('notes', { text: `n${i}` }, NOTE));
    for (const [i, frame] of frames.entries()) expect(await serde.deserialize(frame)).toEqual({ text: `n${i}` });
    await expect(serde.serialize('notes', { text: 'x' }, undefined as unknown as string)).rejects.toMatchObject({ name: 'InvalidOptionError', code: 'INVALID_OPTION' });
  });
});
