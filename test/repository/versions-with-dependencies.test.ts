import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckerRegistry } from 'schema-compat';
import { ProtobufChecker } from 'schema-compat/protobuf';
import { checkRepository, loadConfig } from 'schema-compat/repository';
import type { RepositoryReport } from 'schema-compat/repository';
import { GitRepo } from '../support/git-repo.js';

// A version is the file with what it depends on at its commit or tag: a .proto whose own text is
// the same at two tags, while the file it imports changed between them, has two versions.

const MONEY_PATH = 'proto/common/money.proto';
const PAYMENT_PATH = 'proto/shop/payment.proto';
const money = (units: string): string => `syntax = "proto3";\npackage common;\nmessage Money {\n  ${units} units = 1;\n}\n`;
const PAYMENT = 'syntax = "proto3";\npackage shop;\nimport "common/money.proto";\nmessage Payment {\n  common.Money amount = 1;\n}\n';
const config = (against: string): string => [
  'defaults:', '  strategy: BACKWARD', `  against: "${against}"`, 'subjects:', '  - files: "proto/shop/*.proto"',
  'references:', '  - proto/common/*.proto', 'protobuf:', '  importPaths: [proto]', '',
].join('\n');

const repos: GitRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

/** v1.0.0 with Money.units an int64; v1.1.0 where only the imported Money changed (a string). */
function tagged(): GitRepo {
  const repo = GitRepo.create();
  repos.push(repo);
  repo.commit('v1', { '.schema-compat.yaml': config('git-tags:v*'), [MONEY_PATH]: money('int64'), [PAYMENT_PATH]: PAYMENT });
  repo.git('tag', 'v1.0.0');
  repo.commit('money: units as a string', { [MONEY_PATH]: money('string') });
  repo.git('tag', 'v1.1.0');
  return repo;
}

async function check(repo: GitRepo): Promise<RepositoryReport> {
  const checkers = async (): Promise<CheckerRegistry> => CheckerRegistry.withDefaults().register(new ProtobufChecker());
  return checkRepository(loadConfig(join(repo.dir, '.schema-compat.yaml')), { checkers });
}

describe('versions with their dependencies (git-tags)', () => {
  it('two tags with the same .proto but a changed import are two versions: the work tree equal to the newest passes', async () => {
    const repo = tagged();
    const report = await check(repo);
    const payment = report.subjects[0];
    expect(payment?.check?.versions.map((version) => version.label)).toEqual(['v1.0.0', 'v1.1.0']);
    expect(payment?.check?.versions[0]?.references?.['common/money.proto']).toBe(money('int64'));
    expect(payment?.check?.versions[1]?.references?.['common/money.proto']).toBe(money('string'));
    expect(payment?.status).toBe('compatible');
    expect(report.exitCode).toBe(0);
  });

  it('a work tree whose import changed again is checked against the newest tag with its import as tagged (a string), not the older one (an int64)', async () => {
    const repo = tagged();
    // int64 → int32 keeps the kind (compatible with v1.0.0's Money); string → int32 does not.
    repo.write(MONEY_PATH, money('int32'));
    const report = await check(repo);
    const payment = report.subjects[0];
    expect(payment?.status).toBe('incompatible');
    expect(payment?.check?.result.incompatibilities.map((finding) => `${finding.type} v${finding.version}`)).toContain('FIELD_SCALAR_KIND_CHANGED v2');
    expect(report.exitCode).toBe(1);
  });

  it('a work tree equal to the older tag, imports included, is that version (identical to version 1), as a registry answers', async () => {
    const repo = tagged();
    repo.write(MONEY_PATH, money('int64'));
    const report = await check(repo);
    expect(report.subjects[0]?.check?.result.identical).toEqual({ version: 1 });
  });

  it('tags with the same file and the same imports are still one version, and the note says so', async () => {
    const repo = tagged();
    repo.commit('docs', { 'README.md': '# readme\n' });
    repo.git('tag', 'v1.2.0');
    const report = await check(repo);
    const payment = report.subjects[0];
    expect(payment?.check?.versions.map((version) => version.label)).toEqual(['v1.0.0', 'v1.1.0']);
    expect(payment?.check?.source.notes).toContain('v1.2.0 hold the same file and dependencies as the tag before them: not counted again');
  });
});

describe('versions with their dependencies (git-log)', () => {
  it('an importer whose import changed in a later commit is compared with its commit\'s import, not the work tree\'s', async () => {
    const repo = GitRepo.create();
    repos.push(repo);
    repo.commit('v1', { '.schema-compat.yaml': config('git-log:main'), [MONEY_PATH]: money('int64'), [PAYMENT_PATH]: PAYMENT });
    repo.commit('money: units as a string', { [MONEY_PATH]: money('string') });
    const report = await check(repo);
    const payment = report.subjects[0];
    expect(payment?.check?.versions).toHaveLength(1);
    expect(payment?.check?.versions[0]?.references?.['common/money.proto']).toBe(money('int64'));
    expect(payment?.status).toBe('incompatible');
  });
});

describe('a historical version\'s $id references are looked up at its own commit', () => {
  const address = (version: number, extra: string): string => `${JSON.stringify({ $id: `https://example.com/schemas/address-v${version}.json`, type: 'object', properties: { street: { type: 'string' }, ...(extra === '' ? {} : { [extra]: { type: 'string' } }) } }, null, 2)}\n`;
  const customer = (version: number): string => `${JSON.stringify({ type: 'object', properties: { address: { $ref: `https://example.com/schemas/address-v${version}.json` } } }, null, 2)}\n`;
  const CONFIG = ['defaults:', '  strategy: BACKWARD_TRANSITIVE', '  against: git-log:main', 'subjects:', '  - files: schemas/customer.json', 'references:', '  - schemas/common/**', ''].join('\n');

  it('an $id the work tree no longer has is found in the commit that had it (no DANGLING_REF)', async () => {
    const repo = GitRepo.create();
    repos.push(repo);
    repo.commit('v1', { '.schema-compat.yaml': CONFIG, 'schemas/common/address-v1.json': address(1, ''), 'schemas/customer.json': customer(1) });
    // The shared document moves to a new $id (and file); the customer follows it.
    repo.git('rm', '-q', 'schemas/common/address-v1.json');
    repo.commit('address v2', { 'schemas/common/address-v2.json': address(2, ''), 'schemas/customer.json': customer(2) });
    const report = await check(repo);
    const subject = report.subjects[0];
    expect(subject?.error).toBeUndefined();
    expect(subject?.check?.versions[0]?.references?.['https://example.com/schemas/address-v1.json']).toBe(address(1, ''));
    expect(subject?.status).toBe('compatible');
  });
});
