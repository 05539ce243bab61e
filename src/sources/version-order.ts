/** A version read off a name: `v1.2.3`, `release-2.0`, `schema/1.4.0-rc.1` (Semantic Versioning 2.0.0, fewer parts allowed). */
export interface NameVersion {
  readonly core: readonly bigint[];
  /** Pre-release identifiers (`rc`, 1); empty for a release. */
  readonly prerelease: ReadonlyArray<string | bigint>;
}

/** The version at the end of a name (after any prefix such as `v` or `orders-`), or undefined. */
export function versionInName(name: string): NameVersion | undefined {
  const match = /(?:^|\D)(\d+(?:\.\d+){0,3})(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/.exec(name);
  if (match === null) return undefined;
  const core = (match[1] as string).split('.').map((part) => BigInt(part));
  const prerelease = match[2] === undefined ? [] : match[2].split('.').map((part) => (/^\d+$/.test(part) ? BigInt(part) : part));
  return { core, prerelease };
}

/**
 * Semantic Versioning 2.0.0 §11 precedence: core numbers (missing ones are 0), then a pre-release
 * before its release, identifiers compared numerically or in ASCII order, numbers before words.
 */
export function compareVersions(a: NameVersion, b: NameVersion): number {
  for (let i = 0; i < Math.max(a.core.length, b.core.length); i++) {
    const x = a.core[i] ?? 0n;
    const y = b.core[i] ?? 0n;
    if (x !== y) return x < y ? -1 : 1;
  }
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    if (a.prerelease.length === b.prerelease.length) return 0;
    return a.prerelease.length === 0 ? 1 : -1;
  }
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i++) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (x === y) continue;
    if (typeof x !== typeof y) return typeof x === 'bigint' ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}
