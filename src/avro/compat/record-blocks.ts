import type { FieldTree } from '../field-tree.js';
import type { AvroField, AvroRecord } from '../model.js';
import { AvroIncompatibilityType } from './findings.js';
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

/** What the block walk needs to know of a reader record, once per history check. */
interface ReaderFacts {
  /** No field aliases: each writer field then matches at most one reader field, and no reader field twice. */
  readonly aliasFree: boolean;
  /** How many reader fields have no default. */
  readonly required: number;
}

/** Block results and reader facts of one history check, by fingerprint. */
export class BlockMemo {
  private readonly results = new Map<string, Map<string, BlockResult>>();
  private readonly readers = new Map<string, ReaderFacts>();

  facts(reader: AvroRecord): ReaderFacts {
    let facts = this.readers.get(reader.fp);
    if (!facts) {
      facts = {
        aliasFree: reader.fields.every((field) => field.aliases.length === 0),
        required: reader.fields.reduce((count, field) => count + (field.hasDefault ? 0 : 1), 0),
      };
      this.readers.set(reader.fp, facts);
    }
    return facts;
  }

  /** The results of the blocks met so far by one reader record, by block fingerprint. */
  resultsFor(reader: string): Map<string, BlockResult> {
    let results = this.results.get(reader);
    if (!results) this.results.set(reader, (results = new Map()));
    return results;
  }
}

/**
 * The record-fields check of `checkRecordFields` (same list, same order), computed block by block
 * over the writer's field tree so that blocks already met in this history check cost one lookup.
 * Only for readers without field aliases: then fields match by name alone, one to one.
 */
export function checkFieldsByBlocks(walk: ResolutionWalk, reader: AvroRecord, writer: AvroRecord, tree: FieldTree, memo: BlockMemo): readonly PathFinding[] | undefined {
  const facts = memo.facts(reader);
  if (!facts.aliasFree) return undefined;
  const result = blockResult(walk, reader, writer, tree, memo.resultsFor(reader.fp));
  if (result.entries.length === 0 && result.requiredMatched === facts.required) return NO_FINDINGS;
  const findings: PathFinding[] = [];
  let next = 0;
  for (const field of reader.fields) {
    const entry = result.entries[next];
    if (entry?.position === field.position) {
      findings.push(...entry.findings);
      next++;
    } else if (!field.hasDefault && !writer.fieldsByName.has(field.name)) {
      findings.push({ type: AvroIncompatibilityType.READER_FIELD_MISSING_DEFAULT_VALUE, location: `fields/${field.positionToken}`, message: field.name });
    }
  }
  return walk.fromRecord(findings);
}

/**
 * The result of a block, from the memo when met before. Blocks that hold the record's last field
 * are not memoised: appending fields, the usual evolution, changes exactly those, so another
 * version would rarely share them.
 */
function blockResult(walk: ResolutionWalk, reader: AvroRecord, writer: AvroRecord, tree: FieldTree, results: Map<string, BlockResult>): BlockResult {
  const memoised = tree.end < writer.fields.length;
  let result = memoised ? results.get(tree.fp) : undefined;
  if (result) return result;
  if (tree.children) {
    const left = blockResult(walk, reader, writer, tree.children[0], results);
    const right = blockResult(walk, reader, writer, tree.children[1], results);
    result = { requiredMatched: left.requiredMatched + right.requiredMatched, entries: mergeEntries(left.entries, right.entries) };
  } else {
    result = leafResult(walk, reader, writer, tree);
  }
  if (memoised) results.set(tree.fp, result);
  return result;
}

function leafResult(walk: ResolutionWalk, reader: AvroRecord, writer: AvroRecord, leaf: FieldTree): BlockResult {
  let requiredMatched = 0;
  let entries: BlockEntry[] | undefined;
  for (let i = leaf.start; i < leaf.end; i++) {
    const writerField = writer.fields[i] as AvroField;
    const readerField = reader.fieldsByName.get(writerField.name);
    if (!readerField) continue;
    if (!readerField.hasDefault) requiredMatched++;
    if (identicalTypes(readerField, writerField)) continue;
    const findings = walk.fieldOfRecord(readerField, writerField);
    if (findings.length > 0) (entries ??= []).push({ position: readerField.position, findings });
  }
  return { requiredMatched, entries: entries ? entries.sort((a, b) => a.position - b.position) : NO_ENTRIES };
}

const NO_ENTRIES: readonly BlockEntry[] = Object.freeze([]);

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
