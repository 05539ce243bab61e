import { PairMap } from '../../../util/pair-map.js';
import type { AvroEnum, AvroField, AvroNode, AvroRecord, AvroUnion } from '../../model.js';
import { isNamed } from '../../model.js';
import { AvroIncompatibilityType } from '../findings.js';
import type { PathFinding } from '../walk.js';
import type { WriterNames } from './aliases.js';
import { observeLeaf, observeMissingSymbols } from './observations.js';
import { firstMatchingBranch } from './reader-union.js';
import { unionEquivalent } from './union-equiv.js';
import { promotes } from '../promotions.js';

/** What resolving a pair gives: errors (Java's ErrorActions), observations of the data path, and whether the pair's own action is an error. */
export interface Resolution {
  readonly errors: readonly PathFinding[];
  readonly observations: readonly PathFinding[];
  /** Java's action for this pair is itself an ErrorAction (what `firstMatchingBranch` looks at). */
  readonly direct: boolean;
}

const NOTHING: Resolution = Object.freeze({ errors: Object.freeze([]), observations: Object.freeze([]), direct: false });
const IN_PROGRESS = Symbol('in progress');

/**
 * Java 1.12's runtime resolution (`Resolver.resolve`, which `ResolvingGrammarGenerator`, the
 * `GenericDatumReader` and Pulsar's `SchemaValidatorBuilder` use): the plan by which a reader
 * actually reads a writer's data. Its errors decide the `pulsar` profile (a pair is compatible when
 * no error is reachable, Java's `Symbol.hasErrors`); its observations (logical types, lossy
 * promotions, enum symbols the reader lacks) are the warnings of every profile. Locations are JSON
 * pointers into the reader schema.
 */
export class RuntimeWalk {
  private path: string[] = [];
  private readonly records = new PairMap<AvroNode, Resolution | typeof IN_PROGRESS>();

  constructor(private readonly names: WriterNames) {}

  run(reader: AvroNode, writer: AvroNode): Resolution {
    return this.resolve(writer, reader);
  }

  /** A pair one token down the reader schema (`items`, `type`, a reader branch), or at the same place (`undefined`). */
  private child(token: string | undefined, writer: AvroNode, reader: AvroNode): Resolution {
    if (token === undefined) return this.resolve(writer, reader);
    this.path.push(token);
    const resolution = this.resolve(writer, reader);
    this.path.pop();
    return resolution;
  }

  private location(token?: string): string {
    const here = this.path.join('/');
    return token === undefined ? here : here === '' ? token : `${here}/${token}`;
  }

  /** An ErrorAction, with Java's message ("Found int, expecting string"). */
  private error(type: AvroIncompatibilityType, writer: AvroNode, reader: AvroNode, token?: string, missingField?: string): Resolution {
    const found = `Found ${this.fullName(writer)}, expecting ${fullName(reader)}`;
    const message = missingField === undefined ? found : `${found}, missing required field ${missingField}`;
    return { errors: [{ type, location: this.location(token), message }], observations: [], direct: true };
  }

  private fullName(writer: AvroNode): string {
    return isNamed(writer) ? this.names.fullName(writer) : writer.kind;
  }

  private resolve(writer: AvroNode, reader: AvroNode): Resolution {
    if (writer.fp !== '' && writer.fp === reader.fp && reader.selfCompatible) return NOTHING;
    if (writer.kind === 'union') return this.writerUnion(writer, reader);
    if (writer.kind === reader.kind) {
      switch (writer.kind) {
        case 'fixed':
          if (this.names.name(writer) !== (reader as typeof writer).name) return this.error(AvroIncompatibilityType.NAME_MISMATCH, writer, reader, 'name');
          if (writer.size !== (reader as typeof writer).size) return this.error(AvroIncompatibilityType.FIXED_SIZE_MISMATCH, writer, reader, 'size');
          return observeLeaf(writer, reader, this.location());
        case 'array':
          return container(this.child('items', writer.items, (reader as typeof writer).items));
        case 'map':
          return container(this.child('values', writer.values, (reader as typeof writer).values));
        case 'enum':
          if (this.names.name(writer) !== (reader as typeof writer).name) return this.error(AvroIncompatibilityType.NAME_MISMATCH, writer, reader, 'name');
          return observeMissingSymbols(writer, reader as AvroEnum, this.location('symbols'));
        case 'record':
          return this.record(writer, reader as AvroRecord);
        default:
          return observeLeaf(writer, reader, this.location());
      }
    }
    if (reader.kind === 'union') return this.readerUnion(writer, reader);
    return promotes(reader.kind, writer.kind) ? observeLeaf(writer, reader, this.location()) : this.error(AvroIncompatibilityType.TYPE_MISMATCH, writer, reader);
  }

