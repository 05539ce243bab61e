import type { FileAccess } from '../sources/index.js';

/** Everything the CLI touches outside itself, injected so it runs in-process under test. */
export interface CliIO {
  /** Reads a file as UTF-8 text, a pipe or device too (`<(...)`, `/dev/stdin`), at most 16 MiB; throws (e.g. a Node `ENOENT` error) when it cannot. */
  readonly readFile: (path: string) => string;
  /** Reads a regular file's bytes, at most 16 MiB (a binary FileDescriptorSet); absent where only text can be read. */
  readonly readFileBytes?: (path: string) => Uint8Array;
  /** The names of the regular files in a directory (not sub-directories); throws when it cannot. */
  readonly listFiles: (dir: string) => readonly string[];
  /** A folder's entries with their kinds, a path's real path and its repository's top folder: what the folder and glob sources need to follow symbolic links and see sub-folders (`FileAccess`). */
  readonly folders?: Pick<FileAccess, 'listEntries' | 'realPath' | 'repositoryRoot'>;
  /** Reads all of standard input as UTF-8 text (a file argument of `-`), at most 16 MiB. */
  readonly readStdin: () => string;
  /** Writes a file (`--report FORMAT=FILE`), never through a symbolic link; throws when it cannot. */
  readonly writeFile: (path: string, text: string) => void;
  /** Appends to a file (the GitHub step summary); throws when it cannot. */
  readonly appendFile: (path: string, text: string) => void;
  /** The working folder: where the configuration file is looked for. */
  readonly cwd: () => string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Whether stdout is a terminal (text output is coloured only then). */
  readonly isTTY: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The package version, for `--version`. */
  readonly version: () => string;
}

/** The exit codes, as `buf breaking` and oasdiff separate them: a finding is never confused with bad input. */
export const ExitCode = {
  /** Compatible (and, with `--fail-on warning`, no warnings); or a command that succeeded. */
  COMPATIBLE: 0,
  /** Incompatible, or warnings with `--fail-on warning`. */
  INCOMPATIBLE: 1,
  /** Usage mistake, unreadable file or invalid schema: the message names the file and the JSON pointer. */
  BAD_INPUT: 2,
  /** A bug in schema-compat (set by main.ts, never returned by runCli). */
  INTERNAL_ERROR: 3,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Bad input that is not a usage mistake (an unreadable file): reported without the usage line. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

export function write(sink: (text: string) => void, text: string, code: ExitCode): ExitCode {
  sink(text);
  return code;
}
