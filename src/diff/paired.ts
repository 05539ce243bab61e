import type { ChangeDraft } from './change.js';

/** One difference of a language's own diff: its code, its path (the same path in both schemas), and whether the diff's rules accept it. */
export interface PathDifference {
  readonly type: string;
  readonly path: string;
  readonly compatible: boolean;
}

/** How a language says what its differences are. */
export interface DifferenceWords {
  /** Every code of the language's diff: an inverted code is used only when it is one. */
  readonly codes: ReadonlySet<string>;
  /** `reversed`: the difference is from the new schema to the old one (its code could not be inverted). */
  readonly summary: (difference: PathDifference, reversed: boolean) => string;
  readonly description: (difference: PathDifference, reversed: boolean) => string;
}

const OPPOSITES: readonly (readonly [string, string])[] = [
  ['_ADDED_TO_', '_REMOVED_FROM_'], ['_ADDED', '_REMOVED'], ['_INCREASED', '_DECREASED'], ['_EXTENDED', '_NARROWED'], ['_EXPANDED', '_REDUCED'],
];

/** The code of the same difference seen the other way (FIELD_ADDED for FIELD_REMOVED), when the language has one. */
export function invertedCode(type: string, codes: ReadonlySet<string>): string | undefined {
  for (const [a, b] of OPPOSITES) {
    for (const [from, to] of [[a, b], [b, a]] as const) {
      if (!type.includes(from)) continue;
      const inverted = type.replace(from, to);
      return codes.has(inverted) ? inverted : undefined;
    }
  }
  return undefined;
}

/**
 * Changes from a diff that is not symmetric (Confluent's JSON Schema and Protobuf diffs compare a
 * writer with a reader): `forward` (old → new) is what a BACKWARD check sees, `reverse` (new → old)
 * what a FORWARD check sees. Each forward difference is a change; a reverse difference claims the
 * forward one at its path with the inverted code (else the first at its path); a reverse difference
 * with none at its path is a change of its own under its inverted code, or, when it has none and
 * the rules refuse it, under its own code (what a FORWARD check reports).
 */
export function pairedChanges(forward: readonly PathDifference[], reverse: readonly PathDifference[], words: DifferenceWords): ChangeDraft[] {
  const explains = forward.map(() => [] as string[]);
  const extra: { readonly difference: PathDifference; readonly reverseType: string; readonly reversed: boolean }[] = [];
  const byPath = new Map<string, number[]>();
  forward.forEach((item, i) => {
    const list = byPath.get(item.path);
    if (list === undefined) byPath.set(item.path, [i]);
    else list.push(i);
  });
  for (const difference of reverse) {
    const atPath = byPath.get(difference.path) ?? [];
    const inverted = invertedCode(difference.type, words.codes);
    const partner = atPath.find((i) => forward[i]?.type === inverted || forward[i]?.type === difference.type) ?? atPath[0];
    if (partner !== undefined) explains[partner]?.push(difference.type);
    else if (inverted !== undefined) extra.push({ difference: { ...difference, type: inverted }, reverseType: difference.type, reversed: false });
    else if (!difference.compatible) extra.push({ difference, reverseType: difference.type, reversed: true });
  }
  const draft = (difference: PathDifference, forwardTypes: readonly string[], backwardTypes: readonly string[], reversed = false): ChangeDraft => ({
    change: difference.type, location: sides(difference), summary: words.summary(difference, reversed), description: words.description(difference, reversed),
    findingsAt: { BACKWARD: [difference.path], FORWARD: [difference.path] }, explains: { BACKWARD: backwardTypes, FORWARD: forwardTypes },
  });
  return [
    ...forward.map((difference, i) => draft(difference, explains[i] ?? [], [difference.type])),
    ...extra.map(({ difference, reverseType, reversed }) => draft(difference, [reverseType], [], reversed)),
  ];
}

/** An addition is only in the new schema, a removal only in the old one; anything else is in both. */
function sides(difference: PathDifference): { old?: string; new?: string } {
  if (/_ADDED/.test(difference.type)) return { new: difference.path };
  if (/_REMOVED/.test(difference.type)) return { old: difference.path };
  return { old: difference.path, new: difference.path };
}
