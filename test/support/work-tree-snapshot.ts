import { execFileSync } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The project as a clean clone would have it, made from this work tree (so that uncommitted changes
 * under test are in it): every file git tracks or would track, copied into a new repository and
 * committed. Build output, installed packages and ignored files stay behind.
 */
export function workTreeSnapshot(root: string): { dir: string; commit: string } {
  const dir = mkdtempSync(join(tmpdir(), 'schema-compat-snapshot-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  for (const path of listed.split('\0')) {
    if (path === '' || /^(node_modules|dist)(\/|$)/.test(path)) continue;
    const source = join(root, path);
    let regular = false;
    try { regular = lstatSync(source).isFile(); } catch { continue; } // listed by the index, deleted in the work tree
    if (!regular) continue;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    copyFileSync(source, join(dir, path));
  }
  const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Snapshot', GIT_AUTHOR_EMAIL: 'snapshot@example.com', GIT_COMMITTER_NAME: 'Snapshot', GIT_COMMITTER_EMAIL: 'snapshot@example.com' };
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8', stdio: 'pipe' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'snapshot of the work tree');
  return { dir, commit: git('rev-parse', 'HEAD').trim() };
}
