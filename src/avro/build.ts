import { SchemaParseError } from '../errors.js';
import type { JsonObject, JsonValue } from '../util/json.js';
import { escapePointerToken, isJsonObject, ownProperty } from '../util/json.js';
import { stableJson } from '../util/stable-json.js';
import { copyJson } from '../util/copy-json.js';
import { defaultProblem, parseJavaDouble } from './defaults.js';
import type {
  AvroArray, AvroEnum, AvroField, AvroFieldOrder, AvroFixed, AvroMap, AvroNamed, AvroNode, AvroPrimitive,
  AvroPrimitiveKind, AvroRecord, AvroUnion,
} from './model.js';
import { isNamed } from './model.js';
import { PRIMITIVE_NAMES, fullNameProblem, nameProblem, qualify } from './names.js';
import { AvroParseRule } from './parse-rules.js';

/** JSON nesting deeper than this is rejected, like Jackson's default `maxNestingDepth` (1000) in Java. */
export const MAX_JSON_DEPTH = 1000;

/** Attributes that are part of a schema's definition; any other key is a property. */
const SCHEMA_RESERVED = new Set(['doc', 'fields', 'items', 'name', 'namespace', 'size', 'symbols', 'values', 'type', 'aliases']);
const ENUM_RESERVED = new Set([...SCHEMA_RESERVED, 'default']);
const FIELD_RESERVED = new Set(['default', 'doc', 'name', 'order', 'type', 'aliases']);
const EMPTY_PROPS: Readonly<Record<string, JsonValue>> = Object.freeze(Object.create(null) as Record<string, JsonValue>);

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A reference to a name not defined yet (Java 1.12 resolves such forward references at the end). */
export interface ForwardReference {
  readonly fullName: string;
  readonly pointer: string;
  readonly assign: (node: AvroNode) => void;
}

/** A field default to validate once every name is resolved. */
export interface PendingDefault {
  readonly field: AvroField;
  readonly pointer: string;
}

/** State of one parse: the names known so far and the checks that wait for the end. */
export interface BuildState {
  readonly label: string;
  readonly named: Map<string, AvroNamed>;
  readonly forwardReferences: ForwardReference[];
  readonly defaults: PendingDefault[];
  readonly unions: { readonly union: AvroUnion; readonly pointer: string }[];
  /** Records whose fields are being read (Java registers a record before its fields). */
  readonly inProgress: Set<AvroNode>;
}

export function parseFailure(state: BuildState, pointer: string, rule: AvroParseRule, detail: string): SchemaParseError {
  return new SchemaParseError({ input: state.label, pointer, rule, detail });
}

/** Builds the node for one schema (a name, an object or a union array) at `pointer`, `depth` JSON levels down. */
export function buildNode(state: BuildState, json: unknown, namespace: string | null, pointer: string, depth: number, assign: (node: AvroNode) => void): AvroNode | undefined {
  if (depth > MAX_JSON_DEPTH) throw parseFailure(state, pointer, AvroParseRule.TOO_DEEP, `schema nested more than ${MAX_JSON_DEPTH} levels deep`);
  if (typeof json === 'string') return reference(state, json, namespace, pointer, assign);
  if (Array.isArray(json)) return buildUnion(state, json, namespace, pointer, depth);
  if (!isJsonObject(json)) {
    throw parseFailure(state, pointer, AvroParseRule.NOT_A_SCHEMA, `a schema is a type name, an object or a union array, not ${describeJson(json)}`);
  }
  const type = ownProperty(json, 'type');
  if (typeof type !== 'string') {
    throw parseFailure(state, pointer, AvroParseRule.MISSING_TYPE, type === undefined ? 'no "type"' : '"type" of a schema object must be a string');
  }
  if (PRIMITIVE_NAMES.has(type)) return primitive(state, type as AvroPrimitiveKind, json, pointer);
  switch (type) {
    case 'record':
    case 'error':
      return buildRecord(state, json, namespace, pointer, depth, type === 'error');
    case 'enum':
      return buildEnum(state, json, namespace, pointer);
    case 'fixed':
      return buildFixed(state, json, namespace, pointer);
    case 'array':
      return buildArray(state, json, namespace, pointer, depth);
    case 'map':
      return buildMap(state, json, namespace, pointer, depth);
    default:
      // Java reads {"type": "SomeName"} as a reference to SomeName (its other attributes are ignored).
      return reference(state, type, namespace, `${pointer}/type`, assign);
  }
}

function describeJson(json: unknown): string {
  if (json === null) return 'null';
  return typeof json === 'object' ? 'this value' : `a ${typeof json}`;
}

