import type { AvroNode, AvroPrimitiveKind } from '../model.js';
import { minBytes } from './collections.js';
import { readerDefault } from './default-values.js';
import { AvroDataError } from './errors.js';
import type { Failure, FieldPlan, PlanNode, RecordPlan } from './plan-types.js';
import type { ScConfig } from './sc-type.js';
import { ResolutionFailure, ScSpec } from './sc-type.js';
import { copyValue } from './values.js';
import type { WriterSchema } from './writer-schema.js';

/** A failure in a plan that should have none (a compatible pair): a bug, reported as such. */
export class PlanFailureError extends Error {
  constructor(readonly failure: Failure) {
    super(`schema-compat internal error: the data plane met ${failure.type} in a pair the checker accepts (${failure.detail})`);
  }
}

/**
 * The reader schema we give avsc for one plan: a copy specialised to this writer, in which avsc's
 * own resolution does exactly what the plan says. Named types are `_sc.R<i>` with the writer
 * type's avsc name as alias; record fields are `g<position>` with the writer field they read as
 * alias; everything avsc would decide differently from Java is one of our `ScType`s (records,
 * enums, int and long promotions, reader union branches, defaults, failures).
 * `soft`: failures give `ResolutionFailure` values instead of throwing (`lenient` plans).
 */
export class ReaderSchema {
  readonly json: unknown;
  private readonly ids = new Map<object, string>();
  private readonly defined = new Set<object>();
  private wrappers = 0;
  private readonly sizes = new Map<AvroNode, number>();

  constructor(plan: PlanNode, private readonly writer: WriterSchema, private readonly soft: boolean) {
    this.json = this.emit(plan);
  }

  private emit(plan: PlanNode): unknown {
    switch (plan.kind) {
      case 'read':
        return this.read(plan.reader.kind, plan.writer.kind);
      case 'array':
        return this.wrap({ kind: 'array', minBytes: minBytes(plan.writer.items, this.sizes) }, { type: 'array', items: this.emit(plan.items) });
      case 'map':
        return this.wrap({ kind: 'map', minBytes: minBytes(plan.writer.values, this.sizes) }, { type: 'map', values: this.emit(plan.values) });
      case 'branch':
        return this.emit(plan.plan);
      case 'union': {
        if (plan.branches.length === 0) return this.wrap({ kind: 'void' });
        return plan.branches.map((branch, i) => this.wrap({ kind: 'route', accept: [this.writer.branchName(plan.writer.branches[i] as AvroNode)] }, this.emit(branch)));
      }
      case 'fixed': {
        const name = this.idOf(plan);
        if (this.defined.has(plan)) return name;
        this.defined.add(plan);
        return { type: 'fixed', name, size: plan.reader.size, aliases: [this.writer.nameOf(plan.writer)] };
      }
      case 'enum':
        return this.wrap({ kind: 'enum', symbols: plan.symbols.map((symbol) => (typeof symbol === 'string' ? symbol : this.failure(symbol))), soft: this.soft });
      case 'record':
        return this.record(plan);
      case 'fail':
        return this.wrap({ kind: 'fail', failure: this.failure(plan.failure), soft: this.soft });
    }
  }

  /** Same primitive, or a promotion: avsc's own reading, except where Java converts differently (ints checked to 32 bits, float rounding, exact longs). */
  private read(reader: AvroPrimitiveKind, writer: AvroPrimitiveKind): unknown {
    if (writer === 'int' && (reader === 'int' || reader === 'long' || reader === 'float' || reader === 'double')) return this.wrap({ kind: 'promote', from: 'int', to: reader });
    if (writer === 'long' && (reader === 'float' || reader === 'double')) return this.wrap({ kind: 'promote', from: 'long', to: reader });
    return reader;
  }

  private record(plan: RecordPlan): unknown {
    if (plan.failure) return this.wrap({ kind: 'fail', failure: this.failure(plan.failure), soft: this.soft });
    const name = this.idOf(plan);
    const keys = plan.fields.map((field) => [`g${field.reader.position}`, field.reader.name] as const);
    if (this.defined.has(plan)) return this.wrap({ kind: 'record', keys }, name);
    this.defined.add(plan);
    const fields = plan.fields.map((field) => this.field(field));
    return this.wrap({ kind: 'record', keys }, { type: 'record', name, aliases: [this.writer.nameOf(plan.writer)], fields });
  }

  private field(field: FieldPlan): unknown {
    const name = `g${field.reader.position}`;
    if (field.failure) {
      const failure = new ResolutionFailure(this.failure(field.failure));
      return { name, type: this.wrap({ kind: 'default', value: () => failure }, undefined, 'null'), default: null };
    }
    if (field.source) return { name, aliases: [`f${field.source.writer.position}`], type: this.emit(field.source.plan) };
    const value = this.defaultOf(field);
    return { name, type: this.wrap({ kind: 'default', value: () => copyValue(value) }, undefined, 'null'), default: null };
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

  private idOf(plan: object): string {
    let id = this.ids.get(plan);
    if (id === undefined) this.ids.set(plan, (id = `_sc.R${this.ids.size}`));
    return id;
  }

  private wrap(config: ScConfig, inner?: unknown, dummy?: unknown): unknown {
    return { type: 'null', logicalType: 'sc', sc: new ScSpec(config, inner, dummy ?? { type: 'fixed', size: 0, name: `_sc.X${this.wrappers++}` }) };
  }
}
