import type { ChangeDraft } from '../diff/change.js';
import { keyedDiff } from '../diff/keyed.js';
import { jsonEqual } from '../util/json-equal.js';
import type { JsonValue } from '../util/json.js';
import type { ProtoDefinition, ProtoField, ProtobufSchema, ProtoReserved, ProtoType } from './model.js';
import { serviceChanges } from './service-changes.js';
import { ProtobufDetailChangeType } from './detail-types.js';

const T = ProtobufDetailChangeType;
type Options = Readonly<Record<string, unknown>>;

/** Codes of Confluent's diff that already say a field's type or label changed, by the path they were listed at. */
export type ListedAt = (path: string, codes: readonly string[]) => boolean;

/**
 * The details of the file, its messages, fields and enums, matched as Confluent's diff matches
 * them (definitions by name at each level, fields by number), at the diff's `#/Message/3` paths.
 */
export function detailChanges(original: ProtobufSchema, update: ProtobufSchema, listed: ListedAt): ChangeDraft[] {
  return [
    ...compareOptions('#/', 'the file', original.file.options, update.file.options),
    ...definitions('#', original.file.definitions, update.file.definitions, listed),
    ...serviceChanges(original, update),
  ];
}

function definitions(path: string, original: readonly ProtoDefinition[], update: readonly ProtoDefinition[], listed: ListedAt): ChangeDraft[] {
  return keyedDiff(original, update, (definition) => `${definition.kind} ${definition.name}`).kept.flatMap(({ old, new: next }) => {
    const here = `${path}/${next.name}`;
    const own = [...compareOptions(here, `${next.kind} ${next.fullName}`, old.options, next.options), ...compareReserved(here, next.fullName, old.reserved, next.reserved)];
    if (old.kind !== 'message' || next.kind !== 'message') return own;
    const fields = keyedDiff(old.fields, next.fields, (field: ProtoField) => String(field.number)).kept;
    const fieldChanges = fields.flatMap((pair) => compareField(`${here}/${pair.new.number}`, pair.old, pair.new, listed));
    return [...own, ...fieldChanges, ...definitions(here, old.nested, next.nested, listed)];
  });
}

const TYPE_CODES = ['FIELD_KIND_CHANGED', 'FIELD_SCALAR_KIND_CHANGED', 'FIELD_NAMED_TYPE_CHANGED'];
const LABEL_CODES = ['FIELD_NUMERIC_LABEL_CHANGED', 'FIELD_STRING_OR_BYTES_LABEL_CHANGED', 'REQUIRED_FIELD_ADDED', 'REQUIRED_FIELD_REMOVED'];

/** The Buf rules whose findings a change accounts for, in both directions (Buf's rule ids, reference: bufbuild/buf breaking rules). */
function explaining(...rules: readonly string[]): Pick<ChangeDraft, 'explains'> {
  return { explains: { BACKWARD: rules, FORWARD: rules } };
}

function typeName(field: ProtoField): string {
  const value = (type: ProtoType): string => (type.kind === 'scalar' ? type.scalar : type.fullName);
  return field.mapKey === undefined ? value(field.type) : `map<${field.mapKey}, ${value(field.type)}>`;
}

