import type { AvroKind, AvroNode, AvroRecord, AvroUnion } from '../../model.js';
import { isNamed } from '../../model.js';
import type { WriterNames } from './aliases.js';

/** Java's runtime promotion scan of a reader union: the promotions, in the order Java tries them. */
const PROMOTED_TO: Readonly<Partial<Record<AvroKind, readonly AvroKind[]>>> = {
  int: ['long', 'double', 'float'],
  long: ['double', 'float'],
  float: ['double'],
  string: ['bytes'],
  bytes: ['string'],
};

/** The first branch of each kind (unnamed kinds) and of each kind and full name (named ones): Java's first pass, looked up. */
const EXACT = new WeakMap<AvroUnion, ReadonlyMap<string, number>>();

function exactKey(kind: AvroKind, fullName: string | undefined): string {
  return fullName === undefined ? kind : `${kind} ${fullName}`;
}

function exactIndex(reader: AvroUnion): ReadonlyMap<string, number> {
  let index = EXACT.get(reader);
  if (index === undefined) {
    const built = new Map<string, number>();
    reader.branches.forEach((branch, j) => {
      const key = exactKey(branch.kind, isNamed(branch) ? branch.fullName : undefined);
      if (!built.has(key)) built.set(key, j);
    });
    EXACT.set(reader, (index = built));
  }
  return index;
}

/**
 * Java's `ReaderUnion.firstMatchingBranch` ("bug-for-bug" from Avro 1.8), in its passes: the first
 * branch of the writer's kind, where a named type needs its full name equal (an index: scanning
 * the union for every writer branch made a union of n records O(n^2) record trials); for a record
 * writer, failing that, the first record branch it resolves against without a direct error, one
 * with the same simple name preferred; then the first branch the writer promotes to. -1 when none.
 */
export function firstMatchingBranch(writer: AvroNode, reader: AvroUnion, names: WriterNames, recordMatchError: (writer: AvroRecord, reader: AvroRecord) => boolean): number {
  const exact = exactIndex(reader).get(exactKey(writer.kind, isNamed(writer) ? names.fullName(writer) : undefined));
  if (exact !== undefined) return exact;
  if (writer.kind === 'record') {
    let structureMatch = -1;
    reader.branches.forEach((branch, j) => {
      if (branch.kind !== 'record' || recordMatchError(writer, branch)) return;
      if (structureMatch < 0 || names.name(writer) === branch.name) structureMatch = j;
    });
    if (structureMatch >= 0) return structureMatch;
  }
  const targets = PROMOTED_TO[writer.kind] ?? [];
  return reader.branches.findIndex((branch) => targets.includes(branch.kind));
}
