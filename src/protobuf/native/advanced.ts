import type * as ProtobufJs from 'protobufjs';
import type { Finding } from '../../result.js';
import { protobufjs } from '../protobufjs-runtime.js';
import { fullName } from './data.js';
import { defaultOf, enumIsOpen, featureOf, isDelimited, KNOWN_EDITIONS, sameDefault, validatesUtf8 } from './features.js';

/** Pulsar's advanced PROTOBUF_NATIVE rule codes (ProtobufNativeSchemaCompatibility, reference/pulsar.md §2.6). */
export const ProtobufNativeFindingType = {
  ROOT_MESSAGE_CHANGED: 'ROOT_MESSAGE_CHANGED',
  FIELD_NUMBER_CHANGED: 'FIELD_NUMBER_CHANGED',
  REQUIRED_FIELD_NOT_GUARANTEED: 'REQUIRED_FIELD_NOT_GUARANTEED',
  ONEOF_CONFLICT: 'ONEOF_CONFLICT',
  MAP_CHANGED: 'MAP_CHANGED',
  CARDINALITY_CHANGED: 'CARDINALITY_CHANGED',
  TYPE_CHANGED: 'TYPE_CHANGED',
  DEFAULT_CHANGED: 'DEFAULT_CHANGED',
  UTF8_VALIDATION_ADDED: 'UTF8_VALIDATION_ADDED',
  ENUM_VALUE_NOT_READABLE: 'ENUM_VALUE_NOT_READABLE',
  UNSUPPORTED_FEATURE: 'UNSUPPORTED_FEATURE',
  SCHEMA_RECONSTRUCTION_FAILED: 'SCHEMA_RECONSTRUCTION_FAILED',
  COMPARISON_LIMIT_EXCEEDED: 'COMPARISON_LIMIT_EXCEEDED',
} as const;
export type ProtobufNativeFindingType = (typeof ProtobufNativeFindingType)[keyof typeof ProtobufNativeFindingType];

/** Pulsar's work budget: at most 100,000 steps, and at most 16 per element of the two graphs. */
const BUDGET_CAP = 100_000;
const BUDGET_PER_ELEMENT = 16;

/** One comparison of a writer and a reader schema: the findings, the pairs seen, the budget left. */
class Comparison {
  readonly findings: Finding[] = [];
  private readonly seen = new Set<string>();
  private budget: number;
  private exhausted = false;

  constructor(writer: ProtobufJs.Type, reader: ProtobufJs.Type) {
    this.budget = Math.min(BUDGET_CAP, BUDGET_PER_ELEMENT * (graphSize(writer) + graphSize(reader)));
  }

  /** Spends one step; false (and one COMPARISON_LIMIT_EXCEEDED) once the budget is gone. */
  step(path: string): boolean {
    if (this.exhausted) return false;
    if (--this.budget >= 0) return true;
    this.exhausted = true;
    this.report(ProtobufNativeFindingType.COMPARISON_LIMIT_EXCEEDED, path, 0, 'budget exhausted', 'budget exhausted');
    return false;
  }

  report(rule: ProtobufNativeFindingType, path: string, field: number, writer: string, reader: string): void {
    this.findings.push({ type: rule, location: `/${path}`, message: `${rule}: path=${path}, field=${field}, writer=${writer}, reader=${reader}` });
  }