function primitive(state: BuildState, kind: AvroPrimitiveKind, json: JsonObject | undefined, pointer: string): AvroPrimitive {
  return { kind, props: json ? properties(state, json, SCHEMA_RESERVED, pointer) : EMPTY_PROPS, fp: '', selfCompatible: false };
}

/**
 * A type name: a primitive, a named type defined so far, or a forward reference. Like Java 1.12's
 * `ParseContext.find`, an undotted name is looked up in the enclosing namespace, then in the null
 * namespace; a dotted name is a full name and has no fallback.
 */
function reference(state: BuildState, name: string, namespace: string | null, pointer: string, assign: (node: AvroNode) => void): AvroNode | undefined {
  if (PRIMITIVE_NAMES.has(name)) return primitive(state, name as AvroPrimitiveKind, undefined, pointer);
  const { fullName } = qualify(name, namespace);
  const found = state.named.get(fullName) ?? state.named.get(name);
  if (found) return found;
  state.forwardReferences.push({ fullName, pointer, assign });
  return undefined;
}

/** Sets a child slot now, or when its forward reference is resolved. */
function place<T extends object, K extends keyof T>(state: BuildState, target: T, key: K, json: unknown, namespace: string | null, pointer: string, depth: number): void {
  const assign = (node: AvroNode): void => {
    (target as Record<K, unknown>)[key] = node;
  };
  const node = buildNode(state, json, namespace, pointer, depth, assign);
  if (node) assign(node);
}

function properties(state: BuildState, json: JsonObject, reserved: ReadonlySet<string>, pointer: string): Readonly<Record<string, JsonValue>> {
  let props: Record<string, JsonValue> | undefined;
  for (const key of Object.keys(json)) {
    if (reserved.has(key)) continue;
    const copy = copyJson(json[key], MAX_JSON_DEPTH);
    const keyPointer = `${pointer}/${escapePointerToken(key)}`;
    if (!copy.ok) throw parseFailure(state, keyPointer + copy.pointer, AvroParseRule.NOT_JSON, copy.reason);
    props ??= Object.create(null) as Record<string, JsonValue>;
    props[key] = copy.value;
  }
  return props ?? EMPTY_PROPS;
}

function optionalText(json: JsonObject, key: string): string | undefined {
  const value = ownProperty(json, key);
  return typeof value === 'string' ? value : undefined;
}

function aliases(state: BuildState, json: JsonObject, pointer: string): string[] {
  const value = ownProperty(json, 'aliases');
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw parseFailure(state, `${pointer}/aliases`, AvroParseRule.INVALID_ALIASES, 'aliases must be an array of strings');
  const out: string[] = [];
  value.forEach((alias: JsonValue, i: number) => {
    if (typeof alias !== 'string') throw parseFailure(state, `${pointer}/aliases/${i}`, AvroParseRule.INVALID_ALIASES, 'an alias must be a string');
    if (!out.includes(alias)) out.push(alias);
  });
  return out;
}

/** Name, namespace, aliases and doc of a named type, registered in the parse's names. */
function namedBase(state: BuildState, json: JsonObject, namespace: string | null, pointer: string): Mutable<Omit<AvroRecord, 'kind' | 'isError' | 'fields' | 'fieldsByName'>> {
  const name = optionalText(json, 'name');
  if (name === undefined) throw parseFailure(state, `${pointer}/name`, AvroParseRule.MISSING_NAME, 'a named type needs a string "name"');
  const explicitNamespace = optionalText(json, 'namespace');
  const qualified = qualify(name, explicitNamespace ?? namespace);
  const problem = fullNameProblem(qualified);
  if (problem) throw parseFailure(state, `${pointer}/name`, AvroParseRule.INVALID_NAME, problem);
  if (PRIMITIVE_NAMES.has(qualified.fullName)) {
    throw parseFailure(state, `${pointer}/name`, AvroParseRule.PRIMITIVE_NAME, `Schemas may not be named after primitives: ${qualified.fullName}`);
  }
  if (state.named.has(qualified.fullName)) {
    throw parseFailure(state, `${pointer}/name`, AvroParseRule.REDEFINED_NAME, `Can't redefine: ${qualified.fullName}`);
  }
  const doc = optionalText(json, 'doc');
  return {
    ...qualified,
    // Relative aliases take the type's own namespace (spec 1.12, "Aliases").
    aliases: aliases(state, json, pointer).map((alias) => qualify(alias, qualified.namespace).fullName),
    ...(doc === undefined ? {} : { doc }),
    props: EMPTY_PROPS,
    fp: '',
    selfCompatible: false,
  };
}

