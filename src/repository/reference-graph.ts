import { SchemaCompatError } from 'schema-compat';
import { RepositoryError } from './errors.js';
import { resolveReferences } from './references.js';
import type { ReadFile, ReferenceIndex, ResolvedReferences, TryParse } from './references.js';

/** A reference as a registry stores it: the name the schema uses, and the repository file it is. */
export interface NamedReference {
  readonly name: string;
  readonly file: string;
}

/** A file a subject references, with the references it names itself. */
export interface ReferenceFile {
  readonly file: string;
  readonly text: string;
  readonly references: readonly NamedReference[];
}

/**
 * What a subject's schema references, as a registry needs it registered: the references the schema
 * names itself, and every file they reach, dependencies first (each registered before what uses it,
 * as Confluent resolves a version's references from the versions it names).
 */
export interface ReferenceGraph {
  readonly direct: readonly NamedReference[];
  readonly files: readonly ReferenceFile[];
  /** Why the references cannot be registered (a cycle, one that cannot be read): `check` is not concerned, `apply` plans an error. */
  readonly unregistrable?: string;
}

/** How many files one subject's references may reach (bounds the work on a hostile repository). */
const MAX_FILES = 1000;

/**
 * The reference graph of a schema whose references were resolved as `own`: each reached file is
 * resolved on its own, and a file's direct references are those it reaches that no other of its
 * references reaches (a transitive one is found through the version that names it). A cycle cannot
 * be registered (a version's references must exist before it): `unregistrable` says so.
 */
export async function referenceGraph(file: string, own: ResolvedReferences, schemaType: string, index: ReferenceIndex, read: ReadFile, tryParse: TryParse): Promise<ReferenceGraph> {
  try {
    return await graphOf(file, own, schemaType, index, read, tryParse);
  } catch (error: unknown) {
    // What only registering needs never fails the check: apply reports it.
    if (!(error instanceof SchemaCompatError)) throw error;
    return { direct: [], files: [], unregistrable: error.message };
  }
}

async function graphOf(file: string, own: ResolvedReferences, schemaType: string, index: ReferenceIndex, read: ReadFile, tryParse: TryParse): Promise<ReferenceGraph> {
  const reached = new Map<string, { readonly text: string; readonly named: readonly NamedReference[] }>();
  const pending = [...new Set(own.named.map((entry) => entry.file))];
  while (pending.length > 0) {
    const next = pending.shift() as string;
    if (reached.has(next)) continue;
    if (reached.size >= MAX_FILES) throw new RepositoryError(`${file}: its references reach more than ${MAX_FILES} files`);
    const text = await read(next);
    if (text === undefined) throw new RepositoryError(`${file}: cannot read the file it references: ${next}`);
    const named = (await resolveReferences(next, text, schemaType, index, read, tryParse)).named;
    reached.set(next, { text, named });
    for (const entry of named) if (!reached.has(entry.file)) pending.push(entry.file);
  }
  const reaches = (from: string, to: string): boolean => (reached.get(from)?.named ?? []).some((entry) => entry.file === to);
  // A reference is left to another that reaches it and that it does not reach back (in a cycle both stay, and the cycle is found).
  const directOf = (from: string, named: readonly NamedReference[]): NamedReference[] => {
    const others = named.filter((entry) => entry.file !== from);
    const seen = new Set<string>();
    return others.filter((entry) => !others.some((other) => other.file !== entry.file && reaches(other.file, entry.file) && !reaches(entry.file, other.file))
      && !seen.has(entry.name) && seen.add(entry.name) !== undefined);
  };
  const direct = directOf(file, own.named);
  const ordered: ReferenceFile[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (at: string, path: readonly string[]): void => {
    if (state.get(at) === 'done') return;
    if (state.get(at) === 'visiting') throw new RepositoryError(`${file}: its references form a cycle (${[...path, at].join(' → ')}): a registry cannot register them`);
    state.set(at, 'visiting');
    const entry = reached.get(at);
    const references = entry === undefined ? [] : directOf(at, entry.named);
    for (const reference of references) visit(reference.file, [...path, at]);
    state.set(at, 'done');
    if (entry !== undefined) ordered.push({ file: at, text: entry.text, references });
  };
  for (const reference of direct) visit(reference.file, [file]);
  return { direct, files: ordered };
}
