import type { ProtoEnum } from '../model.js';
import type { BufFindings } from './findings.js';
import { BufRule as R } from './rules.js';
import type { BufCardinality, BufField, BufMessage, BufView } from './view.js';

// Wire groups, after Google's proto3 "Updating a message type" guide (Buf's fieldKindToWireCompatiblityGroup):
// string and bytes are apart because only string -> bytes is safe.
const WIRE_GROUP: Readonly<Record<BufField['kind'], number>> = {
  int32: 1, int64: 1, uint32: 1, uint64: 1, bool: 1, sint32: 2, sint64: 2, string: 3, bytes: 4,
  fixed32: 5, sfixed32: 5, fixed64: 6, sfixed64: 6, double: 7, float: 8, group: 9, message: 10, enum: 11,
};
// Wire and JSON at once: only int32/uint32, int64/uint64 and the fixed pairs stay interchangeable.
const WIRE_JSON_GROUP: Readonly<Record<BufField['kind'], number>> = {
  int32: 1, uint32: 1, int64: 2, uint64: 2, fixed32: 3, sfixed32: 3, fixed64: 4, sfixed64: 4, bool: 5,
  sint32: 6, sint64: 7, string: 8, bytes: 9, double: 10, float: 11, group: 12, message: 13, enum: 14,
};
const WIRE_CARDINALITY: Readonly<Record<BufCardinality, number>> = {
  'optional with explicit presence': 1, 'optional with implicit presence': 1, required: 2, repeated: 3, map: 3,
};
const WIRE_JSON_CARDINALITY: Readonly<Record<BufCardinality, number>> = { ...WIRE_CARDINALITY, map: 4 };

export interface FieldPair {
  readonly message: BufMessage;
  readonly previous: BufField;
  readonly current: BufField;
  readonly previousView: BufView;
  readonly currentView: BufView;
}

/**
 * Buf's field description (bufcheckserverhandle fieldDescriptionWithName): a field by number, name
 * and its message's short name; an extension by number, full name and the extendee's full name.
 * `withName: false` leaves the name out, as FIELD_SAME_NAME does.
 */
function describe(pair: FieldPair, withName = true): string {
  const { current } = pair;
  const name = withName ? ` with name "${current.name}"` : '';
  if (current.extendee !== undefined) return `Extension "${current.number}"${name} on message "${current.extendee}"`;
  return `Field "${current.number}"${name} on message "${pair.message.fullName.split('.').pop() ?? ''}"`;
}

/**
 * A kind as Buf prints it (protoreflect Kind.String()); Buf calls a delimited message outside proto2
 * "message (delimited encoding)", and our `group` kind is only that (editions' `message_encoding`).
 */
function kindText(field: BufField): string {
  return field.kind === 'group' ? 'message (delimited encoding)' : field.kind;
}

// Buf's added sentences on a kind change (bufcheckserverhandle breaking.go).
const WIRE_RULES = 'See https://developers.google.com/protocol-buffers/docs/proto3#updating for wire compatibility rules.';
const WIRE_JSON_RULES = 'See https://developers.google.com/protocol-buffers/docs/proto3#updating for wire compatibility rules and https://developers.google.com/protocol-buffers/docs/proto3#json for JSON compatibility rules.';
const BYTES_TO_STRING = 'Note that while string and bytes are compatible if the data is valid UTF-8, there is no way to enforce that a bytes field is UTF-8, so these fields may be incompatible.';

function kindChangedSentence(pair: FieldPair, rule: R): string {
  const { previous, current } = pair;
  const extra = rule === R.FIELD_WIRE_JSON_COMPATIBLE_TYPE ? WIRE_JSON_RULES : previous.kind === 'bytes' && current.kind === 'string' ? `${WIRE_RULES} ${BYTES_TO_STRING}` : WIRE_RULES;
  return `${describe(pair)} changed type from "${kindText(previous)}" to "${kindText(current)}". ${extra}`;
}

/** The previous enum's values all still exist with the same numbers (Buf's EnumIsSubset). */
function enumStillCovers(previous: ProtoEnum | undefined, current: ProtoEnum | undefined): boolean {
  if (!previous || !current) return false;
  return previous.values.every((value) => current.values.some((other) => other.name === value.name && other.number === value.number));
}

function sameEnumForWire(pair: FieldPair): boolean {
  const previous = pair.previousView.enums.get(pair.previous.typeName)?.definition;
  const current = pair.currentView.enums.get(pair.current.typeName)?.definition;
  return previous?.name === current?.name && enumStillCovers(previous, current);
}

