import type { AvroProfile, JsonSchemaPolicy, Strategy } from 'schema-compat';
import type { RuleSetName } from '../../protobuf/rule-sets.js';

/** What `check` exits 1 on: incompatibilities (default), or warnings too. */
export type FailOnLevel = 'incompatible' | 'warning';

/**
 * Which findings count: `all` (default), or `new`: only those the history's newest version (the
 * target branch's state) did not already have against the same older versions.
 */
export type FindingsScope = 'all' | 'new';

/** Settings a subject has: its own, else the config's `defaults`, else flags' and built-in defaults. */
export interface SubjectSettings {
  readonly strategy?: Strategy;
  /** A source, as `--against` takes it. */
  readonly against?: string;
  /** A template of the registry subject: `{name}-value`. */
  readonly subject?: string;
  /** A template of the Pulsar topic. */
  readonly topic?: string;
  readonly type?: 'AVRO' | 'JSON' | 'PROTOBUF' | 'KEY_VALUE' | 'PROTOBUF_NATIVE';
  readonly profile?: AvroProfile;
  readonly policy?: JsonSchemaPolicy;
  readonly failOn?: FailOnLevel;
  /**
   * Whose rules decide: for Protobuf, Confluent's (default) or Buf's WIRE / WIRE_JSON category; for
   * PROTOBUF_NATIVE (and a KEY_VALUE's native sides), `pulsar-native-advanced`: Pulsar's opt-in advanced
   * checker instead of its root-message rule. In `defaults` (or a flag) subjects of other types ignore
   * it; a `subjects` rule that sets it may take only files of the types it applies to.
   */
  readonly rules?: RuleSetName;
  /** Skip history versions that do not parse, reporting each with its error, instead of failing the subject. */
  readonly skipUnparseable?: boolean;
  readonly findings?: FindingsScope;
}

/** A `subjects` entry: the files it takes, and their settings. */
export interface SubjectRule extends SubjectSettings {
  readonly files: readonly string[];
  readonly exclude: readonly string[];
  /** `subjects[2]`, for messages. */
  readonly name: string;
}

/** An approved finding. */
export interface IgnoreEntry {
  readonly fingerprint?: string;
  readonly subject?: string;
  readonly type?: string;
  readonly location?: string;
  readonly direction?: 'BACKWARD' | 'FORWARD';
  readonly reason: string;
  /** The last day it matches, YYYY-MM-DD. */
  readonly until?: string;
  /** `file:line`, for reports. */
  readonly where: string;
}

/** A configuration file, read and checked. */
export interface RepositoryConfig {
  /** The file it was read from. */
  readonly file: string;
  /** Its folder: globs and paths are relative to it. */
  readonly root: string;
  /**
   * The folder every path the repository's content names must stay in, symbolic links resolved:
   * the top of the git work tree that holds the configuration, else `root` (the default).
   */
  readonly repositoryRoot?: string;
  /** The registry `apply` writes to (`registry:` in the file). */
  readonly registry?: string;
  readonly defaults: SubjectSettings;
  readonly subjects: readonly SubjectRule[];
  readonly references: readonly string[];
  /**
   * `referenceUrls`: where the JSON Schema documents that `$ref`s and `$id`s name by URL are, each an
   * absolute URL mapped to a file, or a prefix (ending in `/`) mapped to a folder; paths relative to `root`.
   */
  readonly referenceUrls?: readonly ReferenceUrl[];
  /** Protobuf import roots, relative to `root` (which is always one). */
  readonly importPaths: readonly string[];
  /** Skip Protobuf subjects whose package is unstable (`foo.v1beta1`), as Buf's `ignore_unstable_packages`. */
  readonly ignoreUnstablePackages: boolean;
  /** Paths (a file, or a folder and everything below it) or globs, relative to `root`, that are never subjects. */
  readonly exclude: readonly string[];
  readonly ignore: readonly IgnoreEntry[];
}

/** One `referenceUrls` entry: a URL (a prefix when it ends in `/`) and the repository path it stands for. */
export interface ReferenceUrl {
  readonly url: string;
  readonly path: string;
}
