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

/**
 * Java's `ReaderUnion.firstMatchingBranch` ("bug-for-bug" from Avro 1.8): the first branch of the
 * writer's kind, where a named type needs its full name equal; for a record writer, failing that,
 * the first record branch it resolves against without a direct error, one with the same simple
 * name preferred; then the first branch the writer promotes to. -1 when none.
 */
export function firstMatchingBranch(writer: AvroNode, reader: AvroUnion, names: WriterNames, recordMatchError: (writer: AvroRecord, reader: AvroRecord) => boolean): number {
  let structureMatch = -1;
  for (let j = 0; j < reader.branches.length; j++) {
    const branch = reader.branches[j] as AvroNode;
    if (branch.kind !== writer.kind) continue;
    if (!isNamed(writer)) return j;
    if (names.fullName(writer) === (branch as typeof writer).fullName) return j;
    if (writer.kind === 'record' && !recordMatchError(writer, branch as AvroRecord)) {
      if (structureMatch < 0 || names.name(writer) === (branch as AvroRecord).name) structureMatch = j;
    }
  }
  if (structureMatch >= 0) return structureMatch;
  const targets = PROMOTED_TO[writer.kind] ?? [];
  return reader.branches.findIndex((branch) => targets.includes(branch.kind));
}
