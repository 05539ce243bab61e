import { SchemaParseError } from '../index.js';

/** The commands that take `--reference NAME=FILE`. */
const WITH_REFERENCES: ReadonlySet<string> = new Set(['check', 'diff', 'changelog', 'audit', 'canonical', 'fingerprint']);

/**
 * How to supply a Protobuf import the parser could not resolve (UNRESOLVED_IMPORT), for a command
 * that takes `--reference`: the file under the import's own path, or, in a repository run, the
 * folder import paths start from (docs/repository.md). Undefined for any other error.
 */
export function unresolvedImportHint(error: unknown, command: string | undefined): string | undefined {
  if (!(error instanceof SchemaParseError) || error.rule !== 'UNRESOLVED_IMPORT' || command === undefined || !WITH_REFERENCES.has(command)) return undefined;
  const name = /^import "(.*)" is neither/.exec(error.detail)?.[1];
  const named = name === undefined ? 'NAME as the import statement writes it' : `NAME ${JSON.stringify(name)}, as the import statement writes it`;
  return `give the imported file with --reference NAME=FILE (${named}), or the folder the import path starts from with --reference FOLDER; in a repository run, add the folder the import path starts from to protobuf.importPaths in .schema-compat.yaml`;
}
