import { posix } from 'node:path';
import { parseSource } from 'schema-compat/sources';
import type { HistorySource } from 'schema-compat/sources';
import { outsideProblem, placePath } from '../../sources/path-guard.js';
import type { PathBoundary } from '../../sources/path-guard.js';
import { PATH_EXCERPT_LENGTH, quoteExcerpt } from '../../util/excerpt.js';
import type { Violation } from './schema-check.js';

/** The rule of a configuration entry that names a path outside the repository. */
export const CONFINEMENT_RULE = 'confinement';

/**
 * The configuration's entries that name a path outside the repository root (`boundary`), as
 * written or after symbolic links: `ignoreFiles`, `protobuf.importPaths`, a `dir:` source and a git
 * source's `./` or `../` path in `against`, the paths of `referenceUrls`, and `references` globs that climb out of the
 * configuration's folder (`root`, where globs match). Nothing is read: a path is only resolved.
 * Values of the wrong shape are left to the schema check.
 */
export function confinementViolations(value: unknown, boundary: PathBoundary, root: string): Violation[] {
  if (typeof value !== 'object' || value === null) return [];
  const config = value as Readonly<Record<string, unknown>>;
  const found: Violation[] = [];
  const refusePath = (path: unknown, at: ReadonlyArray<string | number>): void => {
    if (typeof path !== 'string' || path === '') return;
    const placement = placePath(boundary, root, path);
    if (placement.kind === 'outside') found.push({ path: at, rule: CONFINEMENT_RULE, message: outsideProblem(path, placement.through) });
  };
  eachString(config['ignoreFiles'], ['ignoreFiles'], refusePath);
  const protobuf = config['protobuf'];
  if (typeof protobuf === 'object' && protobuf !== null) eachString((protobuf as Record<string, unknown>)['importPaths'], ['protobuf', 'importPaths'], refusePath);
  const urls = config['referenceUrls'];
  if (typeof urls === 'object' && urls !== null && !Array.isArray(urls)) for (const [url, path] of Object.entries(urls)) refusePath(path, ['referenceUrls', url]);
  const references = config['references'];
  const globs: Array<{ readonly glob: unknown; readonly at: ReadonlyArray<string | number> }> = typeof references === 'string' ? [{ glob: references, at: ['references'] }] : [];
  eachString(references, ['references'], (glob, at) => globs.push({ glob, at }));
  for (const { glob, at } of globs) {
    if (typeof glob === 'string' && climbsOut(glob)) {
      found.push({ path: at, rule: CONFINEMENT_RULE, message: `${quoteExcerpt(glob, PATH_EXCERPT_LENGTH)} leaves the configuration's folder: globs match only the files below it` });
    }
  }
  const settings: Array<{ raw: unknown; at: ReadonlyArray<string | number> }> = [{ raw: config['defaults'], at: ['defaults'] }];
  if (Array.isArray(config['subjects'])) config['subjects'].forEach((raw: unknown, i) => settings.push({ raw, at: ['subjects', i] }));
  for (const { raw, at } of settings) {
    const against = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)['against'] : undefined;
    const path = typeof against === 'string' ? sourcePath(against) : undefined;
    if (path !== undefined) refusePath(path, [...at, 'against']);
  }
  return found;
}

function eachString(list: unknown, at: ReadonlyArray<string | number>, visit: (value: unknown, at: ReadonlyArray<string | number>) => void): void {
  if (Array.isArray(list)) list.forEach((item: unknown, i) => visit(item, [...at, i]));
}

/** Whether a glob is absolute or starts above its folder (`../shared/**`). */
function climbsOut(glob: string): boolean {
  const normal = posix.normalize(glob);
  return posix.isAbsolute(glob) || normal === '..' || normal.startsWith('../');
}

/**
 * The work-tree path a source reads: a folder's, or a git source's `./` or `../` path (read from
 * the configuration's folder, as gitrevisions(7) reads `REF:./PATH`). A path from the top of the
 * repository stays in it (git reads it from the commit's tree); a source that does not parse is
 * the meaning check's to report.
 */
function sourcePath(text: string): string | undefined {
  let source: HistorySource;
  try {
    source = parseSource(text);
  } catch {
    return undefined;
  }
  if (source.kind === 'dir') return source.path;
  if ((source.kind === 'git' || source.kind === 'git-log' || source.kind === 'git-tags') && source.path !== undefined) {
    return source.path.startsWith('./') || source.path.startsWith('../') || posix.isAbsolute(source.path) ? source.path : undefined;
  }
  return undefined;
}
