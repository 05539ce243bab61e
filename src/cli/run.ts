import { SchemaCompatError } from '../index.js';
import { UsageError, parseArgs } from './args.js';
import { runApply } from './apply-command.js';
import { runPull } from './pull-command.js';
import { runAudit } from './audit-command.js';
import { runChangelog } from './changelog-command.js';
import { runCheck } from './check-command.js';
import { runDiff } from './diff-command.js';
import { runExplain } from './explain-command.js';
import { unresolvedImportHint } from './import-hint.js';
import type { CliIO } from './io.js';
import { ExitCode, InputError, write } from './io.js';
import { runCanonical, runFingerprint } from './schema-commands.js';
import { runServe } from './serve.js';
import { untrustedLines } from './untrusted-text.js';
import { CHECK_USAGE, PROGRAM_USAGE, programHelp } from './usage.js';

export { ExitCode } from './io.js';
export type { CliIO } from './io.js';

type Command = (argv: readonly string[], io: CliIO) => ExitCode | Promise<ExitCode>;

const COMMANDS: Readonly<Record<string, Command>> = {
  check: runCheck,
  audit: runAudit,
  canonical: runCanonical,
  fingerprint: runFingerprint,
  explain: runExplain,
  diff: runDiff,
  changelog: runChangelog,
  apply: runApply,
  pull: runPull,
  // Long-running: resolves once the server listens; the open server keeps the process alive (main.ts never exits).
  serve: (argv, io) => runServe(argv, io),
};

const PROGRAM_OPTIONS = { help: { takesValue: false, short: 'h' }, version: { takesValue: false } } as const;

/**
 * Runs `schema-compat` with `argv` (the arguments after the program name) and resolves to the exit
 * code. Bad input of any kind resolves to 2 with a message on stderr; only a bug rejects.
 */
export async function runCli(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const [name, ...rest] = argv;
  const command = name === undefined ? undefined : COMMANDS[name];
  try {
    if (command !== undefined && Object.prototype.hasOwnProperty.call(COMMANDS, name as string)) return await command(rest, io);
    // A first word that is not an option is a command name, whatever follows it (`chek --strategy X`).
    if (name !== undefined && !name.startsWith('-')) throw new UsageError(unknownCommand(name));
    const { options, positionals } = parseArgs(argv, PROGRAM_OPTIONS);
    if (options['help']) return write(io.stdout, programHelp(), ExitCode.COMPATIBLE);
    if (options['version']) return write(io.stdout, `${io.version()}\n`, ExitCode.COMPATIBLE);
    throw new UsageError(positionals[0] === undefined ? 'missing command' : unknownCommand(positionals[0]));
  } catch (error: unknown) {
    // A message quotes file names, schema text and arguments: each of its lines escaped (untrusted-text.ts).
    if (error instanceof UsageError) return write(io.stderr, `error: ${untrustedLines(error.message)}\n${usageOf(name)}\n`, ExitCode.BAD_INPUT);
    if (error instanceof InputError) return write(io.stderr, `error: ${untrustedLines(error.message)}\n`, ExitCode.BAD_INPUT);
    // Every error the library throws for bad input is a SchemaCompatError (src/errors.ts); its message names the input.
    if (error instanceof SchemaCompatError) {
      const hint = unresolvedImportHint(error, name);
      return write(io.stderr, `error: ${untrustedLines(error.message)}\n${hint === undefined ? '' : `hint: ${untrustedLines(hint)}\n`}`, ExitCode.BAD_INPUT);
    }
    throw error;
  }
}

/** The message for a command name that is not one, with the nearest command when a typo is likely. */
function unknownCommand(name: string): string {
  const nearest = Object.keys(COMMANDS).find((known) => editDistance(known, name.toLowerCase()) <= 2);
  return `unknown command ${JSON.stringify(name)}${nearest === undefined ? '' : ` (did you mean '${nearest}'?)`}`;
}

/** Levenshtein distance: the fewest one-character insertions, deletions or substitutions from a to b. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = row;
  }
  return previous[b.length] ?? 0;
}

function usageOf(name: string | undefined): string {
  if (name === 'check') return CHECK_USAGE;
  if (name !== undefined && Object.prototype.hasOwnProperty.call(COMMANDS, name)) return `usage: see 'schema-compat ${name} --help'`;
  return PROGRAM_USAGE;
}