  /** Each (writer message, reader message) pair is compared once: recursion and shared types terminate. */
  firstVisit(writer: ProtobufJs.Type, reader: ProtobufJs.Type): boolean {
    const key = `${writer.fullName}\n${reader.fullName}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}

/**
 * Can `reader` read every message written with `writer`? Pulsar's advanced native rules: fields are
 * matched by number (renames are fine), message types by position (renames are fine), every
 * reachable message is compared once, within Pulsar's work budget.
 */
export function checkAdvanced(reader: ProtobufJs.Type, writer: ProtobufJs.Type): Finding[] {
  const comparison = new Comparison(writer, reader);
  if (fullName(reader) !== fullName(writer)) {
    comparison.report(ProtobufNativeFindingType.ROOT_MESSAGE_CHANGED, fullName(reader), 0, fullName(writer), fullName(reader));
    return comparison.findings;
  }
  for (const [side, root] of [['writer', writer], ['reader', reader]] as const) unsupported(root, side, comparison);
  if (comparison.findings.length > 0) return comparison.findings;
  compareMessages(writer, reader, fullName(reader), comparison);
  return comparison.findings;
}

/** Extension ranges, MessageSet and unknown editions anywhere reachable are beyond the rules (UNSUPPORTED_FEATURE). */
function unsupported(root: ProtobufJs.Type, side: string, comparison: Comparison): void {
  for (const type of reachable(root)) {
    const edition = (type as unknown as { _edition?: unknown })._edition;
    const options = type.options ?? {};
    const reason = (type.extensions ?? []).length > 0 ? 'extension range'
      : options['message_set_wire_format'] === true ? 'MessageSet'
        : typeof edition === 'string' && !KNOWN_EDITIONS.has(edition) ? `edition ${edition}` : undefined;
    if (reason !== undefined) comparison.report(ProtobufNativeFindingType.UNSUPPORTED_FEATURE, fullName(type), 0, side === 'writer' ? reason : '-', side === 'reader' ? reason : '-');
  }
}

function compareMessages(writer: ProtobufJs.Type, reader: ProtobufJs.Type, path: string, comparison: Comparison): void {
  if (!comparison.firstVisit(writer, reader)) return;
  for (const field of reader.fieldsArray) {
    const where = `${path}.${field.name}`;
    if (!comparison.step(where)) return;
    const written = writer.fieldsById[field.id];
    if (written === undefined) {
      const renumbered = writer.fields[field.name];
      if (renumbered !== undefined) comparison.report(ProtobufNativeFindingType.FIELD_NUMBER_CHANGED, where, field.id, `${renumbered.id}`, `${field.id}`);
      else if (field.required) comparison.report(ProtobufNativeFindingType.REQUIRED_FIELD_NOT_GUARANTEED, where, field.id, 'absent', 'required');
      continue;
    }
    compareFields(written, field, where, comparison);
  }
  oneofConflicts(writer, reader, path, comparison);
}

function compareFields(writer: ProtobufJs.Field, reader: ProtobufJs.Field, path: string, comparison: Comparison): void {
  const id = reader.id;
  if (reader.required && !writer.required) comparison.report(ProtobufNativeFindingType.REQUIRED_FIELD_NOT_GUARANTEED, path, id, label(writer), 'required');
  if (reader.map !== writer.map) {
    comparison.report(ProtobufNativeFindingType.MAP_CHANGED, path, id, writer.map ? 'map' : label(writer), reader.map ? 'map' : label(reader));
    return;
  }
  if (reader.map) {
    const [writerKey, readerKey] = [keyType(writer), keyType(reader)];
    if (writerKey !== readerKey) comparison.report(ProtobufNativeFindingType.TYPE_CHANGED, `${path}.key`, id, writerKey, readerKey);
  } else if (reader.repeated !== writer.repeated) {
    comparison.report(ProtobufNativeFindingType.CARDINALITY_CHANGED, path, id, label(writer), label(reader));
    return;
  }
  if (!compareTypes(writer, reader, path, comparison)) return;
  if (!reader.repeated && !reader.map && !(reader.resolvedType instanceof protobufjs.Type) && !sameDefault(defaultOf(writer), defaultOf(reader))) {
    comparison.report(ProtobufNativeFindingType.DEFAULT_CHANGED, path, id, showDefault(defaultOf(writer)), showDefault(defaultOf(reader)));
  }
  if (reader.type === 'string' && validatesUtf8(reader) && !validatesUtf8(writer)) {
    comparison.report(ProtobufNativeFindingType.UTF8_VALIDATION_ADDED, path, id, 'unchecked', 'checked');
  }
}

/** Same wire type (no int32/int64 widening); messages and enums compared in turn. False when the types differ. */
function compareTypes(writer: ProtobufJs.Field, reader: ProtobufJs.Field, path: string, comparison: Comparison): boolean {
  const [w, r] = [writer.resolvedType, reader.resolvedType];
  if (w instanceof protobufjs.Type && r instanceof protobufjs.Type) {
    if (isDelimited(writer) !== isDelimited(reader)) {
      comparison.report(ProtobufNativeFindingType.TYPE_CHANGED, path, reader.id, isDelimited(writer) ? 'DELIMITED' : 'LENGTH_PREFIXED', isDelimited(reader) ? 'DELIMITED' : 'LENGTH_PREFIXED');
      return false;
    }
    compareMessages(w, r, path, comparison);
    return true;
  }
  if (w instanceof protobufjs.Enum && r instanceof protobufjs.Enum) {
    compareEnums(w, r, path, reader.id, comparison);
    return true;
  }
  if (w === null && r === null && writer.type === reader.type) return true;
  comparison.report(ProtobufNativeFindingType.TYPE_CHANGED, path, reader.id, typeName(writer), typeName(reader));
  return false;
}

/** A closed reader enum must know every value an open or closed writer may send; a name may not change number. */
function compareEnums(writer: ProtobufJs.Enum, reader: ProtobufJs.Enum, path: string, id: number, comparison: Comparison): void {
  if (!enumIsOpen(reader) && enumIsOpen(writer)) {
    comparison.report(ProtobufNativeFindingType.ENUM_VALUE_NOT_READABLE, path, id, `open ${fullName(writer)}`, `closed ${fullName(reader)}`);
    return;
  }
  const readerNumbers = new Set(Object.values(reader.values));
  for (const [name, number] of Object.entries(writer.values)) {
    const renumbered = reader.values[name];
    if (renumbered !== undefined && renumbered !== number) comparison.report(ProtobufNativeFindingType.ENUM_VALUE_NOT_READABLE, `${path}.${name}`, id, `${name}=${number}`, `${name}=${renumbered}`);
    else if (!enumIsOpen(reader) && !readerNumbers.has(number)) comparison.report(ProtobufNativeFindingType.ENUM_VALUE_NOT_READABLE, `${path}.${name}`, id, `${name}=${number}`, 'absent');
  }
}

/** Two writer fields that may both be set, read into one reader oneof, lose one of them (ONEOF_CONFLICT). */
function oneofConflicts(writer: ProtobufJs.Type, reader: ProtobufJs.Type, path: string, comparison: Comparison): void {
  for (const oneof of reader.oneofsArray) {
    if (isSynthetic(oneof)) continue;
    const written = oneof.fieldsArray.map((field) => writer.fieldsById[field.id]).filter((field): field is ProtobufJs.Field => field !== undefined);
    const groups = new Set(written.map((field) => (field.partOf !== null && !isSynthetic(field.partOf) ? field.partOf.name : `#${field.id}`)));
    if (written.length >= 2 && groups.size > 1) {
      comparison.report(ProtobufNativeFindingType.ONEOF_CONFLICT, `${path}.${oneof.name}`, written[0]?.id ?? 0, written.map((field) => field.name).join('+'), `oneof ${oneof.name}`);
    }
  }
}

