import { SourceError, SourceErrorCode } from '../errors.js';
import type { HistorySnapshot, ReadHistoryOptions } from '../types.js';
import { withDependencies } from './dependencies.js';
import { requireNewFile } from './new-file.js';
import { formerPaths } from './renames.js';
import { readBlobs } from './blobs.js';
import { resolveCommit } from './repo.js';
import { commitInfo, commitLabel, gitTarget, gitVersion } from './target.js';

/**
 * `git:REF` (the candidate's path at REF) and `git:REF:PATH`: one version, "the latest". A file
 * moved since REF is followed to its old path (`formerPaths`). When the candidate's path is not at
 * REF and is new in this change (`requireNewFile`) it is a new subject (nothing to compare with, and
 * the report says so); otherwise, and for an explicit PATH that is not there, it is an error.
 */
export async function readGitRef(source: { readonly ref: string; readonly path?: string }, options: ReadHistoryOptions): Promise<HistorySnapshot> {
  const where = `git ${source.ref}`;
  const target = await gitTarget(source.path, options, where);
  const info = await commitInfo(target.repo, await resolveCommit(target.repo, source.ref));
  const notes: string[] = [];
  let path = target.path;
  let [text] = await readBlobs(target.repo, [`${info.commit}:${path}`]);
  if (text === undefined && !target.explicit) {
    for (const former of await formerPaths(target.repo, info.commit, path, options.candidate)) {
      [text] = await readBlobs(target.repo, [`${info.commit}:${former.path}`]);
      if (text === undefined) continue;
      notes.push(`${path} was ${former.path} at ${source.ref} (found by ${former.how}): compared with that file`);
      path = former.path;
      break;
    }
  }
  const base = { source: { kind: 'git' as const, ...source }, notes };
  if (text === undefined) {
    if (target.explicit) throw new SourceError(SourceErrorCode.PATH_NOT_FOUND, where, `${path} is not a file at ${source.ref} (${info.short})`, { remedy: `List what is there: \`git ls-tree -r --name-only ${source.ref}\`` });
    await requireNewFile(target.repo, source.ref, info.commit, path, target.explicit);
    notes.push(`new subject: no history yet: ${path} is not at ${source.ref} (${commitLabel(info)}) and no commit of its history touched it`);
    return { ...base, description: `${where}: new subject: no history yet (${path} is not at ${commitLabel(info)})`, versions: [], isNew: true };
  }
  const label = `${source.ref} ${commitLabel(info)}`;
  const version = await withDependencies(gitVersion({ version: 1, label, name: info.short, path, info, text }, options, where), options);
  return { ...base, description: `${where}: ${path} at ${commitLabel(info)}`, versions: [version], isNew: false };
}
