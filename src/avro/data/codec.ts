import type { AvroProfile } from '../compat/can-read.js';
import type { AvroNode, AvroSchema } from '../model.js';
import type { AvscParseOptions, AvscResolver, AvscType } from './avsc.js';
import { asBuffer, avsc } from './avsc.js';
import { dataError } from './errors.js';
import { createLongType } from './long.js';
import { PlanBuilder } from './plan.js';
import { ReaderSchema } from './reader-schema.js';
import { ScType } from './sc-type.js';
import { toWriterValue } from './values.js';
import { WriterSchema } from './writer-schema.js';

function parseOptions(wrapUnions: 'always' | 'auto'): AvscParseOptions {
  return { wrapUnions, registry: { long: createLongType() }, logicalTypes: { sc: ScType }, assertLogicalTypes: true };
}

/** A writer schema in avsc, for writing values (in the data plane's representation) and being read. */
export class WriterCodec {
  readonly schema: WriterSchema;
  readonly type: AvscType;

  constructor(readonly root: AvroNode) {
    this.schema = new WriterSchema(root);
    this.type = avsc.Type.forSchema(this.schema.json, parseOptions('always'));
  }

  encode(value: unknown): Buffer {
    const written = toWriterValue(this.root, value, this.schema);
    try {
      return this.type.toBuffer(written);
    } catch (error) {
      throw dataError(error, 'cannot encode the value');
    }
  }
}

/**
 * A reader for one (reader, writer) pair: the profile's plan, given to avsc as two schemas
 * (reader-schema.ts, writer-schema.ts) and avsc's `createResolver(writer, { ignoreNamespaces: true })`.
 * `lenient`: the pair may be incompatible; failures read as `ResolutionFailure` values (witnesses).
 */
export class PairReader {
  readonly writer: WriterCodec;
  private readonly type: AvscType;
  private readonly resolver: AvscResolver;

  constructor(reader: AvroSchema, writer: AvroSchema, profile: AvroProfile, lenient: boolean, writerCodec?: WriterCodec) {
    this.writer = writerCodec ?? new WriterCodec(writer.root);
    const plan = new PlanBuilder(profile, reader, writer, lenient).build(reader.root, writer.root);
    const schema = new ReaderSchema(plan, this.writer.schema, lenient);
    this.type = avsc.Type.forSchema(schema.json, parseOptions('auto'));
    // Names are ours on both sides (`_sc.*`); Java compares names unqualified, and so does this option.
    this.resolver = this.type.createResolver(this.writer.type, { ignoreNamespaces: true });
  }

  decode(bytes: Uint8Array): unknown {
    try {
      return this.type.fromBuffer(asBuffer(bytes), this.resolver);
    } catch (error) {
      throw dataError(error, 'cannot decode the data');
    }
  }
}
