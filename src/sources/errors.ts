import { SchemaCompatError } from 'schema-compat';

/** Why a history could not be loaded: each is a baseline that is not there, never a compatible verdict. */
export const SourceErrorCode = {
  /** The source text or object is malformed, or lacks what it needs (a subject, a topic, a path). */
  BAD_SOURCE: 'BAD_SOURCE',
  GIT_NOT_INSTALLED: 'GIT_NOT_INSTALLED',
  NOT_A_GIT_REPOSITORY: 'NOT_A_GIT_REPOSITORY',
  UNKNOWN_REF: 'UNKNOWN_REF',
  /** A shallow clone cannot give a file's whole history. */
  SHALLOW_CLONE: 'SHALLOW_CLONE',
  /** `git:REF:PATH` names a file that is not at REF. */
  PATH_NOT_FOUND: 'PATH_NOT_FOUND',
  NO_MATCHING_TAGS: 'NO_MATCHING_TAGS',
  GIT_FAILED: 'GIT_FAILED',
  UNREADABLE_FILE: 'UNREADABLE_FILE',
  /** A path that repository content names (a reference, a committed symbolic link) leads outside the repository: not read. */
  OUTSIDE_REPOSITORY: 'OUTSIDE_REPOSITORY',
  /** A committed file (a git blob) larger than the most a schema file may be (16 MiB): refused unread. */
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  /** The versions of one history together larger than 128 MiB: refused unread. */
  HISTORY_TOO_LARGE: 'HISTORY_TOO_LARGE',
  /**
   * The source found no version where one was asked for: an empty folder, a folder whose versions
   * sit in sub-folders, a glob that matches nothing, a registry subject or Pulsar topic that is not
   * there, every version skipped as unparseable. Only a new subject is an empty history (docs/sources.md).
   */
  NO_VERSIONS: 'NO_VERSIONS',
  /** A symbolic link among a folder's versions whose real file is outside the repository (or the folder's own tree). */
  SYMLINK_OUTSIDE: 'SYMLINK_OUTSIDE',
  /** Folder names that natural order cannot put in one sequence. */
  UNORDERED_NAMES: 'UNORDERED_NAMES',
  UNKNOWN_FILE_TYPE: 'UNKNOWN_FILE_TYPE',
  REGISTRY_UNREACHABLE: 'REGISTRY_UNREACHABLE',
  REGISTRY_TIMEOUT: 'REGISTRY_TIMEOUT',
  REGISTRY_UNAUTHORIZED: 'REGISTRY_UNAUTHORIZED',
  REGISTRY_FORBIDDEN: 'REGISTRY_FORBIDDEN',
  REGISTRY_NOT_FOUND: 'REGISTRY_NOT_FOUND',
  REGISTRY_SERVER_ERROR: 'REGISTRY_SERVER_ERROR',
  /** Any other 4xx answer. */
  REGISTRY_REFUSED: 'REGISTRY_REFUSED',
  /** An answer that is not the JSON the API documents. */
  REGISTRY_BAD_RESPONSE: 'REGISTRY_BAD_RESPONSE',
  /** An answer larger than `maxAnswerBytes` (16 MiB by default): reading stopped there. */
  REGISTRY_ANSWER_TOO_LARGE: 'REGISTRY_ANSWER_TOO_LARGE',
  /** A version of a schema type no registered checker parses (e.g. PROTOBUF without protobufjs). */
  UNSUPPORTED_SCHEMA_TYPE: 'UNSUPPORTED_SCHEMA_TYPE',
} as const;
export type SourceErrorCode = (typeof SourceErrorCode)[keyof typeof SourceErrorCode];

/**
 * A history that cannot be loaded. `message` says what was asked, what went wrong and, in `remedy`,
 * what to do about it (the `git fetch` to run, `fetch-depth: 0`, the credentials to set).
 */
export class SourceError extends SchemaCompatError {
  override readonly name: string = 'SourceError';
  override readonly code: SourceErrorCode;
  /** The source, as the user wrote it or as `describeSource` names it. */
  readonly source: string;
  readonly remedy?: string;
  /** The HTTP status of a registry's answer, when there was one. */
  readonly status?: number;

  constructor(code: SourceErrorCode, source: string, problem: string, details: { readonly remedy?: string; readonly status?: number } = {}) {
    super(code, `${source}: ${problem}${details.remedy === undefined ? '' : `. ${details.remedy}`}`);
    this.code = code;
    this.source = source;
    if (details.remedy !== undefined) this.remedy = details.remedy;
    if (details.status !== undefined) this.status = details.status;
  }
}
