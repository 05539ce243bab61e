import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audit } from 'schema-compat';
import { createRegistry } from 'schema-compat/registry';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';
import { GitRepo, userSchema } from '../support/git-repo.js';
import { USER_AUDIT_READS } from '../support/user-audit.js';
import { cli, cliIn, example } from './support.js';

// Issue 16, item 3: `schema-compat audit FILE --against SOURCE`, run as users run it (dist/cli.js in a
// child process). FILE is the newest version; the history comes from check's sources.

const USER = ['dir:examples/user'];
const CANDIDATE = example('candidate.avsc');

describe('schema-compat audit', () => {
  it('prints the matrix, the strategies, the upgrade order and every failing cell of examples/user (text)', () => {
    const run = cli(['audit', CANDIDATE, '--against', ...USER]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 23)).toEqual([
      'Audit of 5 versions, oldest first (dir examples/user: 4 files: v1.avsc, v2.avsc, v3.avsc, v4.avsc, then the candidate):',
      '  1  examples/user/v1.avsc',
      '  2  examples/user/v2.avsc',
      '  3  examples/user/v3.avsc',
      '  4  examples/user/v4.avsc',
      '  5  examples/user/candidate.avsc (the candidate)',
      '',
      'Who reads whom: row R reads data written with column W (✓ reads, ~ reads with warnings, ✗ cannot)',
      '  R\\W 1 2 3 4 5',
      '    1 ✓ ✓ ✓ ✗ ✗',
      '    2 ✓ ✓ ✓ ✗ ✗',
      '    3 ✓ ✓ ✓ ✗ ✗',
      '    4 ✓ ✓ ✓ ✓ ✗',
      '    5 ✗ ✗ ✗ ✗ ✓',
      '',
      'Satisfied: NONE',
      'Not satisfied:',
      '  BACKWARD             version 5 (examples/user/candidate.avsc) is the first it would have refused, against version 4',
      '  BACKWARD_TRANSITIVE  version 5 (examples/user/candidate.avsc) is the first it would have refused, against versions 1, 2, 3, 4',
      '  FORWARD              version 4 (examples/user/v4.avsc) is the first it would have refused, against version 3',
      '  FORWARD_TRANSITIVE   version 4 (examples/user/v4.avsc) is the first it would have refused, against versions 1, 2, 3',
      '  FULL                 version 4 (examples/user/v4.avsc) is the first it would have refused, against version 3',
      '  FULL_TRANSITIVE      version 4 (examples/user/v4.avsc) is the first it would have refused, against versions 1, 2, 3',
    ]);
    expect(run.stdout).toContain('Upgrade order for version 5 (examples/user/candidate.avsc): no safe order: it cannot read data written with 1, 2, 3, 4, and 1, 2, 3, 4 cannot read its data\n  against version 4 alone: none\n');
    expect(run.stdout).toContain(`  5 cannot read data written with 3
    READER_FIELD_MISSING_DEFAULT_VALUE at /fields/1: The field 'handle' at path '/fields/1' in the new schema has no default value and is missing in the old schema
    MISSING_ENUM_SYMBOLS at /fields/5/type/symbols: The new schema is missing enum symbols '[DELETED]' at path '/fields/5/type/symbols' in the old schema
`);
    // Eleven failing cells, each with its header line.
    expect(lines.filter((line) => /^ {2}\d cannot read data written with \d$/.test(line))).toHaveLength(11);
  });

  it('--format json prints the Audit: versions, reads, findings per failing cell, satisfied, violations, upgrade', () => {
    const run = cli(['audit', CANDIDATE, '--against', ...USER, '--format', 'json']);
    expect(run.code).toBe(0);
    const audit = JSON.parse(run.stdout) as Audit;
    expect(audit.versions).toEqual(['v1', 'v2', 'v3', 'v4', 'candidate'].map((name) => example(`${name}.avsc`)));
    expect(audit.reads).toEqual(USER_AUDIT_READS);
    expect(audit.findings.filter((cell) => cell.incompatibilities.length > 0).map((cell) => [cell.reader, cell.writer])).toEqual([
      [0, 3], [0, 4], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4], [4, 0], [4, 1], [4, 2], [4, 3],
    ]);
    expect(audit.findings[0]?.incompatibilities).toEqual([{
      type: 'TYPE_MISMATCH', location: '/fields/3/type', message: 'reader type: INT not compatible with writer type: LONG',
      description: "The type (path '/fields/3/type') of a field in the old schema does not match with the new schema",
    }]);
    expect(audit.satisfied).toEqual(['NONE']);
    expect(audit.violations.map((violation) => `${violation.strategy}@${violation.version}`)).toEqual(['BACKWARD@4', 'BACKWARD_TRANSITIVE@4', 'FORWARD@3', 'FORWARD_TRANSITIVE@3', 'FULL@3', 'FULL_TRANSITIVE@3']);
    expect(audit.upgrade).toEqual({ order: 'none', fromPrevious: 'none', newestReads: [], readNewest: [] });
  });

  it('--require exits 1 when the strategy is not satisfied, 0 when it is; aliases are accepted', () => {
    expect(cli(['audit', CANDIDATE, '--against', ...USER, '--require', 'backward']).code).toBe(1);
    // HISTORY files, as for check: v4 after v1..v3 is BACKWARD_TRANSITIVE (Glue's BACKWARD_ALL).
    const files = ['v1', 'v2', 'v3'].map((name) => example(`${name}.avsc`));
    expect(cli(['audit', example('v4.avsc'), ...files, '--require', 'BACKWARD_ALL']).code).toBe(0);
    const forward = cli(['audit', example('v4.avsc'), ...files, '--require', 'FORWARD', '--format', 'json']);
    expect(forward.code).toBe(1);
    expect((JSON.parse(forward.stdout) as Audit).satisfied).toEqual(['NONE', 'BACKWARD', 'BACKWARD_TRANSITIVE']);
  });

  it('bad input is exit 2 with a message naming it, never a pass', () => {
    const cases: Array<[readonly string[], RegExp]> = [
      [['audit'], /audit needs FILE/],
      [['audit', CANDIDATE], /audit needs a history/],
      [['audit', CANDIDATE, '--against', 'dir:test/fixtures/no-such-folder'], /no such file or directory/],
      [['audit', CANDIDATE, '--against', ...USER, '--require', 'BAKWARD'], /BAKWARD/],
      [['audit', CANDIDATE, '--against', ...USER, '--require', 'ALWAYS_INCOMPATIBLE'], /--require takes a strategy an audit grades/],
      [['audit', CANDIDATE, '--against', ...USER, '--format', 'pdf'], /--format must be one of text, json, html/],
      [['audit', 'test/fixtures/cli/no-such.avsc', '--against', ...USER], /cannot read test\/fixtures\/cli\/no-such\.avsc/],
      [['audit', CANDIDATE, '--against', 'git:no-such-ref'], /no commit named "no-such-ref"/],
    ];
    for (const [args, message] of cases) {
      const run = cli(args);
      expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 2, stdout: '' });
      expect(run.stderr).toMatch(message);
    }
  });

  it('--explain adds a fix hint and a witness to every finding, in text and in the page', () => {
    const args = ['audit', example('v4.avsc'), example('v3.avsc'), '--explain'];
    expect(cli(args).stdout).toContain(`  1 cannot read data written with 2
    TYPE_MISMATCH at /fields/3/type: The type (path '/fields/3/type') of a field in the old schema does not match with the new schema
      hint: in the new schema, change field \`loginCount\` back to \`int\`, which the old schema reads
      witness: {"id":0,"username":"","createdAt":0,"loginCount":0,"email":null,"status":"ACTIVE","tags":[]}
`);
    expect(cli([...args, '--format', 'html']).stdout).toContain('<br>hint: in the new schema, change field `loginCount` back to `int`, which the old schema reads<br>witness: <code>{&quot;id&quot;:0,');
  });

  it('--help says what it does', () => {
    const run = cli(['audit', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^usage: schema-compat audit /);
    expect(cli(['--help']).stdout).toContain('  audit        which version of a history reads which');
  });
});

