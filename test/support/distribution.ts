import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { GitRepo, userSchema } from './git-repo.js';
import { startRegistryProxy } from './npm-registry-proxy.js';
import type { RegistryProxy } from './npm-registry-proxy.js';
import { workTreeSnapshot } from './work-tree-snapshot.js';

// What the distribution tests (test/package/action.test.ts, pre-commit-hooks.test.ts) share: a
// repository with a breaking change under review, a clean snapshot of this work tree to install
// from, and an npm registry proxy on which the name `schema-compat` does not exist (issue 23: the
// name is not published, and whoever registered it would run code in every adopter's CI). Each
// file installs on its own, so that the two installs can run on both test workers at once.

const ID = { name: 'id', type: 'long' } as const;
const AGE = { name: 'age', type: 'int' } as const;
/** npm ci, a build and pre-commit's installs on a 2-core machine. */
export const INSTALL_TIMEOUT = 420_000;

export interface Distribution {
  readonly repo: GitRepo;
  readonly registry: RegistryProxy;
  readonly snapshot: { readonly dir: string; readonly commit: string };
}

/** Registers the hooks that make the repository, the snapshot and the proxy before the file's tests, and remove them after. */
export function useDistribution(): () => Distribution {
  let made: Distribution | undefined;
  beforeAll(async () => {
    const repo = GitRepo.create();
    repo.commit('user v1', {
      'schemas/user.avsc': userSchema(ID),
      '.schema-compat.yaml': 'defaults:\n  against: git-log\nsubjects:\n  - files: schemas/*.avsc\n    subject: "{name}-value"\n',
    }, '2026-10-01');
    // The change under review: a field without a default, which no reader of the old data can fill in.
    repo.write('schemas/user.avsc', userSchema(ID, AGE));
    const registry = await startRegistryProxy('schema-compat');
    const snapshot = workTreeSnapshot(new URL('../..', import.meta.url).pathname);
    made = { repo, registry, snapshot };
  });
  afterAll(async () => {
    if (made === undefined) return;
    made.repo.remove();
    rmSync(made.snapshot.dir, { recursive: true, force: true });
    await made.registry.close();
  });
  return () => {
    if (made === undefined) throw new Error('the distribution fixture is made in beforeAll');
    return made;
  };
}

/** npm as the job's runner has it, but asking the proxy; no npx shim, no node_modules/.bin of ours on PATH. */
function npmEnv(registryUrl: string, extra: Readonly<Record<string, string>>): Record<string, string> {
  const { NO_COLOR: _unset, GITHUB_STEP_SUMMARY: _unsetToo, ...base } = process.env;
  const path = (base['PATH'] ?? '').split(':').filter((dir) => !dir.includes('node_modules')).join(':');
  return {
    ...base as Record<string, string>, PATH: path, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1',
    npm_config_registry: registryUrl, npm_config_update_notifier: 'false', ...extra,
  };
}

/**
 * Runs a script as a job's step does. Asynchronous: the registry proxy answers from this process, so
 * a synchronous spawn would leave npm waiting on it for ever.
 */
export function shellRun(registryUrl: string, script: string, cwd: string, env: Readonly<Record<string, string>>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-e', '-c', script], { cwd, env: npmEnv(registryUrl, env), stdio: ['ignore', 'pipe', 'pipe'], timeout: INSTALL_TIMEOUT });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
