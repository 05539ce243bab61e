import { PairMap } from '../../../util/pair-map.js';
import type { AvroEnum, AvroField, AvroNode, AvroRecord, AvroUnion } from '../../model.js';
import { isNamed } from '../../model.js';
import { AvroIncompatibilityType } from '../findings.js';
import { promotes } from '../promotions.js';
import { mayObserve, observableFieldPairs } from '../../traits.js';
import type { PathFinding } from '../walk.js';
import type { WriterNames } from './aliases.js';
import { observeLeaf, observeMissingSymbols } from './observations.js';
import { firstMatchingBranch } from './reader-union.js';
import { observeFieldsByBlocks } from './observe-blocks.js';
import type { BlockMemo } from '../record-blocks.js';
import { unionEquivalent } from './union-equiv.js';

/** What resolving a pair finds: errors (Java's ErrorActions) and observations of the data path. */
export interface Resolution {
  readonly errors: readonly PathFinding[];
  readonly observations: readonly PathFinding[];
}

/** A record pair's result, relative to the record; `direct` and `fieldError` feed Java's `hasMatchError`. */
interface RecordEntry {
  readonly errors: readonly PathFinding[];
  readonly observations: readonly PathFinding[];
  /** MISSING_REQUIRED_FIELD: Java's action for the pair is an ErrorAction. */
  readonly direct: boolean;
  /** The action of some field is itself an ErrorAction. */
  readonly fieldError: boolean;
}

const IN_PROGRESS = Symbol('in progress');

/**
 * Java 1.12's runtime resolution (`Resolver.resolve`, which `ResolvingGrammarGenerator`, the
 * `GenericDatumReader` and Pulsar's `SchemaValidatorBuilder` use): the plan by which a reader
 * actually reads a writer's data. Its errors decide the `pulsar` profile (a pair is compatible when
 * no error is reachable, Java's `Symbol.hasErrors`); its observations (logical types, lossy
 * promotions, enum symbols the reader lacks) are the warnings of every profile. Locations are JSON
 * pointers into the reader schema. Findings go straight into two lists; each `resolve` returns
 * whether Java's action for the pair is itself an ErrorAction (what `firstMatchingBranch` reads).
 */
export class RuntimeWalk {
  private path: string[] = [];
  private errors: PathFinding[] = [];
  private observations: PathFinding[] = [];
  private readonly records = new PairMap<AvroNode, RecordEntry | typeof IN_PROGRESS>();
  /** In `observeOnly` mode, the full walk that decides record branch trials. */
  private trials: RuntimeWalk | undefined;

  /**
   * `observeOnly`: only the observations are wanted (profiles `confluent` and `strict`), so pairs
   * whose traits cannot produce one are skipped, and errors are incomplete.
   */
  constructor(
    private readonly names: WriterNames,
    private readonly observeOnly = false,
    /** The history check's block results, for large fingerprinted records (observeOnly only). */
    private readonly blocks?: BlockMemo,
  ) {}

  run(reader: AvroNode, writer: AvroNode): Resolution {
    this.resolve(writer, reader);
    return { errors: this.errors, observations: this.observations };
  }

  private location(token?: string): string {
    const here = this.path.join('/');
    return token === undefined ? here : here === '' ? token : `${here}/${token}`;
  }

  private child(token: string, writer: AvroNode, reader: AvroNode): boolean {
    this.path.push(token);
    const direct = this.resolve(writer, reader);
    this.path.pop();
    return direct;
  }

  /** An ErrorAction, with Java's message ("Found int, expecting string"). */
  private error(type: AvroIncompatibilityType, writer: AvroNode, reader: AvroNode, token?: string, missingField?: string): true {
    const found = `Found ${isNamed(writer) ? this.names.fullName(writer) : writer.kind}, expecting ${isNamed(reader) ? reader.fullName : reader.kind}`;
    this.errors.push({ type, location: this.location(token), message: missingField === undefined ? found : `${found}, missing required field ${missingField}` });
    return true;
  }

