import { isJsonObject } from '../../util/json.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import type { Place, ResourceIndex } from '../document/resources.js';
import { placeOf } from '../document/resources.js';
import { resolveUri, splitFragment } from '../document/uri.js';

/**
 * What the dynamic scope decides at one place of the evaluation: for each `$dynamicAnchor` name, the
 * schema of the outermost resource entered so far that defines it (2020-12 core §8.2.3.2), and the
 * root of the outermost resource with `"$recursiveAnchor": true` (2019-09 core §8.2.4.2). Only the
 * outermost counts, and resources are only ever added inwards, so this is all a `$dynamicRef` or
 * `$recursiveRef` below can depend on: schemas are compiled once per distinct binding, and each such
 * reference becomes a plain reference to the schema it lands on.
 */
export interface Bindings {
  /** Identity of the binding, for memoising compiled schemas. */
  readonly key: string;
  readonly anchors: ReadonlyMap<string, { readonly resource: string; readonly schema: JsonObject }>;
  readonly recursive?: { readonly resource: string; readonly schema: JsonObject };
}

export type DynamicKeyword = '$dynamicRef' | '$recursiveRef';

/** The bindings met while compiling one document, interned so that equal ones are one object. */
export class DynamicScopes {
  private readonly interned = new Map<string, Bindings>();
  readonly outermost: Bindings = this.intern(new Map(), undefined);
  /** For schemas no evaluation path reaches (unreferenced definitions): nothing is ever bound, references land statically. */
  readonly unscoped: Bindings = { key: 'unscoped', anchors: new Map() };

  constructor(private readonly index: ResourceIndex) {}

  /** The bindings once the evaluation enters `resource` (names it defines that are still unbound get bound to it). */
  enter(bindings: Bindings, resource: string): Bindings {
    if (bindings === this.unscoped) return bindings;
    const named = this.index.dynamicAnchors.get(resource);
    const recursive = bindings.recursive === undefined && this.index.recursiveAnchors.has(resource);
    const added = named === undefined ? [] : [...named].filter(([name]) => !bindings.anchors.has(name));
    if (added.length === 0 && !recursive) return bindings;
    const anchors = new Map(bindings.anchors);
    for (const [name, schema] of added) anchors.set(name, { resource, schema });
    const root = this.index.resources.get(resource);
    return this.intern(anchors, recursive && isJsonObject(root) ? { resource, schema: root } : bindings.recursive);
  }

  /**
   * Where a dynamic reference lands, given where it resolves statically: a `$dynamicRef` whose target
   * has a `$dynamicAnchor` of the fragment's name goes to that name's outermost binding, a
   * `$recursiveRef` whose target says `"$recursiveAnchor": true` to the outermost such resource;
   * otherwise both act as `$ref` (2020-12 core §8.2.3.2; 2019-09 core §8.2.4.2.2).
   */
  land(keyword: DynamicKeyword, ref: string, base: string, found: { readonly raw: JsonValue; readonly place: Place }, bindings: Bindings): { readonly raw: JsonValue; readonly place: Place } {
    if (!isJsonObject(found.raw)) return found;
    let bound: JsonObject | undefined;
    if (keyword === '$recursiveRef') {
      if (found.raw['$recursiveAnchor'] === true) bound = bindings.recursive?.schema;
    } else {
      const fragment = splitFragment(resolveUri(ref, base) ?? '').fragment;
      if (fragment !== '' && found.raw['$dynamicAnchor'] === fragment) bound = bindings.anchors.get(fragment)?.schema;
    }
    const place = bound === undefined ? undefined : placeOf(this.index, bound);
    return bound === undefined || place === undefined ? found : { raw: bound, place };
  }

  private intern(anchors: ReadonlyMap<string, { readonly resource: string; readonly schema: JsonObject }>, recursive: Bindings['recursive']): Bindings {
    const names = anchors.size === 0 ? '' : `${[...anchors].map(([name, { resource }]) => `${name}=${resource}`).sort().join('\n')}\n`;
    const key = `${names}#recursive=${recursive?.resource ?? ''}`;
    const known = this.interned.get(key);
    if (known !== undefined) return known;
    const bindings: Bindings = { key, anchors, ...(recursive === undefined ? {} : { recursive }) };
    this.interned.set(key, bindings);
    return bindings;
  }
}
