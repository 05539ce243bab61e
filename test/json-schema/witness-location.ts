import type { Draft } from 'schema-compat';
import { ajvCompile } from './witness-ajv.js';

/** One instance place: property names and indexes, `undefined` standing for any one name or index. */
export type InstancePattern = ReadonlyArray<string | undefined>;

const COMBINATORS = new Set(['allOf', 'anyOf', 'oneOf']);

/**
 * The instance place a finding's schema location speaks about (`#/properties/a/items/maxLength` →
 * `/a/<any index>`): properties and items are followed, `required/x` names property x, keywords
 * that are no instance step (`allOf/1`, `then`, `$defs` …) are skipped, and the walk stops at the
 * first keyword that applies to the instance where it stands (`maxLength`, `dependencies`, …).
 */
export function instancePattern(location: string): InstancePattern {
  const tokens = location.replace(/^#\/?/, '').split('/').filter((token) => token !== '').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  const out: Array<string | undefined> = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    const numbered = next !== undefined && /^\d+$/.test(next);
    if (COMBINATORS.has(token) && numbered) i++;
    else if (token === 'then' || token === 'else' || token === 'not') continue;
    else if (token === 'properties' && next !== undefined) { out.push(next); i++; }
    else if (token === 'patternProperties' && next !== undefined) { out.push(undefined); i++; }
    else if (token === 'additionalProperties' || token === 'unevaluatedProperties' || token === 'additionalItems' || token === 'unevaluatedItems' || token === 'contains') out.push(undefined);
    else if ((token === 'items' || token === 'prefixItems') && numbered) { out.push(next); i++; }
    else if (token === 'items') out.push(undefined);
    else if (token === 'required' && next !== undefined) { out.push(next); break; }
    else break;
  }
  return out;
}

interface AjvError { readonly instancePath: string; readonly keyword: string; readonly params: Record<string, unknown> }

/** ajv's errors of one validation (all of them; none when valid, undefined when ajv overflows), each at the instance place it names: a missing or extra property is the place of that property. */
export type ErrorJudge = ((instance: unknown) => ReadonlyArray<{ readonly keyword: string; readonly path: readonly string[] }> | undefined) | { readonly refused: string };

/** An ajv 8 validator reporting every error, for drafts 6 to 2020-12 (draft 4 needs ajv-draft-04, not installed). */
export function ajvErrors(draft: Draft, schema: unknown): ErrorJudge {
  const validate = ajvCompile(draft, schema, true);
  if (typeof validate !== 'function') return validate;
  return (instance) => {
    // A `$ref` cycle that never consumes the instance overflows ajv's stack: no verdict then.
    try {
      if (validate(instance) === true) return [];
    } catch (error) {
      if (error instanceof RangeError) return undefined;
      throw error;
    }
    return ((validate.errors ?? []) as AjvError[]).map((error) => {
      const path = error.instancePath.split('/').slice(1).map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
      const named = error.params.missingProperty ?? error.params.additionalProperty ?? error.params.unevaluatedProperty ?? error.params.propertyName;
      // An item past a closed tuple is reported on the array, with the number of items allowed: the first extra one.
      const extraItem = ['additionalItems', 'unevaluatedItems', 'items'].includes(error.keyword) ? error.params.limit : undefined;
      const step = typeof named === 'string' ? named : typeof extraItem === 'number' ? String(extraItem) : undefined;
      return { keyword: error.keyword, path: step === undefined ? path : [...path, step] };
    });
  };
}

/** Keywords whose error at a place above the finding's only says that a branch on the way was not taken, or that items below failed (`contains`). */
const ON_THE_WAY = new Set(['anyOf', 'oneOf', 'allOf', 'if', 'then', 'else', 'not', 'type', 'const', 'enum', 'false schema', 'contains']);

const matches = (path: readonly string[], pattern: InstancePattern, length: number): boolean => {
  for (let i = 0; i < length; i++) if (pattern[i] !== undefined && pattern[i] !== path[i]) return false;
  return true;
};

/**
 * Is the witness rejected at the finding's place? At least one error lies at or under it, and every
 * other error lies above it and only says a branch on the way was not taken (no error beside it:
 * a missing `currency` does not explain a witness for `amount`).
 */
export function rejectedAt(errors: ReadonlyArray<{ readonly keyword: string; readonly path: readonly string[] }>, pattern: InstancePattern): boolean {
  const under = (error: { path: readonly string[] }): boolean => error.path.length >= pattern.length && matches(error.path, pattern, pattern.length);
  const above = (error: { keyword: string; path: readonly string[] }): boolean => error.path.length < pattern.length && matches(error.path, pattern, error.path.length) && ON_THE_WAY.has(error.keyword);
  return errors.some(under) && errors.every((error) => under(error) || above(error));
}
