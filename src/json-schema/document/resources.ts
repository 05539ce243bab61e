import { escapePointerToken, isJsonObject } from '../../util/json.js';
import { ownValue } from '../../util/own.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import { atLeast } from '../drafts.js';
import type { Draft } from '../model.js';
import { resolveUri, splitFragment } from './uri.js';
import { SchemaParseError } from '../../errors.js';
import { JSON_SCHEMA_MAX_DEPTH, JsonSchemaParseRule } from '../parse-rules.js';

/** Where a raw schema sits: its document-relative pointer and the base URI its references resolve against. */
export interface Place extends Scope {
  readonly pointer: string;
}

/** What the schemas of one resource share: the base URI their references resolve against, and their document. */
export interface Scope {
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
  /** Raw object → the scope it sits in (a document is a tree: each object has one); one scope object per resource, not per schema. */
  readonly scopes: Map<JsonObject, Scope>;
  /** Document pointers of resource roots and anchored schemas (other pointers are known to whoever walks to them). */
  readonly pointers: Map<JsonObject, string>;
  /** Resource URI → its `$dynamicAnchor`s (2020-12), by name: what a `$dynamicRef` may land on when the resource is in scope. */
  readonly dynamicAnchors: Map<string, Map<string, JsonObject>>;
  /** Resource URIs whose root says `"$recursiveAnchor": true` (2019-09). */
  readonly recursiveAnchors: Set<string>;
}

export function emptyIndex(): ResourceIndex {
  return { resources: new Map(), anchors: new Map(), scopes: new Map(), pointers: new Map(), dynamicAnchors: new Map(), recursiveAnchors: new Set() };
}

/** The `$id` keyword of a draft (`id` before draft 6, JSON Schema draft 4 §7.2). */
export function idKeyword(draft: Draft): string {
  return atLeast(draft, 'draft-06') ? '$id' : 'id';
}

/** The place of an object the index knows: its scope, and its pointer when given or recorded. */
export function placeOf(index: ResourceIndex, raw: JsonObject, pointer?: string): Place | undefined {
  const scope = index.scopes.get(raw);
  const at = pointer ?? index.pointers.get(raw);
  return scope === undefined || at === undefined ? undefined : { pointer: at, base: scope.base, input: scope.input, draft: scope.draft };
}

/** JSON nesting allowed in a document: each schema level takes up to two (`properties`, then the name). */
export const MAX_JSON_DEPTH = 2 * JSON_SCHEMA_MAX_DEPTH + 8;

/**
 * Indexes one document: each `$id` opens a resource at its resolved URI, and anchors (`$anchor`,
 * or an `$id` that is a bare fragment before 2019-09) name schemas inside it. The walk visits every
 * value, since schemas may sit under any keyword (`definitions`, `$defs`, or unknown ones); it
 * records each object's scope, builds a pointer only for the resources and anchors it finds, and
 * refuses what JSON text parses to but a schema cannot hold: nesting deeper than `MAX_JSON_DEPTH`
 * (TOO_DEEP) and numbers beyond a double's range such as `1e400` (NOT_A_SCHEMA).
 */
export function indexDocument(index: ResourceIndex, root: JsonValue, base: string, draft: Draft, input: string): void {
  index.resources.set(splitFragment(base).resource, root);
  const walk = new DocumentWalk(index, draft, input);
  walk.visit(root, { base, input, draft }, true, 0);
}

const DOLLAR = 0x24;

class DocumentWalk {
  /** Tokens from the document root to the value being visited. */
  private readonly path: Array<string | number> = [];
  private readonly idKey: string;

  constructor(private readonly index: ResourceIndex, private readonly draft: Draft, private readonly input: string) {
    this.idKey = idKeyword(draft);
  }

