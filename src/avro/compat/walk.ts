import type { Finding } from '../../result.js';
import type { AvroField, AvroNamed, AvroNode, AvroSchema } from '../model.js';
import type { ReaderAliases } from './runtime/aliases.js';
import { isNamed, javaTypeName } from '../model.js';
import { checkFixed, checkEnum, checkNames } from './named.js';
import { checkRecordFields } from './records.js';
import { checkReaderUnion, checkUnionUnion, checkWriterUnion } from './unions.js';
import { AvroIncompatibilityType } from './findings.js';
import { promotes } from './promotions.js';
import { BlockMemo } from './record-blocks.js';
import { PairMap } from '../../util/pair-map.js';

/** A finding whose location is the token path without the leading `/` (`''` is the root). */
export type PathFinding = Finding;

const NONE: readonly PathFinding[] = Object.freeze([]);
/** What a verdict-only visit returns for a pair memoised as incompatible. */
const FAILED: readonly PathFinding[] = Object.freeze([{ type: AvroIncompatibilityType.TYPE_MISMATCH, location: '', message: 'incompatible (verdict only)' }]);
const IN_PROGRESS = Symbol('in progress');

interface MemoEntry {
  readonly findings: readonly PathFinding[];
  /** The path at which the findings were computed: their locations start with it. */
  readonly base: string;
}

/**
 * What the pairs of one history check share: results of sub-schema pairs keyed by the two nodes'
 * structural fingerprints (full lists, and verdicts of union trials), and results of record blocks.
 */
export class SessionMemo {
  private readonly entries = new PairMap<string, MemoEntry>();
  private readonly verdicts = new PairMap<string, boolean>();
  /** Results of blocks of writer fields (large records), see record-blocks.ts. */
  readonly blocks = new BlockMemo();
  private readonly aliases = new Map<AvroSchema, ReaderAliases>();

  /** A reader's aliases, computed once per history check. */
  aliasesOf(reader: AvroSchema, compute: () => ReaderAliases): ReaderAliases {
    let aliases = this.aliases.get(reader);
    if (!aliases) this.aliases.set(reader, (aliases = compute()));
    return aliases;
  }

  get(reader: string, writer: string): MemoEntry | undefined {
    return this.entries.get(reader, writer);
  }

  set(reader: string, writer: string, entry: MemoEntry): void {
    this.entries.set(reader, writer, entry);
  }

  /** Whether a pair is compatible, when only that was asked (union trials). */
  verdict(reader: string, writer: string): boolean | undefined {
    const full = this.entries.get(reader, writer);
    return full ? full.findings.length === 0 : this.verdicts.get(reader, writer);
  }

  setVerdict(reader: string, writer: string, compatible: boolean): void {
    this.verdicts.set(reader, writer, compatible);
  }
}

/** How the walk reproduces Apache Avro Java 1.12's `SchemaCompatibility`. */
export interface WalkOptions {
  /**
   * Reproduce Java's reporting bugs too: a memoised sub-pair reported at the location of its first
   * visit, and an enum field with an enum default but no field default, missing in the writer,
   * reported as TYPE_MISMATCH ENUM/RECORD. Off by default (DESIGN §3).
   */
  readonly javaQuirks: boolean;
}

/**
 * One reader/writer resolution walk: Java's `ReaderWriterCompatibilityChecker`. Pairs in progress
 * count as compatible (co-induction, as Java). Pairs with a named type are memoised per pair, as
 * Java does; pairs of fingerprinted nodes by content, in the session's memo, across versions.
 */
export class ResolutionWalk {
  private path: string[] = [];
  /**
   * Inside a union trial of non-recursive types only the verdict is kept, so the walk stops at the
   * first finding (a name mismatch skips the fields). Not under javaQuirks: Java memoises the full
   * lists of trials, and reuses their stale locations.
   */
  verdictOnly = false;
  private readonly memo = new PairMap<AvroNode, MemoEntry | typeof IN_PROGRESS>();
  private readonly verdicts = new PairMap<AvroNode, boolean>();

