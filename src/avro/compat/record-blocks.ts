import type { FieldTree } from '../field-tree.js';
import type { AvroField, AvroRecord } from '../model.js';
import { AvroIncompatibilityType } from './findings.js';
import { nameHash } from '../../util/name-hash.js';
import type { PathFinding, ResolutionWalk } from './walk.js';
import { NO_FINDINGS } from './walk.js';

/** What a block of writer fields gives a reader record. */
interface BlockResult {
  /** How many reader fields without a default found their writer field in the block. */
  readonly requiredMatched: number;
  /** Findings of the matched reader fields, by reader position; locations relative to the record. */
  readonly entries: readonly BlockEntry[];
}

interface BlockEntry {
  readonly position: number;
  readonly findings: readonly PathFinding[];
}

/** What the block walk needs to know of a reader record, and the results of the blocks it met. */
export interface ReaderFacts {
  /** No field aliases: each writer field then matches at most one reader field, and no reader field twice. */
  readonly aliasFree: boolean;
  /** How many reader fields have no default. */
  readonly required: number;
  /** The reader's fields by `nameHash` of their names (a list, in case two names share a hash). */
  readonly byNameHash: ReadonlyMap<number, readonly AvroField[]>;
  /** Block results by the block's `key`, each with the block's `check` to confirm the match. */
  readonly results: BlockResults<BlockResult>;
  /** The runtime walk's observations of blocks (warnings), by the same keys: see runtime/observe-blocks.ts. */
  readonly observed: BlockResults<readonly PathFinding[]>;
}

/** Results of blocks by the block's `key`, each with the block's `check` to confirm the match. */
export type BlockResults<R> = Map<number, { readonly check: number; readonly result: R }>;

/** Reader facts and block results of one history check, by the reader's fingerprint. */
export class BlockMemo {
  private readonly readers = new Map<string, ReaderFacts>();

  facts(reader: AvroRecord): ReaderFacts {
    let facts = this.readers.get(reader.fp);
    if (!facts) this.readers.set(reader.fp, (facts = readerFacts(reader)));
    return facts;
  }
}

function readerFacts(reader: AvroRecord): ReaderFacts {
  const byNameHash = new Map<number, AvroField[]>();
  let required = 0;
  for (const field of reader.fields) {
    const hash = nameHash(field.name);
    const same = byNameHash.get(hash);
    if (same) same.push(field);
    else byNameHash.set(hash, [field]);
    if (!field.hasDefault) required++;
  }
  return { aliasFree: reader.fields.every((field) => field.aliases.length === 0), required, byNameHash, results: new Map(), observed: new Map() };
}

/**
 * The record-fields check of `checkRecordFields` (same list, same order), computed block by block
 * over the writer's field tree so that blocks already met in this history check cost one lookup.
 * Only for readers without field aliases: then fields match by name alone, one to one.
 */
export function checkFieldsByBlocks(walk: ResolutionWalk, reader: AvroRecord, writer: AvroRecord, tree: FieldTree, memo: BlockMemo): readonly PathFinding[] | undefined {
  const facts = memo.facts(reader);
  if (!facts.aliasFree) return undefined;
  const result = blockResult(tree, writer.fields.length, facts.results, (leaf) => leafResult(walk, writer, leaf, facts), joinResults);
  if (result.entries.length === 0 && result.requiredMatched === facts.required) return NO_FINDINGS;
  const findings: PathFinding[] = [];
  let next = 0;
  for (const field of reader.fields) {
    const entry = result.entries[next];
    if (entry?.position === field.position) {
      for (const finding of entry.findings) findings.push(finding);
      next++;
    } else if (!field.hasDefault && !writer.fieldsByName.has(field.name)) {
      findings.push({ type: AvroIncompatibilityType.READER_FIELD_MISSING_DEFAULT_VALUE, location: `fields/${field.positionToken}`, message: field.name });
    }
  }
  return walk.fromRecord(findings);
}

/**
 * The result of a block, from `results` when met before; leaves are computed by `leaf`, and the
 * halves of a block joined by `join`. Blocks that hold the record's last field are not memoised:
 * appending fields, the usual evolution, changes exactly those, so another version would rarely
 * share them.
 */
export function blockResult<R>(tree: FieldTree, fieldCount: number, results: BlockResults<R>, leaf: (leaf: FieldTree) => R, join: (left: R, right: R) => R): R {
  const memoised = tree.end < fieldCount;
  const known = memoised ? results.get(tree.key) : undefined;
  if (known?.check === tree.check) return known.result;
  const result = tree.children
    ? join(blockResult(tree.children[0], fieldCount, results, leaf, join), blockResult(tree.children[1], fieldCount, results, leaf, join))
    : leaf(tree);
  if (memoised && !known) results.set(tree.key, { check: tree.check, result });
  return result;
}

function joinResults(left: BlockResult, right: BlockResult): BlockResult {
  return { requiredMatched: left.requiredMatched + right.requiredMatched, entries: mergeEntries(left.entries, right.entries) };
}

function leafResult(walk: ResolutionWalk, writer: AvroRecord, leaf: FieldTree, facts: ReaderFacts): BlockResult {
  let requiredMatched = 0;
  let entries: BlockEntry[] | undefined;
  const hashes = leaf.nameHashes ?? EMPTY_HASHES;
  for (let i = leaf.start; i < leaf.end; i++) {
    const readerField = readerFieldOf(writer, leaf, i, hashes, facts);
    if (!readerField) continue;
    const writerField = writer.fields[i] as AvroField;
    if (!readerField.hasDefault) requiredMatched++;
    if (identicalTypes(readerField, writerField)) continue;
    const findings = walk.fieldOfRecord(readerField, writerField);
    if (findings.length > 0) (entries ??= []).push({ position: readerField.position, findings });
  }
  return { requiredMatched, entries: entries ? entries.sort((a, b) => a.position - b.position) : NO_ENTRIES };
}

/** The reader field of the same name as writer field `i` of a leaf, if any. */
export function readerFieldOf(writer: AvroRecord, leaf: FieldTree, i: number, hashes: readonly number[], facts: ReaderFacts): AvroField | undefined {
  // Fields the reader lacks are skipped on their name hash alone, without reading the writer field.
  const sameHash = facts.byNameHash.get(hashes[i - leaf.start] ?? nameHash((writer.fields[i] as AvroField).name));
  if (!sameHash) return undefined;
  const name = (writer.fields[i] as AvroField).name;
  return sameHash.find((field) => field.name === name);
}

const NO_ENTRIES: readonly BlockEntry[] = Object.freeze([]);
export const EMPTY_HASHES: readonly number[] = Object.freeze([]);

/** The walk's own shortcut, taken before any work: identical, self-compatible types read each other. */
function identicalTypes(readerField: AvroField, writerField: AvroField): boolean {
  const fp = readerField.type.fp;
  return fp !== '' && fp === writerField.type.fp && readerField.type.selfCompatible;
}

function mergeEntries(a: readonly BlockEntry[], b: readonly BlockEntry[]): readonly BlockEntry[] {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  return [...a, ...b].sort((x, y) => x.position - y.position);
}
