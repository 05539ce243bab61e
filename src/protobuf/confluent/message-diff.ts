import type { ProtoField, ProtoMessage } from '../model.js';
import type { DiffContext } from './context.js';
import { compareDefinitions } from './definitions-diff.js';
import { ProtobufChangeType as T } from './differences.js';
import { compareFields } from './field-diff.js';

interface FieldIndex {
  readonly byNumber: ReadonlyMap<number, ProtoField>;
  /** Oneof names, in declaration order (a set: 40,000 oneofs looked up in a list took 33 s). */
  readonly oneofs: ReadonlySet<string>;
}

function indexFields(message: ProtoMessage): FieldIndex {
  return { byNumber: new Map(message.fields.map((field) => [field.number, field])), oneofs: new Set(message.oneofs.map((oneof) => oneof.name)) };
}

/** Oneofs gone by name none of whose members survive anywhere: deleting a whole oneof is compatible. */
function completelyDeletedOneofs(original: ProtoMessage, update: FieldIndex): ReadonlySet<string> {
  const deleted = new Set<string>();
  for (const oneof of original.oneofs) {
    if (!update.oneofs.has(oneof.name) && !oneof.fields.some((number) => update.byNumber.has(number))) deleted.add(oneof.name);
  }
  return deleted;
}

/**
 * Fields that were independent and are now in one oneof (Confluent DGS-24604): a oneof whose old
 * members come from two or more groups (an old oneof, or one old top-level field each).
 */
function checkNewMutualExclusion(ctx: DiffContext, original: FieldIndex, update: ProtoMessage): void {
  for (const oneof of update.oneofs) {
    const groups = new Set<string>();
    let topLevelMovedIn = 0;
    for (const number of oneof.fields) {
      const before = original.byNumber.get(number);
      if (before?.oneof !== undefined) groups.add(`oneof:${before.oneof}`);
      else if (before !== undefined) {
        groups.add(`field:${number}`);
        topLevelMovedIn++;
      }
    }
    if (groups.size > 1) {
      const type = topLevelMovedIn > 1 ? T.MULTIPLE_FIELDS_MOVED_TO_ONEOF : T.FIELD_MOVED_TO_EXISTING_ONEOF;
      ctx.add(type, `oneof ${oneof.name} gathers fields that were independent (${[...groups].join(', ')})`, oneof.name);
    }
  }
}

function compareOneofNames(ctx: DiffContext, original: FieldIndex, update: FieldIndex): void {
  for (const name of [...new Set([...original.oneofs, ...update.oneofs])].sort()) {
    if (!update.oneofs.has(name)) ctx.add(T.ONEOF_REMOVED, `oneof ${name} removed`, name);
    else if (!original.oneofs.has(name)) ctx.add(T.ONEOF_ADDED, `oneof ${name} added`, name);
  }
}

function compareByNumber(ctx: DiffContext, original: FieldIndex, update: FieldIndex, deleted: ReadonlySet<string>): void {
  const numbers = [...new Set([...original.byNumber.keys(), ...update.byNumber.keys()])].sort((a, b) => a - b);
  for (const number of numbers) {
    const tag = String(number);
    const before = original.byNumber.get(number);
    const after = update.byNumber.get(number);
    if (after === undefined && before !== undefined) {
      if (before.oneof === undefined) ctx.add(before.label === 'required' ? T.REQUIRED_FIELD_REMOVED : T.FIELD_REMOVED, `field ${before.name} = ${tag} removed`, tag);
      else if (!deleted.has(before.oneof)) ctx.add(T.ONEOF_FIELD_REMOVED, `oneof member ${before.name} = ${tag} removed`, before.oneof, tag);
    } else if (before === undefined && after !== undefined) {
      if (after.oneof !== undefined) ctx.add(T.ONEOF_FIELD_ADDED, `oneof member ${after.name} = ${tag} added`, after.oneof, tag);
      else ctx.add(after.label === 'required' ? T.REQUIRED_FIELD_ADDED : T.FIELD_ADDED, `field ${after.name} = ${tag} added`, tag);
    } else if (before !== undefined && after !== undefined) {
      if (before.oneof !== undefined && after.oneof === undefined) ctx.add(T.ONEOF_FIELD_MOVED_TO_TOP_LEVEL, `field ${after.name} = ${tag} left oneof ${before.oneof}`, tag);
      compareFields(after.oneof === undefined ? ctx.at(tag) : ctx.at(after.oneof, tag), before, after);
    }
  }
}

/**
 * Confluent's `MessageSchemaDiff.compare`: fields matched by number across the whole message
 * (oneof members included), oneof moves, then the nested messages and enums by name.
 */
export function compareMessages(ctx: DiffContext, original: ProtoMessage, update: ProtoMessage): void {
  const walked = ctx.visiting.has(original);
  // The message stays "being compared" while its nested types are (Confluent's SchemaScope spans both).
  ctx.entering(original, () => {
    if (!walked) {
      const originalIndex = indexFields(original);
      const updateIndex = indexFields(update);
      checkNewMutualExclusion(ctx, originalIndex, update);
      compareOneofNames(ctx, originalIndex, updateIndex);
      compareByNumber(ctx, originalIndex, updateIndex, completelyDeletedOneofs(original, updateIndex));
    }
    compareDefinitions(ctx, original.nested, update.nested);
  });
}
