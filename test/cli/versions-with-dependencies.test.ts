import { afterEach, describe, expect, it } from 'vitest';
import { GitRepo } from '../support/git-repo.js';
import { cliIn } from './support.js';

// `check FILE --against git-...` on a file that a .schema-compat.yaml governs: the configuration's
// import paths find its imports, and each version is compared with its imports as they were at its
// own commit or tag (a version is the file with its dependencies).

const MONEY_PATH = 'proto/common/money.proto';
const PAYMENT_PATH = 'proto/shop/payment.proto';
const money = (units: string): string => `syntax = "proto3";\npackage common;\nmessage Money {\n  ${units} units = 1;\n}\n`;
const PAYMENT = 'syntax = "proto3";\npackage shop;\nimport "common/money.proto";\nmessage Payment {\n  common.Money amount = 1;\n}\n';
const CONFIG = [
  'defaults:', '  strategy: BACKWARD', '  against: git-log:main', 'subjects:', '  - files: "proto/shop/*.proto"',
  'references:', '  - proto/common/*.proto', 'protobuf:', '  importPaths: [proto]', '',
].join('\n');

const repos: GitRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

function repository(): GitRepo {
  const repo = GitRepo.create();
  repos.push(repo);
  repo.commit('v1', { '.schema-compat.yaml': CONFIG, [MONEY_PATH]: money('int64'), [PAYMENT_PATH]: PAYMENT });
  return repo;
}

describe('check FILE --against git-... in a repository with a configuration', () => {
  it('git-log: a break made only in the imported file is reported (the old version keeps its old import)', async () => {
    const repo = repository();
    repo.commit('money: units as a string', { [MONEY_PATH]: money('string') });
    const run = await cliIn(repo.dir, ['check', PAYMENT_PATH, '--against', 'git-log', '--format', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as { incompatibilities: Array<{ type: string }> };
    expect(result.incompatibilities.map((finding) => finding.type)).toContain('FIELD_SCALAR_KIND_CHANGED');
  });

  it('git-tags: two tags with the same file but a changed import are two versions; the work tree equal to the newest passes', async () => {
    const repo = repository();
    repo.git('tag', 'v1.0.0');
    repo.commit('money: units as a string', { [MONEY_PATH]: money('string') });
    repo.git('tag', 'v1.1.0');
    const run = await cliIn(repo.dir, ['check', PAYMENT_PATH, '--against', 'git-tags:v*']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('v1.1.0');
    const older = await cliIn(repo.dir, ['check', PAYMENT_PATH, '--against', 'git:v1.0.0']);
    expect(older.code).toBe(1);
  });

  it('the subject\'s strategy in the configuration applies when --strategy is not given', async () => {
    const repo = repository();
    repo.write('.schema-compat.yaml', CONFIG.replace('strategy: BACKWARD', 'strategy: NONE'));
    repo.commit('money: units as a string', { [MONEY_PATH]: money('string') });
    const run = await cliIn(repo.dir, ['check', PAYMENT_PATH, '--against', 'git-log']);
    expect(run.code).toBe(0);
    expect((await cliIn(repo.dir, ['check', PAYMENT_PATH, '--against', 'git-log', '--strategy', 'BACKWARD'])).code).toBe(1);
  });

  it('changelog: the step from the last commit to the work tree shows the change made in the import', async () => {
    const repo = repository();
    repo.commit('money: units as a string', { [MONEY_PATH]: money('string') });
    const run = await cliIn(repo.dir, ['changelog', PAYMENT_PATH, '--against', 'git-log', '--format', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('FIELD_SCALAR_KIND_CHANGED');
  });
});
