import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CheckerRegistry, diffSchemas } from 'schema-compat';
import type { Change } from 'schema-compat';
import { ProtobufChecker } from 'schema-compat/protobuf';
import { GitRepo, userSchema } from '../support/git-repo.js';
import { cli, cliIn, example, fixture, root } from './support.js';

// `schema-compat diff OLD NEW` and `schema-compat changelog FILE --against SOURCE`, run as users run
// them: dist/cli.js in a child process, on real files and in a real git repository.

const cleanups: Array<() => void> = [];
afterAll(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const read = (path: string): string => readFileSync(join(root, path), 'utf8');

const V4_TO_CANDIDATE = [
  'examples/user/v4.avsc → examples/user/candidate.avsc: 10 changes, 3 breaking under BACKWARD',
  '  ~ com.acme.users.User doc changed — safe  (DOC_CHANGED at /)',
  '  ~ field loginCount doc changed — safe  (DOC_CHANGED at /fields/3)',
  '  ~ loginCount long→int — breaks BACKWARD  (TYPE_CHANGED at /fields/3/type)',
  '  - email default null removed — safe  (FIELD_DEFAULT_REMOVED at /fields/4)',
  '  ~ field email doc changed — safe  (DOC_CHANGED at /fields/4)',
  '  ~ com.acme.users.UserStatus doc changed — safe  (DOC_CHANGED at /fields/5/type)',
  '  - UserStatus.DELETED — breaks BACKWARD  (ENUM_SYMBOL_REMOVED at /fields/5/type/symbols/2)',
  '  - UserStatus default ACTIVE removed — safe  (ENUM_DEFAULT_REMOVED at /fields/5/type)',
  '  + handle: string, no default — breaks BACKWARD  (FIELD_ADDED at /fields/1)',
  '  - username: string, had no default — breaks FORWARD  (FIELD_REMOVED at /fields/1)',
];

describe('schema-compat diff', () => {
  it('--help says what it does and its exit codes', () => {
    for (const command of ['diff', 'changelog']) {
      const run = cli([command, '--help']);
      expect([run.code, run.stdout.split('\n')[0]]).toEqual([0, command === 'diff' ? 'usage: schema-compat diff [options] OLD NEW' : 'usage: schema-compat changelog [options] FILE --against SOURCE']);
      expect(run.stdout).toMatch(/Exit codes: 0 .* 1 .* 2 bad input or usage, 3 internal error\./s);
    }
  });

  it('lists every change, graded, and exits 1 when one breaks the strategy (BACKWARD by default)', () => {
    expect(cli(['diff', example('v4.avsc'), example('candidate.avsc')])).toEqual({ code: 1, stdout: `${V4_TO_CANDIDATE.join('\n')}\n`, stderr: '' });
  });

  it('exits 0 when nothing breaks the strategy, and 1 when the strategy checks the broken direction', () => {
    const backward = cli(['diff', example('v3.avsc'), example('v4.avsc')]);
    expect([backward.code, backward.stdout.split('\n')[0]]).toEqual([0, 'examples/user/v3.avsc → examples/user/v4.avsc: 4 changes, 0 breaking under BACKWARD']);
    const forward = cli(['diff', '--strategy', 'forward', example('v3.avsc'), example('v4.avsc')]);
    expect([forward.code, forward.stdout.split('\n')[0]]).toEqual([1, 'examples/user/v3.avsc → examples/user/v4.avsc: 4 changes, 1 breaking under FORWARD']);
  });

  it('--format json prints { changes } as the library returns them', () => {
    const run = cli(['diff', '--format', 'json', example('v4.avsc'), example('candidate.avsc')]);
    expect([run.code, run.stderr]).toEqual([1, '']);
    expect(JSON.parse(run.stdout)).toEqual({ changes: diffSchemas('AVRO', read(example('v4.avsc')), read(example('candidate.avsc'))) });
  });

  it('--format markdown prints a table', () => {
    const run = cli(['diff', '--format', 'markdown', example('v1.avsc'), example('v2.avsc')]);
    expect(run).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        '### examples/user/v1.avsc → examples/user/v2.avsc: 2 changes, 0 breaking under BACKWARD',
        '',
        '|   | Change | Code | Where | Grade |',
        '|---|---|---|---|---|',
        '| ~ | com.acme.users.User doc changed | `DOC_CHANGED` | `/` | safe |',
        '| + | email (default null) | `FIELD_ADDED` | `/fields/4` | safe |',
        '',
      ].join('\n'),
    });
  });

  it('diffs Protobuf with the checker of schema-compat/protobuf, and JSON Schema', () => {
    const proto = cli(['diff', '--format', 'json', fixture('proto/order-v1.proto'), fixture('proto/order-v2.proto')]);
    const registry = CheckerRegistry.withDefaults().register(new ProtobufChecker());
    const expected = diffSchemas('PROTOBUF', read(fixture('proto/order-v1.proto')), read(fixture('proto/order-v2.proto')), { registry });
    expect(expected.length).toBeGreaterThan(0);
    expect(JSON.parse(proto.stdout)).toEqual({ changes: JSON.parse(JSON.stringify(expected)) as Change[] });
    const json = cli(['diff', '--format', 'json', fixture('json/person-v1.json'), fixture('json/person-v2.json')]);
    expect(JSON.parse(json.stdout)).toEqual({ changes: diffSchemas('JSON', read(fixture('json/person-v1.json')), read(fixture('json/person-v2.json'))) });
  });

  it('bad input exits 2 and names the file', () => {
    expect(cli(['diff', example('v1.avsc')])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^error: diff takes two schema files, OLD and NEW, not 1\n/) });
    expect(cli(['diff', fixture('bad-schema.avsc'), example('v1.avsc')])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('test/fixtures/cli/bad-schema.avsc') });
    expect(cli(['diff', example('v1.avsc'), fixture('json/person-v1.json')])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('AVRO and test/fixtures/cli/json/person-v1.json is JSON') });
    expect(cli(['diff', example('v1.avsc'), 'missing.avsc'])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^error: cannot read missing.avsc/) });
  });

  it('an unresolved Protobuf import exits 2 and says how to supply it; with --reference it is found', async () => {
    const repo = GitRepo.create();
    cleanups.push(() => repo.remove());
    const payment = (field: string): string => `syntax = "proto3";\npackage shop;\nimport "common/money.proto";\nmessage Payment {\n  shop.common.Money amount = 1;\n${field}}\n`;
    repo.write('common/money.proto', 'syntax = "proto3";\npackage shop.common;\nmessage Money {\n  int64 units = 1;\n}\n');
    repo.write('v1.proto', payment(''));
    repo.write('v2.proto', payment('  string note = 2;\n'));
    const missing = await cliIn(repo.dir, ['diff', 'v1.proto', 'v2.proto']);
    expect([missing.code, missing.stdout]).toEqual([2, '']);
    expect(missing.stderr).toMatch(/^error: v1\.proto: at line 3, column 8: import "common\/money\.proto" is neither a given reference nor a built-in well-known type \[UNRESOLVED_IMPORT\]\n/);
    expect(missing.stderr).toContain('\nhint: give the imported file with --reference NAME=FILE (NAME "common/money.proto", as the import statement writes it), or the folder the import path starts from with --reference FOLDER; in a repository run, add the folder the import path starts from to protobuf.importPaths in .schema-compat.yaml\n');
    const given = await cliIn(repo.dir, ['diff', '--reference', 'common/money.proto=common/money.proto', 'v1.proto', 'v2.proto']);
    expect([given.code, given.stderr]).toEqual([0, '']);
    expect(given.stdout).toContain('FIELD_ADDED');
  });
});

