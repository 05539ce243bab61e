import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { SourceError, SourceErrorCode } from '../errors.js';

/** What one git command printed, and how it ended. */
export interface GitOutput {
  readonly code: number;
  readonly stdout: Buffer;
  readonly stderr: string;
}

/** How a streamed git command ended (its stdout went to the caller, chunk by chunk). */
export interface GitEnd {
  readonly code: number;
  readonly stderr: string;
}

/**
 * Configuration that would change the output this module parses (colour, signatures, quoting)
 * is pinned per command; messages are in English (LC_ALL=C) so that failures can be told apart,
 * and git never prompts for credentials (GIT_TERMINAL_PROMPT=0: a CI job would hang).
 */
const PINNED = ['-c', 'color.ui=false', '-c', 'log.showSignature=false', '-c', 'core.quotePath=false'];

/** The most of git's standard error kept for a message: its first line is what is shown. */
const MAX_STDERR_BYTES = 64 * 1024;

/**
 * Runs `git ARGS` in `cwd` without a shell, handing each chunk of its standard output to `onStdout`
 * as it comes (so that a large output is never held whole); `input` is written to its stdin. An
 * error `onStdout` throws stops git and rejects with that error; otherwise it rejects only when git
 * cannot start.
 */
export function streamGit(cwd: string, args: readonly string[], where: string, onStdout: (chunk: Buffer) => void, input?: string): Promise<GitEnd> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('git', [...PINNED, ...args], {
      cwd,
      env: { ...process.env, LC_ALL: 'C', LANGUAGE: 'C', GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const err: Buffer[] = [];
    let errBytes = 0;
    let failure: { readonly error: unknown } | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      if (failure !== undefined) return;
      try {
        onStdout(chunk);
      } catch (error: unknown) {
        failure = { error };
        child.kill();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (errBytes >= MAX_STDERR_BYTES) return;
      err.push(chunk.subarray(0, MAX_STDERR_BYTES - errBytes));
      errBytes += chunk.length;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' && !existsSync(cwd)) {
        // spawn reports a missing working folder as ENOENT too.
        reject(new SourceError(SourceErrorCode.GIT_FAILED, where, `the folder ${cwd} does not exist`));
      } else if (error.code === 'ENOENT') {
        reject(new SourceError(SourceErrorCode.GIT_NOT_INSTALLED, where, 'git is not installed (or not on PATH)', {
          remedy: 'Install git (Debian/Ubuntu: apt-get install git)',
        }));
      } else {
        reject(new SourceError(SourceErrorCode.GIT_FAILED, where, `cannot run git: ${error.message}`));
      }
    });
    child.on('close', (code) => {
      if (failure !== undefined) reject(failure.error);
      else resolvePromise({ code: code ?? 1, stderr: Buffer.concat(err).toString('utf8').trim() });
    });
    // A git that exits before reading all of its input closes the pipe: its exit status tells what happened.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? '');
  });
}

/** Runs `git ARGS` in `cwd` without a shell and collects its output (for commands whose output is small). */
export async function runGit(cwd: string, args: readonly string[], where: string, input?: string): Promise<GitOutput> {
  const out: Buffer[] = [];
  const end = await streamGit(cwd, args, where, (chunk) => out.push(chunk), input);
  return { ...end, stdout: Buffer.concat(out) };
}

/** Runs git and answers its stdout as text; any failure is a `SourceError` that says what git said and what to do. */
export async function gitText(cwd: string, args: readonly string[], where: string): Promise<string> {
  const output = await runGit(cwd, args, where);
  if (output.code !== 0) throw gitFailure(output.stderr, args, where);
  return output.stdout.toString('utf8');
}

/** The error for a failed git command, with the remedy for the failures CI jobs meet. */
export function gitFailure(stderr: string, args: readonly string[], where: string): SourceError {
  if (/not a git repository/i.test(stderr)) {
    return new SourceError(SourceErrorCode.NOT_A_GIT_REPOSITORY, where, 'not inside a git repository', {
      remedy: 'Run it from a git checkout, or read the history from files (dir:PATH or HISTORY files)',
    });
  }
  const dubious = /detected dubious ownership in repository at '([^']+)'/.exec(stderr);
  if (dubious !== null) {
    return new SourceError(SourceErrorCode.GIT_FAILED, where, `git refuses the repository at ${dubious[1]}: it belongs to another user`, {
      remedy: `Run \`git config --global --add safe.directory ${dubious[1]}\` (common in CI containers)`,
    });
  }
  return new SourceError(SourceErrorCode.GIT_FAILED, where, `git ${args.join(' ')} failed: ${stderr.split('\n')[0] || 'no message'}`);
}
