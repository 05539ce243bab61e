import { SourceError, SourceErrorCode } from '../errors.js';
import { MAX_FILE_BYTES, MAX_HISTORY_BYTES } from '../read-file.js';
import { gitFailure, runGit, streamGit } from './run.js';
import type { GitRepo } from './repo.js';

/** What `git cat-file --batch-check --follow-symlinks` says of a `commit:path`: a blob (its id and size), a symbolic link out of the tree, or nothing readable. */
export type BlobAnswer = { readonly kind: 'blob'; readonly oid: string; readonly size: number } | { readonly kind: 'outside' } | { readonly kind: 'none' };

/** How a read asks git for objects: one git per question (`directReads`), or a run's shared batches (`ObjectBatch`). */
export interface ObjectReader {
  readonly sizes: (repo: GitRepo, specs: readonly string[]) => Promise<BlobAnswer[]>;
  /** The texts of blobs by object id (a missing one is left out). */
  readonly contents: (repo: GitRepo, oids: readonly string[]) => Promise<Map<string, string>>;
}

const MIB = 1024 * 1024;

/**
 * The texts of `commit:path` objects; undefined for a path that is not a file there. Sizes are asked
 * first (`git cat-file --batch-check`), and a blob larger than `MAX_FILE_BYTES` (or blobs larger
 * than `MAX_HISTORY_BYTES` together) is refused with a `SourceError` before anything is read: git
 * objects are repository content, and a 700 MB blob compresses to 2 MB. The contents are then read
 * by object id with one `git cat-file --batch`, as a stream, each blob into a buffer of its own size.
 * A committed symbolic link is followed inside the commit's tree, as the work tree's is; one that
 * leads out of the tree is a `SourceError` OUTSIDE_REPOSITORY (`outside: 'refuse'`, the default) or
 * undefined (`'skip'`), and its target is never read or shown. A link that leads nowhere, or a path
 * through a file, is not a file there. In a run that shares its reads (`repo.shared`), the questions
 * of the histories read at the same time go to git together (`ObjectBatch`); the limits stay per read.
 */
export async function readBlobs(repo: GitRepo, specs: readonly string[], outside: 'refuse' | 'skip' = 'refuse'): Promise<Array<string | undefined>> {
  if (specs.length === 0) return [];
  if (specs.some((spec) => spec.includes('\n'))) throw new SourceError(SourceErrorCode.BAD_SOURCE, repo.where, 'a path with a line break cannot be read from git');
  const reader = repo.shared?.objects(repo.root) ?? directReads;
  const answers = await reader.sizes(repo, specs);
  let total = 0;
  const wanted = new Set<string>();
  const out = answers.findIndex((answer) => answer.kind === 'outside');
  if (out >= 0 && outside === 'refuse') {
    throw new SourceError(SourceErrorCode.OUTSIDE_REPOSITORY, repo.where, `${specs[out] as string} is a symbolic link that leads outside the repository: not read`);
  }
  answers.forEach((answer, i) => {
    if (answer.kind !== 'blob') return;
    if (answer.size > MAX_FILE_BYTES) throw tooLarge(repo, specs[i] as string, answer.size);
    if (!wanted.has(answer.oid)) total += answer.size;
    wanted.add(answer.oid);
  });
  if (total > MAX_HISTORY_BYTES) {
    throw new SourceError(SourceErrorCode.HISTORY_TOO_LARGE, repo.where, `the ${wanted.size} committed versions to read hold ${total} bytes together, more than the ${MAX_HISTORY_BYTES / MIB} MiB one history may hold: not read`, {
      remedy: 'Bound the history (git-log:SINCE..REF, git-tags:FROM..GLOB), or check what was committed',
    });
  }
  const texts = await reader.contents(repo, [...wanted]);
  return answers.map((answer) => (answer.kind === 'blob' ? texts.get(answer.oid) : undefined));
}

/** One `git cat-file` per question. */
export const directReads: ObjectReader = { sizes: blobSizes, contents: readObjects };

/** What `git cat-file --follow-symlinks` answers for a `commit:path` that leads outside the commit's tree. */
const OUTSIDE_TREE = 'symlink';
/** Its answers that are no object and carry a body of the given size (git-cat-file(1), --follow-symlinks). */
const NO_OBJECT = new Set([OUTSIDE_TREE, 'dangling', 'loop', 'notdir']);

/**
 * `<oid> <type> <size>` per spec, `<spec> missing` (also `ambiguous`), or with `--follow-symlinks`
 * `<symlink|dangling|loop|notdir> <size>\n<body>\n`: the blobs' ids and sizes, `outside` for a link
 * out of the commit's tree, `none` for anything else.
 */
