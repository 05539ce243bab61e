import { afterAll, describe, expect, it } from 'vitest';
import { GitRepo } from '../support/git-repo.js';
import { cliIn } from './support.js';

// `--reference FOLDER` and `--reference PREFIX=FOLDER` (issue 22 item 4): every schema file below
// the folder is a reference named by its path there, after PREFIX; run as users run it, dist/cli.js
// in a child process on real files.

const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function folder(files: Readonly<Record<string, string>>): GitRepo {
  const repo = GitRepo.create();
  cleanups.push(() => repo.remove());
  for (const [path, text] of Object.entries(files)) repo.write(path, text);
  return repo;
}

const money = (units: string): string => `syntax = "proto3";\npackage shop.common;\nmessage Money {\n  ${units} units = 1;\n}\n`;
const payment = (field: string): string => `syntax = "proto3";\npackage shop;\nimport "common/money.proto";\nimport "common/tax/rate.proto";\nmessage Payment {\n  shop.common.Money amount = 1;\n  shop.common.tax.Rate rate = 2;\n${field}}\n`;
const RATE = 'syntax = "proto3";\npackage shop.common.tax;\nmessage Rate {\n  int32 basis_points = 1;\n}\n';

describe('--reference FOLDER', () => {
  it('finds Protobuf imports by their path below the folder, sub-folders included', async () => {
    const repo = folder({ 'proto/common/money.proto': money('int64'), 'proto/common/tax/rate.proto': RATE, 'proto/README.md': '# not a schema\n', 'v1.proto': payment(''), 'v2.proto': payment('  string note = 3;\n') });
    const run = await cliIn(repo.dir, ['diff', '--reference', 'proto', 'v1.proto', 'v2.proto']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain('FIELD_ADDED');
    const check = await cliIn(repo.dir, ['check', '--reference', 'proto/', 'v2.proto', 'v1.proto']);
    expect([check.code, check.stderr]).toEqual([0, '']);
  });

  it('PREFIX=FOLDER names JSON Schema documents by a URL prefix, which an absolute $ref reaches', async () => {
    const address = (type: string): string => JSON.stringify({ type: 'object', properties: { zip: { type } } });
    const order = JSON.stringify({ type: 'object', properties: { shipTo: { $ref: 'https://acme.test/schemas/address.json' } } });
    const repo = folder({ 'vendor/address.json': address('string'), 'order.json': order });
    const same = await cliIn(repo.dir, ['check', '--reference', 'https://acme.test/schemas/=vendor', 'order.json', 'order.json']);
    expect([same.code, same.stderr]).toEqual([0, '']);
    const missing = await cliIn(repo.dir, ['check', 'order.json', 'order.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('DANGLING_REF');
  });

  it('a folder with no schema file, or a value that is neither NAME=FILE nor a folder, is a usage error', async () => {
    const repo = folder({ 'empty/notes.txt': 'nothing\n', 'v1.proto': payment('') });
    const empty = await cliIn(repo.dir, ['check', '--reference', 'empty', 'v1.proto', 'v1.proto']);
    expect([empty.code, empty.stdout]).toEqual([2, '']);
    expect(empty.stderr).toContain('--reference empty: the folder holds no schema files (.avsc, .json, .proto)');
    const neither = await cliIn(repo.dir, ['check', '--reference', 'nothing-here', 'v1.proto', 'v1.proto']);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('--reference takes NAME=FILE, FOLDER or PREFIX=FOLDER, not "nothing-here"');
  });
});
