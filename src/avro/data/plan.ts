import { PairMap } from '../../util/pair-map.js';
import type { AvroProfile } from '../compat/can-read.js';
import { AvroIncompatibilityType, AvroWarningType } from '../compat/findings.js';
import { promotes } from '../compat/promotions.js';
import type { WriterNames } from '../compat/runtime/aliases.js';
import { firstMatchingBranch } from '../compat/runtime/reader-union.js';
import { unionEquivalent } from '../compat/runtime/union-equiv.js';
import { ResolutionWalk, SessionMemo } from '../compat/walk.js';
import type { AvroEnum, AvroField, AvroFixed, AvroNamed, AvroNode, AvroPrimitive, AvroRecord, AvroSchema, AvroUnion } from '../model.js';
import { javaTypeName } from '../model.js';
import type { EnumPlan, Failure, FieldPlan, FixedPlan, PlanNode, RecordPlan } from './plan-types.js';
import { checkerFieldMatch, checkerNamesMatch, runtimeFieldMatches, runtimeNamesMatch } from './plan-fields.js';
import { runtimeWriterNames } from '../compat/runtime/aliases.js';


/**
 * Builds the plan by which `reader` reads `writer`'s data under a profile.
 * - `pulsar`: Java 1.12's runtime `Resolver` exactly (record names unchecked, the writer renamed by
 *   the reader's aliases, `firstMatchingBranch` for reader unions, equivalent unions branch by branch).
 * - `confluent`, `strict`: the rules of Java's `SchemaCompatibility` (names, `lookupWriterField`),
 *   so that every pair it accepts has a plan; a reader union takes the branch Java's runtime picks
 *   when the checker accepts that branch, else the first branch the checker accepts.
 * `lenient` plans an incompatible pair too (witnesses): failures stay in the plan, record names are
 * not checked (a record's name mismatch fails every datum alike, and would hide what fails inside),
 * and the walk goes on past them.
 */
export class PlanBuilder {
  private readonly names: WriterNames;
  private readonly checker: ResolutionWalk | undefined;
  private readonly named = new PairMap<AvroNode, RecordPlan | FixedPlan | EnumPlan>();

  constructor(private readonly profile: AvroProfile, reader: AvroSchema, writer: AvroSchema, private readonly lenient: boolean) {
    this.names = runtimeWriterNames(reader, writer);
    this.checker = profile === 'pulsar' ? undefined : new ResolutionWalk({ javaQuirks: false }, new SessionMemo());
  }

  build(reader: AvroNode, writer: AvroNode): PlanNode {
    if (writer.kind === 'union') return this.writerUnion(reader, writer);
    if (reader.kind === 'union') return this.readerUnion(reader, writer);
    if (reader.kind !== writer.kind) {
      if (promotes(reader.kind, writer.kind)) return { kind: 'read', reader: reader as AvroPrimitive, writer: writer as AvroPrimitive };
      return fail(AvroIncompatibilityType.TYPE_MISMATCH, reader, writer, `reader type: ${javaTypeName(reader.kind)} not compatible with writer type: ${javaTypeName(writer.kind)}`);
    }
    switch (writer.kind) {
      case 'array':
        return { kind: 'array', writer, items: this.build((reader as typeof writer).items, writer.items) };
      case 'map':
        return { kind: 'map', writer, values: this.build((reader as typeof writer).values, writer.values) };
      case 'fixed':
        return this.fixed(reader as AvroFixed, writer);
      case 'enum':
        return this.enumeration(reader as AvroEnum, writer);
      case 'record':
        return this.record(reader as AvroRecord, writer);
      default:
        return { kind: 'read', reader: reader as AvroPrimitive, writer: writer as AvroPrimitive };
    }
  }

  /** Equivalent unions are read branch by branch (Java's `unionEquiv`); otherwise each writer branch against the whole reader. */
  private writerUnion(reader: AvroNode, writer: AvroUnion): PlanNode {
    const pairwise = reader.kind === 'union' && unionEquivalent(writer, reader, this.names);
    const branches = writer.branches.map((branch, i) => this.build(pairwise ? ((reader as AvroUnion).branches[i] as AvroNode) : reader, branch));
    return { kind: 'union', writer, branches };
  }

  private readerUnion(reader: AvroUnion, writer: AvroNode): PlanNode {
    const index = this.chooseBranch(reader, writer);
    if (index < 0) return fail(AvroIncompatibilityType.MISSING_UNION_BRANCH, reader, writer, `reader union lacking writer type: ${javaTypeName(writer.kind)}`);
    return { kind: 'branch', index, plan: this.build(reader.branches[index] as AvroNode, writer) };
  }

  /** The reader branch a non-union writer is read into, or -1. */
  chooseBranch(reader: AvroUnion, writer: AvroNode): number {
    const checker = this.checker;
    if (!checker) return firstMatchingBranch(writer, reader, this.names, (w, r) => this.directError(w, r));
    const readable = (index: number): boolean => checker.trial(reader.branches[index] as AvroNode, writer);
    const java = firstMatchingBranch(writer, reader, this.names, (w, r) => !checker.trial(r, w));
    if (java >= 0 && readable(java)) return java;
    return reader.branches.findIndex((_, index) => readable(index));
  }

