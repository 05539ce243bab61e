import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRepository, ConfigError, loadConfig } from 'schema-compat/repository';
import type { RepositoryReport } from 'schema-compat/repository';
import { GitRepo } from '../support/git-repo.js';

// JSON Schema references the way repositories write them (issue 22 item 4): a relative `$ref`
// resolves against the base URI in scope (`$id`, or draft 4's `id`, JSON Schema draft 4 §7.2 and
// 2020-12 §8.2.1), and `referenceUrls` maps a URL, or a URL prefix, to files of the repository.

const repos: GitRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

const address = (required: readonly string[]): string => `${JSON.stringify({ type: 'object', properties: { street: { type: 'string' }, zip: { type: 'string' } }, required, additionalProperties: false }, null, 2)}\n`;

/** A draft-04 order whose `id` is a URL and whose `$ref` is relative to it; the address file sits where the URL's path says. */
const DRAFT4_ORDER = `${JSON.stringify({
  $schema: 'http://json-schema.org/draft-04/schema#',
  id: 'https://schemas.acme.test/shop/order.json',
  type: 'object',
  // Before 2019-09 every member beside `$ref` is ignored (draft 7 §8.3), an `id` too: the `$ref` resolves against the document's id (OCI image-spec's shape).
  properties: { id: { type: 'string' }, shipTo: { id: 'https://schemas.acme.test/shop/order/shipTo', $ref: 'common/address.json' } },
}, null, 2)}\n`;

async function check(repo: GitRepo): Promise<RepositoryReport> {
  return checkRepository(loadConfig(join(repo.dir, '.schema-compat.yaml')));
}

function draft4Repo(config: string): GitRepo {
  const repo = GitRepo.create();
  repos.push(repo);
  repo.commit('v1', { '.schema-compat.yaml': config, 'schemas/shop/order.json': DRAFT4_ORDER, 'schemas/shop/common/address.json': address(['street']) });
  return repo;
}

const DRAFT4_CONFIG = 'defaults:\n  strategy: BACKWARD\n  against: git:HEAD\nsubjects:\n  - files: schemas/shop/order.json\n';

describe('a relative $ref under a draft-04 id', () => {
  it('resolves against the id, finds the file at that path from the referring one, and passes when nothing changed', async () => {
    const report = await check(draft4Repo(DRAFT4_CONFIG));
    const order = report.subjects[0];
    expect(order?.status).toBe('compatible');
    expect(order?.check?.result.identical).toEqual({ version: 1 });
    expect(report.exitCode).toBe(0);
  });

  it('reads the referenced document at each commit: a new required property in the address is a finding at its place', async () => {
    const repo = draft4Repo(DRAFT4_CONFIG);
    repo.write('schemas/shop/common/address.json', address(['street', 'zip']));
    const report = await check(repo);
    const order = report.subjects[0];
    expect(order?.status).toBe('incompatible');
    expect(order?.check?.result.incompatibilities.map((finding) => finding.type)).toEqual(['REQUIRED_ATTRIBUTE_ADDED']);
    expect(order?.check?.versions[0]?.references).toEqual({ 'https://schemas.acme.test/shop/common/address.json': address(['street']) });
    expect(report.exitCode).toBe(1);
  });
});

describe('referenceUrls', () => {
  const ORDER = `${JSON.stringify({
    $id: 'https://schemas.acme.test/shop/order.json',
    type: 'object',
    properties: { total: { $ref: 'https://schemas.acme.test/common/money.json' }, note: { $ref: '../common/note.json#/definitions/note' } },
  }, null, 2)}\n`;
  const money = (currency: string): string => `${JSON.stringify({ type: 'object', properties: { units: { type: 'integer' }, currency: { type: currency } } }, null, 2)}\n`;
  const NOTE = `${JSON.stringify({ definitions: { note: { type: 'string', maxLength: 200 } } }, null, 2)}\n`;
  const config = (urls: string): string => `defaults:\n  strategy: BACKWARD\n  against: git:HEAD\nsubjects:\n  - files: schemas/order.json\nreferenceUrls:\n${urls}`;

  function urlRepo(urls: string): GitRepo {
    const repo = GitRepo.create();
    repos.push(repo);
    repo.commit('v1', { '.schema-compat.yaml': config(urls), 'schemas/order.json': ORDER, 'vendor/acme/common/money.json': money('string'), 'vendor/acme/common/note.json': NOTE });
    return repo;
  }

  it('a URL prefix names a folder: both $refs (absolute, and relative to the $id) are found below it, and a changed type there is a finding', async () => {
    const repo = urlRepo('  "https://schemas.acme.test/common/": vendor/acme/common/\n');
    expect((await check(repo)).exitCode).toBe(0);
    repo.write('vendor/acme/common/money.json', money('integer'));
    const report = await check(repo);
    expect(report.subjects[0]?.check?.result.incompatibilities.map((finding) => `${finding.type} ${finding.location}`)).toEqual(['TYPE_CHANGED #/properties/total/properties/currency']);
    expect(Object.keys(report.subjects[0]?.check?.versions[0]?.references ?? {}).sort()).toEqual(['https://schemas.acme.test/common/money.json', 'https://schemas.acme.test/common/note.json']);
  });

  it('an exact URL names a file; a URL mapped nowhere leaves the $ref dangling, the subject\'s error (exit 2), never a pass', async () => {
    const repo = urlRepo('  "https://schemas.acme.test/common/money.json": vendor/acme/common/money.json\n');
    const report = await check(repo);
    expect(report.subjects[0]?.status).toBe('error');
    expect(report.subjects[0]?.error?.message).toMatch(/note\.json/);
    expect(report.exitCode).toBe(2);
  });

  it('a path out of the repository, or a key that is not an absolute URL, is a configuration problem at its line', () => {
    const repo = urlRepo('  "https://schemas.acme.test/common/": ../../outside/\n  "common/": vendor/acme/common/\n');
    let thrown: unknown;
    try {
      loadConfig(join(repo.dir, '.schema-compat.yaml'));
    } catch (error: unknown) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as Error).message;
    expect(message).toMatch(/\.schema-compat\.yaml:7:\d+: referenceUrls\.https:\/\/schemas\.acme\.test\/common\/: "\.\.\/\.\.\/outside\/" is outside the repository: not read \[confinement\]/);
    expect(message).toMatch(/\.schema-compat\.yaml:8:\d+: referenceUrls\.common\/: key "common\/" does not have the form [^\n]+ \[pattern\]/);
  });
});