/** A field kept by number: what Confluent's diff did not already list at its path. */
function compareField(path: string, o: ProtoField, n: ProtoField, listed: ListedAt): ChangeDraft[] {
  const both = { old: path, new: path };
  const drafts: ChangeDraft[] = [];
  const [before, after] = [typeName(o), typeName(n)];
  if (before !== after && !listed(path, TYPE_CODES)) drafts.push({ change: T.FIELD_TYPE_CHANGED, location: both, summary: `${n.name} ${before}→${after}`, description: `The field ${n.name} at ${path} changed type from ${before} to ${after}`, ...explaining('FIELD_WIRE_COMPATIBLE_TYPE', 'FIELD_WIRE_JSON_COMPATIBLE_TYPE') });
  if (o.label !== n.label && !listed(path, LABEL_CODES)) drafts.push({ change: T.FIELD_LABEL_CHANGED, location: both, summary: `${n.name} ${o.label ?? 'singular'}→${n.label ?? 'singular'}`, description: `The label of the field ${n.name} at ${path} changed from ${o.label ?? 'none'} to ${n.label ?? 'none'}`, ...explaining('FIELD_WIRE_COMPATIBLE_CARDINALITY', 'FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY', 'MESSAGE_SAME_REQUIRED_FIELDS') });
  if (o.defaultValue !== n.defaultValue) drafts.push({ change: T.FIELD_DEFAULT_CHANGED, location: both, summary: `${n.name} default ${text(o.defaultValue)}→${text(n.defaultValue)}`, description: `The default of the field ${n.name} at ${path} changed from ${text(o.defaultValue)} to ${text(n.defaultValue)}`, ...explaining('FIELD_SAME_DEFAULT') });
  if (o.jsonName !== n.jsonName) drafts.push({ change: T.FIELD_JSON_NAME_CHANGED, location: both, summary: `${n.name} json_name ${o.jsonName}→${n.jsonName}`, description: `The JSON name of the field ${n.name} at ${path} changed from ${o.jsonName} to ${n.jsonName}`, ...explaining('FIELD_SAME_JSON_NAME') });
  return [...drafts, ...compareOptions(path, `field ${n.name}`, o.options, n.options)];
}

/** Reserved names and numbers (a number or name no longer reserved may be reused with another meaning). */
function compareReserved(path: string, owner: string, o: ProtoReserved, n: ProtoReserved): ChangeDraft[] {
  const items = (reserved: ProtoReserved): string[] => [...reserved.ranges.map(([from, to]) => (from === to ? String(from) : `${from} to ${to}`)), ...reserved.names.map((name) => JSON.stringify(name))];
  const diff = keyedDiff(items(o), items(n), (item) => item);
  return [
    ...diff.added.map(({ item }) => ({ change: T.RESERVED_ADDED, location: { new: path }, summary: `${owner} reserves ${item}`, description: `${owner} at ${path} now reserves ${item}` })),
    ...diff.removed.map(({ item }) => ({ change: T.RESERVED_REMOVED, location: { old: path }, summary: `${owner} no longer reserves ${item}`, description: `${owner} at ${path} no longer reserves ${item}`, ...explaining('RESERVED_MESSAGE_NO_DELETE', 'RESERVED_ENUM_NO_DELETE') })),
  ];
}

/** Options: annotations to the wire format (Confluent does not compare them), except what Buf reads from them. */
function compareOptions(path: string, owner: string, original: Options, update: Options): ChangeDraft[] {
  const keys = keyedDiff(Object.keys(original), Object.keys(update), (key) => key);
  const draft = (change: ProtobufDetailChangeType, summary: string, description: string): ChangeDraft => ({
    change, location: change === T.OPTION_ADDED ? { new: path } : change === T.OPTION_REMOVED ? { old: path } : { old: path, new: path }, summary, description, annotation: true,
  });
  return [
    ...keys.added.map(({ item }) => draft(T.OPTION_ADDED, `${owner} option ${item} = ${text(update[item])}`, `The option ${item} of ${owner} was added (${text(update[item])})`)),
    ...keys.removed.map(({ item }) => draft(T.OPTION_REMOVED, `${owner} option ${item}`, `The option ${item} of ${owner} was removed (it was ${text(original[item])})`)),
    ...keys.kept.filter(({ old }) => !jsonEqual(original[old] as JsonValue, update[old] as JsonValue)).map(({ old }) => draft(T.OPTION_CHANGED, `${owner} option ${old} ${text(original[old])}→${text(update[old])}`, `The option ${old} of ${owner} changed from ${text(original[old])} to ${text(update[old])}`)),
  ];
}

export function text(value: unknown): string {
  return value === undefined ? 'none' : (JSON.stringify(value) ?? String(value));
}
