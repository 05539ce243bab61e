import type { TypeResolver } from './build-model.js';
import type { ProtoType } from './model.js';
import type { ParsedFile } from './parse-file.js';
import { parseError } from './parse-file.js';
import { ProtobufParseRule } from './parse-rules.js';
import type { ResolutionLog } from './reference-cache.js';
import { findWord } from './source-text.js';

/** Every message and enum of a `parse` call's files, by full name. */
export type Kinds = ReadonlyMap<string, 'message' | 'enum'>;

/** The full names a written type name may mean in a scope, in protoc's order: a leading dot is absolute, else innermost scope outward. */
function candidatesOf(written: string, scope: string): string[] {
  if (written.startsWith('.')) return [written.slice(1)];
  const candidates: string[] = [];
  for (let prefix = scope; ; ) {
    candidates.push(prefix === '' ? written : `${prefix}.${written}`);
    if (prefix === '') return candidates;
    const dot = prefix.lastIndexOf('.');
    prefix = dot === -1 ? '' : prefix.slice(0, dot);
  }
}

/** protoc's scoping, as Confluent's Context resolves: a leading dot is absolute, else innermost scope outward. */
export function resolverFor(kinds: Kinds): TypeResolver {
  const find = (written: string, scope: string): ProtoType | undefined => {
    for (const candidate of candidatesOf(written, scope)) {
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

/** The resolver, recording every distinct lookup it answers (for a model kept in a `ProtobufReferenceCache`). */
export function recordingResolver(resolve: TypeResolver): { readonly resolve: TypeResolver; readonly log: ResolutionLog } {
  const seen = new Set<string>();
  const log: ResolutionLog[number][] = [];
  const find = (written: string, scope: string): ProtoType | undefined => {
    const found = resolve.find(written, scope);
    const key = `${scope}\0${written}`;
    if (!seen.has(key)) {
      seen.add(key);
      log.push({ candidates: candidatesOf(written, scope), answer: found !== undefined && found.kind !== 'scalar' ? found.fullName : undefined, kind: found?.kind });
    }
    return found;
  };
  const recording = (written: string, scope: string, file: ParsedFile): ProtoType => find(written, scope) ?? resolve(written, scope, file);
  return { resolve: Object.assign(recording, { find }), log };
}

/** Whether every lookup of a log finds the same name of the same kind in `kinds` (so the model built then is the one built now). */
export function resolvesAsLogged(log: ResolutionLog, kinds: Kinds): boolean {
  for (const { candidates, answer, kind } of log) {
    const found = candidates.find((candidate) => kinds.has(candidate));
    if (found !== answer || (found !== undefined && kinds.get(found) !== kind)) return false;
  }
  return true;
}