describe('schema-compat changelog', () => {
  it('against a folder: each version with its graded changes, then FILE; exit 1 when FILE breaks the strategy', () => {
    const run = cli(['changelog', example('candidate.avsc'), '--against', 'dir:examples/user']);
    expect([run.code, run.stderr]).toEqual([1, '']);
    expect(run.stdout).toBe([
      'Changelog of examples/user/candidate.avsc, 5 versions, oldest first (history: dir examples/user: 4 files: v1.avsc, v2.avsc, v3.avsc, v4.avsc)',
      '',
      'Version 1 (examples/user/v1.avsc): the first version',
      '',
      'Version 2 (examples/user/v2.avsc): 2 changes, 0 breaking under BACKWARD',
      '  ~ com.acme.users.User doc changed — safe  (DOC_CHANGED at /)',
      '  + email (default null) — safe  (FIELD_ADDED at /fields/4)',
      '',
      'Version 3 (examples/user/v3.avsc): 2 changes, 0 breaking under BACKWARD',
      '  ~ com.acme.users.User doc changed — safe  (DOC_CHANGED at /)',
      '  + status (default "ACTIVE") — safe  (FIELD_ADDED at /fields/5)',
      '',
      'Version 4 (examples/user/v4.avsc): 4 changes, 0 breaking under BACKWARD',
      '  ~ com.acme.users.User doc changed — safe  (DOC_CHANGED at /)',
      '  ~ field loginCount doc added — safe  (DOC_CHANGED at /fields/3)',
      '  ~ loginCount int→long — breaks FORWARD  (TYPE_CHANGED at /fields/3/type)',
      '  + tags (default []) — safe  (FIELD_ADDED at /fields/6)',
      '',
      'examples/user/candidate.avsc (FILE): 10 changes, 3 breaking under BACKWARD',
      ...V4_TO_CANDIDATE.slice(1),
      '',
    ].join('\n'));
  });

  it('against git-log in a real repository: every commit, a doc-only one too, then the working file', async () => {
    const repo = GitRepo.create();
    cleanups.push(() => repo.remove());
    const id = { name: 'id', type: 'int' };
    const email = { name: 'email', type: 'string', default: '' };
    repo.commit('v1', { 'user.avsc': userSchema(id) });
    repo.commit('v2: email', { 'user.avsc': userSchema(id, email) });
    repo.commit('v3: a doc', { 'user.avsc': userSchema({ ...id, doc: 'The key.' } as typeof id, email) });
    repo.write('user.avsc', userSchema({ name: 'id', type: 'long' }, email));
    const run = await cliIn(repo.dir, ['changelog', 'user.avsc', '--against', 'git-log', '--format', 'json']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const { strategy, versions } = JSON.parse(run.stdout) as { strategy: string; versions: { label: string; version?: number; initial?: boolean; changes: Change[] }[] };
    expect(strategy).toBe('BACKWARD');
    expect(versions.map((version) => [version.version, version.initial ?? false, version.changes.map((change) => `${change.change} ${change.summary} [${change.breaks.join()}]`)])).toEqual([
      [1, true, []],
      [2, false, ['FIELD_ADDED email (default "") []']],
      [3, false, ['DOC_CHANGED field id doc added []']],
      [undefined, false, ['DOC_CHANGED field id doc removed []', 'TYPE_CHANGED id int→long [FORWARD]']],
    ]);
    expect(versions.map((version) => version.label).at(-1)).toBe('user.avsc');
    const forward = await cliIn(repo.dir, ['changelog', 'user.avsc', '--against', 'git-log', '--strategy', 'FORWARD']);
    expect(forward.code).toBe(1);
    expect(forward.stdout).toContain('user.avsc (FILE): 2 changes, 1 breaking under FORWARD\n  ~ field id doc removed — safe  (DOC_CHANGED at /fields/0)\n  ~ id int→long — breaks FORWARD  (TYPE_CHANGED at /fields/0/type)\n');
  });

  it('marks a version with no schema change: only formatting, or only docs (text, markdown and json)', async () => {
    const repo = GitRepo.create();
    cleanups.push(() => repo.remove());
    const id = { name: 'id', type: 'int' };
    repo.write('history/v1.avsc', userSchema(id));
    repo.write('history/v2.avsc', `${JSON.stringify(JSON.parse(userSchema(id)) as object, null, 4)}\n`);
    repo.write('history/v3.avsc', userSchema({ ...id, doc: 'The key.' } as typeof id));
    repo.write('user.avsc', userSchema({ ...id, doc: 'The key.' } as typeof id, { name: 'email', type: 'string', default: '' }));
    const text = await cliIn(repo.dir, ['changelog', 'user.avsc', '--against', 'dir:history']);
    expect([text.code, text.stderr]).toEqual([0, '']);
    expect(text.stdout.split('\n').filter((row) => /^(Version|user\.avsc)/.test(row) || row.startsWith('  '))).toEqual([
      'Version 1 (history/v1.avsc): the first version',
      'Version 2 (history/v2.avsc): no schema change (only formatting)',
      'Version 3 (history/v3.avsc): no schema change (only docs or other annotations: 1 change)',
      '  ~ field id doc added — safe  (DOC_CHANGED at /fields/0)',
      'user.avsc (FILE): 1 change, 0 breaking under BACKWARD',
      '  + email (default "") — safe  (FIELD_ADDED at /fields/1)',
    ]);
    const markdown = await cliIn(repo.dir, ['changelog', 'user.avsc', '--against', 'dir:history', '--format', 'markdown']);
    expect(markdown.stdout).toContain('### Version 2 (history/v2.avsc): no schema change (only formatting)\n\n_No changes._\n');
    const json = await cliIn(repo.dir, ['changelog', 'user.avsc', '--against', 'dir:history', '--format', 'json']);
    const { versions } = JSON.parse(json.stdout) as { versions: { identical?: boolean }[] };
    expect(versions.map((version) => version.identical ?? false)).toEqual([false, true, true, false]);
  });

  it('a history that cannot be loaded, or no --against, is exit 2, never an empty changelog', async () => {
    const repo = GitRepo.create();
    cleanups.push(() => repo.remove());
    repo.commit('v1', { 'user.avsc': userSchema({ name: 'id', type: 'int' }) });
    const unknownRef = await cliIn(repo.dir, ['changelog', 'user.avsc', '--against', 'git-log:no-such-branch']);
    expect([unknownRef.code, unknownRef.stdout]).toEqual([2, '']);
    expect(unknownRef.stderr).toMatch(/^error: .*no-such-branch/);
    expect(cli(['changelog', example('candidate.avsc')])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(/^error: changelog needs --against SOURCE/) });
  });
});
