import type { AvroProfile } from '../compat/can-read.js';
import type { AvroNode, AvroSchema } from '../model.js';
import { PairReader, WriterCodec } from './codec.js';

/*
 * Compiled codecs, kept with the parsed schemas they were built for, so that one-shot calls
 * (`encodeAvro`, `decodeAvro`, a serde's) compile a schema or a pair once. WeakMaps keyed by the
 * parsed schema (or its root type): an entry lives as long as the caller keeps the schema, holds
 * nothing the caller could see change (a codec is immutable but for its scratch buffer), and a
 * schema object is never mutated after parsing, so an entry never goes stale. Only pairs the
 * checker accepted are kept (the caller checks before asking). Like the union indexes of
 * compat/unions.ts, these are the package's only module-level state: caches of pure functions.
 */
const WRITERS = new WeakMap<AvroNode, WriterCodec>();
const PAIRS = new WeakMap<AvroSchema, WeakMap<AvroSchema, Map<AvroProfile, PairReader>>>();

/** The codec of a writer type, compiled once. */
export function cachedWriterCodec(root: AvroNode): WriterCodec {
  let codec = WRITERS.get(root);
  if (!codec) WRITERS.set(root, (codec = new WriterCodec(root)));
  return codec;
}

/** The reader of a pair already judged compatible under `profile`, if one was built. */
export function knownPair(reader: AvroSchema, writer: AvroSchema, profile: AvroProfile): PairReader | undefined {
  return PAIRS.get(reader)?.get(writer)?.get(profile);
}

/** Builds (and keeps) the reader of a pair the checker accepted under `profile`. */
export function compatiblePair(reader: AvroSchema, writer: AvroSchema, profile: AvroProfile): PairReader {
  let byWriter = PAIRS.get(reader);
  if (!byWriter) PAIRS.set(reader, (byWriter = new WeakMap()));
  let byProfile = byWriter.get(writer);
  if (!byProfile) byWriter.set(writer, (byProfile = new Map()));
  let pair = byProfile.get(profile);
  if (!pair) byProfile.set(profile, (pair = new PairReader(reader, writer, profile, false, cachedWriterCodec(writer.root))));
  return pair;
}
