import picomatch from 'picomatch';
import { parseSchema } from 'schema-compat';
import type { CheckerRegistry } from 'schema-compat';
import type { ReadHistoryOptions } from 'schema-compat/sources';
import { withoutBom } from '../sources/file-types.js';
import { boundaryOf, confinedPath } from '../sources/path-guard.js';
import { readRegularFile } from '../sources/read-file.js';
import type { RepositoryConfig } from './config/types.js';
import { gitText } from '../sources/git/run.js';
import type { GitHistoryCache } from '../sources/git/history-cache.js';
import { commitReader } from './git-files.js';
import type { GitPlace } from './git-files.js';
import { indexReferences, resolveReferences } from './references.js';
import type { ReadFile, ReferenceIndex } from './references.js';

/**
 * Reads work-tree files relative to the configuration's folder, each only when its real path (every
 * symbolic link resolved) is inside the repository root (`repositoryRoot`); undefined when it is not
 * there or cannot be read.
 */
export function workTreeReader(config: RepositoryConfig): ReadFile {
  const boundary = boundaryOf(config.repositoryRoot ?? config.root);
  return async (path) => {
    const real = confinedPath(boundary, config.root, path, 'work tree');
    if (real === undefined) return undefined;
    try {
      return withoutBom(readRegularFile(real));
    } catch {
      return undefined;
    }
  };
}

/** The index of the configuration's reference files (`references` globs) among `files`, as `read` has them. */
export async function buildIndex(config: RepositoryConfig, files: readonly string[], read: ReadFile): Promise<ReferenceIndex> {
  const isReference = config.references.length === 0 ? () => false : picomatch([...config.references]);
  const referenceFiles = await Promise.all(files.filter((file) => isReference(file)).map(async (path) => ({ path, text: (await read(path)) ?? '' })));
  return indexReferences(referenceFiles, config.importPaths, config.referenceUrls);
}

/**
 * What each committed version of `file` references, read at the version's own commit or tag
 * (`commitReader`), with the reference files (their named types and `$id`s) that commit has
 * (`indexAt`): a git source gives it to the version and tells versions apart by it
 * (`ReadHistoryOptions.dependenciesOf`). A version's path is the repository's (a renamed file has its
 * old one); references resolve from the configuration's folder.
 */
export function committedDependencies(at: { readonly config: RepositoryConfig; readonly place: GitPlace; readonly file: string; readonly registry: CheckerRegistry; readonly label: string; readonly gitCache?: GitHistoryCache }): NonNullable<ReadHistoryOptions['dependenciesOf']> {
  const { config, place, registry, label } = at;
  const indexes = new Map<string, Promise<ReferenceIndex>>();
  return async (version) => {
    const commit = version.commit;
    if (commit === undefined || !registry.has(version.schemaType)) return {};
    const tryParse = (schema: string, references: Readonly<Record<string, string>>): void => {
      parseSchema(version.schemaType, schema, { registry, references, label });
    };
    // A repository run shares one cache of git reads among its subjects (`GitHistoryCache`).
    const read = commitReader(place, commit, at.gitCache);
    let index = indexes.get(commit);
    if (index === undefined) {
      index = indexAt(config, place, commit, read);
      indexes.set(commit, index);
    }
    const file = version.path !== undefined && version.path.startsWith(place.prefix) ? version.path.slice(place.prefix.length) : at.file;
    return (await resolveReferences(file, version.text, version.schemaType, await index, read, tryParse)).references;
  };
}

/**
 * The index of the reference files as `commit` has them: the files under the configuration's folder
 * that its `references` globs match in that commit's tree (`git ls-tree`), so that a version's `$id`
 * or named type is the one its own commit defined, not the work tree's.
 */
async function indexAt(config: RepositoryConfig, place: GitPlace, commit: string, read: ReadFile): Promise<ReferenceIndex> {
  if (config.references.length === 0) return indexReferences([], config.importPaths, config.referenceUrls);
  const listed = await gitText(place.root, ['ls-tree', '-r', '-z', '--name-only', '--full-tree', commit, '--', place.prefix === '' ? '.' : place.prefix], `git ${commit.slice(0, 12)}`);
  const files = listed.split('\0').filter((path) => path !== '' && path.startsWith(place.prefix)).map((path) => path.slice(place.prefix.length));
  return buildIndex(config, files, read);
}
