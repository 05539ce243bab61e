import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GitRepo } from '../support/git-repo.js';
import { CHECK_USAGE_LINE, cliIn } from './support.js';
import type { Run } from './support.js';

// Buf's rule sets, unstable packages and excluded paths from the command line and the configuration
// (issue 22 item 6), run as users run them: dist/cli.js in a child process, in a real git repository
// whose one commit holds the first version of every file. Each test changes the work tree; it is
// put back after it.

const CONFIG = '.schema-compat.yaml';
const ORDER = 'proto/shop/v1/order.proto';
const DRAFT = 'proto/shop/v1alpha1/draft.proto';
const MONEY = 'proto/common/money.proto';
const USER = 'avro/user.avsc';

/** The order file: `note` and the `Extra` message can be taken away, one change Buf's WIRE breaks on and one Confluent breaks on. */
function orderProto(options: { readonly note?: boolean; readonly extra?: boolean } = {}): string {
  return [
    'syntax = "proto3";',
    'package shop.v1;',
    'import "proto/common/money.proto";',
    `message Order { int32 id = 1; common.Money total = 3;${options.note === false ? '' : ' string note = 2;'} }`,
    options.extra === false ? '' : 'message Extra { int32 x = 1; }',
    '',
  ].join('\n');
}

/** An unstable package (Buf: `v1alpha1`): its field `b` can be taken away. */
function draftProto(b = true): string {
  return `syntax = "proto3";\npackage shop.v1alpha1;\nmessage Draft { int32 a = 1;${b ? ' int32 b = 2;' : ''} }\n`;
}

const MONEY_TEXT = 'syntax = "proto3";\npackage common;\nmessage Money { int64 units = 1; }\n';
const USER_TEXT = '{"type": "record", "name": "User", "fields": [{"name": "id", "type": "long"}]}\n';

/** A configuration with `extra` lines under `defaults` and a subjects list. */
function config(subjects = '  - files: "proto/**/*.proto"\n  - files: "avro/*.avsc"\n', defaults = '', top = ''): string {
  return `defaults:\n  against: git-log\n${defaults}subjects:\n${subjects}references: "proto/common/*.proto"\n${top}`;
}

/** `--format json` of a repository run, what these tests read of it. */
interface RunJson {
  readonly subjects: ReadonlyArray<{ readonly subject: string; readonly status: string; readonly incompatibilities: ReadonlyArray<{ readonly type: string; readonly location: string }> }>;
  readonly skipped?: ReadonlyArray<{ readonly subject: string; readonly file: string; readonly reason: string }>;
  readonly errors: ReadonlyArray<{ readonly subject: string; readonly message: string }>;
  readonly summary: string;
  readonly exitCode: number;
}

let repo: GitRepo;
const run = (...args: string[]): Promise<Run> => cliIn(repo.dir, args);
/** A check of files given on the command line: order.proto's import is a --reference. */
const MONEY_REFERENCE = ['--reference', `${MONEY}=${MONEY}`];
const runJson = async (...args: string[]): Promise<{ code: number | null; json: RunJson }> => {
  const done = await run('check', '--format', 'json', ...args);
  return { code: done.code, json: JSON.parse(done.stdout) as RunJson };
};
/** Each subject's status and the types of its findings. */
const verdicts = (json: RunJson): Record<string, string> => Object.fromEntries(json.subjects.map((subject) => [subject.subject, [subject.status, ...subject.incompatibilities.map((finding) => finding.type)].join(' ')]));

function usageError(done: Run, message: string, usage = CHECK_USAGE_LINE): void {
  expect(done).toEqual({ code: 2, stdout: '', stderr: `error: ${message}\n${usage}\n` });
}

beforeAll(() => {
  repo = GitRepo.create('schema-compat-rules-');
  repo.commit('first versions', { [CONFIG]: config(), [ORDER]: orderProto(), [DRAFT]: draftProto(), [MONEY]: MONEY_TEXT, [USER]: USER_TEXT });
});
afterEach(() => {
  repo.git('checkout', '-q', '--', '.');
  repo.git('clean', '-q', '-fd');
});
afterAll(() => repo.remove());

