import type { TypeResolver } from './build-model.js';
import type { ProtoType } from './model.js';
import type { ParsedFile } from './parse-file.js';
import { parseError } from './parse-file.js';
import { ProtobufParseRule } from './parse-rules.js';
import type { ResolutionLog } from './reference-cache.js';
import { findWord } from './source-text.js';

/** Every message and enum of a `parse` call's files, by full name. */
export type Kinds = ReadonlyMap<string, 'message' | 'enum'>;

/** protoc's scoping, as Confluent's Context resolves: a leading dot is absolute, else innermost scope outward. */
export function resolverFor(kinds: Kinds): TypeResolver {
  const find = (written: string, scope: string): ProtoType | undefined => {
    if (written.startsWith('.')) {
      const kind = kinds.get(written.slice(1));
      return kind ? { kind, fullName: written.slice(1), written } : undefined;
    }
    const parts = scope === '' ? [] : scope.split('.');
    for (let i = parts.length; i >= 0; i--) {
      const candidate = [...parts.slice(0, i), written].join('.');
      const kind = kinds.get(candidate);
      if (kind) return { kind, fullName: candidate, written };
    }
    return undefined;
  };
  const resolve = (written: string, scope: string, file: ParsedFile): ProtoType => {
    const found = find(written, scope);
    if (found !== undefined) return found;
    throw parseError(file.input, ProtobufParseRule.UNRESOLVED_TYPE, `type "${written}" (used in ${scope || 'the file'}) is not defined in the file or its imports`, findWord(file.uncommented, written) ?? { line: 1, column: 1 });
  };
  return Object.assign(resolve, { find });
}

const key = (written: string, scope: string): string => `${scope}\0${written}`;

/** The resolver, recording every lookup it answers (for a model kept in a `ProtobufReferenceCache`). */
export function recordingResolver(resolve: TypeResolver): { readonly resolve: TypeResolver; readonly log: ResolutionLog } {
  const log = new Map<string, string | undefined>();
  const find = (written: string, scope: string): ProtoType | undefined => {
    const found = resolve.find(written, scope);
    log.set(key(written, scope), found !== undefined && found.kind !== 'scalar' ? `${found.kind} ${found.fullName}` : undefined);
    return found;
  };
  const recording = (written: string, scope: string, file: ParsedFile): ProtoType => {
    const found = find(written, scope);
    return found ?? resolve(written, scope, file);
  };
  return { resolve: Object.assign(recording, { find }), log };
}

/** Whether every lookup of a log gives the same answer under `resolve` (so the model built then is the one built now). */
export function resolvesAsLogged(log: ResolutionLog, resolve: TypeResolver): boolean {
  for (const [entry, answer] of log) {
    const at = entry.indexOf('\0');
    const found = resolve.find(entry.slice(at + 1), entry.slice(0, at));
    const now = found !== undefined && found.kind !== 'scalar' ? `${found.kind} ${found.fullName}` : undefined;
    if (now !== answer) return false;
  }
  return true;
}
