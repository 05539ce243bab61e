import type { JsonValue } from '../../util/json.js';
import type { CombinedNode, InstanceType, JsonNode, ObjectNode } from '../model.js';
import { includesJson } from './scalars.js';
import { deref } from './session.js';

const ALL_TYPES: readonly InstanceType[] = ['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'];
const MAX_DEPTH = 8;

/**
 * May an instance valid under `writer` also be valid under a branch of the `oneOf` reader other
 * than `matched`? Then the reader rejects it ("exactly one"). A cautious test: branches are
 * told apart by instance type, by finite value sets (`enum`/`const`), or by a required property
 * whose values are told apart the same way (a tagged union); anything else may overlap.
 */
export function oneOfOverlaps(writer: JsonNode, reader: CombinedNode, matched: number, excluded: (branch: number) => boolean): boolean {
  return reader.subschemas.some((branch, k) => k !== matched && mayIntersect(writer, branch, 0) && !excluded(k));
}

function mayIntersect(a: JsonNode, b: JsonNode, depth: number): boolean {
  if (depth > MAX_DEPTH) return true;
  const left = deref(a);
  const right = deref(b);
  const types = instanceTypes(left);
  if (!instanceTypes(right).some((type) => types.includes(type))) return false;
  const leftValues = finiteValues(left);
  const rightValues = finiteValues(right);
  if (leftValues && rightValues && !leftValues.some((value) => includesJson(rightValues, value))) return false;
  const leftObject = objectPart(left);
  const rightObject = objectPart(right);
  if (leftObject && rightObject) {
    for (const name of leftObject.required) {
      const mine = leftObject.properties.get(name);
      const theirs = rightObject.properties.get(name);
      if (mine && theirs && !mayIntersect(mine, theirs, depth + 1)) return false;
    }
  }
  return true;
}

function instanceTypes(node: JsonNode): readonly InstanceType[] {
  switch (node.kind) {
    case 'false': return [];
    case 'object': return node.requiresObject ? ['object'] : ALL_TYPES;
    case 'array': return node.requiresArray ? ['array'] : ALL_TYPES;
    case 'string': return node.requiresString ? ['string'] : ALL_TYPES;
    case 'number': return node.requiresInteger ? ['integer'] : node.requiresNumber ? ['number', 'integer'] : ALL_TYPES;
    case 'boolean': return ['boolean'];
    case 'null': return ['null'];
    case 'enum': return [...new Set(node.values.map(typeOfValue))];
    case 'const': return [typeOfValue(node.value)];
    case 'ref': return instanceTypes(deref(node));
    case 'combined': {
      const parts = node.subschemas.map((sub) => instanceTypes(deref(sub)));
      if (node.criterion === 'allOf') return ALL_TYPES.filter((type) => parts.every((part) => part.includes(type)));
      return [...new Set(parts.flat())];
    }
    default: return ALL_TYPES;
  }
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

function finiteValues(node: JsonNode): readonly JsonValue[] | undefined {
  if (node.kind === 'enum') return node.values;
  if (node.kind === 'const') return [node.value];
  if (node.kind === 'combined' && node.criterion === 'allOf') {
    for (const sub of node.subschemas) {
      const values = finiteValues(deref(sub));
      if (values) return values;
    }
  }
  return undefined;
}

function objectPart(node: JsonNode): ObjectNode | undefined {
  if (node.kind === 'object') return node;
  if (node.kind === 'combined' && node.criterion === 'allOf') {
    for (const sub of node.subschemas) {
      const part = objectPart(deref(sub));
      if (part) return part;
    }
  }
  return undefined;
}