export async function blobSizes(repo: GitRepo, specs: readonly string[]): Promise<BlobAnswer[]> {
  if (specs.length === 0) return [];
  const output = await runGit(repo.root, ['cat-file', '--batch-check', '--follow-symlinks'], repo.where, `${specs.join('\n')}\n`);
  if (output.code !== 0) throw gitFailure(output.stderr, ['cat-file', '--batch-check'], repo.where);
  const answers: BlobAnswer[] = [];
  let at = 0;
  for (let i = 0; i < specs.length; i++) {
    const end = output.stdout.indexOf(0x0a, at);
    if (end < 0) throw new SourceError(SourceErrorCode.GIT_FAILED, repo.where, 'git cat-file --batch-check ended early');
    const fields = output.stdout.toString('utf8', at, end).split(' ');
    at = end + 1;
    if (fields.length === 2 && NO_OBJECT.has(fields[0] as string)) {
      at += Number(fields[1]) + 1;
      answers.push(fields[0] === OUTSIDE_TREE ? { kind: 'outside' } : { kind: 'none' });
      continue;
    }
    const size = Number(fields[2]);
    answers.push(fields.length === 3 && fields[1] === 'blob' && Number.isSafeInteger(size) && size >= 0 ? { kind: 'blob', oid: fields[0] as string, size } : { kind: 'none' });
  }
  return answers;
}

function tooLarge(repo: GitRepo, spec: string, size: number): SourceError {
  const colon = spec.indexOf(':');
  const commit = spec.slice(0, colon);
  const path = spec.slice(colon + 1);
  return new SourceError(SourceErrorCode.FILE_TOO_LARGE, repo.where, `${path} at commit ${commit.slice(0, 12)} is ${size} bytes, more than the ${MAX_FILE_BYTES / MIB} MiB a schema file may be: not read`, {
    remedy: `A schema is kilobytes: look at what was committed there (\`git show --stat ${commit.slice(0, 12)} -- ${path}\`)`,
  });
}

/**
 * The contents of blobs by object id, from `git cat-file --batch` read as a stream: per object
 * `<oid> <type> <size>\n<content>\n` (git-cat-file(1), BATCH OUTPUT). Each content is copied into a
 * buffer of its announced size, which is checked again against `MAX_FILE_BYTES`.
 */
export async function readObjects(repo: GitRepo, oids: readonly string[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (oids.length === 0) return texts;
  const broken = (problem: string): SourceError => new SourceError(SourceErrorCode.GIT_FAILED, repo.where, `git cat-file --batch: ${problem}`);
  let header: Buffer[] = [];
  let headerBytes = 0;
  let body: { readonly oid: string; readonly buffer: Buffer; filled: number } | undefined;
  let separator = false;
  const finish = (): void => {
    const done = body as NonNullable<typeof body>;
    texts.set(done.oid, done.buffer.toString('utf8'));
    body = undefined;
    separator = true;
  };
  const startObject = (line: string): void => {
    const fields = line.split(' ');
    if (fields.length === 2 && fields[1] === 'missing') return;
    const size = Number(fields[2]);
    if (fields.length !== 3 || !Number.isSafeInteger(size) || size < 0) throw broken(`unexpected line ${JSON.stringify(line.slice(0, 100))}`);
    if (size > MAX_FILE_BYTES) throw broken(`object ${fields[0]} is ${size} bytes, more than ${MAX_FILE_BYTES}`);
    body = { oid: fields[0] as string, buffer: Buffer.allocUnsafe(size), filled: 0 };
    if (size === 0) finish();
  };
  const end = await streamGit(repo.root, ['cat-file', '--batch'], repo.where, (chunk) => {
    let at = 0;
    while (at < chunk.length) {
      if (body !== undefined) {
        const copied = chunk.copy(body.buffer, body.filled, at, Math.min(chunk.length, at + body.buffer.length - body.filled));
        body.filled += copied;
        at += copied;
        if (body.filled === body.buffer.length) finish();
      } else if (separator) {
        if (chunk[at] !== 0x0a) throw broken('an object does not end with a line break');
        separator = false;
        at += 1;
      } else {
        const newline = chunk.indexOf(0x0a, at);
        const piece = chunk.subarray(at, newline < 0 ? chunk.length : newline);
        headerBytes += piece.length;
        if (headerBytes > 1024) throw broken('a header line is longer than 1024 bytes');
        header.push(piece);
        if (newline < 0) return;
        at = newline + 1;
        const line = Buffer.concat(header).toString('utf8');
        header = [];
        headerBytes = 0;
        startObject(line);
      }
    }
  }, `${oids.join('\n')}\n`);
  if (end.code !== 0) throw gitFailure(end.stderr, ['cat-file', '--batch'], repo.where);
  if (body !== undefined || header.length > 0) throw broken('the output ended early');
  return texts;
}
