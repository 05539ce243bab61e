import type { AvroProfile } from '../compat/can-read.js';
import type { AvroNode, AvroSchema } from '../model.js';
import type { Read } from './compile-read.js';
import { TOO_DEEP_FOR_CLOSURES, compileRead } from './compile-read.js';
import type { Write } from './compile-write.js';
import { MISFIT, TOO_DEEP_TO_WRITE, compileWrite } from './compile-write.js';
import { Cursor, floatScratch } from './cursor.js';
import { decodeDatum } from './decoder.js';
import { encodeValue } from './encoder.js';
import { AvroDataError } from './errors.js';
import { identityOp } from './identity.js';
import type { Op } from './ops.js';
import { PlanBuilder } from './plan.js';
import { ProgramBuilder } from './program.js';
import { ByteSink } from './sink.js';

/**
 * A program run fast: its compiled closures (compile-read.ts) when it has them, the interpreter
 * (decoder.ts) otherwise and for data nested past their depth. Both check the same things; the
 * interpreter alone keeps the per-datum budgets, so a program that needs them is never compiled.
 */
class ProgramReader {
  private readonly fast: Read | undefined;
  /** Shared by the datums this reader reads: one at a time (reading runs no code of the caller's). */
  private readonly floats = floatScratch();

  constructor(private readonly program: Op) {
    this.fast = compileRead(program);
  }

  decode(bytes: Uint8Array): unknown {
    const fast = this.fast;
    if (fast === undefined) return decodeDatum(this.program, bytes);
    const cursor = new Cursor(bytes, this.floats);
    let value: unknown;
    try {
      value = fast(cursor);
    } catch (error) {
      if (error === TOO_DEEP_FOR_CLOSURES) return decodeDatum(this.program, bytes);
      throw error;
    }
    if (cursor.pos < cursor.end) throw new AvroDataError('cannot decode the data: bytes are left after the datum (trailing data)');
    return value;
  }
}

/** A writer schema, compiled once: writes values, and reads its own data (no resolution). */
export class WriterCodec {
  /** Compiled on first use (a witness check writes through a codec it never reads with). */
  private write: Write | undefined;
  private reader: ProgramReader | undefined;
  /** A sink for the next `encode`, taken while one runs (a value's getter may encode again). */
  private idle: ByteSink | undefined = new ByteSink();

  constructor(readonly root: AvroNode) {}

  /**
   * The compiled writer's bytes; a value it finds does not fit, or nested past its depth, is written
   * (or refused, saying where and why) by the walk of encoder.ts, which keeps a stack of its own.
   */
  encode(value: unknown): Uint8Array {
    const sink = this.idle ?? new ByteSink();
    this.idle = undefined;
    try {
      (this.write ??= compileWrite(this.root))(sink, value);
      return sink.result();
    } catch (error) {
      if (error === MISFIT || error === TOO_DEEP_TO_WRITE) return encodeValue(this.root, value);
      throw error;
    } finally {
      sink.reset();
      this.idle = sink;
    }
  }

  decode(bytes: Uint8Array): unknown {
    return (this.reader ??= new ProgramReader(identityOp(this.root))).decode(bytes);
  }
}

/**
 * A reader for one (reader, writer) pair: the profile's plan (plan.ts), compiled to the ops the
 * decoder runs (program.ts, decoder.ts), and those to closures (compile-read.ts). `lenient`: the pair
 * may be incompatible; failures read as `ResolutionFailure` values (witnesses).
 */
export class PairReader {
  readonly writer: WriterCodec;
  private readonly reader: ProgramReader;

  constructor(reader: AvroSchema, writer: AvroSchema, profile: AvroProfile, lenient: boolean, writerCodec?: WriterCodec) {
    this.writer = writerCodec ?? new WriterCodec(writer.root);
    const plan = new PlanBuilder(profile, reader, writer, lenient).build(reader.root, writer.root);
    this.reader = new ProgramReader(new ProgramBuilder(lenient).op(plan));
  }

  decode(bytes: Uint8Array): unknown {
    return this.reader.decode(bytes);
  }
}
