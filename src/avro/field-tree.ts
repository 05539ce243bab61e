import { Hash64 } from '../util/hash64.js';
import type { AvroField } from './model.js';
import { hashField } from './structure.js';

/**
 * A record's fields as a tree of blocks, each with a fingerprint of the fields in it. Versions of
 * a record that share most of their fields share most blocks, so a history check can reuse the
 * results of blocks it has seen (docs/performance.md, scenario B).
 */
export interface FieldTree {
  /** Fingerprint of the fields in [start, end) (names, aliases, defaults and type fingerprints). */
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
 * leading fields give the same subtrees whatever comes after them.
 */
export function buildFieldTree(fields: readonly AvroField[]): FieldTree {
  let level: FieldTree[] = [];
  for (let start = 0; start < fields.length; start += LEAF_SIZE) {
    const end = Math.min(start + LEAF_SIZE, fields.length);
    const hash = new Hash64().unit(0);
    for (let i = start; i < end; i++) hashField(hash, fields[i] as AvroField);
    level.push({ fp: hash.digest(), start, end });
  }
  while (level.length > 1) {
    const next: FieldTree[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as FieldTree;
      const right = level[i + 1];
      next.push(right ? { fp: new Hash64().unit(1).key(left.fp).key(right.fp).digest(), start: left.start, end: right.end, children: [left, right] } : left);
    }
    level = next;
  }
  return level[0] ?? { fp: new Hash64().unit(0).digest(), start: 0, end: 0 };
}