  constructor(readonly options: WalkOptions, private readonly shared: SessionMemo) {}

  /** The whole check: Java's `checkReaderWriterCompatibility(reader, writer)` list, in Java's order. */
  run(reader: AvroNode, writer: AvroNode): readonly Finding[] {
    const findings = this.visit(reader, writer);
    return findings.length === 0 ? NONE : findings.map((finding) => ({ ...finding, location: `/${finding.location}` }));
  }

  /** Checks a child pair one token down (`items`, `type`, a branch index). */
  child(token: string, reader: AvroNode, writer: AvroNode): readonly PathFinding[] {
    this.path.push(token);
    const findings = this.visit(reader, writer);
    this.path.pop();
    return findings;
  }

  /** Checks a pair on a fresh location stack, as Java's union checks do; the caller keeps only the verdict. */
  trial(reader: AvroNode, writer: AvroNode): boolean {
    const saved = this.path;
    const savedVerdictOnly = this.verdictOnly;
    this.path = [];
    this.verdictOnly ||= !this.options.javaQuirks && reader.acyclic && writer.acyclic;
    const findings = this.visit(reader, writer);
    this.path = saved;
    this.verdictOnly = savedVerdictOnly;
    return findings.length === 0;
  }

  /** In a verdict-only trial, one finding decides: the caller may stop. */
  decided(findings: readonly PathFinding[]): boolean {
    return this.verdictOnly && findings.length > 0;
  }

  /** A reader field's type against a writer field's, with locations relative to their record (`fields/<i>/type/...`). */
  fieldOfRecord(readerField: AvroField, writerField: AvroField): readonly PathFinding[] {
    const saved = this.path;
    this.path = ['fields', readerField.positionToken];
    const findings = this.child('type', readerField.type, writerField.type);
    this.path = saved;
    return findings;
  }

  /** Findings with locations relative to the record being checked, placed at the current location. */
  fromRecord(findings: readonly PathFinding[]): readonly PathFinding[] {
    const here = this.location();
    if (findings.length === 0 || here === '') return findings;
    return findings.map((finding) => ({ ...finding, location: `${here}/${finding.location}` }));
  }

  /** The session's block memo, when large records may be checked block by block (not under javaQuirks, not in a trial). */
  blockMemo(): BlockMemo | undefined {
    return this.options.javaQuirks || this.verdictOnly ? undefined : this.shared.blocks;
  }

  push(token: string): void {
    this.path.push(token);
  }

  pop(): void {
    this.path.pop();
  }

  /** A finding at the current location, or one token below it. */
  finding(type: AvroIncompatibilityType, message: string, token?: string): PathFinding {
    const here = this.location();
    const location = token === undefined ? here : here === '' ? token : `${here}/${token}`;
    return { type, location, message };
  }

  typeMismatch(reader: AvroNode, writer: AvroNode): readonly PathFinding[] {
    const message = `reader type: ${javaTypeName(reader.kind)} not compatible with writer type: ${javaTypeName(writer.kind)}`;
    return [this.finding(AvroIncompatibilityType.TYPE_MISMATCH, message)];
  }

  private location(): string {
    return this.path.join('/');
  }

  private visit(reader: AvroNode, writer: AvroNode): readonly PathFinding[] {
    const fingerprinted = !this.options.javaQuirks && reader.fp !== '' && writer.fp !== '';
    if (fingerprinted && reader.fp === writer.fp && reader.selfCompatible) return NONE;
    if (this.verdictOnly) return this.verdictOf(reader, writer, fingerprinted);
    // A large record's pair is not memoised itself: its blocks are (record-blocks.ts), which is what
    // another version can share.
    if (fingerprinted && !(writer.kind === 'record' && writer.fieldTree)) {
      const known = this.shared.get(reader.fp, writer.fp);
      if (known) return this.relocate(known);
      const findings = this.calculate(reader, writer);
      this.shared.set(reader.fp, writer.fp, { findings, base: findings.length === 0 ? '' : this.location() });
      return findings;
    }
    // Only a pair with a named type can be met again (through a reference): memoise those, as Java does.
    if (!isNamed(reader) && !isNamed(writer)) return this.calculate(reader, writer);
    const entry = this.memo.get(reader, writer);
    if (entry === IN_PROGRESS) return NONE;
    if (entry) return this.options.javaQuirks ? entry.findings : this.relocate(entry);
    this.memo.set(reader, writer, IN_PROGRESS);
    const findings = this.calculate(reader, writer);
    this.memo.set(reader, writer, { findings, base: findings.length === 0 ? '' : this.location() });
    return findings;
  }

