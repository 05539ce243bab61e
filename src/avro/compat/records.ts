import type { AvroField, AvroRecord } from '../model.js';
import { AvroIncompatibilityType } from './findings.js';
import { checkFieldsByBlocks } from './record-blocks.js';
import type { PathFinding, ResolutionWalk } from './walk.js';
import { FindingList } from './walk.js';

/**
 * Java's `lookupWriterField`: the writer field named like the reader field, then one per reader
 * alias (a field listing its own name as an alias matches the same writer field twice, as Java counts).
 */
export function writerMatches(writer: AvroRecord, readerField: AvroField): AvroField[] {
  const matches: AvroField[] = [];
  const direct = writer.fieldsByName.get(readerField.name);
  if (direct) matches.push(direct);
  for (const alias of readerField.aliases) {
    const byAlias = writer.fieldsByName.get(alias);
    if (byAlias) matches.push(byAlias);
  }
  return matches;
}

/**
 * Each reader field, in reader order (location `/fields/<i>`), is read from the writer field with
 * its name or one of its aliases; a reader field the writer lacks needs a default. Writer-only
 * fields are skipped. Default values are not re-checked.
 */
export function checkRecordFields(walk: ResolutionWalk, reader: AvroRecord, writer: AvroRecord): readonly PathFinding[] {
  const blocks = walk.blockMemo();
  if (blocks && writer.fieldTree && reader.fp !== '') {
    const byBlocks = checkFieldsByBlocks(walk, reader, writer, writer.fieldTree, blocks);
    if (byBlocks) return byBlocks;
  }
  const findings = new FindingList();
  walk.push('fields');
  for (const readerField of reader.fields) {
    walk.push(readerField.positionToken);
    const matches = readerField.aliases.length === 0 ? undefined : writerMatches(writer, readerField);
    const match = matches ? matches[0] : writer.fieldsByName.get(readerField.name);
    if (matches && matches.length > 1) findings.add(ambiguous(walk, readerField, writer, matches));
    else if (match) findings.add(walk.child('type', readerField.type, match.type));
    else if (!readerField.hasDefault) findings.add(missing(walk, readerField, writer));
    walk.pop();
    if (walk.decided(findings.list)) break;
  }
  walk.pop();
  return findings.list;
}

/** Java throws AvroRuntimeException here ("matches multiple fields in writer record schema"). */
function ambiguous(walk: ResolutionWalk, readerField: AvroField, writer: AvroRecord, matches: readonly AvroField[]): readonly PathFinding[] {
  const names = matches.map((field) => field.name).join(', ');
  const message = `Reader record field ${readerField.name} matches multiple fields in writer record schema ${writer.fullName}: ${names}`;
  return [walk.finding(AvroIncompatibilityType.AMBIGUOUS_FIELD_ALIAS, message)];
}

function missing(walk: ResolutionWalk, readerField: AvroField, writer: AvroRecord): readonly PathFinding[] {
  const type = readerField.type;
  if (walk.options.javaQuirks && type.kind === 'enum' && type.default !== undefined) {
    // Java (since AVRO-1340) compares the enum with the writer record itself: TYPE_MISMATCH ENUM/RECORD.
    return walk.child('type', type, writer);
  }
  return [walk.finding(AvroIncompatibilityType.READER_FIELD_MISSING_DEFAULT_VALUE, readerField.name)];
}