describe('--rules on a repository run: Confluent\'s and Buf\'s verdicts differ, and so do the exit codes', () => {
  it('a field removed without reserving its number: compatible for Confluent, breaking under buf-wire and buf-wire-json', async () => {
    repo.write(ORDER, orderProto({ note: false }));
    const confluent = await runJson();
    expect(confluent.code).toBe(0);
    expect(verdicts(confluent.json)[ORDER]).toBe('compatible');
    const findings = { 'buf-wire': 'FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED', 'BUF-WIRE': 'FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED', 'buf-wire-json': 'FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED FIELD_NO_DELETE_UNLESS_NAME_RESERVED' };
    for (const [rules, found] of Object.entries(findings)) {
      const buf = await runJson('--rules', rules);
      expect(buf.code).toBe(1);
      expect(verdicts(buf.json)[ORDER]).toBe(`incompatible ${found}`);
      // The Avro subject is checked as before: --rules is Protobuf's.
      expect(verdicts(buf.json)[USER]).toBe('compatible');
    }
  });

  it('a message removed: breaking for Confluent (MESSAGE_REMOVED), not under Buf\'s WIRE category (MESSAGE_NO_DELETE is FILE\'s)', async () => {
    repo.write(ORDER, orderProto({ extra: false }));
    const confluent = await runJson('--rules', 'confluent');
    expect(confluent.code).toBe(1);
    expect(verdicts(confluent.json)[ORDER]).toBe('incompatible MESSAGE_REMOVED');
    const buf = await runJson('--rules', 'buf-wire');
    expect(buf.code).toBe(0);
    expect(verdicts(buf.json)[ORDER]).toBe('compatible');
  });

  it('rules: per subject and in defaults; the flag overrides both; defaults\' rules leave the Avro subject alone', async () => {
    repo.write(ORDER, orderProto({ note: false }));
    repo.write(CONFIG, config('  - files: "proto/**/*.proto"\n    rules: buf-wire\n  - files: "avro/*.avsc"\n'));
    expect((await runJson()).code).toBe(1);
    expect((await runJson('--rules', 'confluent')).code).toBe(0);
    repo.write(CONFIG, config(undefined, '  rules: buf-wire-json\n'));
    const fromDefaults = await runJson();
    expect(fromDefaults.code).toBe(1);
    expect(verdicts(fromDefaults.json)).toEqual({
      [ORDER]: 'incompatible FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED FIELD_NO_DELETE_UNLESS_NAME_RESERVED',
      [DRAFT]: 'compatible',
      [MONEY]: 'compatible',
      [USER]: 'compatible',
    });
  });

  it('an invalid name: a usage error, or a configuration error at its line, listing the valid names', async () => {
    usageError(await run('check', '--rules', 'wire'), '--rules must be one of confluent, buf-wire, buf-wire-json, pulsar-native-advanced, not "wire"');
    repo.write(CONFIG, config('  - files: "proto/**/*.proto"\n    rules: WIRE\n'));
    expect(await run('check')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: .schema-compat.yaml:5:12: subjects[0].rules: must be one of confluent, buf-wire, buf-wire-json, pulsar-native-advanced, not "WIRE" [enum]\n',
    });
  });

  it('a subject rule with rules that takes a non-Protobuf file is an error, and so is one whose type says it is not Protobuf', async () => {
    repo.write(CONFIG, config('  - files: ["proto/**/*.proto", "avro/*.avsc"]\n    rules: buf-wire\n'));
    const mixed = await run('check');
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('subjects[0] sets rules: buf-wire, which are Protobuf\'s, and takes avro/user.avsc, an AVRO schema: narrow its files to .proto files, or move rules to a rule of its own');
    repo.write(CONFIG, config('  - files: "avro/*.avsc"\n    type: avro\n    rules: buf-wire\n'));
    expect(await run('check')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: .schema-compat.yaml:6:12: subjects[0].rules: rules (buf-wire) are Protobuf\'s, and this rule\'s type is avro: remove one of them [rules]\n',
    });
  });
});

describe('--rules on check CANDIDATE, diff, changelog and audit', () => {
  it('check CANDIDATE HISTORY: exit 0 under Confluent, 1 under buf-wire; refused for an Avro candidate', async () => {
    repo.write('removed.proto', orderProto({ note: false }));
    expect((await run('check', 'removed.proto', ORDER, ...MONEY_REFERENCE)).code).toBe(0);
    const buf = await run('check', 'removed.proto', ORDER, '--rules', 'buf-wire', ...MONEY_REFERENCE);
    expect(buf.code).toBe(1);
    expect(buf.stdout).toContain('FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED');
    usageError(await run('check', USER, USER, '--rules', 'buf-wire'), '--rules buf-wire chooses Protobuf\'s rules, and avro/user.avsc is an AVRO schema: remove --rules');
  });

  it('diff OLD NEW and changelog FILE grade the changes by the rules chosen', async () => {
    repo.write('no-extra.proto', orderProto({ extra: false }));
    expect((await run('diff', ORDER, 'no-extra.proto', ...MONEY_REFERENCE)).code).toBe(1);
    expect((await run('diff', ORDER, 'no-extra.proto', '--rules', 'buf-wire', ...MONEY_REFERENCE)).code).toBe(0);
    repo.write(ORDER, orderProto({ note: false }));
    expect((await run('changelog', ORDER, '--against', 'git-log', ...MONEY_REFERENCE)).code).toBe(0);
    expect((await run('changelog', ORDER, '--against', 'git-log', '--rules', 'buf-wire', ...MONEY_REFERENCE)).code).toBe(1);
    usageError(await run('diff', USER, USER, '--rules', 'buf-wire'), '--rules buf-wire chooses Protobuf\'s rules, and avro/user.avsc is an AVRO schema: remove --rules', 'usage: see \'schema-compat diff --help\'');
  });

  it('audit --require BACKWARD: satisfied under Confluent, not under buf-wire', async () => {
    repo.write(ORDER, orderProto({ note: false }));
    expect((await run('audit', ORDER, '--against', 'git-log', '--require', 'BACKWARD', ...MONEY_REFERENCE)).code).toBe(0);
    expect((await run('audit', ORDER, '--against', 'git-log', '--require', 'BACKWARD', '--rules', 'buf-wire', ...MONEY_REFERENCE)).code).toBe(1);
  });
});