describe('schema-compat audit --against git-log, in a real git repository', () => {
  const repo = GitRepo.create();
  afterAll(() => rmSync(repo.dir, { recursive: true, force: true }));
  const PATH = 'schemas/user.avsc';

  it('audits every committed version of the file, then the working copy', async () => {
    const c1 = repo.commit('v1', { [PATH]: userSchema({ name: 'id', type: 'int' }) });
    const c2 = repo.commit('v2: an optional email', { [PATH]: userSchema({ name: 'id', type: 'int' }, { name: 'email', type: ['null', 'string'], default: null }) });
    const c3 = repo.commit('v3: id widened to long', { [PATH]: userSchema({ name: 'id', type: 'long' }, { name: 'email', type: ['null', 'string'], default: null }) });
    // The working copy drops the email's default.
    repo.write(PATH, userSchema({ name: 'id', type: 'long' }, { name: 'email', type: ['null', 'string'] }));
    const run = await cliIn(repo.dir, ['audit', PATH, '--against', 'git-log', '--format', 'json', '--require', 'BACKWARD']);
    expect(run.stderr).toBe('');
    const audit = JSON.parse(run.stdout) as Audit;
    expect(audit.versions).toEqual([`${repo.short(c1)} (2026-01-02)`, `${repo.short(c2)} (2026-01-03)`, `${repo.short(c3)} (2026-01-04)`, PATH]);
    expect(audit.reads).toEqual([
      [true, true, false, false], // v1 (int id) cannot read a long id
      [true, true, false, false],
      [true, true, true, true], // v3 promotes int, defaults email
      [false, true, true, true], // the candidate needs an email v1 lacks
    ]);
    expect(audit.satisfied).toEqual(['NONE', 'BACKWARD']);
    expect(audit.upgrade).toMatchObject({ order: 'none', fromPrevious: 'any' });
    expect(run.code).toBe(0);
    // Committed, the candidate is the newest version already: left out of the history, never compared with itself.
    repo.commit('v4', {});
    const committed = await cliIn(repo.dir, ['audit', PATH, '--against', 'git-log', '--format', 'json']);
    expect((JSON.parse(committed.stdout) as Audit).versions).toHaveLength(4);
  });
});

