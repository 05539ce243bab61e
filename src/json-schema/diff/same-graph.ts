import type { JsonNode } from '../model.js';
import { deref } from './session.js';

/**
 * Are two schema graphs the same, node for node (cycles included)? Walks both in step, comparing
 * every field but `pointer`; a pair met again is assumed the same (the walk is a bisimulation).
 */
export function sameGraph(a: JsonNode, b: JsonNode): boolean {
  const seen = new Map<JsonNode, Set<JsonNode>>();
  const sameNode = (x: JsonNode, y: JsonNode): boolean => {
    const left = deref(x);
    const right = deref(y);
    if (left === right) return true;
    let row = seen.get(left);
    if (row?.has(right)) return true;
    if (!row) seen.set(left, (row = new Set()));
    row.add(right);
    return sameValue(left, right, sameNode);
  };
  return sameNode(a, b);
}

/** Where a node sits and how it is reached, not what it means: `target` is followed through `deref`, `content` is the raw JSON with its caches, `propertyTexts` a cache. */
const SKIPPED: ReadonlySet<string> = new Set(['pointer', 'target', 'content', 'propertyTexts']);

function isNode(value: object): value is JsonNode {
  return 'kind' in value && 'draft' in value && 'annotations' in value;
}

function sameValue(x: unknown, y: unknown, sameNode: (a: JsonNode, b: JsonNode) => boolean): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (x instanceof RegExp || y instanceof RegExp) return x instanceof RegExp && y instanceof RegExp && x.source === y.source && x.flags === y.flags;
  if (x instanceof Map || y instanceof Map) {
    if (!(x instanceof Map && y instanceof Map) || x.size !== y.size) return false;
    return [...x].every(([key, value]) => y.has(key) && sameValue(value, y.get(key), sameNode));
  }
  if (Array.isArray(x) || Array.isArray(y)) {
    return Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((item, i) => sameValue(item, y[i], sameNode));
  }
  if (isNode(x) && isNode(y) && (x !== deref(x) || y !== deref(y) || x.kind !== y.kind)) return x.kind === y.kind || x.kind === 'ref' || y.kind === 'ref' ? sameNode(x, y) : false;
  const keys = Object.keys(x).filter((key) => !SKIPPED.has(key));
  const other = Object.keys(y).filter((key) => !SKIPPED.has(key));
  if (keys.length !== other.length) return false;
  return keys.every((key) => {
    const left = (x as Record<string, unknown>)[key];
    const right = (y as Record<string, unknown>)[key];
    if (typeof left === 'object' && left !== null && isNode(left) && typeof right === 'object' && right !== null && isNode(right)) return sameNode(left, right);
    return sameValue(left, right, sameNode);
  });
}
