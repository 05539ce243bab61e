import type { JsonValue } from '../util/json.js';
import type { AvroArray, AvroMap, AvroNode, AvroPrimitive, AvroPrimitiveKind, AvroUnion } from './model.js';
import { isNamed } from './model.js';
import { PRIMITIVE_NAMES, qualify } from './names.js';
import { AvroParseRule } from './parse-rules.js';
import { buildEnum, buildFixed, buildRecord } from './build-named.js';
import type { BuildState, Mutable, SchemaObject } from './build-state.js';
import { EMPTY_PROPS, MAX_JSON_DEPTH, MAX_SCHEMA_NODES, isSchemaObject, parseFailure } from './build-state.js';
import { ARRAY_KEYS, MAP_KEYS, PRIMITIVE_KEYS, itemAt, properties, unreadValue } from './schema-keys.js';
import { markAcyclic } from './seal.js';
import { plainContainerKey, primitiveContainerFingerprint, primitiveFingerprint } from './structure.js';
import { AvroTraits, ownTraits } from './traits.js';

/** A name read before its definition: Java 1.12 resolves such forward references at the end. */
class Pending {
  constructor(readonly fullName: string, readonly pointer: string) {}
}

/**
 * Builds the child schema `json` that goes into `target[key]`, whose JSON pointer is
 * `${parent}/${key}` (made only when needed: most children are type names already known). A
 * forward reference returns undefined now and is written into `target[key]` when resolved.
 */
export function child(state: BuildState, target: object, key: string | number, json: unknown, namespace: string | null, parent: string, depth: number): AvroNode {
  if (typeof json === 'string') {
    const known = reference(state, json, namespace);
    return known ?? forward(state, target, key, new Pending(qualify(json, namespace).fullName, `${parent}/${key}`));
  }
  const built = buildNode(state, json, namespace, `${parent}/${key}`, depth);
  return built instanceof Pending ? forward(state, target, key, built) : built;
}

/** The root schema `json` of a document, written into `slot.node` (at once, or when a forward reference is resolved). */
export function rootChild(state: BuildState, slot: { node?: AvroNode }, json: unknown): AvroNode {
  const built = buildNode(state, json, null, '', 1);
  return built instanceof Pending ? forward(state, slot, 'node', built) : built;
}

function forward(state: BuildState, target: object, key: string | number, pending: Pending): AvroNode {
  state.forwardReferences.push({ fullName: pending.fullName, pointer: pending.pointer, target, key });
  // The slot stays empty (undefined) until `finalizeSchema` resolves the reference.
  return undefined as unknown as AvroNode;
}

/** Builds the node for one schema (a name, an object or a union array) at `pointer`; an object or array there is the `depth`th open one. */
function buildNode(state: BuildState, json: unknown, namespace: string | null, pointer: string, depth: number): AvroNode | Pending {
  if (typeof json === 'string') return reference(state, json, namespace) ?? new Pending(qualify(json, namespace).fullName, pointer);
  if (depth > MAX_JSON_DEPTH) throw parseFailure(state, pointer, AvroParseRule.TOO_DEEP, `more than ${MAX_JSON_DEPTH} levels of nested arrays and objects`);
  if (++state.nodes > MAX_SCHEMA_NODES) throw parseFailure(state, pointer, AvroParseRule.TOO_LARGE, `more than ${MAX_SCHEMA_NODES} schemas (objects and unions) in one document`);
  if (Array.isArray(json)) return buildUnion(state, json, namespace, pointer, depth);
  if (!isSchemaObject(json)) {
    throw parseFailure(state, pointer, AvroParseRule.NOT_A_SCHEMA, `a schema is a type name, a plain object or a union array, not ${describeJson(json)}`);
  }
  const type = json.type;
  if (typeof type !== 'string') {
    throw parseFailure(state, pointer, AvroParseRule.MISSING_TYPE, type === undefined ? 'no "type"' : '"type" of a schema object must be a string');
  }
  if (PRIMITIVE_NAMES.has(type)) return primitive(type as AvroPrimitiveKind, properties(state, json, PRIMITIVE_KEYS, pointer, depth));
  switch (type) {
    case 'record':
    case 'error':
      return buildRecord(state, json, namespace, pointer, depth, type === 'error');
    case 'enum':
      return buildEnum(state, json, namespace, pointer, depth);
    case 'fixed':
      return buildFixed(state, json, namespace, pointer, depth);
    case 'array':
    case 'map':
      return buildContainer(state, json, type, namespace, pointer, depth);
    default:
      // Java reads {"type": "SomeName"} as a reference to SomeName (its other attributes are ignored).
      unreadValue(state, json);
      return reference(state, type, namespace) ?? new Pending(qualify(type, namespace).fullName, `${pointer}/type`);
  }
}

function describeJson(json: unknown): string {
  if (json === null) return 'null';
  return typeof json === 'object' ? 'this value' : `a ${typeof json}`;
}

/**
 * A primitive without attributes is one frozen node per kind, shared by every schema: it has no
 * identity of its own (nothing keys on it that its content would not decide), and a 200-field
 * record names hundreds of them. Plain primitives carry their fingerprint from the start.
 */
const PLAIN_PRIMITIVES: ReadonlyMap<string, AvroPrimitive> = new Map(
  [...PRIMITIVE_NAMES].map((kind) => [kind, Object.freeze({ kind: kind as AvroPrimitiveKind, props: EMPTY_PROPS, acyclic: true, fp: primitiveFingerprint(kind), selfCompatible: true, traits: ownTraits(kind as AvroPrimitiveKind, EMPTY_PROPS) })]),
);

