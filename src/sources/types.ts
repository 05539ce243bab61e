import type { CheckerRegistry, ParsedSchema, Strategy } from 'schema-compat';
import type { GitHistoryCache } from './git/history-cache.js';
import type { HttpOptions } from '../registry/http/settings.js';

/**
 * Where a history lives. The text forms (`git-log:origin/main`, `registry:http://...`) are read by
 * `parseSource`; `path` defaults to the candidate's path, `subject` and `topic` to the options'.
 */
export type HistorySource =
  /** One version: the file at a git ref (a branch, tag or commit). */
  | { readonly kind: 'git'; readonly ref: string; readonly path?: string }
  /**
   * Every version of the file in a ref's first-parent history (merge results included), oldest
   * first, renames followed; with `since` (`git-log:SINCE..REF`), the file as that commit has it,
   * then the versions committed after it.
   */
  | { readonly kind: 'git-log'; readonly ref: string; readonly since?: string; readonly path?: string }
  /** The file at each tag matching a glob, in version order; with `since` (`git-tags:SINCE..GLOB`), from that tag on. */
  | { readonly kind: 'git-tags'; readonly glob: string; readonly since?: string; readonly path?: string }
  /** The schema files of a folder, in natural name order. */
  | { readonly kind: 'dir'; readonly path: string }
  /** The schema files a glob matches (a folder of versioned sub-folders: `AdminOperation/v*` then `*.avsc`), in natural path order. */
  | { readonly kind: 'glob'; readonly pattern: string }
  /** A subject of a Confluent-compatible registry (Confluent, Karapace, Apicurio, Redpanda). */
  | { readonly kind: 'registry'; readonly url: string; readonly subject?: string }
  /** A topic's schemas in Pulsar's admin REST API. */
  | { readonly kind: 'pulsar'; readonly url: string; readonly topic?: string };

export type SourceKind = HistorySource['kind'];

/** One version of a history as read from its source, before parsing. */
export interface SourceVersion {
  /**
   * The number findings carry (`Incompatibility.version`): the registry's own version number for
   * `registry` and `pulsar`, the number in the file name for a folder of `v1`, `v2`, ... files, the
   * 1-based position otherwise.
   */
  readonly version: number;
  /** How reports name the version: a short commit id and date, a tag, `version 3`, a file. */
  readonly label: string;
  /** Where the text was read, for error messages: a file, `a1b2c3d:schemas/user.avsc`, `orders-value version 3`. */
  readonly where: string;
  readonly schemaType: string;
  readonly text: string;
  /** The named schemas it uses (Confluent schema references), dependencies first: name → text. */
  readonly references?: Readonly<Record<string, string>>;
  /** The references as the registry lists them, for asking the registry about the candidate. */
  readonly registryReferences?: readonly RegistryReference[];
  /** The file (folder and git sources): a path relative to the repository root for git. */
  readonly path?: string;
  /** The full commit id (git sources). */
  readonly commit?: string;
  /** The commit's or tag's date, ISO 8601 (git), or the registration time (Pulsar). */
  readonly date?: string;
  readonly tag?: string;
  /** The registry's global schema id. */
  readonly id?: number;
}

/** A reference as Confluent's REST API lists it. */
export interface RegistryReference {
  readonly name: string;
  readonly subject: string;
  readonly version: number;
}

/** A history read from its source, before parsing: what `readHistory` answers. */
export interface HistorySnapshot {
  readonly source: HistorySource;
  /** One line that says what was compared: `git-log origin/main: 4 versions of schemas/user.avsc: ...`. */
  readonly description: string;
  /** Oldest first. */
  readonly versions: readonly SourceVersion[];
  /** The strategy the source implies (a registry subject's level), when it has one. */
  readonly strategy?: Strategy;
  /** Where `strategy` came from: `subject config`, `global config`, `topic policy`, ... */
  readonly strategyFrom?: string;
  /** Things a reader of the report must know: a version left out, a new subject, tags ordered by date. */
  readonly notes: readonly string[];
  /**
   * A new subject: nothing to compare with, because the candidate's own file, subject or topic has
   * no history yet (docs/sources.md says exactly when). A source that finds no version otherwise
   * throws `NO_VERSIONS`: an empty history is never a silent pass.
   */
  readonly isNew: boolean;
  /** The file a git-log history is of (its path in the repository, after renames are followed). */
  readonly path?: string;
}

/** A history loaded and parsed: what `loadHistory` answers. */
export interface LoadedHistory extends HistorySnapshot {
  /** Oldest first, each with its `version`; what `checkCompatibility` takes. */
  readonly history: ParsedSchema[];
  /** Versions left out because they do not parse (`skipUnparseable`); empty otherwise. */
  readonly skipped: readonly SkippedVersion[];
}

