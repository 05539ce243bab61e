import { describeVersions } from '../describe.js';
import { sameContent, schemaTypeOfPath } from '../file-types.js';
import type { HistorySnapshot, ReadHistoryOptions, SourceVersion } from '../types.js';
import { fileHistory } from './file-history.js';
import type { FileCommit } from './file-history.js';
import { requireNewFile } from './new-file.js';
import { formerPaths } from './renames.js';
import { readBlobs, requireFullHistory, resolveCommit } from './repo.js';
import { commitLabel, gitTarget, gitVersion } from './target.js';

/**
 * `git-log` / `git-log:REF`: every committed version of the file in REF's history (default HEAD),
 * oldest first, renames followed, consecutive equal contents collapsed into their first commit.
 * When the newest equals the candidate (the change is already committed) it is left out, or the
 * candidate would be checked against itself and the change hidden; the notes say so. A file with no
 * commit is a new subject when it is new in this change (`requireNewFile`), else an error. A
 * shallow clone is refused: its history is cut off.
 */
export async function readGitLog(source: { readonly ref: string; readonly path?: string }, options: ReadHistoryOptions): Promise<HistorySnapshot> {
  const where = `git-log ${source.ref}`;
  const target = await gitTarget(source.path, options, where);
  await requireFullHistory(target.repo);
  const commit = await resolveCommit(target.repo, source.ref);
  const notes: string[] = [];
  let path = target.path;
  let commits = await fileHistory(target.repo, commit, path);
  if (commits.length === 0 && !target.explicit) {
    for (const former of await formerPaths(target.repo, commit, path, options.candidate)) {
      commits = await fileHistory(target.repo, commit, former.path);
      if (commits.length === 0) continue;
      notes.push(`${path} was ${former.path} at ${source.ref} (found by ${former.how}): its history is that file's`);
      path = former.path;
      break;
    }
  }
  const present = commits.filter((entry): entry is FileCommit & { path: string } => entry.path !== undefined).reverse();
  const texts = await readBlobs(target.repo, present.map((entry) => `${entry.info.commit}:${entry.path}`));
  const schemaType = schemaTypeOfPath(path, options.schemaType, where);
  const kept: Array<{ entry: FileCommit & { path: string }; text: string }> = [];
  present.forEach((entry, i) => {
    const text = texts[i];
    if (text !== undefined && (kept.length === 0 || !sameContent((kept[kept.length - 1] as { text: string }).text, text, schemaType))) kept.push({ entry, text });
  });
  if (commits.length === 0) await requireNewFile(target.repo, source.ref, commit, path, target.explicit);
  const newest = kept[kept.length - 1];
  let isNew = commits.length === 0;
  if (newest !== undefined && options.candidate !== undefined && sameContent(newest.text, options.candidate, schemaType)) {
    kept.pop();
    isNew = kept.length === 0;
    notes.push(isNew
      ? `new subject: no history yet: the only committed version of ${path}, ${commitLabel(newest.entry.info)}, is the candidate itself`
      : `the newest committed version, ${commitLabel(newest.entry.info)}, equals the candidate (the change is committed): left out, so the candidate is compared with the versions before it`);
  }
  const versions: SourceVersion[] = kept.map(({ entry, text }, i) =>
    gitVersion({ version: i + 1, label: commitLabel(entry.info), name: entry.info.short, path: entry.path, info: entry.info, text }, options, where));
  if (commits.length === 0) notes.push(`new subject: no history yet: no commit of ${path} in ${source.ref}'s history`);
  return {
    source: { kind: 'git-log', ...source },
    description: `${where}: ${isNew ? `new subject: no history yet (${path})` : describeVersions(versions, path)}`,
    versions,
    notes,
    isNew,
    path,
  };
}

