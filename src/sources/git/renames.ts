import { extensionOf, schemaTypeOfPath } from '../file-types.js';
import { fileHistory } from './history-cache.js';
import { gitText } from './run.js';
import { readBlobs } from './blobs.js';
import { sharedAnswer } from './repo.js';
import type { GitRepo } from './repo.js';

/** Paths the file may have had at a ref, best first, each with how it was found (for the report). */
export interface FormerPath {
  readonly path: string;
  readonly how: string;
}

/**
 * Where to look for a file at `ref` when it is not at its own path there (a schema moved since):
 * 1. git's rename detection between `ref` and the work tree;
 * 2. the paths of the file's committed history from HEAD (its renames, `fileHistory`);
 * 3. a file at `ref` that the work tree no longer has and that defines the same schema name (an
 *    Avro full name, a JSON Schema `$id`, a Protobuf package and first message). Git compares
 *    lines, so a one-line JSON schema moved and edited in one change is no rename to git: without
 *    this it would look new, and a breaking change would pass.
 */
export async function formerPaths(repo: GitRepo, ref: string, path: string, candidate: string | undefined): Promise<FormerPath[]> {
  const found: FormerPath[] = [];
  const add = (former: string, how: string): void => {
    if (former !== path && !found.some((known) => known.path === former)) found.push({ path: former, how });
  };
  const { renamed, deleted } = await workTreeChanges(repo, ref);
  const old = renamed.get(path);
  if (old !== undefined) add(old, "git's rename detection");
  // HEAD may have no commit yet (a new repository): then there is no committed history.
  for (const entry of (await fileHistory(repo, 'HEAD', undefined, path).catch(() => undefined))?.commits ?? []) {
    if (entry.path !== undefined) add(entry.path, "the file's git history");
  }
  if (found.length === 0 && candidate !== undefined) {
    const name = schemaNameOf(candidate, path);
    const sameKind = deleted.filter((file) => extensionOf(file) === extensionOf(path));
    // A deleted file that was a link out of the repository is no candidate (and is not read).
    const texts = await readBlobs(repo, sameKind.map((file) => `${ref}:${file}`), 'skip');
    const matches = sameKind.filter((_, i) => name !== undefined && schemaNameOf(texts[i] ?? '', sameKind[i] as string) === name);
    if (matches.length === 1) add(matches[0] as string, `its schema name ${name}`);
  }
  return found;
}

/** Renames (new path → old path) and deletions between `ref` and the work tree, by `git diff -z` (once per run that shares its reads). */
function workTreeChanges(repo: GitRepo, ref: string): Promise<{ renamed: ReadonlyMap<string, string>; deleted: readonly string[] }> {
  return sharedAnswer(repo, ['work tree changes', ref], () => diffWorkTree(repo, ref));
}

async function diffWorkTree(repo: GitRepo, ref: string): Promise<{ renamed: Map<string, string>; deleted: string[] }> {
  const fields = (await gitText(repo.root, ['diff', '--find-renames', '--name-status', '-z', ref, '--'], repo.where)).split('\0');
  const renamed = new Map<string, string>();
  const deleted: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const status = fields[i] as string;
    if (status.startsWith('R') || status.startsWith('C')) {
      if (status.startsWith('R')) renamed.set(fields[i + 2] as string, fields[i + 1] as string);
      i += 2;
    } else if (status !== '') {
      if (status.startsWith('D')) deleted.push(fields[i + 1] as string);
      i += 1;
    }
  }
  return { renamed, deleted };
}

/**
 * The name a schema gives itself: an Avro named type's full name, a JSON Schema's `$id` (draft 4:
 * `id`), a Protobuf file's package and first message. Undefined when it gives none or does not parse.
 */
export function schemaNameOf(text: string, path: string): string | undefined {
  let type: string;
  try {
    type = schemaTypeOfPath(path, undefined, path);
  } catch {
    return undefined;
  }
  if (type === 'PROTOBUF') {
    const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1];
    const message = /^\s*message\s+(\w+)/m.exec(text)?.[1];
    return message === undefined ? undefined : `${pkg === undefined ? '' : `${pkg}.`}${message}`;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const record = json as Record<string, unknown>;
  if (type === 'JSON') {
    const id = record['$id'] ?? record['id'];
    return typeof id === 'string' && id !== '' ? id : undefined;
  }
  const name = record['name'];
  if (typeof name !== 'string' || name === '') return undefined;
  const namespace = record['namespace'];
  return name.includes('.') || typeof namespace !== 'string' || namespace === '' ? name : `${namespace}.${name}`;
}