  /** Java's `hasMatchError(RecordAdjust.resolve(w, r))`: the record, or one of its fields, is itself an error (not a nested one). */
  private directError(writer: AvroRecord, reader: AvroRecord): boolean {
    const plan = this.record(reader, writer);
    if (!plan.done) return false;
    return plan.missing.length > 0 || plan.fields.some(({ source }) => source !== undefined && (source.plan.kind === 'fail' || (source.plan.kind === 'record' && source.plan.done && source.plan.missing.length > 0)));
  }

  private namesMatch(reader: AvroNamed, writer: AvroNamed): boolean {
    return this.profile === 'pulsar' ? runtimeNamesMatch(reader, writer, this.names) : checkerNamesMatch(reader, writer);
  }

  /** A lenient plan does not check record names: that would hide what fails inside the record. */
  private nameFailure(reader: AvroNamed, writer: AvroNamed): Failure | undefined {
    if ((this.lenient && reader.kind === 'record') || this.namesMatch(reader, writer)) return undefined;
    return { type: AvroIncompatibilityType.NAME_MISMATCH, reader, writer, detail: `expected: ${writer.fullName}` };
  }

  private fixed(reader: AvroFixed, writer: AvroFixed): PlanNode {
    const names = this.nameFailure(reader, writer);
    if (names) return { kind: 'fail', failure: names };
    if (reader.size !== writer.size) return fail(AvroIncompatibilityType.FIXED_SIZE_MISMATCH, reader, writer, `expected: ${writer.size}, found: ${reader.size}`);
    return this.remember(reader, writer, { kind: 'fixed', reader, writer });
  }

  private enumeration(reader: AvroEnum, writer: AvroEnum): PlanNode {
    const names = this.nameFailure(reader, writer);
    if (names && !this.lenient) return { kind: 'fail', failure: names };
    // Spec 1.12 "Enums": a writer symbol the reader lacks reads as the reader's enum default, else it is an error.
    // (Leniently, with names that do not match, the other symbols fail for the name.)
    const type = this.profile === 'pulsar' ? AvroWarningType.UNREADABLE_ENUM_SYMBOLS : AvroIncompatibilityType.MISSING_ENUM_SYMBOLS;
    const symbols = writer.symbols.map((symbol): string | Failure => {
      if (reader.symbolSet.has(symbol)) return names ?? symbol;
      return reader.default ?? { type, reader, writer, detail: `writer symbol ${symbol} is not a symbol of reader enum ${reader.fullName}, which has no default (Java: No match for ${symbol})` };
    });
    return this.remember(reader, writer, { kind: 'enum', reader, writer, symbols });
  }

  private remember<P extends FixedPlan | EnumPlan>(reader: AvroNode, writer: AvroNode, plan: P): P {
    const known = this.named.get(reader, writer);
    if (known) return known as P;
    this.named.set(reader, writer, plan);
    return plan;
  }

  private record(reader: AvroRecord, writer: AvroRecord): RecordPlan {
    const known = this.named.get(reader, writer);
    if (known) return known as RecordPlan;
    const plan: RecordPlan = { kind: 'record', reader, writer, fields: [], missing: [], failure: undefined, done: false };
    this.named.set(reader, writer, plan);
    if (this.profile !== 'pulsar') plan.failure = this.nameFailure(reader, writer);
    if (this.profile === 'pulsar') {
      // Java's runtime plans the writer's fields in writer order.
      const matches = runtimeFieldMatches(writer, reader, this.names);
      const planned = new Map<AvroField, PlanNode>();
      for (const [readerField, writerField] of matches) planned.set(readerField, this.build(readerField.type, writerField.type));
      for (const field of reader.fields) {
        const writerField = matches.get(field);
        plan.fields.push(this.fieldPlan(plan, field, writerField && { writer: writerField, plan: planned.get(field) as PlanNode }));
      }
    } else {
      for (const field of reader.fields) {
        const match = checkerFieldMatch(writer, field);
        const source = match.writer && { writer: match.writer, plan: this.build(field.type, match.writer.type) };
        const ambiguous = match.ambiguous && !this.lenient ? { type: AvroIncompatibilityType.AMBIGUOUS_FIELD_ALIAS, reader: field.type, writer, detail: `reader field ${field.name} matches writer fields ${match.ambiguous.map((f) => f.name).join(', ')}` } : undefined;
        plan.fields.push(ambiguous ? { reader: field, source, failure: ambiguous } : this.fieldPlan(plan, field, source));
      }
    }
    plan.done = true;
    return plan;
  }

  private fieldPlan(plan: RecordPlan, field: AvroField, source: FieldPlan['source']): FieldPlan {
    if (source || field.hasDefault) return { reader: field, source, failure: undefined };
    plan.missing.push(field);
    const failure = { type: AvroIncompatibilityType.READER_FIELD_MISSING_DEFAULT_VALUE, reader: plan.reader, writer: plan.writer, detail: `the writer has no field ${field.name} and the reader field has no default` };
    return { reader: field, source: undefined, failure };
  }
}

function fail(type: string, reader: AvroNode, writer: AvroNode, detail: string): PlanNode {
  return { kind: 'fail', failure: { type, reader, writer, detail } };
}
