import type { JsonValue } from '../../util/json.js';
import type { CombinedNode, InstanceType, JsonNode, ObjectNode } from '../model.js';
import { DiffSession, deref } from './session.js';
import { intersects } from './value-set.js';

const ALL_TYPES: readonly InstanceType[] = ['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'];
const MAX_DEPTH = 8;

/**
 * May an instance valid under `writer` also be valid under a branch of the `oneOf` reader other
 * than `matched`? Then the reader rejects it ("exactly one", Validation 2020-12 §10.2.1.3). A
 * cautious test: branches are told apart by instance type, by finite value sets (`enum`/`const`),
 * or by a required property whose values are told apart the same way (a tagged union); anything
 * else may overlap. `candidates` are the branches to look at (all by default).
 */
export function oneOfOverlaps(s: DiffSession, writer: JsonNode, reader: CombinedNode, matched: number, excluded: (branch: number) => boolean, candidates?: Iterable<number>): boolean {
  for (const k of candidates ?? reader.subschemas.keys()) {
    if (k !== matched && mayIntersect(s, writer, reader.subschemas[k] as JsonNode, 0) && !excluded(k)) return true;
  }
  return false;
}

/** One step of the session's budget; once it is spent, any two schemas may intersect (the cautious answer). */
function mayIntersect(s: DiffSession, a: JsonNode, b: JsonNode, depth: number): boolean {
  s.budget.spend();
  if (depth > MAX_DEPTH || !s.budget.available) return true;
  const left = deref(a);
  const right = deref(b);
  const types = instanceTypes(s, left);
  if (!instanceTypes(s, right).some((type) => types.includes(type))) return false;
  const leftValues = finiteValues(left);
  const rightValues = finiteValues(right);
  if (leftValues && rightValues && !intersects(s.keysOf(leftValues.node, leftValues.values), s.keysOf(rightValues.node, rightValues.values))) return false;
  const leftObject = objectPart(left);
  const rightObject = objectPart(right);
  if (leftObject && rightObject) {
    for (const name of leftObject.required) {
      const mine = leftObject.properties.get(name);
      const theirs = rightObject.properties.get(name);
      if (mine && theirs && !mayIntersect(s, mine, theirs, depth + 1)) return false;
    }
  }
  return true;
}

/** The instance types a node may accept; a node met again on the way (a `$ref` cycle) may accept any. Each node is visited once per call, for one budget step. */
function instanceTypes(s: DiffSession, node: JsonNode, known = new Map<JsonNode, readonly InstanceType[]>()): readonly InstanceType[] {
  const seen = known.get(node);
  if (seen !== undefined) return seen;
  known.set(node, ALL_TYPES);
  s.budget.spend();
  const types = ownTypes(s, node, known);
  known.set(node, types);
  return types;
}

function ownTypes(s: DiffSession, node: JsonNode, known: Map<JsonNode, readonly InstanceType[]>): readonly InstanceType[] {
  switch (node.kind) {
    case 'false': return [];
    case 'object': return node.requiresObject ? ['object'] : ALL_TYPES;
    case 'array': return node.requiresArray ? ['array'] : ALL_TYPES;
    case 'string': return node.requiresString ? ['string'] : ALL_TYPES;
    case 'number': return node.requiresInteger ? ['integer'] : node.requiresNumber ? ['number', 'integer'] : ALL_TYPES;
    case 'boolean': return ['boolean'];
    case 'null': return ['null'];
    case 'enum': return typesOfValues(node.values);
    case 'const': return [typeOfValue(node.value)];
    case 'ref': return instanceTypes(s, deref(node), known);
    case 'combined': {
      const parts = node.subschemas.map((sub) => instanceTypes(s, deref(sub), known));
      if (node.criterion === 'allOf') return ALL_TYPES.filter((type) => parts.every((part) => part.includes(type)));
      return ALL_TYPES.filter((type) => parts.some((part) => part.includes(type)));
    }
    default: return ALL_TYPES;
  }
}

function typesOfValues(values: readonly JsonValue[]): readonly InstanceType[] {
  const types = new Set<InstanceType>();
  for (const value of values) types.add(typeOfValue(value));
  return [...types];
}

function typeOfValue(value: JsonValue): InstanceType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean': return 'boolean';
    case 'number': return Number.isInteger(value) ? 'integer' : 'number';
    case 'string': return 'string';
    default: return 'object';
  }
}

/** The finite value set a node restricts to, with the node that holds it (its hashed texts are kept per node). */
function finiteValues(node: JsonNode): { readonly node: JsonNode; readonly values: readonly JsonValue[] } | undefined {
  const part = conjunct(node, (candidate) => candidate.kind === 'enum' || candidate.kind === 'const');
  if (part?.kind === 'enum') return { node: part, values: part.values };
  if (part?.kind === 'const') return { node: part, values: [part.value] };
  return undefined;
}

function objectPart(node: JsonNode): ObjectNode | undefined {
  const part = conjunct(node, (candidate) => candidate.kind === 'object');
  return part?.kind === 'object' ? part : undefined;
}

/** The node, or the first part of its `allOf`s (through `$ref`s, each node once: cycles end) that passes `test`. */
function conjunct(node: JsonNode, test: (candidate: JsonNode) => boolean): JsonNode | undefined {
  const seen = new Set<JsonNode>();
  const search = (current: JsonNode): JsonNode | undefined => {
    if (test(current)) return current;
    if (current.kind !== 'combined' || current.criterion !== 'allOf' || seen.has(current)) return undefined;
    seen.add(current);
    for (const sub of current.subschemas) {
      const found = search(deref(sub));
      if (found) return found;
    }
    return undefined;
  };
  return search(node);
}
