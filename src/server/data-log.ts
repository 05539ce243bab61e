import { createHash } from 'node:crypto';

/**
 * The framing of the data directory's append-only log: each record is a 4-byte big-endian payload
 * length, the first 4 bytes of the payload's SHA-256, then the payload (UTF-8 JSON). A record that
 * is cut short or whose checksum does not match ends the readable log: what follows it is a torn
 * or corrupt tail (a crash during a write, a disk error), dropped on load.
 */
export const FRAME_HEADER_BYTES = 8;

/** No record is larger than this (a request body is at most 2 GiB, a schema far less); a larger length is corruption. */
export const MAX_RECORD_BYTES = 256 * 1024 * 1024;

function checksum(payload: Buffer): Buffer {
  return createHash('sha256').update(payload).digest().subarray(0, 4);
}

/** One record as bytes on disk. */
export function encodeRecord(value: unknown): Buffer {
  const payload = Buffer.from(JSON.stringify(value), 'utf8');
  const header = Buffer.alloc(FRAME_HEADER_BYTES);
  header.writeUInt32BE(payload.length, 0);
  checksum(payload).copy(header, 4);
  return Buffer.concat([header, payload]);
}

/** What a log's bytes hold: the records that read whole, and where the good part ends. */
export interface DecodedLog {
  readonly records: readonly unknown[];
  /** Bytes of whole, checked records from the start; a torn or corrupt tail begins here. */
  readonly goodBytes: number;
  /** Why the tail was dropped, when there is one. */
  readonly tail?: string;
}

/** Reads records from the start until the bytes end or a record does not read whole. */
export function decodeLog(bytes: Buffer): DecodedLog {
  const records: unknown[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const problem = recordProblem(bytes, offset);
    if (typeof problem === 'string') return { records, goodBytes: offset, tail: `${problem} at byte ${offset}` };
    records.push(problem.value);
    offset = problem.end;
  }
  return { records, goodBytes: offset };
}

function recordProblem(bytes: Buffer, offset: number): string | { value: unknown; end: number } {
  if (bytes.length - offset < FRAME_HEADER_BYTES) return 'a record header cut short';
  const length = bytes.readUInt32BE(offset);
  if (length > MAX_RECORD_BYTES) return `a record length of ${length} bytes (over the ${MAX_RECORD_BYTES}-byte limit)`;
  const end = offset + FRAME_HEADER_BYTES + length;
  if (end > bytes.length) return `a record of ${length} bytes cut short`;
  const payload = bytes.subarray(offset + FRAME_HEADER_BYTES, end);
  if (!checksum(payload).equals(bytes.subarray(offset + 4, offset + 8))) return 'a record whose checksum does not match';
  try {
    return { value: JSON.parse(payload.toString('utf8')) as unknown, end };
  } catch {
    return 'a record that is not JSON';
  }
}