function buildRecord(state: BuildState, json: JsonObject, namespace: string | null, pointer: string, depth: number, isError: boolean): AvroRecord {
  const base = namedBase(state, json, namespace, pointer);
  const fieldsJson = ownProperty(json, 'fields');
  if (!Array.isArray(fieldsJson)) throw parseFailure(state, `${pointer}/fields`, AvroParseRule.MISSING_FIELDS, 'a record needs a "fields" array');
  const fields: AvroField[] = [];
  const fieldsByName = new Map<string, AvroField>();
  const record: AvroRecord = { ...base, kind: 'record', isError, fields, fieldsByName, props: properties(state, json, SCHEMA_RESERVED, pointer) };
  // Registered before its fields, so that the fields may refer to the record itself.
  state.named.set(record.fullName, record);
  state.inProgress.add(record);
  fieldsJson.forEach((fieldJson: JsonValue, position: number) => {
    const field = buildField(state, fieldJson, base.namespace, `${pointer}/fields/${position}`, depth + 2, position);
    if (fieldsByName.has(field.name)) {
      throw parseFailure(state, `${pointer}/fields/${position}/name`, AvroParseRule.DUPLICATE_FIELD, `Duplicate field ${field.name} in record ${record.fullName}`);
    }
    fields.push(field);
    fieldsByName.set(field.name, field);
  });
  state.inProgress.delete(record);
  return record;
}

const ORDERS: Readonly<Record<string, AvroFieldOrder>> = { ASCENDING: 'ascending', DESCENDING: 'descending', IGNORE: 'ignore' };

function buildField(state: BuildState, json: JsonValue, namespace: string | null, pointer: string, depth: number, position: number): AvroField {
  if (!isJsonObject(json)) throw parseFailure(state, pointer, AvroParseRule.MISSING_FIELD_NAME, 'a field is an object with a "name" and a "type"');
  const name = optionalText(json, 'name');
  if (name === undefined) throw parseFailure(state, `${pointer}/name`, AvroParseRule.MISSING_FIELD_NAME, 'a field needs a string "name"');
  const nameError = nameProblem(name);
  if (nameError) throw parseFailure(state, `${pointer}/name`, AvroParseRule.INVALID_FIELD_NAME, nameError);
  const typeJson = ownProperty(json, 'type');
  if (typeJson === undefined) throw parseFailure(state, `${pointer}/type`, AvroParseRule.MISSING_FIELD_TYPE, `field "${name}" has no "type"`);
  const field = {
    name, position, positionToken: String(position), order: fieldOrder(state, json, pointer),
    aliases: aliases(state, json, pointer), props: properties(state, json, FIELD_RESERVED, pointer),
    hasDefault: false, default: undefined,
  } as Omit<Mutable<AvroField>, 'type'> as Mutable<AvroField>; // `type` is placed just below
  const doc = optionalText(json, 'doc');
  if (doc !== undefined) field.doc = doc;
  place(state, field, 'type', typeJson, namespace, `${pointer}/type`, depth + 1);
  const defaultJson = ownProperty(json, 'default');
  if (defaultJson !== undefined) {
    field.hasDefault = true;
    field.default = fieldDefault(state, field, defaultJson, `${pointer}/default`);
    checkDefault(state, field, `${pointer}/default`, state.inProgress);
    state.defaults.push({ field, pointer: `${pointer}/default` });
  }
  return field;
}

function fieldOrder(state: BuildState, json: JsonObject, pointer: string): AvroFieldOrder {
  const value = ownProperty(json, 'order');
  if (value === undefined) return 'ascending';
  const order = typeof value === 'string' ? ORDERS[value.toUpperCase()] : undefined;
  if (order === undefined) throw parseFailure(state, `${pointer}/order`, AvroParseRule.INVALID_ORDER, 'order must be "ascending", "descending" or "ignore"');
  return order;
}

