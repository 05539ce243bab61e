import type { FieldTree } from '../../field-tree.js';
import type { AvroField, AvroRecord } from '../../model.js';
import { mayObserveTraits } from '../../traits.js';
import type { ReaderFacts } from '../record-blocks.js';
import { EMPTY_HASHES, blockResult, readerFieldOf } from '../record-blocks.js';
import type { PathFinding } from '../walk.js';

const NONE: readonly PathFinding[] = Object.freeze([]);

/**
 * The observations (warnings) of reading a large writer record into a reader record, block by
 * block over the writer's field tree, so that blocks already met in this history check cost one
 * lookup (as the compatibility walk does, record-blocks.ts). In writer order, as Java's runtime
 * reads the fields, with locations relative to the record. Only for schemas without aliases, where
 * fields match by name alone. `observeField` resolves one field pair.
 */
export function observeFieldsByBlocks(
  writer: AvroRecord,
  reader: AvroRecord,
  tree: FieldTree,
  facts: ReaderFacts,
  observeField: (writerField: AvroField, readerField: AvroField) => readonly PathFinding[],
): readonly PathFinding[] {
  const leaf = (block: FieldTree): readonly PathFinding[] => {
    let found: PathFinding[] | undefined;
    const hashes = block.nameHashes ?? EMPTY_HASHES;
    for (let i = block.start; i < block.end; i++) {
      const readerField = readerFieldOf(writer, block, i, hashes, facts);
      if (!readerField || !mayObserveTraits(writer.fieldTraits[i] as number, reader.fieldTraits[readerField.position] as number)) continue;
      const findings = observeField(writer.fields[i] as AvroField, readerField);
      if (findings.length > 0) for (const finding of findings) (found ??= []).push(finding);
    }
    return found ?? NONE;
  };
  return blockResult(tree, writer.fields.length, facts.observed, leaf, joinFindings);
}

function joinFindings(left: readonly PathFinding[], right: readonly PathFinding[]): readonly PathFinding[] {
  if (left.length === 0) return right;
  if (right.length === 0) return left;
  return [...left, ...right];
}
