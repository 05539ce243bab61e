import { SourceError, SourceErrorCode } from '../errors.js';
import type { HistorySnapshot, ReadHistoryOptions, SourceVersion } from '../types.js';
import { compareVersions, versionInName } from '../version-order.js';
import type { NameVersion } from '../version-order.js';
import { describeVersions } from '../describe.js';
import { collapseVersions, withAllDependencies } from './dependencies.js';
import { requireNewFile } from './new-file.js';
import { gitText } from './run.js';
import { formerPaths } from './renames.js';
import { readBlobs } from './blobs.js';
import { missingObjects, sharedAnswer } from './repo.js';
import type { GitRepo } from './repo.js';
import { gitTarget, gitVersion } from './target.js';
import type { CommitInfo } from './target.js';

interface Tag {
  readonly name: string;
  readonly info: CommitInfo;
  readonly version: NameVersion | undefined;
}

/**
 * `git-tags:GLOB`: the file at each tag matching GLOB, oldest first in version order (Semantic
 * Versioning precedence, then tag date), or in date order when some tag holds no version;
 * `git-tags:SINCE..GLOB` from the tag SINCE on. Tags without the file are skipped, consecutive
 * equal versions collapsed (the file, and with `dependenciesOf` what it depends on at each tag); the notes say both. No tag with the file is a new subject when the file
 * is new since the newest tag (`requireNewFile`).
 */
export async function readGitTags(source: { readonly glob: string; readonly since?: string; readonly path?: string }, options: ReadHistoryOptions): Promise<HistorySnapshot> {
  const where = `git-tags ${source.since === undefined ? '' : `${source.since}..`}${source.glob}`;
  const target = await gitTarget(source.path, options, where);
  const ordered = orderTags(await listTags(target.repo, source.glob));
  const notes = ordered.notes;
  if (ordered.tags.length === 0) {
    throw new SourceError(SourceErrorCode.NO_MATCHING_TAGS, where, `no tag matches ${JSON.stringify(source.glob)}`, { remedy: FETCH_TAGS });
  }
  const tags = source.since === undefined ? ordered.tags : await fromTag(target.repo, ordered.tags, source.since, source.glob, where);
  const missing = await missingObjects(target.repo, tags.map((tag) => `${tag.info.commit}^{commit}`));
  if (missing.length > 0) {
    throw new SourceError(SourceErrorCode.SHALLOW_CLONE, where, `the commits of ${missing.length} tags are not in this clone`, {
      remedy: 'Fetch them: `git fetch --tags --unshallow` (GitHub Actions: actions/checkout with `fetch-depth: 0`)',
    });
  }
  const path = target.path;
  const texts = await readBlobs(target.repo, tags.map((tag) => `${tag.info.commit}:${path}`));
  const paths: string[] = tags.map(() => path);
  if (texts.some((text) => text === undefined) && !target.explicit) {
    // Tags made before the file moved hold it under a former path.
    const newest = tags[tags.length - 1] as Tag;
    for (const former of await formerPaths(target.repo, newest.info.commit, path, options.candidate)) {
      const missing = tags.map((_, i) => (texts[i] === undefined ? i : -1)).filter((i) => i >= 0);
      const found = await readBlobs(target.repo, missing.map((i) => `${(tags[i] as Tag).info.commit}:${former.path}`));
      missing.forEach((i, j) => {
        if (found[j] === undefined) return;
        texts[i] = found[j];
        paths[i] = former.path;
      });
      if (found.some((text) => text !== undefined)) notes.push(`${path} was ${former.path} at some tags (found by ${former.how}): read from there`);
    }
  }
  const absent = tags.filter((_, i) => texts[i] === undefined).map((tag) => tag.name);
  if (absent.length > 0) notes.push(`${path} is not at ${absent.join(', ')}: skipped`);
  const found: SourceVersion[] = [];
  for (const [i, tag] of tags.entries()) {
    const text = texts[i];
    if (text !== undefined) found.push(gitVersion({ version: found.length + 1, label: tag.name, name: tag.name, path: paths[i] as string, info: tag.info, text, tag: tag.name }, options, where));
  }
  const read = await withAllDependencies(found, options);
  // A tag is a new version when the file or what it depends on there (options.dependenciesOf) changed.
  const { kept: versions, collapsed } = collapseVersions(read);
  if (collapsed.length > 0) notes.push(`${collapsed.join(', ')} hold the same file${options.dependenciesOf === undefined ? '' : ' and dependencies'} as the tag before them: not counted again`);
  const newest = tags[tags.length - 1] as Tag;
  if (versions.length === 0) {
    await requireNewFile(target.repo, newest.name, newest.info.commit, path, target.explicit);
    notes.splice(0, notes.length, `new subject: no history yet: no tag holds ${path}, and no commit before ${newest.name} touched it`);
  }
  return {
    source: { kind: 'git-tags', ...source },
    description: `${where}: ${versions.length === 0 ? `new subject: no history yet (${path})` : describeVersions(versions, path)}`,
    versions,
    notes,
    isNew: versions.length === 0,
  };
}

