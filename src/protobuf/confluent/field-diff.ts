import type { ProtoField, ProtoLabel, ProtoMessage, ProtoScalar, ProtoType } from '../model.js';
import type { DiffContext, Findings } from './context.js';
import { ProtobufChangeType as T } from './differences.js';
import { compareMessages } from './message-diff.js';

/** A field's type as Confluent's `FieldSchemaDiff` sees it: a map is one type with a key and a value. */
type FieldType = ProtoType | { readonly kind: 'map'; readonly key: ProtoScalar; readonly value: ProtoType };

/** Confluent's scalar groups, after Google's proto3 "Updating a message type" guide; enums are general numbers. */
const SCALAR_GROUP: Readonly<Record<ProtoScalar, string>> = {
  int32: 'GENERAL_NUMBER', int64: 'GENERAL_NUMBER', uint32: 'GENERAL_NUMBER', uint64: 'GENERAL_NUMBER', bool: 'GENERAL_NUMBER',
  sint32: 'SIGNED_NUMBER', sint64: 'SIGNED_NUMBER',
  string: 'STRING_OR_BYTES', bytes: 'STRING_OR_BYTES',
  fixed32: 'FIXED32', sfixed32: 'FIXED32',
  fixed64: 'FIXED64', sfixed64: 'FIXED64',
  float: 'FLOAT', double: 'DOUBLE',
};

function fieldType(field: ProtoField): FieldType {
  return field.mapKey === undefined ? field.type : { kind: 'map', key: field.mapKey, value: field.type };
}

function kindOf(type: FieldType): 'SCALAR' | 'MESSAGE' | 'MAP' {
  return type.kind === 'map' ? 'MAP' : type.kind === 'message' ? 'MESSAGE' : 'SCALAR';
}

function scalarGroup(type: ProtoType): string {
  return type.kind === 'scalar' ? SCALAR_GROUP[type.scalar] : 'GENERAL_NUMBER';
}

export function typeText(type: FieldType): string {
  if (type.kind === 'map') return `map<${type.key}, ${typeText(type.value)}>`;
  return type.kind === 'scalar' ? type.scalar : type.fullName;
}

/** Confluent's `FieldSchemaDiff.compare`: the name, then the kind, scalar group, label or message type. */
export function compareFields(ctx: DiffContext, original: ProtoField, update: ProtoField): void {
  if (original.name !== update.name) ctx.add(T.FIELD_NAME_CHANGED, `field ${original.number} renamed from ${original.name} to ${update.name}`);
  compareLabelsAndTypes(ctx, original.label, update.label, fieldType(original), fieldType(update));
}

function compareLabelsAndTypes(ctx: DiffContext, originalLabel: ProtoLabel, updateLabel: ProtoLabel, original: FieldType, update: FieldType): void {
  const kind = kindOf(original);
  if (kind !== kindOf(update)) {
    ctx.add(T.FIELD_KIND_CHANGED, `${kind} ${typeText(original)} became ${kindOf(update)} ${typeText(update)}`);
  } else if (original.kind === 'map' && update.kind === 'map') {
    compareLabelsAndTypes(ctx, undefined, undefined, { kind: 'scalar', scalar: original.key }, { kind: 'scalar', scalar: update.key });
    compareLabelsAndTypes(ctx, undefined, undefined, original.value, update.value);
  } else if (original.kind === 'message' && update.kind === 'message') {
    compareMessageTypes(ctx, original.fullName, update.fullName);
  } else if (original.kind !== 'map' && update.kind !== 'map') {
    compareScalars(ctx, originalLabel, updateLabel, original, update);
  }
}

function compareScalars(ctx: DiffContext, originalLabel: ProtoLabel, updateLabel: ProtoLabel, original: ProtoType, update: ProtoType): void {
  const group = scalarGroup(original);
  if (group !== scalarGroup(update)) {
    ctx.add(T.FIELD_SCALAR_KIND_CHANGED, `${typeText(original)} (${group}) became ${typeText(update)} (${scalarGroup(update)})`);
    return;
  }
  // Confluent compares labels only when both are written (a proto3 field without a label is null there).
  if (originalLabel === undefined || updateLabel === undefined || originalLabel === updateLabel) return;
  const detail = `label ${originalLabel} became ${updateLabel}`;
  ctx.add(group === 'STRING_OR_BYTES' ? T.FIELD_STRING_OR_BYTES_LABEL_CHANGED : T.FIELD_NUMERIC_LABEL_CHANGED, detail);
}

/** A type's name inside its file's package (Confluent compares these, however the name is qualified). */
function localName(ctx: DiffContext, fullName: string, side: 'original' | 'update'): { readonly name: string; readonly message: ProtoMessage } {
  const symbol = ctx.sides[side].symbols.get(fullName);
  const packageName = symbol?.file.packageName ?? '';
  const name = packageName !== '' && fullName.startsWith(`${packageName}.`) ? fullName.slice(packageName.length + 1) : fullName;
  return { name, message: symbol?.definition as ProtoMessage };
}

/** Same local name: the two messages are diffed (referenced ones included); any incompatibility inside marks the field too. */
function compareMessageTypes(ctx: DiffContext, originalName: string, updateName: string): void {
  const original = localName(ctx, originalName, 'original');
  const update = localName(ctx, updateName, 'update');
  if (original.name !== update.name) {
    ctx.add(T.FIELD_NAMED_TYPE_CHANGED, `message type ${originalName} became ${updateName}`);
    return;
  }
  const found = subDiff(ctx, original.name, original.message, update.message);
  if (found === undefined) return;
  ctx.include(found);
  if (found.incompatible) ctx.add(T.FIELD_NAMED_TYPE_CHANGED, `message type ${update.name} changed incompatibly`);
}

/**
 * The diff of two referenced messages, at their local name. A message being compared further up
 * is not walked again (Confluent's SchemaScope). Otherwise the diff is memoised per pair for the
 * whole check: Java re-walks a message for every field that uses it, which takes exponential time
 * on messages that refer to one another in cycles; the memo makes it one walk per pair.
 */
function subDiff(ctx: DiffContext, name: string, original: ProtoMessage, update: ProtoMessage): Findings | undefined {
  if (ctx.visiting.has(original)) return undefined;
  const known = ctx.sides.memo.get(original)?.get(update);
  if (known) return known;
  const sub = ctx.subDiff(name.split('.'));
  compareMessages(sub, original, update);
  const byUpdate = ctx.sides.memo.get(original) ?? new Map<ProtoMessage, Findings>();
  byUpdate.set(update, sub.findings);
  ctx.sides.memo.set(original, byUpdate);
  return sub.findings;
}
