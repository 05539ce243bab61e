import { escapePointerToken, isJsonObject } from '../../util/json.js';
import type { JsonValue } from '../../util/json.js';
import { resourceAt } from '../document/built-in.js';
import type { Place, ResourceIndex } from '../document/resources.js';
import { placeOf } from '../document/resources.js';
import type { Draft } from '../model.js';
import { pointerTokens, resolveUri, splitFragment } from '../document/uri.js';

/**
 * Finds the schema a `$ref` names: the reference is resolved against the base URI (RFC 3986),
 * then its fragment read as a JSON pointer inside that resource or as an anchor. Undefined when
 * it points nowhere.
 */
export function resolveReference(index: ResourceIndex, ref: string, base: string, referrer: Draft): { readonly raw: JsonValue; readonly place: Place } | undefined {
  const absolute = resolveUri(ref, base);
  if (absolute === undefined) return undefined;
  const { resource, fragment } = splitFragment(absolute);
  const root = resourceAt(index, resource);
  if (root === undefined) return undefined;
  const rootScope = isJsonObject(root) ? index.scopes.get(root) : undefined;
  const rootPointer = (isJsonObject(root) ? index.pointers.get(root) : undefined) ?? '';
  const input = rootScope?.input ?? 'schema';
  const draft = rootScope?.draft ?? referrer;
  if (fragment !== '' && !fragment.startsWith('/')) {
    const anchored = index.anchors.get(`${resource}#${fragment}`);
    if (anchored === undefined) return undefined;
    const place = isJsonObject(anchored) ? placeOf(index, anchored) : undefined;
    return { raw: anchored, place: place ?? { pointer: rootPointer, base: resource, input, draft } };
  }
  const tokens = pointerTokens(fragment) ?? [];
  let value: JsonValue = root;
  for (const token of tokens) {
    const next: JsonValue | undefined = Array.isArray(value) ? (value as readonly JsonValue[])[Number(token)] : isJsonObject(value) && Object.prototype.hasOwnProperty.call(value, token) ? value[token] : undefined;
    if (next === undefined) return undefined;
    value = next;
  }
  const pointer = rootPointer + tokens.map((token) => `/${escapePointerToken(token)}`).join('');
  const scope = isJsonObject(value) ? index.scopes.get(value) : undefined;
  return { raw: value, place: scope === undefined ? { pointer, base: rootScope?.base ?? resource, input, draft } : { pointer, base: scope.base, input: scope.input, draft: scope.draft } };
}
