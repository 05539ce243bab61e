import { basename } from 'node:path';
import { SchemaParseError } from 'schema-compat';
import type { SchemaCompatError } from 'schema-compat';
import type { RepositoryConfig } from './config/types.js';

/**
 * A subject's error message, with how to supply a Protobuf import the parser could not resolve
 * (UNRESOLVED_IMPORT): imports are looked up from the configuration's folder and each
 * `protobuf.importPaths` folder, as protoc's `-I` (docs/repository.md).
 */
export function subjectErrorMessage(error: SchemaCompatError, config: RepositoryConfig): string {
  if (!(error instanceof SchemaParseError) || error.rule !== 'UNRESOLVED_IMPORT') return error.message;
  const roots = ['.', ...config.importPaths].map((root) => JSON.stringify(root)).join(', ');
  return `${error.message}: no file at that path from the folders imports start from (${roots}); add the folder the import path starts from to protobuf.importPaths in ${basename(config.file)}`;
}
