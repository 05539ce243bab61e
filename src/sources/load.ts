import { CheckerRegistry, SchemaParseError, parseSchema } from 'schema-compat';
import type { ParsedSchema } from 'schema-compat';
import { describeVersions } from './describe.js';
import { readDirectory } from './dir.js';
import { readGlob } from './glob.js';
import { SourceError, SourceErrorCode } from './errors.js';
import { readGitLog } from './git/log.js';
import { readGitRef } from './git/ref.js';
import { readGitTags } from './git/tags.js';
import { readPulsar } from './pulsar.js';
import { readRegistry } from './registry.js';
import { describeSource, parseSource } from './spec.js';
import { settleCommitted } from './settle.js';
import type { ParsedVersions } from './settle.js';
import type { HistorySnapshot, HistorySource, LoadHistoryOptions, LoadedHistory, ParseHistoryOptions, ReadHistoryOptions, SkippedVersion, SourceVersion } from './types.js';

/**
 * Reads a history from where it lives, oldest first, without parsing it: each version's text,
 * type, label and references, the strategy the source implies and notes for the report. Throws a
 * `SourceError` when the history cannot be read: a baseline that is not there is never "compatible".
 */
export async function readHistory(source: string | HistorySource, options: ReadHistoryOptions = {}): Promise<HistorySnapshot> {
  const spec = typeof source === 'string' ? parseSource(source) : source;
  switch (spec.kind) {
    case 'git':
      return readGitRef(spec, options);
    case 'git-log':
      return readGitLog(spec, options);
    case 'git-tags':
      return readGitTags(spec, options);
    case 'dir':
      return readDirectory(spec.path, options);
    case 'glob':
      return readGlob(spec.pattern, options);
    case 'registry':
      return readRegistry(spec, options);
    case 'pulsar':
      return readPulsar(spec, options);
    default:
      throw new SourceError(SourceErrorCode.BAD_SOURCE, 'source', `unknown source kind ${JSON.stringify((spec as { kind?: unknown }).kind)}`);
  }
}

/**
 * Parses every version of a snapshot with `registry`'s checkers (its own references, then
 * `references`, available to it), keeping its version number. With the `candidate`, a git-log
 * history is settled by the checker's identity (`settleCommitted`): versions that change nothing
 * are merged, and the candidate's own committed versions left out, with notes saying so. A schema
 * type without a checker is a `SourceError` naming the version; a schema that does not parse is a
 * `SchemaParseError` naming it, or with `skipUnparseable` left out and listed in `skipped` and the
 * notes (every version skipped is `NO_VERSIONS`).
 */
export function parseHistory(
  snapshot: { readonly versions: readonly SourceVersion[]; readonly source?: HistorySource; readonly notes?: readonly string[]; readonly path?: string },
  options: ParseHistoryOptions = {},
): ParsedVersions {
  const registry = options.registry ?? CheckerRegistry.withDefaults();
  const where = snapshot.source === undefined ? 'history' : describeSource(snapshot.source);
  const versions: SourceVersion[] = [];
  const history: ParsedSchema[] = [];
  const skipped: SkippedVersion[] = [];
  for (const version of snapshot.versions) {
    if (!registry.has(version.schemaType)) {
      const type = version.schemaType.toUpperCase();
      const protobuf = type === 'PROTOBUF' ? ': register the Protobuf checker of schema-compat/protobuf (it needs `npm install protobufjs`)'
        : type === 'PROTOBUF_NATIVE' ? ': register ProtobufNativeChecker of schema-compat/protobuf (it needs `npm install protobufjs`)' : '';
      throw new SourceError(SourceErrorCode.UNSUPPORTED_SCHEMA_TYPE, where, `${version.where} is a ${version.schemaType} schema, and no checker for ${version.schemaType} is registered${protobuf}`, {
        remedy: `Checkers registered: ${registry.types().join(', ')}`,
      });
    }
    const references = { ...options.references, ...version.references };
    try {
      history.push(parseSchema(version.schemaType, version.text, {
        registry, label: version.where, version: version.version, ...(Object.keys(references).length === 0 ? {} : { references }), ...(options.reuse ? { reuse: true } : {}),
      }));
      versions.push(version);
    } catch (error: unknown) {
      if (options.skipUnparseable !== true || !(error instanceof SchemaParseError)) throw error;
      skipped.push({ version: version.version, label: version.label, where: version.where, error: { code: error.code, message: error.message } });
    }
  }
  if (skipped.length > 0 && versions.length === 0) {
    throw new SourceError(SourceErrorCode.NO_VERSIONS, where, `every version was skipped as unparseable, so nothing is left to compare with: ${skipped.map((version) => `${version.label}: ${version.error.message}`).join('; ')}`, {
      remedy: 'Fix the versions, or give a history with versions that parse',
    });
  }
  const notes = [...(snapshot.notes ?? []), ...skipped.map((version) => `skipped ${version.label}: it does not parse (${version.error.code}): ${version.error.message}`)];
  const parsed = { versions, history, notes, skipped };
  const source = snapshot.source;
  if (options.candidate === undefined || source?.kind !== 'git-log') return parsed;
  const path = snapshot.path ?? snapshot.versions[snapshot.versions.length - 1]?.path ?? 'the file';
  return settleCommitted(parsed, options.candidate, registry, (kept) => `${describeSource(source)}: ${describeVersions(kept, path)}`);
}

/**
 * `readHistory`, then `parseHistory`: the history ready for `checkCompatibility`, with what the
 * report needs to say what was compared. The candidate's text (`options.candidate`) lets a
 * git-log history leave out the candidate's own committed versions.
 *
 * ```ts
 * const { history, strategy, description } = await loadHistory('git-log:origin/main', { path: 'schemas/user.avsc' });
 * const result = checkCompatibility(strategy ?? 'BACKWARD', candidateText, history);
 * ```
 */
export async function loadHistory(source: string | HistorySource, options: LoadHistoryOptions = {}): Promise<LoadedHistory> {
  const snapshot = await readHistory(source, options);
  const registry = options.registry ?? CheckerRegistry.withDefaults();
  const candidate = parsedCandidate(snapshot, options, registry);
  const parsed = parseHistory(snapshot, {
    registry,
    ...(options.references === undefined ? {} : { references: options.references }),
    ...(options.reuse === undefined ? {} : { reuse: options.reuse }),
    ...(candidate === undefined ? {} : { candidate }),
    ...(options.skipUnparseable === undefined ? {} : { skipUnparseable: options.skipUnparseable }),
  });
  return {
    ...snapshot, versions: parsed.versions, notes: parsed.notes, history: [...parsed.history], skipped: parsed.skipped, description: parsed.description ?? snapshot.description,
  };
}

/** The candidate parsed for settling a git-log history; undefined when there is none or it does not parse (the check will say why). */
function parsedCandidate(snapshot: HistorySnapshot, options: LoadHistoryOptions, registry: CheckerRegistry): ParsedSchema | undefined {
  const type = options.schemaType ?? snapshot.versions[snapshot.versions.length - 1]?.schemaType;
  if (options.candidate === undefined || snapshot.source.kind !== 'git-log' || type === undefined || !registry.has(type)) return undefined;
  try {
    const references = options.references === undefined ? {} : { references: options.references };
    return parseSchema(type, options.candidate, { registry, label: 'candidate', ...references });
  } catch {
    return undefined;
  }
}
