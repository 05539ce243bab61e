import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A real git repository in a temporary folder, driven with the real `git`: commits with fixed
 * dates, renames, tags, branches, clones. Identity and dates come from the environment so that no
 * global git configuration is needed or touched.
 */
export class GitRepo {
  readonly dir: string;
  private clock = Date.UTC(2026, 0, 1, 12);

  private constructor(dir: string) {
    this.dir = dir;
  }

  /** `git init` in a new temporary folder, on branch `main`. */
  static create(prefix = 'schema-compat-git-'): GitRepo {
    const repo = new GitRepo(mkdtempSync(join(tmpdir(), prefix)));
    repo.git('init', '-q', '-b', 'main');
    return repo;
  }

  /** A clone of `source` (e.g. `--depth 1` for a shallow one), in a new temporary folder. */
  static clone(source: GitRepo, ...args: string[]): GitRepo {
    const dir = mkdtempSync(join(tmpdir(), 'schema-compat-clone-'));
    execFileSync('git', ['clone', '-q', ...args, `file://${source.dir}`, dir], { env: gitEnv(Date.UTC(2026, 0, 1)), stdio: 'pipe' });
    return new GitRepo(dir);
  }

  /** Runs git here; answers its stdout. */
  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.dir, env: gitEnv(this.clock), encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  }

  write(path: string, text: string): this {
    const target = join(this.dir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    return this;
  }

  /**
   * Writes the files, stages everything and commits on `date` (YYYY-MM-DD; default one day after
   * the previous commit). Answers the full commit id.
   */
  commit(message: string, files: Readonly<Record<string, string>> = {}, date?: string): string {
    for (const [path, text] of Object.entries(files)) this.write(path, text);
    this.clock = date === undefined ? this.clock + 86_400_000 : Date.parse(`${date}T12:00:00Z`);
    this.git('add', '-A');
    this.git('commit', '-q', '--allow-empty', '-m', message);
    return this.git('rev-parse', 'HEAD').trim();
  }

  short(commit: string): string {
    return this.git('rev-parse', '--short', commit).trim();
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function gitEnv(clock: number): NodeJS.ProcessEnv {
  const date = new Date(clock).toISOString();
  return {
    ...process.env,
    GIT_AUTHOR_NAME: 'Schema Tester', GIT_AUTHOR_EMAIL: 'tester@example.com', GIT_COMMITTER_NAME: 'Schema Tester', GIT_COMMITTER_EMAIL: 'tester@example.com',
    GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date,
    // No user or system configuration: the tests see git's defaults on every machine.
    GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null',
  };
}

/** An Avro record `User` with the given fields, as schema text. */
export function userSchema(...fields: ReadonlyArray<{ readonly name: string; readonly type: unknown; readonly default?: unknown }>): string {
  return `${JSON.stringify({ type: 'record', name: 'User', namespace: 'com.acme', fields }, null, 2)}\n`;
}
