import { NO_ALIASES, ReaderAliases } from '../compat/runtime/aliases.js';
import type { WriterNames } from '../compat/runtime/aliases.js';
import { firstMatchingBranch } from '../compat/runtime/reader-union.js';
import { unionEquivalent } from '../compat/runtime/union-equiv.js';
import type { AvroField, AvroNode, AvroRecord, AvroSchema, AvroUnion } from '../model.js';
import { isNamed } from '../model.js';
import { writerMatches } from '../compat/records.js';

/**
 * What a number token of a location is: a WRITER union branch (Java's `SchemaCompatibility`, profiles
 * confluent and strict; the reader node stays), or a READER union branch (Java's runtime resolution:
 * profile pulsar, and the warnings of every profile).
 */
export type BranchConvention = 'writer' | 'reader';

/** The writer's own names. */
export const PLAIN_NAMES: WriterNames = NO_ALIASES;

/** The writer's names as the given convention reads them. */
export function namesOf(reader: AvroSchema, convention: BranchConvention): WriterNames {
  return convention === 'reader' ? new ReaderAliases(reader) : PLAIN_NAMES;
}

/** Java's `lookupWriterField` (name, then aliases), or the runtime's renaming by the reader's field aliases. */
export function writerFieldOf(writer: AvroRecord, readerField: AvroField, convention: BranchConvention, names: WriterNames): AvroField | undefined {
  if (convention === 'reader') return writer.fields.find((field) => names.fieldName(writer, field.name) === readerField.name);
  return writerMatches(writer, readerField)[0];
}

/** The writer node the runtime reads into reader branch `index`: the same branch of an equivalent union, or the writer branch that picks it. */
export function writerForBranch(w: AvroNode | undefined, r: AvroUnion, index: number, names: WriterNames): AvroNode | undefined {
  if (w?.kind !== 'union') return w;
  if (unionEquivalent(w, r, names)) return w.branches[index];
  return w.branches.find((branch) => firstMatchingBranch(branch, r, names, () => false) === index);
}

/**
 * A writer union read against a reader, which runtime locations do not mark (unless the two unions
 * are equivalent): the branch named by `found`, else, against a non-union reader, the first of the
 * reader's kind (its name preferred); the union itself when none is.
 */
export function sameKindBranch(w: AvroNode | undefined, r: AvroNode, names: WriterNames, found: string | undefined): AvroNode | undefined {
  if (w?.kind !== 'union') return w;
  const named = (branch: AvroNode): boolean => (isNamed(branch) ? branch.fullName === found || names.fullName(branch) === found : branch.kind === found);
  const byFound = found === undefined ? undefined : w.branches.find(named);
  if (byFound || r.kind === 'union') return byFound ?? w;
  const sameKind = w.branches.filter((branch) => branch.kind === r.kind);
  return sameKind.find((branch) => isNamed(branch) && isNamed(r) && names.name(branch) === r.name) ?? sameKind[0] ?? w;
}
