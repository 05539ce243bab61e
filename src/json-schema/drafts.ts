import type { Draft } from './model.js';

// `$schema` URIs of the five dialects, without the trailing `#` (which some documents write, some not).
const DIALECTS: ReadonlyArray<readonly [string, Draft]> = [
  ['json-schema.org/draft-04/schema', 'draft-04'],
  ['json-schema.org/draft-06/schema', 'draft-06'],
  ['json-schema.org/draft-07/schema', 'draft-07'],
  ['json-schema.org/draft/2019-09/schema', '2019-09'],
  ['json-schema.org/draft/2020-12/schema', '2020-12'],
];

export const DRAFTS: readonly Draft[] = DIALECTS.map(([, draft]) => draft);

/** Confluent reads a schema without `$schema` as draft 7 (JsonSchema.java's default spec version). */
export const DEFAULT_DRAFT: Draft = 'draft-07';

/** The draft a `$schema` value names, or undefined for an unknown dialect. */
export function draftOf(uri: string): Draft | undefined {
  const exact = EXACT.get(uri);
  if (exact !== undefined) return exact;
  const bare = uri.trim().replace(/^https?:\/\//, '').replace(/#$/, '');
  for (const [dialect, draft] of DIALECTS) if (bare === dialect) return draft;
  return undefined;
}

/** The usual spellings (`http` or `https`, with or without `#`), found without rewriting the URI. */
const EXACT: ReadonlyMap<string, Draft> = new Map(DIALECTS.flatMap(([uri, draft]) => ['http', 'https'].flatMap((scheme) => [[`${scheme}://${uri}`, draft], [`${scheme}://${uri}#`, draft]] as const)));

export const KNOWN_DIALECTS: readonly string[] = DIALECTS.map(([uri]) => `http://${uri}#`);

/** Draft order, for "from draft N on" rules. */
const ORDER: Readonly<Record<Draft, number>> = { 'draft-04': 4, 'draft-06': 6, 'draft-07': 7, '2019-09': 8, '2020-12': 9 };

export function atLeast(draft: Draft, since: Draft): boolean {
  return ORDER[draft] >= ORDER[since];
}