  visit(value: JsonValue, outer: Scope, isRoot: boolean, depth: number): void {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) this.child(value[i] as JsonValue, i, outer, depth);
      return;
    }
    // A document is a tree (parsed text, or a copy of the caller's object): each object is met once.
    if (!isJsonObject(value)) return;
    const keys = Object.keys(value);
    // Only `$id`/`id`, anchors and `$ref` (which voids a sibling `$id` before 2019-09) name anything: most objects have none.
    const names = isRoot || namesAnything(keys);
    const scope = names ? this.scopeOf(value, outer, isRoot) : outer;
    this.index.scopes.set(value, scope);
    for (const key of keys) {
      // Values of these keywords are data, never schemas: only checked as JSON.
      if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') this.data(value[key] as JsonValue, key, depth);
      else this.child(value[key] as JsonValue, key, scope, depth);
    }
  }

  private child(value: JsonValue, token: string | number, scope: Scope, depth: number): void {
    if (value === null || typeof value !== 'object') return this.scalar(value, token);
    this.path.push(token);
    if (depth >= MAX_JSON_DEPTH) this.fail(JsonSchemaParseRule.TOO_DEEP, 'nested too deep');
    this.visit(value, scope, false, depth + 1);
    this.path.pop();
  }

  private data(value: JsonValue, token: string | number, depth: number): void {
    if (value === null || typeof value !== 'object') return this.scalar(value, token);
    this.path.push(token);
    if (depth >= MAX_JSON_DEPTH) this.fail(JsonSchemaParseRule.TOO_DEEP, 'nested too deep');
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) this.data(value[i] as JsonValue, i, depth + 1);
    else for (const key of Object.keys(value)) this.data((value as JsonObject)[key] as JsonValue, key, depth + 1);
    this.path.pop();
  }

  private scalar(value: JsonValue, token: string | number): void {
    if (typeof value !== 'number' || Number.isFinite(value)) return;
    this.path.push(token);
    this.fail(JsonSchemaParseRule.NOT_A_SCHEMA, `${value} is not a JSON number`);
  }

  private fail(rule: JsonSchemaParseRule, detail: string): never {
    throw new SchemaParseError({ input: this.input, pointer: this.pointer(), rule, detail });
  }

  private pointer(): string {
    return this.path.map((token) => `/${typeof token === 'number' ? token : escapePointerToken(token)}`).join('');
  }

  /** Registers what `value` names (its `$id`, anchors) and returns the scope its schemas sit in. */
  private scopeOf(value: JsonObject, outer: Scope, isRoot: boolean): Scope {
    // Keys are read as own keys: documents read from text have `Object.prototype`.
    const { index, draft } = this;
    let here = outer.base;
    // Before 2019-09 a `$ref` makes its siblings ignored, an `$id` beside it too (draft 7 core §8.3).
    const id = typeof ownValue(value, '$ref') === 'string' && !atLeast(draft, '2019-09') ? undefined : ownValue(value, this.idKey);
    if (typeof id === 'string') here = isRoot ? registerRootId(index, value, id, here) : registerId(index, value, id, here, draft);
    const anchor = ownValue(value, '$anchor');
    if (typeof anchor === 'string' && atLeast(draft, '2019-09')) index.anchors.set(`${splitFragment(here).resource}#${anchor}`, value);
    // A `$dynamicAnchor` is also a plain anchor that `$ref` may name (2020-12 core §8.2.2).
    const dynamicAnchor = ownValue(value, '$dynamicAnchor');
    if (typeof dynamicAnchor === 'string' && atLeast(draft, '2020-12')) {
      const resource = splitFragment(here).resource;
      index.anchors.set(`${resource}#${dynamicAnchor}`, value);
      const named = index.dynamicAnchors.get(resource) ?? new Map<string, JsonObject>();
      if (!named.has(dynamicAnchor)) named.set(dynamicAnchor, value);
      index.dynamicAnchors.set(resource, named);
    }
    // `$recursiveAnchor` counts at a resource's root only (2019-09 core §8.2.4.2.2).
    if (ownValue(value, '$recursiveAnchor') === true && draft === '2019-09' && index.resources.get(splitFragment(here).resource) === value) index.recursiveAnchors.add(splitFragment(here).resource);
    // What a reference can land on without walking to it: the document root, resources and anchors.
    if (isRoot || typeof id === 'string' || typeof anchor === 'string' || typeof dynamicAnchor === 'string') index.pointers.set(value, this.pointer());
    return here === outer.base ? outer : { base: here, input: this.input, draft };
  }
}

/** Whether some key may name something (`$id`, `$anchor`, `$ref`..., or draft 4's `id`). */
function namesAnything(keys: readonly string[]): boolean {
  for (const key of keys) if (key.charCodeAt(0) === DOLLAR || key === 'id') return true;
  return false;
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