  private observe(findings: readonly PathFinding[]): false {
    for (const finding of findings) this.observations.push(finding);
    return false;
  }

  private resolve(writer: AvroNode, reader: AvroNode): boolean {
    if (writer.fp !== '' && writer.fp === reader.fp && reader.selfCompatible) return false;
    if (this.observeOnly && !mayObserve(writer, reader)) return false;
    if (writer.kind === 'union') return this.writerUnion(writer, reader);
    if (writer.kind === reader.kind) {
      switch (writer.kind) {
        case 'fixed':
          if (this.names.name(writer) !== (reader as typeof writer).name) return this.error(AvroIncompatibilityType.NAME_MISMATCH, writer, reader, 'name');
          if (writer.size !== (reader as typeof writer).size) return this.error(AvroIncompatibilityType.FIXED_SIZE_MISMATCH, writer, reader, 'size');
          return this.leaf(writer, reader);
        case 'array':
          this.child('items', writer.items, (reader as typeof writer).items);
          return false;
        case 'map':
          this.child('values', writer.values, (reader as typeof writer).values);
          return false;
        case 'enum':
          if (this.names.name(writer) !== (reader as typeof writer).name) return this.error(AvroIncompatibilityType.NAME_MISMATCH, writer, reader, 'name');
          return this.observe(observeMissingSymbols(writer, reader as AvroEnum, () => this.location('symbols')));
        case 'record':
          return this.record(writer, reader as AvroRecord, true).direct;
        default:
          return this.leaf(writer, reader);
      }
    }
    if (reader.kind === 'union') return this.readerUnion(writer, reader);
    return promotes(reader.kind, writer.kind) ? this.leaf(writer, reader) : this.error(AvroIncompatibilityType.TYPE_MISMATCH, writer, reader);
  }

  /** A primitive or fixed read as such: nothing to observe unless an attribute or the kind differs. */
  private leaf(writer: AvroNode, reader: AvroNode): false {
    if (writer.props === reader.props && writer.kind === reader.kind) return false;
    return this.observe(observeLeaf(writer, reader, () => this.location()));
  }

  /**
   * Writer union: branch i against reader branch i when the two are the same union (Java's
   * `unionEquiv`), else every writer branch against the whole reader; every branch's errors count.
   */
  private writerUnion(writer: AvroUnion, reader: AvroNode): false {
    const pairwise = reader.kind === 'union' && unionEquivalent(writer, reader, this.names);
    writer.branches.forEach((branch, i) => {
      if (pairwise) this.child(String(i), branch, (reader as AvroUnion).branches[i] as AvroNode);
      else this.resolve(branch, reader);
    });
    return false;
  }

  /** Reader union, writer not: the branch Java's `firstMatchingBranch` picks, or NO_MATCHING_BRANCH. */
  private readerUnion(writer: AvroNode, reader: AvroUnion): boolean {
    const branch = firstMatchingBranch(writer, reader, this.names, (w: AvroRecord, r: AvroRecord) => this.recordMatchError(w, r));
    if (branch < 0) return this.error(AvroIncompatibilityType.MISSING_UNION_BRANCH, writer, reader);
    this.child(String(branch), writer, reader.branches[branch] as AvroNode);
    return false;
  }

  /** Java's `hasMatchError` for a record branch trial: decided by a full walk, never a pruned one. */
  private recordMatchError(writer: AvroRecord, reader: AvroRecord): boolean {
    if (this.observeOnly) {
      this.trials ??= new RuntimeWalk(this.names);
      return this.trials.recordMatchError(writer, reader);
    }
    const entry = this.record(writer, reader, false);
    return entry.direct || entry.fieldError;
  }