const FETCH_TAGS = 'Fetch the tags (`git fetch --tags`; GitHub Actions: actions/checkout with `fetch-depth: 0` or `fetch-tags: true`), or check the glob with `git tag --list`';

/**
 * The tags from `since` on, in their order (`git-tags:SINCE..GLOB`). A bound that is no tag, or a
 * tag the glob does not match (it has no place in the order), is an error: never the whole list.
 */
async function fromTag(repo: GitRepo, tags: readonly Tag[], since: string, glob: string, where: string): Promise<Tag[]> {
  const at = tags.findIndex((tag) => tag.name === since);
  if (at >= 0) return tags.slice(at);
  // Tag names hold no glob characters (git check-ref-format), so listing `since` finds that one tag or none.
  const exists = (await listTags(repo, since)).some((tag) => tag.name === since);
  if (exists) throw new SourceError(SourceErrorCode.BAD_SOURCE, where, `the tag ${JSON.stringify(since)} does not match ${JSON.stringify(glob)}: it has no place among the tags read`, { remedy: `Start from a tag that matches ${glob} (\`git tag --list '${glob}'\`)` });
  throw new SourceError(SourceErrorCode.UNKNOWN_REF, where, `git knows no tag named ${JSON.stringify(since)}`, { remedy: FETCH_TAGS });
}

/** The tags matching `glob` (once per run that shares its reads). */
function listTags(repo: GitRepo, glob: string): Promise<readonly Tag[]> {
  return sharedAnswer(repo, ['tags', glob], () => readTags(repo, glob));
}

async function readTags(repo: GitRepo, glob: string): Promise<Tag[]> {
  const format = '--format=%(refname:strip=2)%00%(objectname)%00%(objectname:short)%00%(*objectname)%00%(*objectname:short)%00%(creatordate:iso-strict)';
  const output = await gitText(repo.root, ['tag', '--list', format, '--', glob], repo.where);
  return output.split('\n').filter(Boolean).map((line) => {
    const [name = '', object = '', objectShort = '', peeled = '', peeledShort = '', date = ''] = line.split('\0');
    // An annotated tag points at a tag object; the commit is its peeled object.
    const info = peeled === '' ? { commit: object, short: objectShort, date } : { commit: peeled, short: peeledShort, date };
    return { name, info, version: versionInName(name) };
  });
}

/** Version order when every tag has a version, else date order (the notes say which tags have none). */
function orderTags(tags: readonly Tag[]): { tags: Tag[]; notes: string[] } {
  const byDate = (a: Tag, b: Tag): number => (a.info.date < b.info.date ? -1 : a.info.date > b.info.date ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const unversioned = tags.filter((tag) => tag.version === undefined).map((tag) => tag.name);
  if (unversioned.length > 0) return { tags: [...tags].sort(byDate), notes: [`tags in date order: ${unversioned.join(', ')} hold no version number`] };
  return { tags: [...tags].sort((a, b) => compareVersions(a.version as NameVersion, b.version as NameVersion) || byDate(a, b)), notes: [] };
}
