/** A name cut into runs of digits and runs of other characters: `user-1.10` is `user-`, 1, `.`, 10. */
type Run = { readonly digits: true; readonly text: string; readonly value: bigint } | { readonly digits: false; readonly text: string };

function runsOf(name: string): Run[] {
  return (name.match(/\d+|\D+/g) ?? []).map((text) => (/^\d/.test(text) ? { digits: true, text, value: BigInt(text) } : { digits: false, text }));
}

/** Ordered, equal-but-different (`v01` and `v1`), or not orderable by version (`latest` and `v1`). */
export type NaturalComparison = -1 | 1 | 'ambiguous';

/**
 * Compares two names the way version-numbered files are meant: run by run, numbers by value
 * (`user-1.9` before `user-1.10`, `2024-01-15` before `2024-03-02`). The answer is `ambiguous`
 * when the first difference is not between two numbers: two different words (`latest` and `v1`,
 * `v2-rc` and `v2-fix`), a number against a word, the same number written twice (`v01`, `v1`), or
 * one name going on with a word where the other ends (`v2-rc1` might come before `v2`). One name
 * going on with a separator and a number where the other ends comes after it (`v1` before `v1.1`).
 */
export function compareNatural(a: string, b: string): NaturalComparison {
  const left = runsOf(a);
  const right = runsOf(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i];
    const y = right[i];
    if (x === undefined || y === undefined) return continuesWithNumber(x === undefined ? right.slice(i) : left.slice(i)) ? (x === undefined ? -1 : 1) : 'ambiguous';
    if (x.digits && y.digits) {
      if (x.value !== y.value) return x.value < y.value ? -1 : 1;
      if (x.text !== y.text) return 'ambiguous';
    } else if (x.text !== y.text) {
      return 'ambiguous';
    }
  }
  return 'ambiguous';
}

/** `.1`, `-2`, `_3`: a single separator, then a number (and whatever follows). */
function continuesWithNumber(rest: readonly Run[]): boolean {
  const [separator, number] = rest;
  return separator !== undefined && !separator.digits && /^[._-]$/.test(separator.text) && number?.digits === true;
}

/**
 * Sorts names in natural order; `ambiguous` lists every pair of neighbours that natural order
 * cannot place (empty when the order is certain). Ties among ambiguous names are broken by code
 * point so the result is deterministic, but a caller must refuse it when `ambiguous` is not empty.
 */
export function sortNatural<T>(items: readonly T[], nameOf: (item: T) => string): { sorted: T[]; ambiguous: Array<readonly [T, T]> } {
  const order = (a: T, b: T): number => {
    const comparison = compareNatural(nameOf(a), nameOf(b));
    if (comparison !== 'ambiguous') return comparison;
    return nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0;
  };
  const sorted = [...items].sort(order);
  const ambiguous: Array<readonly [T, T]> = [];
  for (let i = 1; i < sorted.length; i++) {
    const pair = [sorted[i - 1] as T, sorted[i] as T] as const;
    if (compareNatural(nameOf(pair[0]), nameOf(pair[1])) === 'ambiguous') ambiguous.push(pair);
  }
  return { sorted, ambiguous };
}