/** Credentials for a registry: HTTP basic (Confluent's `user:password`) or a bearer token (the registry client's type). */
export type { RegistryAuth } from '../registry/http/settings.js';

/** An entry of a folder, as the folder and glob sources see it. */
export interface FolderEntry {
  readonly name: string;
  readonly kind: 'file' | 'folder' | 'symlink' | 'other';
}

/** How the folder and glob sources read files; defaults to Node's `fs` (the CLI injects its own under test). */
export interface FileAccess {
  readonly readFile: (path: string) => string;
  /** The names of the regular files of a folder. */
  readonly listFiles: (dir: string) => readonly string[];
  /** Every entry of a folder with its kind (sub-folders and symbolic links too). Default: `listFiles`' names, as files. */
  readonly listEntries?: (dir: string) => readonly FolderEntry[];
  /**
   * The real path of a file or folder, symbolic links resolved (Node's `realpathSync`), and the
   * top folder of the repository holding it (the nearest folder above with a `.git`), if any:
   * what a symbolic link may point into. Default: none, and a symbolic link is refused.
   */
  readonly realPath?: (path: string) => string;
  readonly repositoryRoot?: (realFolder: string) => string | undefined;
}

/** The HTTP options (`auth`, `timeoutMs`, `retries`, `retryDelayMs`, `deadlineMs`, `maxAnswerBytes`, `fetch`) are the registry client's (`HttpOptions`): `deadlineMs` bounds loading the whole source. */
export interface ReadHistoryOptions extends HttpOptions {
  /** The candidate's file: the git sources read the same path, a folder source leaves it out. */
  readonly path?: string;
  /** The candidate's text: `git-log` leaves out a newest version equal to it (the change is committed). */
  readonly candidate?: string;
  /** The folder git runs in and relative paths start from. Default `process.cwd()`. */
  readonly cwd?: string;
  /** The schema type of files (git and folder sources); default from each file's extension. */
  readonly schemaType?: string;
  /** The registry subject (`registry` sources), unless the source names it. */
  readonly subject?: string;
  /** The topic, `persistent://tenant/namespace/topic` (`pulsar` sources), unless the source names it. */
  readonly topic?: string;
  readonly files?: FileAccess;
  /** One walk of the git history shared by the `git-log` reads of a run (`GitHistoryCache`). */
  readonly gitCache?: GitHistoryCache;
  /**
   * A registry subject or Pulsar topic that does not exist, or has no version, is a new subject (an
   * empty history, `isNew`) instead of a `NO_VERSIONS` error. A repository run sets it: there the
   * configuration names the subject after the file, and a file added in this change has none yet.
   * Default false: a subject you name yourself that is not there is an error.
   */
  readonly allowNewSubject?: boolean;
  /**
   * The files a committed version depends on at its own commit or tag (a `.proto`'s imports, the
   * documents a `$ref` reaches, an Avro schema's named types), name → text, as its parser looks
   * them up. The git sources (`git`, `git-log`, `git-tags`) give each version these as its
   * `references`, and count two commits or tags as one version only when the text and these are
   * equal: a version is the file with its dependencies. Without it, versions are told apart by
   * their own text, and references come from elsewhere (`parseHistory`'s `references`).
   */
  readonly dependenciesOf?: (version: SourceVersion) => Promise<Readonly<Record<string, string>>>;
}

/** How `parseHistory` parses. */
export interface ParseHistoryOptions {
  /** The checkers to parse with. Default `CheckerRegistry.withDefaults()`. */
  readonly registry?: CheckerRegistry;
  /** Named schemas every version may use, beside the ones its source gives it. */
  readonly references?: Readonly<Record<string, string>>;
  /** Parse for many checks (a registry's path). */
  readonly reuse?: boolean;
  /** The candidate, parsed: a git-log history leaves out the candidate's own committed versions. */
  readonly candidate?: ParsedSchema;
  /**
   * A version that does not parse is skipped, and listed in `skipped` with its error and in a note,
   * instead of failing the load (a `SchemaParseError`). Every version skipped is still an error
   * (`NO_VERSIONS`). Default false.
   */
  readonly skipUnparseable?: boolean;
}

/** A version left out because it does not parse (`skipUnparseable`). */
export interface SkippedVersion {
  readonly version: number;
  readonly label: string;
  readonly where: string;
  /** The parse error's code and message. */
  readonly error: { readonly code: string; readonly message: string };
}

export interface LoadHistoryOptions extends ReadHistoryOptions, Omit<ParseHistoryOptions, 'candidate'> {}
