import { describe, expect, it } from 'vitest';
import { InvalidOptionError, fingerprint } from 'schema-compat';
import {
  WireFormatError, decodeConfluentFrame, decodeMessageIndexes, decodeSingleObject, encodeConfluentFrame, encodeMessageIndexes, encodeSingleObject,
} from 'schema-compat/registry';

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

function problem(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error instanceof WireFormatError ? [error.problem, error.message] : error;
  }
  throw new Error('expected a WireFormatError');
}

describe('Confluent framing: magic 0, int32 big-endian id, payload', () => {
  it('writes and reads the header', () => {
    expect([...encodeConfluentFrame(1, bytes(7, 8))]).toEqual([0, 0, 0, 0, 1, 7, 8]);
    expect([...encodeConfluentFrame(0x01020304, bytes())]).toEqual([0, 1, 2, 3, 4]);
    const frame = decodeConfluentFrame(bytes(0, 0x7f, 0xff, 0xff, 0xff, 9));
    expect([frame.schemaId, [...frame.payload], frame.messageIndexes]).toEqual([2 ** 31 - 1, [9], undefined]);
  });

  it('rejects a wrong magic byte, a short header and a negative id, and never returns a value', () => {
    expect(problem(() => decodeConfluentFrame(bytes(1, 0, 0, 0, 1, 2)))).toEqual(['BAD_MAGIC', "unknown magic byte 1 (Confluent's wire format starts with 0)"]);
    expect(problem(() => decodeConfluentFrame(bytes(0, 0, 0, 1)))).toEqual(['TRUNCATED', 'a Confluent-framed message has at least 5 bytes; got 4']);
    expect(problem(() => decodeConfluentFrame(bytes()))).toEqual(['TRUNCATED', 'a Confluent-framed message has at least 5 bytes; got 0']);
    expect(problem(() => decodeConfluentFrame(bytes(0, 0xff, 0xff, 0xff, 0xff)))).toEqual(['BAD_SCHEMA_ID', 'schema id -1 is negative']);
    expect(() => encodeConfluentFrame(-1, bytes())).toThrow(InvalidOptionError);
    expect(() => encodeConfluentFrame(2 ** 31, bytes())).toThrow(InvalidOptionError);
  });
});

describe('Protobuf message indexes: zig-zag varints, [0] as one 0 byte', () => {
  it('encodes the first message as a single 0 and others as count + indexes', () => {
    expect(encodeMessageIndexes([0])).toEqual([0]);
    expect(encodeMessageIndexes([1])).toEqual([2, 2]);
    expect(encodeMessageIndexes([0, 2])).toEqual([4, 0, 4]);
    expect(encodeMessageIndexes([300])).toEqual([2, 0xd8, 0x04]);
    expect([...encodeConfluentFrame(5, bytes(0x08, 0x01), { messageIndexes: [1, 0] })]).toEqual([0, 0, 0, 0, 5, 4, 2, 0, 0x08, 0x01]);
  });

  it('reads them back from a frame', () => {
    for (const indexes of [[0], [1], [0, 2], [300], [3, 1, 4, 1, 5]]) {
      const frame = decodeConfluentFrame(encodeConfluentFrame(9, bytes(42), { messageIndexes: indexes }), { protobuf: true });
      expect([frame.schemaId, frame.messageIndexes, [...frame.payload]]).toEqual([9, indexes, [42]]);
    }
  });

  it('rejects a negative count or index, a count beyond the data and a varint that runs out or is too long', () => {
    expect(problem(() => decodeMessageIndexes(bytes(1), 0))).toEqual(['BAD_MESSAGE_INDEXES', 'message-index count -1 does not fit the 0 bytes left']);
    expect(problem(() => decodeMessageIndexes(bytes(6, 2), 0))).toEqual(['BAD_MESSAGE_INDEXES', 'message-index count 3 does not fit the 1 bytes left']);
    expect(problem(() => decodeMessageIndexes(bytes(2, 1), 0))).toEqual(['BAD_MESSAGE_INDEXES', 'message index -1 is negative']);
    expect(problem(() => decodeMessageIndexes(bytes(2, 0x80), 0))).toEqual(['BAD_MESSAGE_INDEXES', 'the message-index array runs past the end of the data']);
    expect(problem(() => decodeMessageIndexes(bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0x01), 0))).toEqual(['BAD_MESSAGE_INDEXES', 'a message-index varint is longer than 32 bits']);
    expect(problem(() => decodeConfluentFrame(bytes(0, 0, 0, 0, 1), { protobuf: true }))).toEqual(['BAD_MESSAGE_INDEXES', 'the message-index array runs past the end of the data']);
    expect(() => encodeMessageIndexes([])).toThrow(InvalidOptionError);
    expect(() => encodeMessageIndexes([-1])).toThrow(InvalidOptionError);
  });
});

describe('Avro single-object encoding: C3 01, CRC-64-AVRO little-endian, datum', () => {
  it('writes the marker and the schema\'s fingerprint', () => {
    // The fingerprint of "int" from the spec's vectors (shared/vectors/avro-spec case 004: 0x7275d51a3f395c8f), least significant byte first.
    const print = bytes(0x8f, 0x5c, 0x39, 0x3f, 0x1a, 0xd5, 0x75, 0x72);
    expect([...fingerprint('"int"')]).toEqual([...print]);
    expect([...encodeSingleObject('"int"', bytes(0x54))]).toEqual([0xc3, 0x01, ...print, 0x54]);
    expect([...encodeSingleObject(print, bytes())]).toEqual([0xc3, 0x01, ...print]);
    const frame = decodeSingleObject(encodeSingleObject('{"type":"int"}', bytes(1, 2)));
    expect([[...frame.fingerprint], [...frame.payload]]).toEqual([[...print], [1, 2]]);
  });

  it('rejects a missing marker or a short header', () => {
    expect(problem(() => decodeSingleObject(bytes(0xc3, 0x02, 0, 0, 0, 0, 0, 0, 0, 0)))).toEqual(['BAD_MAGIC', 'an Avro single-object message starts with C3 01, not C3 02']);
    expect(problem(() => decodeSingleObject(bytes(0xc3, 0x01, 0)))).toEqual(['TRUNCATED', 'an Avro single-object message has at least 10 bytes; got 3']);
    expect(() => encodeSingleObject(bytes(1, 2), bytes())).toThrow(InvalidOptionError);
  });
});
