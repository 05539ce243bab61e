import { escapePointerToken, isJsonObject } from '../../util/json.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import { atLeast } from '../drafts.js';
import type { Draft } from '../model.js';
import { resolveUri, splitFragment } from './uri.js';

/** Where a raw schema sits: its document-relative pointer and the base URI its references resolve against. */
export interface Place {
  readonly pointer: string;
  readonly base: string;
  /** Which input it came from: the schema itself or a named reference. */
  readonly input: string;
  /** The draft of the document it sits in (each named reference or metaschema has its own `$schema`). */
  readonly draft: Draft;
}

/** Every schema resource and anchor of a set of documents, by absolute URI. */
export interface ResourceIndex {
  /** Resource URI (no fragment) → its root raw schema. */
  readonly resources: Map<string, JsonValue>;
  /** `resource#anchor` → raw schema. */
  readonly anchors: Map<string, JsonValue>;
  /** Raw object → where it sits (first place seen). */
  readonly places: Map<JsonObject, Place>;
  /** Resource URI → its `$dynamicAnchor`s (2020-12), by name: what a `$dynamicRef` may land on when the resource is in scope. */
  readonly dynamicAnchors: Map<string, Map<string, JsonObject>>;
  /** Resource URIs whose root says `"$recursiveAnchor": true` (2019-09). */
  readonly recursiveAnchors: Set<string>;
}

export function emptyIndex(): ResourceIndex {
  return { resources: new Map(), anchors: new Map(), places: new Map(), dynamicAnchors: new Map(), recursiveAnchors: new Set() };
}

/** The `$id` keyword of a draft (`id` before draft 6, JSON Schema draft 4 §7.2). */
export function idKeyword(draft: Draft): string {
  return atLeast(draft, 'draft-06') ? '$id' : 'id';
}

/**
 * Indexes one document: each `$id` opens a resource at its resolved URI, and anchors (`$anchor`,
 * or an `$id` that is a bare fragment before 2019-09) name schemas inside it. The walk visits every
 * object, since schemas may sit under any keyword (`definitions`, `$defs`, or unknown ones).
 */
export function indexDocument(index: ResourceIndex, root: JsonValue, base: string, draft: Draft, input: string): void {
  index.resources.set(splitFragment(base).resource, root);
  const stack: Array<{ readonly value: JsonValue; readonly pointer: string; readonly base: string }> = [{ value: root, pointer: '', base }];
  const idKey = idKeyword(draft);
  while (stack.length > 0) {
    const { value, pointer, base: outer } = stack.pop() as (typeof stack)[number];
    if (Array.isArray(value)) {
      value.forEach((item: JsonValue, i: number) => {
        if (item !== null && typeof item === 'object') stack.push({ value: item, pointer: `${pointer}/${i}`, base: outer });
      });
      continue;
    }
    if (!isJsonObject(value) || index.places.has(value)) continue;
    let here = outer;
    // Before 2019-09 a `$ref` makes its siblings ignored, an `$id` beside it too (draft 7 core §8.3).
    const id = typeof value['$ref'] === 'string' && !atLeast(draft, '2019-09') ? undefined : value[idKey];
    if (typeof id === 'string' && pointer !== '') here = registerId(index, value, id, outer, draft);
    else if (typeof id === 'string') here = registerRootId(index, value, id, outer);
    const anchor = value['$anchor'];
    if (typeof anchor === 'string' && atLeast(draft, '2019-09')) index.anchors.set(`${splitFragment(here).resource}#${anchor}`, value);
    // A `$dynamicAnchor` is also a plain anchor that `$ref` may name (2020-12 core §8.2.2).
    const dynamicAnchor = value['$dynamicAnchor'];
    if (typeof dynamicAnchor === 'string' && atLeast(draft, '2020-12')) {
      const resource = splitFragment(here).resource;
      index.anchors.set(`${resource}#${dynamicAnchor}`, value);
      const named = index.dynamicAnchors.get(resource) ?? new Map<string, JsonObject>();
      if (!named.has(dynamicAnchor)) named.set(dynamicAnchor, value);
      index.dynamicAnchors.set(resource, named);
    }
    // `$recursiveAnchor` counts at a resource's root only (2019-09 core §8.2.4.2.2).
    if (value['$recursiveAnchor'] === true && draft === '2019-09' && index.resources.get(splitFragment(here).resource) === value) index.recursiveAnchors.add(splitFragment(here).resource);
    index.places.set(value, { pointer, base: here, input, draft });
    for (const [key, child] of Object.entries(value)) {
      // Only objects and arrays can hold schemas; the pointer is built for those alone.
      if (child === null || typeof child !== 'object' || key === 'enum' || key === 'const' || key === 'default' || key === 'examples') continue;
      stack.push({ value: child, pointer: `${pointer}/${escapePointerToken(key)}`, base: here });
    }
  }
}

function registerRootId(index: ResourceIndex, value: JsonObject, id: string, outer: string): string {
  const absolute = resolveUri(id, outer);
  if (absolute === undefined) return outer;
  const { resource, fragment } = splitFragment(absolute);
  if (fragment === '') index.resources.set(resource, value);
  return resource;
}

function registerId(index: ResourceIndex, value: JsonObject, id: string, outer: string, draft: Draft): string {
  const absolute = resolveUri(id, outer);
  if (absolute === undefined) return outer;
  const { resource, fragment } = splitFragment(absolute);
  // Before 2019-09 an `$id` of "#name" is a location-independent anchor, not a new base (draft 7 core §8.2.3).
  if (id.startsWith('#') && !atLeast(draft, '2019-09')) {
    index.anchors.set(`${resource}#${fragment}`, value);
    return outer;
  }
  index.resources.set(resource, value);
  return resource;
}
