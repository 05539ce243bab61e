import { askRegistry, parseSource, readHistory, registryAuthFrom } from '../sources/index.js';
import type { HistorySource, ReadHistoryOptions, RegistryAnswer, SourceVersion } from '../sources/index.js';
import type { Strategy } from '../index.js';
import { UsageError } from './args.js';
import type { CliIO } from './io.js';
import type { SourceReport } from './report.js';
import { historyFromFiles } from './schema-files.js';
import type { CliSchemaType, SchemaFile } from './schema-files.js';

/** Where `check` reads the history: HISTORY files, or a source (`--against`, `--history DIR`), with the registry options. */
export type HistoryRequest = ({ readonly source: string } | { readonly files: readonly string[] }) & {
  readonly subject?: string;
  readonly topic?: string;
  /** `--registry-auth`: `user:password` or `Bearer TOKEN`. */
  readonly auth?: string;
  /** `--allow-new-subject`: a registry subject or Pulsar topic that is not there is a new subject, not an error. */
  readonly allowNewSubject?: boolean;
};

/** The history of a check, with what the report says of its source. */
export interface CliHistory {
  /** Oldest first. */
  readonly versions: readonly SourceVersion[];
  /** The source as read (credentials left out of its URL). */
  readonly spec?: HistorySource;
  /** The source as asked for, and the request it came with. */
  readonly asked?: HistorySource;
  readonly request?: HistoryRequest;
  readonly source?: SourceReport;
  readonly strategy?: Strategy;
  readonly strategyFrom?: string;
  /** The file a git-log history is of. */
  readonly path?: string;
}

/** Reads the history a `check` asked for, through `schema-compat/sources` for every source. */
export async function historyOf(request: HistoryRequest, candidate: SchemaFile, type: CliSchemaType | undefined, io: CliIO, dependenciesOf?: ReadHistoryOptions['dependenciesOf']): Promise<CliHistory> {
  if ('files' in request) {
    refuseSourceOptions(request, undefined);
    return { versions: historyFromFiles(request.files, type, io) };
  }
  const spec = parseSource(request.source);
  refuseSourceOptions(request, spec);
  const snapshot = await readHistory(spec, {
    ...(candidate.path === '<stdin>' ? {} : { path: candidate.path }),
    candidate: candidate.text,
    ...(type === undefined ? {} : { schemaType: type }),
    ...(request.subject === undefined ? {} : { subject: request.subject }),
    ...(request.topic === undefined ? {} : { topic: request.topic }),
    ...authOf(request, io),
    files: { readFile: io.readFile, listFiles: io.listFiles, ...io.folders },
    ...(request.allowNewSubject === true ? { allowNewSubject: true } : {}),
    // A git version is the file with what it references at its own commit (the repository's configuration says where).
    ...(dependenciesOf === undefined ? {} : { dependenciesOf }),
  });
  return {
    versions: snapshot.versions,
    spec: snapshot.source,
    asked: spec,
    request,
    source: { kind: snapshot.source.kind, description: snapshot.description, notes: snapshot.notes, isNew: snapshot.isNew, skipped: [] },
    ...(snapshot.strategy === undefined ? {} : { strategy: snapshot.strategy }),
    ...(snapshot.strategyFrom === undefined ? {} : { strategyFrom: snapshot.strategyFrom }),
    ...(snapshot.path === undefined ? {} : { path: snapshot.path }),
  };
}

/** For a registry source: whether registering the candidate creates a version, and with `verdict` the registry's own answer. */
export async function askTheRegistry(history: CliHistory, candidate: SchemaFile, verdict: boolean, io: CliIO): Promise<RegistryAnswer | undefined> {
  if (history.request === undefined || history.asked?.kind !== 'registry' || history.spec?.kind !== 'registry') return undefined;
  const references = history.versions[history.versions.length - 1]?.registryReferences;
  // The URL as given (it may carry credentials); the snapshot's is without them.
  return askRegistry(history.asked.url, history.spec.subject ?? '', {
    schemaType: candidate.schemaType, schema: candidate.text, ...(references === undefined ? {} : { references }),
  }, { ...authOf(history.request, io), verdict });
}

function authOf(request: HistoryRequest, io: CliIO): { auth?: ReturnType<typeof registryAuthFrom> & object } {
  const auth = registryAuthFrom(request.auth, io.env);
  return auth === undefined ? {} : { auth };
}

/** `--subject`, `--topic` and `--registry-auth` belong to the registry sources: elsewhere they are a mistake, not ignored. */
function refuseSourceOptions(request: HistoryRequest, spec: HistorySource | undefined): void {
  if (request.subject !== undefined && spec?.kind !== 'registry') throw new UsageError('--subject goes with --against registry:URL');
  if (request.topic !== undefined && spec?.kind !== 'pulsar') throw new UsageError('--topic goes with --against pulsar:URL');
  if (request.auth !== undefined && spec?.kind !== 'registry' && spec?.kind !== 'pulsar') throw new UsageError('--registry-auth goes with --against registry:URL or pulsar:URL');
  if (request.allowNewSubject === true && spec?.kind !== 'registry' && spec?.kind !== 'pulsar') throw new UsageError('--allow-new-subject goes with --against registry:URL or pulsar:URL (a git source tells a new file by itself)');
}
