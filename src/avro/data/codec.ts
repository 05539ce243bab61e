import type { AvroProfile } from '../compat/can-read.js';
import type { AvroNode, AvroSchema } from '../model.js';
import { decodeDatum } from './decoder.js';
import { encodeValue } from './encoder.js';
import type { Op } from './ops.js';
import { PlanBuilder } from './plan.js';
import { ProgramBuilder } from './program.js';

/** A writer schema, for writing values in the data plane's representation. */
export class WriterCodec {
  constructor(readonly root: AvroNode) {}

  encode(value: unknown): Uint8Array {
    return encodeValue(this.root, value);
  }
}

/**
 * A reader for one (reader, writer) pair: the profile's plan (plan.ts), compiled to the ops the
 * decoder runs (program.ts, decoder.ts). `lenient`: the pair may be incompatible; failures read as
 * `ResolutionFailure` values (witnesses).
 */
export class PairReader {
  readonly writer: WriterCodec;
  private readonly program: Op;

  constructor(reader: AvroSchema, writer: AvroSchema, profile: AvroProfile, lenient: boolean, writerCodec?: WriterCodec) {
    this.writer = writerCodec ?? new WriterCodec(writer.root);
    const plan = new PlanBuilder(profile, reader, writer, lenient).build(reader.root, writer.root);
    this.program = new ProgramBuilder(lenient).op(plan);
  }

  decode(bytes: Uint8Array): unknown {
    return decodeDatum(this.program, bytes);
  }
}
