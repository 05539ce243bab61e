import type { JsonValue } from '../util/json.js';
import { stableJson } from '../util/stable-json.js';
import type { BuildState, Mutable, SchemaObject } from './build-state.js';
import { EMPTY_PROPS, copyValue, isSchemaObject, parseFailure, text } from './build-state.js';
import { child } from './build.js';
import { ENUM_KEYS, FIELD_KEYS, FIXED_KEYS, RECORD_KEYS, itemAt, properties } from './schema-keys.js';
import { defaultProblem, parseJavaDouble } from './defaults.js';
import type { AvroEnum, AvroField, AvroFieldOrder, AvroFixed, AvroNode, AvroRecord } from './model.js';
import { isNamed } from './model.js';
import type { QualifiedName } from './names.js';
import { PRIMITIVE_NAMES, fullNameProblem, nameProblem, qualify } from './names.js';
import { AvroParseRule } from './parse-rules.js';
import { markAcyclic } from './seal.js';
import { AvroTraits, NO_FIELD_TRAITS, ownTraits } from './traits.js';

const ORDERS: Readonly<Record<string, AvroFieldOrder>> = { ASCENDING: 'ascending', DESCENDING: 'descending', IGNORE: 'ignore' };
const NO_ALIASES: readonly string[] = Object.freeze([]);

function aliases(state: BuildState, json: SchemaObject, pointer: string): readonly string[] {
  const value = json.aliases;
  if (value === undefined) return NO_ALIASES;
  if (!Array.isArray(value)) throw parseFailure(state, `${pointer}/aliases`, AvroParseRule.INVALID_ALIASES, 'aliases must be an array of strings');
  const count = value.length;
  if (count > 0) state.aliases.found = true;
  // Java keeps aliases in a LinkedHashSet: the first of equal aliases, in document order (a Set: 50,000 aliases stay linear).
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const alias = itemAt(state, value, i);
    if (typeof alias !== 'string') throw parseFailure(state, `${pointer}/aliases/${i}`, AvroParseRule.INVALID_ALIASES, 'an alias must be a string');
    seen.add(alias);
  }
  return [...seen];
}

/** The name of a named type, checked as Java 1.12's `ParseContext.put` does. */
function typeName(state: BuildState, json: SchemaObject, namespace: string | null, pointer: string): QualifiedName {
  const name = text(json.name);
  if (name === undefined) throw parseFailure(state, `${pointer}/name`, AvroParseRule.MISSING_NAME, 'a named type needs a string "name"');
  const qualified = qualify(name, text(json.namespace) ?? namespace);
  const problem = fullNameProblem(qualified, state.validNamespaces);
  if (problem) throw parseFailure(state, `${pointer}/name`, AvroParseRule.INVALID_NAME, problem);
  // A full name with a namespace has a dot, so only a name in the null namespace can be a primitive's.
  if (qualified.namespace === null && PRIMITIVE_NAMES.has(qualified.fullName)) {
    throw parseFailure(state, `${pointer}/name`, AvroParseRule.PRIMITIVE_NAME, `Schemas may not be named after primitives: ${qualified.fullName}`);
  }
  if (state.named.has(qualified.fullName)) throw parseFailure(state, `${pointer}/name`, AvroParseRule.REDEFINED_NAME, `Can't redefine: ${qualified.fullName}`);
  return qualified;
}

/** Aliases of a named type; relative ones take the type's own namespace (spec 1.12, "Aliases"). */
function typeAliases(state: BuildState, json: SchemaObject, name: QualifiedName, pointer: string): readonly string[] {
  const raw = aliases(state, json, pointer);
  return raw.length === 0 ? NO_ALIASES : raw.map((alias) => qualify(alias, name.namespace).fullName);
}