function primitive(kind: AvroPrimitiveKind, props: Readonly<Record<string, JsonValue>>): AvroPrimitive {
  // A primitive with attributes gets its fingerprint with its schema's.
  if (props === EMPTY_PROPS) return PLAIN_PRIMITIVES.get(kind) as AvroPrimitive;
  return { kind, props, acyclic: true, fp: '', selfCompatible: false, traits: ownTraits(kind, props) };
}

/**
 * A type name: a primitive or a named type defined so far; undefined for a forward reference (to
 * its full name). Like Java 1.12's `ParseContext.find`, an undotted name is looked up in the
 * enclosing namespace, then in the null namespace; a dotted name is a full name and has no fallback.
 */
function reference(state: BuildState, name: string, namespace: string | null): AvroNode | undefined {
  const plain = PLAIN_PRIMITIVES.get(name);
  if (plain !== undefined) return plain;
  return state.named.get(qualify(name, namespace).fullName) ?? state.named.get(name);
}

function buildContainer(state: BuildState, json: SchemaObject, kind: 'array' | 'map', namespace: string | null, pointer: string, depth: number): AvroArray | AvroMap {
  const key = kind === 'array' ? 'items' : 'values';
  const childJson = json[key];
  if (childJson === undefined) {
    throw parseFailure(state, `${pointer}/${key}`, kind === 'array' ? AvroParseRule.MISSING_ITEMS : AvroParseRule.MISSING_VALUES, `${kind === 'array' ? 'an array' : 'a map'} needs "${key}"`);
  }
  const node = { kind, props: properties(state, json, kind === 'array' ? ARRAY_KEYS : MAP_KEYS, pointer, depth), acyclic: false, fp: '', selfCompatible: false, traits: AvroTraits.ALL } as Mutable<AvroArray> | Mutable<AvroMap>;
  if (kind === 'array') (node as Mutable<AvroArray>).items = child(state, node, key, childJson, namespace, pointer, depth + 1);
  else (node as Mutable<AvroMap>).values = child(state, node, key, childJson, namespace, pointer, depth + 1);
  markAcyclic(node, state);
  return shared(state, node);
}

/**
 * The node already built for an equal array, map or union of plain primitives (by its
 * `plainContainerKey`), else this one, given its fingerprint at once: a record's dozens of
 * `["null","string"]` are one node, as plain primitives are, and even a single check skips
 * identical ones. Such a node holds no name, attribute or forward reference, and is never changed
 * after it is built.
 */
function shared<T extends AvroNode>(state: BuildState, node: T): T {
  const key = plainContainerKey(node);
  if (key < 0) return node;
  const known = state.plainContainers.get(key);
  if (known !== undefined) return known as T;
  const mutable = node as Mutable<AvroNode>;
  mutable.fp = primitiveContainerFingerprint(node);
  mutable.selfCompatible = true;
  state.plainContainers.set(key, node);
  return node;
}

function buildUnion(state: BuildState, json: readonly unknown[], namespace: string | null, pointer: string, depth: number): AvroUnion {
  // Of its exact length (a 2-branch union grown by push would keep room for 17).
  const count = json.length;
  const branches: AvroNode[] = new Array<AvroNode>(count);
  const node: Mutable<AvroUnion> = { kind: 'union', branches, props: EMPTY_PROPS, acyclic: false, fp: '', selfCompatible: false, traits: AvroTraits.ALL };
  let forward = false;
  for (let i = 0; i < count; i++) {
    const branchJson = itemAt(state, json, i);
    if (Array.isArray(branchJson)) throw parseFailure(state, `${pointer}/${i}`, AvroParseRule.NESTED_UNION, 'Nested union: a union may not directly contain a union');
    const branch = child(state, branches, i, branchJson, namespace, pointer, depth + 1);
    if (branch !== undefined) branches[i] = branch;
    else forward = true;
  }
  checkUnionBranches(state, node, pointer);
  // Checked again at the end only if a branch is resolved then.
  if (forward) state.unions.push({ union: node, pointer });
  markAcyclic(node, state);
  return shared(state, node);
}

/**
 * No two branches of the same type, except named types with different names (spec 1.12,
 * "Unions"). Branches not defined yet are skipped: Java's placeholders all have distinct names.
 */
export function checkUnionBranches(state: BuildState, union: AvroUnion, pointer: string): void {
  const branches = union.branches;
  // The usual unions have a few branches: compared pairwise, without a set; a long one by a set (linear).
  const seen = branches.length > 8 ? new Set<string>() : undefined;
  for (let i = 0; i < branches.length; i++) {
    const key = branchKey(branches[i]);
    if (key === undefined) continue;
    let duplicate = false;
    if (seen) {
      duplicate = seen.has(key);
      seen.add(key);
    } else {
      for (let j = 0; j < i && !duplicate; j++) duplicate = branchKey(branches[j]) === key;
    }
    if (duplicate) throw parseFailure(state, `${pointer}/${i}`, AvroParseRule.DUPLICATE_UNION_BRANCH, `Duplicate in union:${key}`);
  }
}

/** What two branches of a union may not share: a named type's full name, any other type's kind; undefined while not defined yet. */
function branchKey(branch: AvroNode | undefined): string | undefined {
  if (branch === undefined) return undefined;
  return isNamed(branch) ? branch.fullName : branch.kind;
}
