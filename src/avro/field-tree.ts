import { Hash64 } from '../util/hash64.js';
import { nameHash } from '../util/name-hash.js';
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
  /** 30 bits of `fp` as a small integer, the key of the block memo. */
  readonly key: number;
  /** 30 other bits of `fp`, which confirm a match in the block memo without reading `fp`. */
  readonly check: number;
  readonly start: number;
  readonly end: number;
  readonly children: readonly [FieldTree, FieldTree] | undefined;
  /** Leaves only: `nameHash` of each field's name, so that a reader can skip fields it lacks without reading them. */
  readonly nameHashes: readonly number[] | undefined;
}

/** Records with fewer fields are walked field by field: the tree would cost more than it saves. */
export const FIELD_TREE_MIN_FIELDS = 32;
const LEAF_SIZE = 8;

/** 30 bits of a fingerprint, from its code units i and i + 1. */
function bits(fp: string, i: number): number {
  return ((fp.charCodeAt(i) << 14) ^ fp.charCodeAt(i + 1)) & 0x3fffffff;
}

/**
 * Every node is built by this one literal, so that all have the same shape: the block walk reads
 * nodes of a thousand versions, and V8 keeps such reads fast only while it sees few shapes.
 */
function node(fp: string, start: number, end: number, children: readonly [FieldTree, FieldTree] | undefined, nameHashes: readonly number[] | undefined): FieldTree {
  return { fp, key: bits(fp, 0), check: bits(fp, 2), start, end, children, nameHashes };
}

/**
 * Leaves of up to 8 consecutive fields, paired level by level from the left, so that the same
 * leading fields give the same subtrees whatever comes after them.
 */
export function buildFieldTree(fields: readonly AvroField[]): FieldTree {
  let level: FieldTree[] = [];
  for (let start = 0; start < fields.length; start += LEAF_SIZE) {
    const end = Math.min(start + LEAF_SIZE, fields.length);
    const hash = new Hash64().unit(0);
    const nameHashes: number[] = [];
    for (let i = start; i < end; i++) {
      const field = fields[i] as AvroField;
      hashField(hash, field);
      nameHashes[i - start] = nameHash(field.name);
    }
    level.push(node(hash.digest(), start, end, undefined, nameHashes));
  }
  while (level.length > 1) {
    const next: FieldTree[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as FieldTree;
      const right = level[i + 1];
      next.push(right ? node(new Hash64().unit(1).key(left.fp).key(right.fp).digest(), left.start, right.end, [left, right], undefined) : left);
    }
    level = next;
  }
  return level[0] ?? node(new Hash64().unit(0).digest(), 0, 0, undefined, undefined);
}
