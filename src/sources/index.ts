// schema-compat/sources: load a history from where it lives (a git ref, a file's git log, git tags,
// a folder, a Confluent-compatible registry, Pulsar's admin API). For Node.js: the git and folder
// sources use child_process and fs; the registry sources use fetch only.

export { loadHistory, readHistory, parseHistory } from './load.js';
export { parseSource, describeSource, SOURCE_FORMS } from './spec.js';
export { askRegistry, withCanonicalIdentity } from './registry-ask.js';
export type { AskRegistryOptions, CandidateSubmission, RegistryAnswer, RegistryVerdict } from './registry-ask.js';
export { registryAuthFrom } from './auth.js';
export { compareNatural } from './natural-order.js';
export type { NaturalComparison } from './natural-order.js';
export { SourceError, SourceErrorCode } from './errors.js';
export { GitHistoryCache } from './git/history-cache.js';
export type {
  HistorySource, SourceKind, SourceVersion, SkippedVersion, FolderEntry, RegistryReference, HistorySnapshot, LoadedHistory, RegistryAuth, FileAccess,
  ReadHistoryOptions, LoadHistoryOptions, ParseHistoryOptions,
} from './types.js';
export type { ParsedVersions } from './settle.js';