/** proto3 `optional` makes a one-field oneof of its own (synthetic), which is presence, not a choice. */
function isSynthetic(oneof: ProtobufJs.OneOf): boolean {
  const only = oneof.fieldsArray[0];
  return oneof.fieldsArray.length === 1 && only !== undefined && (only.options?.['proto3_optional'] === true || oneof.name === `_${only.name}`);
}

function keyType(field: ProtobufJs.Field): string {
  return (field as unknown as { readonly keyType?: string }).keyType ?? '';
}

function label(field: ProtobufJs.Field): string {
  return field.repeated ? 'repeated' : field.required ? 'required' : featureOf(field, 'field_presence') === 'IMPLICIT' ? 'implicit' : 'optional';
}

function typeName(field: ProtobufJs.Field): string {
  return field.resolvedType === null ? field.type : `${field.resolvedType instanceof protobufjs.Enum ? 'enum' : 'message'} ${fullName(field.resolvedType)}`;
}

function showDefault(value: unknown): string {
  return Object.is(value, -0) ? '-0' : typeof value === 'string' ? JSON.stringify(value) : String(value);
}

function* reachable(root: ProtobufJs.Type): Generator<ProtobufJs.Type> {
  const seen = new Set<ProtobufJs.Type>([root]);
  const queue = [root];
  for (let type = queue.shift(); type !== undefined; type = queue.shift()) {
    yield type;
    for (const field of type.fieldsArray) {
      const next = field.resolvedType;
      if (next instanceof protobufjs.Type && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
}

/** Messages, fields, enums and enum values reachable from the root: the graph the budget is measured on. */
function graphSize(root: ProtobufJs.Type): number {
  let size = 0;
  for (const type of reachable(root)) {
    size += 1 + type.fieldsArray.length;
    for (const field of type.fieldsArray) if (field.resolvedType instanceof protobufjs.Enum) size += Object.keys(field.resolvedType.values).length;
  }
  return size;
}