describe('schema-compat audit --against registry:URL (the project\'s own registry server, in this process)', () => {
  let server: RunningServer;
  const SUBJECT = 'users-value';
  const v1 = userSchema({ name: 'id', type: 'int' });
  const v2 = userSchema({ name: 'id', type: 'long' });

  beforeAll(async () => {
    const registry = createRegistry();
    await registry.register(SUBJECT, v1);
    await registry.register(SUBJECT, v2);
    await registry.setConfig(SUBJECT, { compatibility: 'BACKWARD' });
    server = await startServer({ registry, port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('labels versions as the registry numbers them, and says whether the subject\'s own level holds', async () => {
    // The candidate makes id a string: it reads neither version's data, and neither reads its.
    const dir = mkdtempSync(join(tmpdir(), 'schema-compat-audit-'));
    writeFileSync(join(dir, 'user.avsc'), userSchema({ name: 'id', type: 'string' }));
    const run = await cliIn(dir, ['audit', 'user.avsc', '--against', `registry:${server.url}`, '--subject', SUBJECT]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('  1  version 1 (id 1)\n  2  version 2 (id 2)\n  3  user.avsc (the candidate)\n');
    expect(run.stdout).toContain('Configured at the source (subject config): BACKWARD, not satisfied\n');
    const json = await cliIn(dir, ['audit', 'user.avsc', '--against', `registry:${server.url}`, '--subject', SUBJECT, '--format', 'json', '--require', 'FORWARD']);
    expect(json.code).toBe(1);
    expect((JSON.parse(json.stdout) as Audit).reads).toEqual([[true, false, false], [true, true, false], [false, false, true]]);
    rmSync(dir, { recursive: true, force: true });
  });
});