/** A kind from another group: the kinds and Buf's pointer to the rules; the same group but another message or enum: the type names. */
function checkType(findings: BufFindings, pair: FieldPair, rule: R, groups: Readonly<Record<BufField['kind'], number>>): void {
  const { previous, current } = pair;
  const path = `${pair.message.fullName}/${current.number}`;
  if (groups[previous.kind] !== groups[current.kind]) {
    if (rule === R.FIELD_WIRE_COMPATIBLE_TYPE && previous.kind === 'string' && current.kind === 'bytes') return;
    findings.add(rule, pair.message.file, path, kindChangedSentence(pair, rule));
  } else if (previous.typeName !== current.typeName && (current.kind !== 'enum' || !sameEnumForWire(pair))) {
    findings.add(rule, pair.message.file, path, `${describe(pair)} changed type from "${previous.typeName}" to "${current.typeName}".`);
  }
}

function checkCardinality(findings: BufFindings, pair: FieldPair, rule: R, groups: Readonly<Record<BufCardinality, number>>): void {
  if (pair.message.isMapEntry) return;
  const { previous, current } = pair;
  if (groups[previous.cardinality] !== groups[current.cardinality]) {
    findings.add(rule, pair.message.file, `${pair.message.fullName}/${current.number}`, `${describe(pair)} changed cardinality from "${previous.cardinality}" to "${current.cardinality}".`);
  }
}

function isZero(value: string | number | boolean): boolean {
  return value === 0 || value === '' || value === false;
}

/** Buf compares strings with strings and everything else as a number (booleans as 0 and 1). */
function sameDefault(a: string | number | boolean, b: string | number | boolean): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  const [x, y] = [Number(a), Number(b)];
  return (Number.isNaN(x) && Number.isNaN(y)) || x === y || Math.fround(x) === Math.fround(y);
}

function checkDefault(findings: BufFindings, pair: FieldPair): void {
  const [before, after] = [pair.previous.defaultValue, pair.current.defaultValue];
  if (before === undefined || after === undefined || (isZero(before) && isZero(after)) || sameDefault(before, after)) return;
  findings.add(R.FIELD_SAME_DEFAULT, pair.message.file, `${pair.message.fullName}/${pair.current.number}`, `${describe(pair)} changed default value from ${pair.previous.defaultText ?? ''} to ${pair.current.defaultText ?? ''}.`);
}

function checkOneof(findings: BufFindings, pair: FieldPair): void {
  const [before, after] = [pair.previous.oneof, pair.current.oneof];
  if (before === after) return;
  // Buf's template for a renamed oneof is `%sq moved from oneof...`: its sentence has a stray "q" after the description, kept here.
  const text = before !== undefined && after !== undefined ? `q moved from oneof "${before}" to oneof "${after}"` : ` moved from ${before === undefined ? 'outside' : 'inside'} to ${after === undefined ? 'outside' : 'inside'} a oneof`;
  findings.add(R.FIELD_SAME_ONEOF, pair.message.file, `${pair.message.fullName}/${pair.current.number}`, `${describe(pair)}${text}.`);
}

/** Buf's field-pair rules, for two fields with the same number in messages with the same full name. */
export function checkFieldPair(findings: BufFindings, pair: FieldPair): void {
  const path = `${pair.message.fullName}/${pair.current.number}`;
  checkDefault(findings, pair);
  checkOneof(findings, pair);
  // Buf leaves the name out of the field's description here (bufbreakingcheck's checkFieldSameName).
  if (pair.previous.name !== pair.current.name) findings.add(R.FIELD_SAME_NAME, pair.message.file, path, `${describe(pair, false)} changed name from "${pair.previous.name}" to "${pair.current.name}".`);
  if (pair.previous.jsonName !== pair.current.jsonName) findings.add(R.FIELD_SAME_JSON_NAME, pair.message.file, path, `${describe(pair)} changed option "json_name" from "${pair.previous.jsonName}" to "${pair.current.jsonName}".`);
  if (findings.has(R.FIELD_WIRE_COMPATIBLE_TYPE)) checkType(findings, pair, R.FIELD_WIRE_COMPATIBLE_TYPE, WIRE_GROUP);
  if (findings.has(R.FIELD_WIRE_JSON_COMPATIBLE_TYPE)) checkType(findings, pair, R.FIELD_WIRE_JSON_COMPATIBLE_TYPE, WIRE_JSON_GROUP);
  if (findings.has(R.FIELD_WIRE_COMPATIBLE_CARDINALITY)) checkCardinality(findings, pair, R.FIELD_WIRE_COMPATIBLE_CARDINALITY, WIRE_CARDINALITY);
  if (findings.has(R.FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY)) checkCardinality(findings, pair, R.FIELD_WIRE_JSON_COMPATIBLE_CARDINALITY, WIRE_JSON_CARDINALITY);
}
