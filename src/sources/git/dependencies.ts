import { sameContent } from '../file-types.js';
import { mapLimited } from '../map-limited.js';
import type { ReadHistoryOptions, SourceVersion } from '../types.js';

/**
 * How many versions' dependencies are read at once: in a repository run their git questions then go
 * to git together (`ObjectBatch`), one process for many versions instead of one per import per version.
 */
const DEPENDENCY_READS = 16;

/**
 * The version with the files it depends on at its own commit (`options.dependenciesOf`) as its
 * `references`, or the version as read when no one asked for them (or it depends on nothing).
 */
export async function withDependencies(version: SourceVersion, options: ReadHistoryOptions): Promise<SourceVersion> {
  if (options.dependenciesOf === undefined) return version;
  const found = await options.dependenciesOf(version);
  return Object.keys(found).length === 0 ? version : { ...version, references: { ...found, ...version.references } };
}

/** `withDependencies` of every version, `DEPENDENCY_READS` at a time, in their order. */
export function withAllDependencies(versions: readonly SourceVersion[], options: ReadHistoryOptions): Promise<SourceVersion[]> {
  return options.dependenciesOf === undefined ? Promise.resolve([...versions]) : mapLimited(versions, DEPENDENCY_READS, (version) => withDependencies(version, options));
}

/**
 * Whether two committed versions are one version: the same schema text and the same files it
 * depends on (each by the same name, with the same content). A file whose imports changed between
 * two tags is two versions although its own text did not change.
 */
export function sameVersion(a: SourceVersion, b: SourceVersion): boolean {
  if (!sameContent(a.text, b.text, a.schemaType)) return false;
  const left = a.references ?? {};
  const right = b.references ?? {};
  const names = Object.keys(left);
  if (names.length !== Object.keys(right).length) return false;
  return names.every((name) => Object.prototype.hasOwnProperty.call(right, name) && sameContent(left[name] as string, right[name] as string, a.schemaType));
}

/** Consecutive versions that are one version (`sameVersion`) collapsed into the first, renumbered by position; the labels left out. */
export function collapseVersions(versions: readonly SourceVersion[]): { readonly kept: SourceVersion[]; readonly collapsed: string[] } {
  const kept: SourceVersion[] = [];
  const collapsed: string[] = [];
  for (const version of versions) {
    const previous = kept[kept.length - 1];
    if (previous !== undefined && sameVersion(previous, version)) collapsed.push(version.label);
    else kept.push({ ...version, version: kept.length + 1 });
  }
  return { kept, collapsed };
}
