/**
 * The comparison work one check may spend on sub-schema pairs that are tried rather than known to
 * correspond: `anyOf`/`oneOf`/`allOf` branches against each other and the `oneOf` overlap tests
 * (docs/json-schema.md, "Limits"). It is `BRANCH_WORK.base` steps plus `BRANCH_WORK.perCharacter`
 * steps per character of the two documents' JSON text, so it grows with the input; a step is one
 * sub-schema pair compared, one overlap test, one property of either object of a pair, or one value
 * of the smaller `enum` of a pair. Past it a pair not yet tried is never assumed to match: the
 * branch stays unmatched and the check reports it (an incompatibility, never a silent
 * "compatible").
 */
export const BRANCH_WORK = { base: 100_000, perCharacter: 1 } as const;

/** Steps spent so far in one check, against the limit above (the documents' size is measured only if the base runs out). */
export class WorkBudget {
  private spent = 0;
  private limit: number | undefined;

  constructor(private readonly size: () => number) {}

  spend(steps = 1): void {
    this.spent += steps;
  }

  /** Steps spent so far. */
  get used(): number {
    return this.spent;
  }

  /** May another tried pair be compared? */
  get available(): boolean {
    if (this.spent < BRANCH_WORK.base) return true;
    this.limit ??= BRANCH_WORK.base + BRANCH_WORK.perCharacter * this.size();
    return this.spent < this.limit;
  }
}