  /**
   * Writer union: branch i against reader branch i when the two are the same union (Java's
   * `unionEquiv`), else every writer branch against the whole reader; every branch's errors count.
   */
  private writerUnion(writer: AvroUnion, reader: AvroNode): Resolution {
    const pairwise = reader.kind === 'union' && unionEquivalent(writer, reader, this.names);
    const parts = writer.branches.map((branch, i) =>
      pairwise ? this.child(String(i), branch, (reader as AvroUnion).branches[i] as AvroNode) : this.child(undefined, branch, reader),
    );
    return container(merge(parts));
  }

  /** Reader union, writer not: the branch Java's `firstMatchingBranch` picks, or NO_MATCHING_BRANCH. */
  private readerUnion(writer: AvroNode, reader: AvroUnion): Resolution {
    const branch = firstMatchingBranch(writer, reader, this.names, (w: AvroRecord, r: AvroRecord) => this.recordMatchError(w, r));
    if (branch < 0) return this.error(AvroIncompatibilityType.MISSING_UNION_BRANCH, writer, reader);
    return container(this.child(String(branch), writer, reader.branches[branch] as AvroNode));
  }

  /** Java's `hasMatchError(RecordAdjust.resolve(w, b))`: the record, or one of its fields directly, is an error. */
  private recordMatchError(writer: AvroRecord, reader: AvroRecord): boolean {
    const saved = this.path;
    this.path = [];
    const resolution = this.record(writer, reader);
    this.path = saved;
    return resolution.direct || (resolution as RecordResolution).fieldError === true;
  }

  /**
   * Java's `RecordAdjust`: record names are not checked; writer fields (renamed by the reader's
   * aliases) are read into the reader field of the same name, writer-only fields skipped; a
   * reader field the writer lacks needs a default (else MISSING_REQUIRED_FIELD, an error of the
   * whole record). Results are memoised per pair, relative to the record; a pair met again while in
   * progress resolves without errors (Java's graph is cyclic there; see docs/avro.md).
   */
  private record(writer: AvroRecord, reader: AvroRecord): Resolution {
    const known = this.records.get(writer, reader);
    if (known === IN_PROGRESS) return NOTHING;
    if (known) return prefixed(known, this.location());
    this.records.set(writer, reader, IN_PROGRESS);
    const saved = this.path;
    this.path = [];
    const resolution = this.recordFields(writer, reader);
    this.path = saved;
    this.records.set(writer, reader, resolution);
    return prefixed(resolution, this.location());
  }

  private recordFields(writer: AvroRecord, reader: AvroRecord): RecordResolution {
    const parts: PositionedResolution[] = [];
    const read = new Set<string>();
    let fieldError = false;
    for (const writerField of writer.fields) {
      const name = this.names.fieldName(writer, writerField.name);
      const readerField = reader.fieldsByName.get(name);
      if (!readerField) continue;
      read.add(name);
      this.path.push('fields', readerField.positionToken);
      const part = this.child('type', writerField.type, readerField.type);
      this.path.length -= 2;
      fieldError ||= part.direct;
      parts.push(withPosition(part, readerField));
    }
    let direct = false;
    for (const readerField of reader.fields) {
      if (read.has(readerField.name) || readerField.hasDefault) continue;
      direct = true;
      parts.push(withPosition(this.error(AvroIncompatibilityType.READER_FIELD_MISSING_DEFAULT_VALUE, writer, reader, `fields/${readerField.positionToken}`, readerField.name), readerField));
    }
    parts.sort((a, b) => a.position - b.position);
    return { ...merge(parts), direct, fieldError };
  }
}

interface RecordResolution extends Resolution {
  readonly fieldError: boolean;
}

interface PositionedResolution extends Resolution {
  readonly position: number;
}

function withPosition(resolution: Resolution, field: AvroField): PositionedResolution {
  return { ...resolution, position: field.position };
}

/** An action wrapping others (a container, a union): their errors count, but it is not itself an ErrorAction. */
function container(resolution: Resolution): Resolution {
  return resolution.direct ? { ...resolution, direct: false } : resolution;
}

function merge(parts: readonly Resolution[]): Resolution {
  if (parts.length === 1) return parts[0] as Resolution;
  const errors: PathFinding[] = [];
  const observations: PathFinding[] = [];
  for (const part of parts) {
    errors.push(...part.errors);
    observations.push(...part.observations);
  }
  return errors.length === 0 && observations.length === 0 ? NOTHING : { errors, observations, direct: false };
}

function prefixed(resolution: Resolution, here: string): Resolution {
  if (here === '' || (resolution.errors.length === 0 && resolution.observations.length === 0)) return resolution;
  const move = (finding: PathFinding): PathFinding => ({ ...finding, location: finding.location === '' ? here : `${here}/${finding.location}` });
  return { ...resolution, errors: resolution.errors.map(move), observations: resolution.observations.map(move) };
}

function fullName(node: AvroNode): string {
  return isNamed(node) ? node.fullName : node.kind;
}