  /** A verdict-only visit (acyclic pairs): the findings are only a token of the verdict (the first one found). */
  private verdictOf(reader: AvroNode, writer: AvroNode, fingerprinted: boolean): readonly PathFinding[] {
    const known = fingerprinted ? this.shared.verdict(reader.fp, writer.fp) : this.verdicts.get(reader, writer);
    if (known !== undefined) return known ? NONE : FAILED;
    const findings = this.calculate(reader, writer);
    if (fingerprinted) this.shared.setVerdict(reader.fp, writer.fp, findings.length === 0);
    else this.verdicts.set(reader, writer, findings.length === 0);
    return findings;
  }

  /** Moves memoised findings from the location where they were found to the current one. */
  private relocate(entry: MemoEntry): readonly PathFinding[] {
    if (entry.findings.length === 0) return NONE;
    const here = this.location();
    if (here === entry.base) return entry.findings;
    return entry.findings.map((finding) => {
      const rest = entry.base === '' ? (finding.location === '' ? '' : `/${finding.location}`) : finding.location.slice(entry.base.length);
      return { ...finding, location: here === '' ? rest.slice(1) : here + rest };
    });
  }

  /** Java's `calculateCompatibility`: same kinds recurse, different kinds promote, union or mismatch. */
  private calculate(reader: AvroNode, writer: AvroNode): readonly PathFinding[] {
    if (reader.kind === writer.kind) {
      switch (reader.kind) {
        case 'array':
          return this.child('items', reader.items, (writer as typeof reader).items);
        case 'map':
          return this.child('values', reader.values, (writer as typeof reader).values);
        case 'fixed':
          return this.afterNames(reader, writer as typeof reader, checkFixed);
        case 'enum':
          return this.afterNames(reader, writer as typeof reader, checkEnum);
        case 'record':
          return this.afterNames(reader, writer as typeof reader, checkRecordFields);
        case 'union':
          return checkUnionUnion(this, reader, writer as typeof reader);
        default:
          return NONE;
      }
    }
    if (writer.kind === 'union') return checkWriterUnion(this, reader, writer);
    if (reader.kind === 'union') return checkReaderUnion(this, reader, writer);
    return promotes(reader.kind, writer.kind) ? NONE : this.typeMismatch(reader, writer);
  }

  /** Java checks a named type's name, then its content, and reports both. */
  private afterNames<T extends AvroNamed>(reader: T, writer: T, content: (walk: ResolutionWalk, reader: T, writer: T) => readonly PathFinding[]): readonly PathFinding[] {
    const names = checkNames(this, reader, writer);
    return this.decided(names) ? names : concat(names, content(this, reader, writer));
  }
}

export function concat(a: readonly PathFinding[], b: readonly PathFinding[]): readonly PathFinding[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return [...a, ...b];
}

/**
 * Findings gathered list by list, each appended in place: `concat` in a loop copies the whole
 * list on every append, which made a record of 20,000 incompatible fields quadratic. The first
 * list is kept as it is (often the only one); a list of our own is made at the second.
 */
export class FindingList {
  private items: readonly PathFinding[] = NONE;
  private own: PathFinding[] | undefined;

  add(more: readonly PathFinding[]): void {
    if (more.length === 0) return;
    if (this.items.length === 0) {
      this.items = more;
      return;
    }
    if (this.own === undefined) this.items = this.own = this.items.slice();
    for (const finding of more) this.own.push(finding);
  }

  get list(): readonly PathFinding[] {
    return this.items;
  }
}

export { NONE as NO_FINDINGS };
