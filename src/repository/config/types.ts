import type { AvroProfile, JsonSchemaPolicy, Strategy } from 'schema-compat';

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
  readonly type?: 'AVRO' | 'JSON' | 'PROTOBUF';
  readonly profile?: AvroProfile;
  readonly policy?: JsonSchemaPolicy;
  readonly failOn?: FailOnLevel;
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
  readonly defaults: SubjectSettings;
  readonly subjects: readonly SubjectRule[];
  readonly references: readonly string[];
  /** Protobuf import roots, relative to `root` (which is always one). */
  readonly importPaths: readonly string[];
  readonly ignore: readonly IgnoreEntry[];
}