/** A copy of the default; Java's parser reads a string default of a float or double field as a number. */
function fieldDefault(state: BuildState, field: AvroField, json: JsonValue, pointer: string): JsonValue {
  const copy = copyJson(json, MAX_JSON_DEPTH);
  if (!copy.ok) throw parseFailure(state, pointer + copy.pointer, AvroParseRule.NOT_JSON, copy.reason);
  const kind = (field.type as AvroNode | undefined)?.kind;
  if ((kind === 'float' || kind === 'double') && typeof copy.value === 'string') {
    const number = parseJavaDouble(copy.value);
    if (number === undefined) throw parseFailure(state, pointer, AvroParseRule.INVALID_DEFAULT, `Invalid default for field ${field.name}: "${copy.value}" is not a number`);
    return number;
  }
  return copy.value;
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

function buildEnum(state: BuildState, json: JsonObject, namespace: string | null, pointer: string): AvroEnum {
  const base = namedBase(state, json, namespace, pointer);
  const symbolsJson = ownProperty(json, 'symbols');
  if (!Array.isArray(symbolsJson)) throw parseFailure(state, `${pointer}/symbols`, AvroParseRule.MISSING_SYMBOLS, 'an enum needs a "symbols" array');
  const symbols: string[] = [];
  const symbolSet = new Set<string>();
  symbolsJson.forEach((symbol: JsonValue, i: number) => {
    if (typeof symbol !== 'string') throw parseFailure(state, `${pointer}/symbols/${i}`, AvroParseRule.INVALID_SYMBOL, 'Null name: a symbol must be a string');
    const problem = nameProblem(symbol);
    if (problem) throw parseFailure(state, `${pointer}/symbols/${i}`, AvroParseRule.INVALID_SYMBOL, problem);
    if (symbolSet.has(symbol)) throw parseFailure(state, `${pointer}/symbols/${i}`, AvroParseRule.DUPLICATE_SYMBOL, `Duplicate enum symbol: ${symbol}`);
    symbols.push(symbol);
    symbolSet.add(symbol);
  });
  // Java reads a non-string enum default as no default (JsonNode.textValue() is null).
  const enumDefault = optionalText(json, 'default');
  if (enumDefault !== undefined && !symbolSet.has(enumDefault)) {
    throw parseFailure(state, `${pointer}/default`, AvroParseRule.INVALID_ENUM_DEFAULT, `The Enum Default: ${enumDefault} is not in the enum symbol set: [${symbols.join(', ')}]`);
  }
  const node: AvroEnum = {
    ...base, kind: 'enum', symbols, symbolSet, props: properties(state, json, ENUM_RESERVED, pointer),
    ...(enumDefault === undefined ? {} : { default: enumDefault }),
  };
  state.named.set(node.fullName, node);
  return node;
}

function buildFixed(state: BuildState, json: JsonObject, namespace: string | null, pointer: string): AvroFixed {
  const base = namedBase(state, json, namespace, pointer);
  const size = ownProperty(json, 'size');
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0 || size > 2147483647) {
    throw parseFailure(state, `${pointer}/size`, AvroParseRule.INVALID_SIZE, 'a fixed needs a "size" that is a non-negative 32-bit integer');
  }
  const node: AvroFixed = { ...base, kind: 'fixed', size, props: properties(state, json, SCHEMA_RESERVED, pointer) };
  state.named.set(node.fullName, node);
  return node;
}

function buildArray(state: BuildState, json: JsonObject, namespace: string | null, pointer: string, depth: number): AvroArray {
  const items = ownProperty(json, 'items');
  if (items === undefined) throw parseFailure(state, `${pointer}/items`, AvroParseRule.MISSING_ITEMS, 'an array needs "items"');
  const node = { kind: 'array', props: properties(state, json, SCHEMA_RESERVED, pointer), fp: '', selfCompatible: false } as Mutable<AvroArray>;
  place(state, node, 'items', items, namespace, `${pointer}/items`, depth + 1);
  return node;
}

function buildMap(state: BuildState, json: JsonObject, namespace: string | null, pointer: string, depth: number): AvroMap {
  const values = ownProperty(json, 'values');
  if (values === undefined) throw parseFailure(state, `${pointer}/values`, AvroParseRule.MISSING_VALUES, 'a map needs "values"');
  const node = { kind: 'map', props: properties(state, json, SCHEMA_RESERVED, pointer), fp: '', selfCompatible: false } as Mutable<AvroMap>;
  place(state, node, 'values', values, namespace, `${pointer}/values`, depth + 1);
  return node;
}

function buildUnion(state: BuildState, json: readonly JsonValue[], namespace: string | null, pointer: string, depth: number): AvroUnion {
  const branches: AvroNode[] = [];
  const node: AvroUnion = { kind: 'union', branches, props: EMPTY_PROPS, fp: '', selfCompatible: false };
  json.forEach((branch, i) => {
    if (Array.isArray(branch)) throw parseFailure(state, `${pointer}/${i}`, AvroParseRule.NESTED_UNION, 'Nested union: a union may not directly contain a union');
    place(state, branches, i, branch, namespace, `${pointer}/${i}`, depth + 1);
  });
  checkUnionBranches(state, node, pointer);
  state.unions.push({ union: node, pointer });
  return node;
}

/**
 * No two branches of the same type, except named types with different names (spec 1.12,
 * "Unions"). Branches not defined yet are skipped: Java's placeholders all have distinct names.
 */
export function checkUnionBranches(state: BuildState, union: AvroUnion, pointer: string): void {
  const seen = new Set<string>();
  union.branches.forEach((branch, i) => {
    const key = isNamed(branch) ? branch.fullName : branch.kind;
    if (seen.has(key)) throw parseFailure(state, `${pointer}/${i}`, AvroParseRule.DUPLICATE_UNION_BRANCH, `Duplicate in union:${key}`);
    seen.add(key);
  });
}
