import type { AvroNode, AvroPrimitiveKind } from '../model.js';
import { readerDefault } from './default-values.js';
import { AvroDataError } from './errors.js';
import { PlanFailureError, ResolutionFailure } from './failure.js';
import type { FieldRead, Op, RecordOp } from './ops.js';
import type { Failure, FieldPlan, PlanNode, RecordPlan } from './plan-types.js';
import { copyValue } from './values.js';
import { minBytes } from './width.js';

const VOID: Op = Object.freeze({ kind: 'void' });
const SKIP_VARINT: Op = Object.freeze({ kind: 'skipVarint' });

/**
 * Compiles a plan (plan.ts) into the ops the decoder runs (decoder.ts): what each writer value is
 * read as, and how the writer values no reader field reads are skipped. `soft`: failures give
 * `ResolutionFailure` values instead of throwing (lenient plans, for witnesses); in a strict plan a
 * failure is a bug (`PlanFailureError`), except profile pulsar's missing enum symbols, which fail
 * when such a symbol is read.
 */
export class ProgramBuilder {
  private readonly records = new Map<RecordPlan, RecordOp>();
  private readonly skips = new Map<AvroNode, Op>();
  private readonly widths = new Map<AvroNode, number>();

  constructor(private readonly soft: boolean) {}

  op(plan: PlanNode): Op {
    switch (plan.kind) {
      case 'read':
        return read(plan.reader.kind, plan.writer.kind);
      case 'array':
        return { kind: 'array', item: this.op(plan.items), width: minBytes(plan.writer.items, this.widths), keep: true };
      case 'map':
        return { kind: 'map', item: this.op(plan.values), width: minBytes(plan.writer.values, this.widths), keep: true };
      case 'branch':
        return this.op(plan.plan);
      case 'union':
        return plan.branches.length === 0 ? VOID : { kind: 'union', branches: plan.branches.map((branch) => this.op(branch)) };
      case 'fixed':
        return { kind: 'fixed', size: plan.reader.size };
      case 'enum':
        return { kind: 'enum', symbols: plan.symbols.map((symbol) => (typeof symbol === 'string' ? symbol : this.failure(symbol))), soft: this.soft };
      case 'record':
        return this.record(plan);
      case 'fail':
        return { kind: 'fail', skip: this.skip(plan.failure.writer), failure: this.failure(plan.failure), soft: this.soft };
    }
  }

  /** How a value of a writer type is skipped (a writer field no reader field reads, a value that fails). */
  skip(node: AvroNode): Op {
    switch (node.kind) {
      case 'null':
        return { kind: 'skip', bytes: 0, what: 'null' };
      case 'boolean':
        return { kind: 'skip', bytes: 1, what: 'boolean' };
      case 'float':
        return { kind: 'skip', bytes: 4, what: 'float' };
      case 'double':
        return { kind: 'skip', bytes: 8, what: 'double' };
      case 'fixed':
        return { kind: 'skip', bytes: node.size, what: 'fixed' };
      case 'int':
      case 'long':
      case 'enum':
        return SKIP_VARINT;
      case 'string':
      case 'bytes':
        return { kind: 'skipLength', what: node.kind };
      case 'array':
        return { kind: 'array', item: this.skip(node.items), width: minBytes(node.items, this.widths), keep: false };
      case 'map':
        return { kind: 'map', item: this.skip(node.values), width: minBytes(node.values, this.widths), keep: false };
      case 'union':
        return node.branches.length === 0 ? VOID : { kind: 'union', branches: node.branches.map((branch) => this.skip(branch)) };
      case 'record': {
        const known = this.skips.get(node);
        if (known) return known;
        const fields: FieldRead[][] = [];
        const op: RecordOp = { kind: 'record', fields, slots: [], defaults: [], keep: false };
        this.skips.set(node, op);
        for (const field of node.fields) fields.push([{ op: this.skip(field.type), slot: -1 }]);
        return op;
      }
    }
  }

  private record(plan: RecordPlan): Op {
    if (plan.failure) return { kind: 'fail', skip: this.skip(plan.writer), failure: this.failure(plan.failure), soft: this.soft };
    const known = this.records.get(plan);
    if (known) return known;
    const fields: FieldRead[][] = plan.writer.fields.map(() => []);
    const defaults: { slot: number; value: () => unknown }[] = [];
    const op: RecordOp = { kind: 'record', fields, slots: plan.fields.map((field) => field.reader.name), defaults, keep: true };
    this.records.set(plan, op);
    plan.fields.forEach((field, slot) => {
      if (field.failure) {
        const failure = new ResolutionFailure(this.failure(field.failure));
        defaults.push({ slot, value: () => failure });
      } else if (field.source) {
        (fields[field.source.writer.position] as FieldRead[]).push({ op: this.op(field.source.plan), slot });
      } else {
        const value = this.defaultOf(field);
        defaults.push({ slot, value: () => copyValue(value) });
      }
    });
    plan.writer.fields.forEach((field, position) => {
      const reads = fields[position] as FieldRead[];
      if (reads.length === 0) reads.push({ op: this.skip(field.type), slot: -1 });
    });
    return op;
  }

  /** The field's default as a value; a default Java cannot write fails the pair (leniently: the field reads as a failure). */
  private defaultOf(field: FieldPlan): unknown {
    try {
      return readerDefault(field.reader.type, field.reader.default ?? null);
    } catch (error) {
      if (!(error instanceof AvroDataError) || !this.soft) throw error;
      return new ResolutionFailure({ type: 'READER_FIELD_MISSING_DEFAULT_VALUE', reader: field.reader.type, writer: field.reader.type, detail: error.detail });
    }
  }

  /** A failure kept in a lenient plan; in a strict one, a bug. */
  private failure(failure: Failure): Failure {
    if (!this.soft && failure.type !== 'UNREADABLE_ENUM_SYMBOLS') throw new PlanFailureError(failure);
    return failure;
  }
}

/** Same primitive, or a promotion (spec 1.12 "Schema Resolution": int to long, float, double; long to float, double; float to double; string and bytes). */
function read(reader: AvroPrimitiveKind, writer: AvroPrimitiveKind): Op {
  switch (writer) {
    case 'int':
      return { kind: 'int', to: reader as 'int' | 'long' | 'float' | 'double' };
    case 'long':
      return { kind: 'long', to: reader as 'long' | 'float' | 'double' };
    case 'string':
    case 'bytes':
      return { kind: 'text', to: reader as 'string' | 'bytes' };
    default:
      return { kind: writer };
  }
}