export function buildRecord(state: BuildState, json: SchemaObject, namespace: string | null, pointer: string, depth: number, isError: boolean): AvroRecord {
  const name = typeName(state, json, namespace, pointer);
  const fieldsJson = json.fields;
  if (!Array.isArray(fieldsJson)) throw parseFailure(state, `${pointer}/fields`, AvroParseRule.MISSING_FIELDS, 'a record needs a "fields" array');
  const count = fieldsJson.length;
  const fields: AvroField[] = new Array<AvroField>(count);
  const fieldsByName = new Map<string, AvroField>();
  const record: Mutable<AvroRecord> = {
    kind: 'record', name: name.name, namespace: name.namespace, fullName: name.fullName, aliases: NO_ALIASES,
    props: EMPTY_PROPS, acyclic: false, fp: '', selfCompatible: false, traits: AvroTraits.ALL, isError, fields, fieldsByName, fieldTraits: NO_FIELD_TRAITS,
  };
  const doc = text(json.doc);
  if (doc !== undefined) record.doc = doc;
  // Registered before its fields, so that the fields may refer to the record itself.
  state.named.set(record.fullName, record);
  state.inProgress.add(record);
  const fieldsPointer = `${pointer}/fields/`;
  for (let position = 0; position < count; position++) {
    const token = String(position);
    fields[position] = buildField(state, itemAt(state, fieldsJson, position), name.namespace, fieldsPointer + token, depth + 2, position, token);
  }
  // Java's parseRecord reads every field, then `setFields` finds duplicates, then the record's properties and aliases.
  for (const field of fields) {
    // One lookup per field: a name seen before leaves the size as it was (and the record is refused).
    const size = fieldsByName.size;
    fieldsByName.set(field.name, field);
    if (fieldsByName.size === size) {
      throw parseFailure(state, `${pointer}/fields/${field.position}/name`, AvroParseRule.DUPLICATE_FIELD, `Duplicate field ${field.name} in record ${record.fullName}`);
    }
  }
  record.props = properties(state, json, RECORD_KEYS, pointer, depth);
  record.aliases = typeAliases(state, json, name, pointer);
  state.inProgress.delete(record);
  markAcyclic(record, state);
  return record;
}

/** The field at `position` (its JSON-pointer token `positionToken`) of a record. */
function buildField(state: BuildState, json: unknown, namespace: string | null, pointer: string, depth: number, position: number, positionToken: string): AvroField {
  if (!isSchemaObject(json)) throw parseFailure(state, pointer, AvroParseRule.MISSING_FIELD_NAME, 'a field is an object with a "name" and a "type"');
  const name = text(json.name);
  if (name === undefined) throw parseFailure(state, `${pointer}/name`, AvroParseRule.MISSING_FIELD_NAME, 'a field needs a string "name"');
  const nameError = nameProblem(name);
  if (nameError) throw parseFailure(state, `${pointer}/name`, AvroParseRule.INVALID_FIELD_NAME, nameError);
  const typeJson = json.type;
  if (typeJson === undefined) throw parseFailure(state, `${pointer}/type`, AvroParseRule.MISSING_FIELD_TYPE, `field "${name}" has no "type"`);
  const field = {
    name, type: undefined, position, positionToken, hasDefault: false, default: undefined,
    aliases: aliases(state, json, pointer), order: fieldOrder(state, json, pointer), props: properties(state, json, FIELD_KEYS, pointer, depth),
  } as unknown as Mutable<AvroField>; // `type` is placed just below
  const doc = text(json.doc);
  if (doc !== undefined) field.doc = doc;
  field.type = child(state, field, 'type', typeJson, namespace, pointer, depth + 1);
  const defaultJson = json.default;
  if (defaultJson !== undefined) {
    const defaultPointer = `${pointer}/default`;
    field.hasDefault = true;
    field.default = fieldDefault(state, field, defaultJson, defaultPointer, depth);
    checkDefault(state, field, defaultPointer, state.inProgress);
    // Checked again at the end only if its type was not complete yet (an acyclic type has every name resolved).
    if (!(field.type as AvroNode | undefined)?.acyclic) state.defaults.push({ field, pointer: defaultPointer });
  }
  return field;
}

function fieldOrder(state: BuildState, json: SchemaObject, pointer: string): AvroFieldOrder {
  const value = json.order;
  if (value === undefined) return 'ascending';
  const order = typeof value === 'string' ? ORDERS[value.toUpperCase()] : undefined;
  if (order === undefined) throw parseFailure(state, `${pointer}/order`, AvroParseRule.INVALID_ORDER, 'order must be "ascending", "descending" or "ignore"');
  return order;
}

/** A copy of the default; Java's parser reads a string default of a float or double field as a number. */
function fieldDefault(state: BuildState, field: AvroField, json: unknown, pointer: string, depth: number): JsonValue {
  const value = copyValue(state, json, depth, pointer);
  const kind = (field.type as AvroNode | undefined)?.kind;
  if ((kind === 'float' || kind === 'double') && typeof value === 'string') {
    const number = parseJavaDouble(value);
    if (number === undefined) throw parseFailure(state, pointer, AvroParseRule.INVALID_DEFAULT, `Invalid default for field ${field.name}: "${value}" is not a number`);
    return number;
  }
  return value;
}