  /**
   * Java's `RecordAdjust`, memoised per pair (relative to the record): record names are not
   * checked; writer fields (renamed by the reader's aliases) are read into the reader field of the
   * same name, writer-only fields skipped; a reader field the writer lacks needs a default, else
   * MISSING_REQUIRED_FIELD, an error of the whole record. A pair met again while in progress adds
   * nothing (Java's grammar is cyclic there: see docs/avro.md). `emit` false: a branch trial.
   */
  private record(writer: AvroRecord, reader: AvroRecord, emit: boolean): RecordEntry {
    const known = this.records.get(writer, reader);
    if (known === IN_PROGRESS) return NO_ERROR;
    const entry = known ?? this.computeRecord(writer, reader);
    if (emit) this.emitRelative(entry);
    return entry;
  }

  private computeRecord(writer: AvroRecord, reader: AvroRecord): RecordEntry {
    this.records.set(writer, reader, IN_PROGRESS);
    const path = this.path;
    const errors = this.errors;
    const observations = this.observations;
    this.path = [];
    this.errors = [];
    this.observations = [];
    const { direct, fieldError } = this.recordFields(writer, reader);
    const entry: RecordEntry = { errors: this.errors, observations: this.observations, direct, fieldError };
    this.path = path;
    this.errors = errors;
    this.observations = observations;
    this.records.set(writer, reader, entry);
    return entry;
  }

  private emitRelative(entry: RecordEntry): void {
    if (entry.errors.length === 0 && entry.observations.length === 0) return;
    const here = this.location();
    const move = (finding: PathFinding): PathFinding => (here === '' ? finding : { ...finding, location: finding.location === '' ? here : `${here}/${finding.location}` });
    for (const finding of entry.errors) this.errors.push(move(finding));
    for (const finding of entry.observations) this.observations.push(move(finding));
  }

  /** A writer field read into a reader field; true when Java's action for it is an ErrorAction. */
  private field(writerField: AvroField, readerField: AvroField): boolean {
    this.path.push('fields', readerField.positionToken);
    const direct = this.child('type', writerField.type, readerField.type);
    this.path.pop();
    this.path.pop();
    return direct;
  }

  /** The observations of one field pair alone (for a block of fields, remembered by the session). */
  private observeField(writerField: AvroField, readerField: AvroField): readonly PathFinding[] {
    const outer = this.observations;
    this.observations = [];
    this.field(writerField, readerField);
    const found = this.observations;
    this.observations = outer;
    return found;
  }

  private recordFields(writer: AvroRecord, reader: AvroRecord): { direct: boolean; fieldError: boolean } {
    if (this.observeOnly && this.names.empty) {
      if (this.blocks && writer.fieldTree && reader.fp !== '') {
        const observe = (writerField: AvroField, readerField: AvroField): readonly PathFinding[] => this.observeField(writerField, readerField);
        for (const finding of observeFieldsByBlocks(writer, reader, writer.fieldTree, this.blocks.facts(reader), observe)) this.observations.push(finding);
      } else {
        for (const [writerField, readerField] of observableFieldPairs(writer, reader)) this.field(writerField, readerField);
      }
      return { direct: false, fieldError: false };
    }
    let fieldError = false;
    // With aliases, writer fields are known by their rewritten names; without, the writer's own map says.
    const read = this.names.empty ? undefined : new Set<string>();
    for (const writerField of writer.fields) {
      const name = this.names.fieldName(writer, writerField.name);
      const readerField = reader.fieldsByName.get(name);
      if (!readerField) continue;
      read?.add(name);
      if (this.observeOnly && !mayObserve(writerField.type, readerField.type)) continue;
      fieldError = this.field(writerField, readerField) || fieldError;
    }
    let direct = false;
    if (this.observeOnly) return { direct, fieldError };
    for (const readerField of reader.fields) {
      if (readerField.hasDefault || (read ? read.has(readerField.name) : writer.fieldsByName.has(readerField.name))) continue;
      direct = this.error(AvroIncompatibilityType.READER_FIELD_MISSING_DEFAULT_VALUE, writer, reader, `fields/${readerField.positionToken}`, readerField.name);
    }
    return { direct, fieldError };
  }
}

const NO_ERROR: RecordEntry = Object.freeze({ errors: Object.freeze([]), observations: Object.freeze([]), direct: false, fieldError: false });