describe('unstable packages (Buf\'s ignore_unstable_packages)', () => {
  it('--ignore-unstable-packages: the v1alpha1 file is skipped and listed as skipped, in every format', async () => {
    repo.write(DRAFT, draftProto(false));
    const checked = await runJson('--rules', 'buf-wire');
    expect(checked.code).toBe(1);
    expect(verdicts(checked.json)[DRAFT]).toBe('incompatible FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED');
    const skipped = await runJson('--rules', 'buf-wire', '--ignore-unstable-packages');
    expect(skipped.code).toBe(0);
    expect(Object.keys(verdicts(skipped.json))).not.toContain(DRAFT);
    expect(skipped.json.skipped).toEqual([{ subject: DRAFT, file: DRAFT, reason: 'unstable package shop.v1alpha1' }]);
    expect(skipped.json.summary).toBe('4 subjects: 3 compatible, 0 incompatible, 1 skipped (unstable Protobuf package)');
    const text = await run('check', '--rules', 'buf-wire', '--ignore-unstable-packages');
    expect(text.stdout).toContain(`Skipped, not checked (1):\n  ${DRAFT}: unstable package shop.v1alpha1\n`);
    const markdown = await run('check', '--ignore-unstable-packages', '--format', 'markdown');
    expect(markdown.stdout).toContain(`<details><summary>Skipped, not checked (1)</summary>\n\n- \`${DRAFT}\`: unstable package shop.v1alpha1\n\n</details>`);
  });

  it('protobuf.ignoreUnstablePackages: true in the configuration does the same; not a boolean is a configuration error', async () => {
    repo.write(DRAFT, draftProto(false));
    repo.write(CONFIG, config(undefined, '  rules: buf-wire\n', 'protobuf:\n  ignoreUnstablePackages: true\n'));
    const skipped = await runJson();
    expect(skipped.code).toBe(0);
    expect(skipped.json.skipped?.map((item) => item.subject)).toEqual([DRAFT]);
    repo.write(CONFIG, config(undefined, '', 'protobuf:\n  ignoreUnstablePackages: yes please\n'));
    expect(await run('check')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: .schema-compat.yaml:8:27: protobuf.ignoreUnstablePackages: must be a boolean, not string "yes please" [type]\n',
    });
  });

  it('--ignore-unstable-packages and --exclude-path belong to a repository run', async () => {
    usageError(
      await run('check', ORDER, ORDER, '--ignore-unstable-packages', '--exclude-path', DRAFT),
      '--exclude-path, --ignore-unstable-packages cannot be used with CANDIDATE files (they belong to a repository run: check without files)',
    );
  });
});

describe('excluded paths', () => {
  it('--exclude-path FOLDER: its files are not subjects, and a file there is still a usable reference', async () => {
    repo.write(DRAFT, draftProto(false));
    const excluded = await runJson('--rules', 'buf-wire', '--exclude-path', 'proto/shop/v1alpha1/', '--exclude-path', 'proto/common');
    expect(excluded.code).toBe(0);
    // order.proto imports proto/common/money.proto, excluded from the subjects and still read as its reference.
    expect(verdicts(excluded.json)).toEqual({ [ORDER]: 'compatible', [USER]: 'compatible' });
    expect(excluded.json.skipped).toBeUndefined();
  });

  it('exclude: in the configuration, a path or a glob', async () => {
    repo.write(DRAFT, draftProto(false));
    repo.write(CONFIG, config(undefined, '  rules: buf-wire\n', 'exclude: ["proto/shop/v1alpha1", "**/money.proto"]\n'));
    const excluded = await runJson();
    expect(excluded.code).toBe(0);
    expect(Object.keys(verdicts(excluded.json))).toEqual([ORDER, USER]);
  });

  it('a path that names no file, or one outside the configuration\'s folder, is an error; so is a rule left with no file', async () => {
    const missing = await run('check', '--exclude-path', 'proto/shop/v2');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('exclude path proto/shop/v2 names no file or folder below');
    usageError(await run('check', '--exclude-path', '../elsewhere'), '--exclude-path ../elsewhere is outside ., the configuration\'s folder');
    const empty = await run('check', '--exclude-path', 'avro');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('subjects[1] (avro/*.avsc) matches no file that is not excluded (the configuration\'s exclude or --exclude-path leaves out all 1)');
  });
});