/**
 * Java validates a default as soon as the field is read (its type read just before), with what is
 * known then; `finalizeSchema` checks it again once every name is resolved.
 */
export function checkDefault(state: BuildState, field: AvroField, pointer: string, inProgress: ReadonlySet<AvroNode>): void {
  const problem = defaultProblem(field.type as AvroNode | undefined, field.default as JsonValue, inProgress);
  if (problem === undefined) return;
  const detail = problem === 'invalid'
    ? `Invalid default for field ${field.name}: ${stableJson(field.default as JsonValue)} is not a valid ${describeType(field.type as AvroNode | undefined)}`
    : `Invalid default for field ${field.name}: a record default cannot be checked while its record is being defined (Java: "Schema fields not set yet")`;
  throw parseFailure(state, pointer, AvroParseRule.INVALID_DEFAULT, detail);
}

function describeType(node: AvroNode | undefined): string {
  if (node === undefined) return 'type defined later in the document';
  if (isNamed(node)) return `${node.kind} ${node.fullName}`;
  if (node.kind === 'union') return `union [${Array.from(node.branches, describeType).join(', ')}]`;
  return node.kind;
}

export function buildEnum(state: BuildState, json: SchemaObject, namespace: string | null, pointer: string, depth: number): AvroEnum {
  const name = typeName(state, json, namespace, pointer);
  const symbolsJson = json.symbols;
  if (!Array.isArray(symbolsJson)) throw parseFailure(state, `${pointer}/symbols`, AvroParseRule.MISSING_SYMBOLS, 'an enum needs a "symbols" array');
  const count = symbolsJson.length;
  const symbols = new Array<string>(count);
  const symbolSet = new Set<string>();
  for (let i = 0; i < count; i++) {
    const symbol = itemAt(state, symbolsJson, i);
    if (typeof symbol !== 'string') throw parseFailure(state, `${pointer}/symbols/${i}`, AvroParseRule.INVALID_SYMBOL, 'Null name: a symbol must be a string');
    const problem = nameProblem(symbol);
    if (problem) throw parseFailure(state, `${pointer}/symbols/${i}`, AvroParseRule.INVALID_SYMBOL, problem);
    if (symbolSet.has(symbol)) throw parseFailure(state, `${pointer}/symbols/${i}`, AvroParseRule.DUPLICATE_SYMBOL, `Duplicate enum symbol: ${symbol}`);
    symbols[i] = symbol;
    symbolSet.add(symbol);
  }
  // Java reads a non-string enum default as no default (JsonNode.textValue() is null).
  const enumDefault = text(json.default);
  if (enumDefault !== undefined && !symbolSet.has(enumDefault)) {
    throw parseFailure(state, `${pointer}/default`, AvroParseRule.INVALID_ENUM_DEFAULT, `The Enum Default: ${enumDefault} is not in the enum symbol set: [${symbols.join(', ')}]`);
  }
  const node: Mutable<AvroEnum> = {
    kind: 'enum', name: name.name, namespace: name.namespace, fullName: name.fullName, aliases: typeAliases(state, json, name, pointer),
    props: properties(state, json, ENUM_KEYS, pointer, depth), acyclic: true, fp: '', selfCompatible: false, traits: AvroTraits.NONE, symbols, symbolSet,
  };
  if (enumDefault !== undefined) node.default = enumDefault;
  return registerNamed(state, json, node);
}

export function buildFixed(state: BuildState, json: SchemaObject, namespace: string | null, pointer: string, depth: number): AvroFixed {
  const name = typeName(state, json, namespace, pointer);
  const size = json.size;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0 || size > 2147483647) {
    throw parseFailure(state, `${pointer}/size`, AvroParseRule.INVALID_SIZE, 'a fixed needs a "size" that is a non-negative 32-bit integer');
  }
  const node: Mutable<AvroFixed> = {
    kind: 'fixed', name: name.name, namespace: name.namespace, fullName: name.fullName, aliases: typeAliases(state, json, name, pointer),
    props: properties(state, json, FIXED_KEYS, pointer, depth), acyclic: true, fp: '', selfCompatible: false, traits: AvroTraits.NONE, size,
  };
  node.traits = ownTraits('fixed', node.props);
  return registerNamed(state, json, node);
}

function registerNamed<T extends Mutable<AvroEnum> | Mutable<AvroFixed>>(state: BuildState, json: SchemaObject, node: T): T {
  const doc = text(json.doc);
  if (doc !== undefined) node.doc = doc;
  state.named.set(node.fullName, node);
  return node;
}

