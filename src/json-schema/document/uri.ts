import { unescapePointerToken } from '../../util/json.js';

/** The base URI of a document without `$id`, so that relative references still resolve (RFC 3986 §5.1.4). */
export const DEFAULT_BASE = 'https://schema-compat.invalid/schema.json';

/** Resolves `reference` against `base` (RFC 3986 §5.2); undefined when it is not a URI reference. */
export function resolveUri(reference: string, base: string): string | undefined {
  try {
    return new URL(reference, base).href;
  } catch {
    return undefined;
  }
}

/** Splits an absolute URI into the resource (no fragment) and the decoded fragment. */
export function splitFragment(uri: string): { readonly resource: string; readonly fragment: string } {
  const hash = uri.indexOf('#');
  if (hash < 0) return { resource: uri, fragment: '' };
  const raw = uri.slice(hash + 1);
  let fragment = raw;
  try {
    fragment = decodeURIComponent(raw);
  } catch {
    // Keep the raw fragment: it then matches no pointer and no anchor, and the reference dangles.
  }
  return { resource: uri.slice(0, hash), fragment };
}

/** The reference tokens of a JSON pointer (RFC 6901), or undefined when it is not one. */
export function pointerTokens(pointer: string): readonly string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map(unescapePointerToken);
}
