import { Hash64 } from '../util/hash64.js';

/**
 * A record's fields as a tree of blocks, each with a fingerprint of the writer-side facts the
 * compatibility walk reads (field names and types). Versions of a record that share most of their
 * fields share most blocks, so a history check can reuse the results of blocks it has seen
 * (docs/performance.md, scenario B).
 */
export interface FieldTree {
  /** Fingerprint of the names and type fingerprints of the fields in [start, end). */
  readonly fp: string;
  readonly start: number;
  readonly end: number;
  readonly children?: readonly [FieldTree, FieldTree];
}

/** Records with fewer fields are walked field by field: the tree would cost more than it saves. */
export const FIELD_TREE_MIN_FIELDS = 32;
const LEAF_SIZE = 8;

/**
 * Leaves of up to 8 consecutive fields, paired level by level from the left, so that the same
 * leading fields give the same subtrees whatever comes after them. `fieldKeys` are the fields'
 * fingerprints (`fieldFingerprint`).
 */
export function buildFieldTree(fieldKeys: readonly string[]): FieldTree {
  let level: FieldTree[] = [];
  for (let start = 0; start < fieldKeys.length; start += LEAF_SIZE) {
    const end = Math.min(start + LEAF_SIZE, fieldKeys.length);
    const hash = new Hash64().unit(0);
    for (let i = start; i < end; i++) hash.text(fieldKeys[i] as string);
    level.push({ fp: hash.digest(), start, end });
  }
  while (level.length > 1) {
    const next: FieldTree[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as FieldTree;
      const right = level[i + 1];
      next.push(right ? { fp: new Hash64().unit(1).text(left.fp).text(right.fp).digest(), start: left.start, end: right.end, children: [left, right] } : left);
    }
    level = next;
  }
  return level[0] ?? { fp: new Hash64().unit(0).digest(), start: 0, end: 0 };
}
