import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CheckerRegistry } from 'schema-compat';
import { ProtobufChecker } from 'schema-compat/protobuf';
import { SourceError, readHistory } from 'schema-compat/sources';
import { ConfigError, RepositoryError, checkRepository, loadConfig, writeBaseline } from 'schema-compat/repository';
import type { RepositoryReport, Subject } from 'schema-compat/repository';
import { GitRepo } from '../support/git-repo.js';
import { cliIn } from '../cli/support.js';

// Confinement (docs/repository.md, "Paths stay in the repository"): every path the repository's
// content names (configuration entries, $refs, imports, committed symbolic links) must lead, after
// symbolic links, inside the repository root; reports and baselines are never written through a
// link. Each test builds a real git repository beside a folder "outside" holding secrets, and
// checks the refusal, that no secret reaches any output, and that nothing outside changes.

const SECRET = 'CONFINEMENT-TOPSECRET-value';
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder outside every repository, with secrets in JSON, Protobuf and plain text. */
function outsideFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'schema-compat-outside-'));
  folders.push(dir);
  writeFileSync(join(dir, 'secret.json'), JSON.stringify({ type: 'string', enum: [SECRET] }));
  writeFileSync(join(dir, 'secret.proto'), `${SECRET} token=abc\n`);
  writeFileSync(join(dir, 'credentials'), `https://bob:${SECRET}@example.com\n`);
  writeFileSync(join(dir, 'baseline.yaml'), `ignore:\n  - type: TYPE_CHANGED\n    reason: ${SECRET}\n`);
  return dir;
}

/** A git repository with `files` committed, and the outside folder as the repository sees it (`../schema-compat-outside-…`). */
function repository(files: Readonly<Record<string, string>> = {}): { repo: GitRepo; outside: string; up: string } {
  const repo = GitRepo.create('schema-compat-confined-');
  folders.push(repo.dir);
  const outside = outsideFolder();
  for (const [path, text] of Object.entries(files)) repo.write(path, text);
  return { repo, outside, up: relative(repo.dir, outside) };
}

function link(repo: GitRepo, path: string, target: string): void {
  mkdirSync(dirname(join(repo.dir, path)), { recursive: true });
  symlinkSync(target, join(repo.dir, path));
}

/** The error `load` throws. */
function thrown(load: () => unknown): Error {
  try {
    load();
  } catch (error: unknown) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error('expected an error, it loaded');
}

async function checkers(subject: Subject): Promise<CheckerRegistry> {
  return CheckerRegistry.withDefaults({ json: { policy: subject.policy } }).register(new ProtobufChecker());
}

async function check(repo: GitRepo, options: { readonly changedSince?: string } = {}): Promise<RepositoryReport> {
  return checkRepository(loadConfig(join(repo.dir, '.schema-compat.yaml')), { today: '2026-03-01', checkers, ...options });
}

/** A subject's error, with the report checked for the secret first. */
function errorOf(report: RepositoryReport, name: string): { readonly code: string; readonly message: string } {
  expect(JSON.stringify(report)).not.toContain(SECRET);
  const outcome = report.subjects.find((subject) => subject.subject.name === name);
  expect(outcome?.status).toBe('error');
  return outcome?.error as { code: string; message: string };
}

const EVENT_V1 = JSON.stringify({ type: 'object', properties: { x: { type: 'string' } } });
const event = (ref: string): string => JSON.stringify({ type: 'object', properties: { x: { $ref: ref } } });
const JSON_CONFIG = 'defaults:\n  against: dir:hist\nsubjects:\n  - files: schemas/*.json\n';
const PROTO = (imports: string): string => `syntax = "proto3";\npackage shop;\n${imports}\nmessage P { string id = 1; }\n`;

describe('loadConfig: the paths a configuration names stay in the repository', () => {
  it('ignoreFiles: a ../ path, an absolute path and /proc/self/environ are problems at their lines, none read', () => {
    const { repo, outside, up } = repository();
    repo.write('.schema-compat.yaml', `subjects:\n  - files: "*.avsc"\nignoreFiles:\n  - ${up}/credentials\n  - ${join(outside, 'credentials')}\n  - /proc/self/environ\n`);
    const error = thrown(() => loadConfig(join(repo.dir, '.schema-compat.yaml')));
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map(({ line, column, path, rule }) => ({ line, column, path, rule }))).toEqual([
      { line: 4, column: 5, path: 'ignoreFiles[0]', rule: 'confinement' },
      { line: 5, column: 5, path: 'ignoreFiles[1]', rule: 'confinement' },
      { line: 6, column: 5, path: 'ignoreFiles[2]', rule: 'confinement' },
    ]);
    expect((error as ConfigError).problems.map((problem) => problem.message)).toEqual([
      `"${up}/credentials" is outside the repository: not read`,
      `"${join(outside, 'credentials')}" is outside the repository: not read`,
      '"/proc/self/environ" is outside the repository: not read',
    ]);
    expect(error.message).not.toContain(SECRET);
  });

  it('ignoreFiles: a committed link out of the repository is refused; a link to a file inside it is read', () => {
    const { repo, up } = repository({ 'baselines/real.yaml': 'ignore:\n  - type: TYPE_CHANGED\n    reason: approved in review\n' });
    link(repo, 'baselines/out.yaml', join('..', up, 'baseline.yaml'));
    link(repo, 'baselines/in.yaml', 'real.yaml');
    repo.commit('links');
    repo.write('.schema-compat.yaml', 'subjects:\n  - files: "*.avsc"\nignoreFiles: [baselines/out.yaml]\n');
    const error = thrown(() => loadConfig(join(repo.dir, '.schema-compat.yaml'))) as ConfigError;
    expect(error.problems.map(({ line, path, rule, message }) => ({ line, path, rule, message }))).toEqual([
      { line: 3, path: 'ignoreFiles[0]', rule: 'confinement', message: '"baselines/out.yaml" leads outside the repository through a symbolic link: not read' },
    ]);
    expect(error.message).not.toContain(SECRET);
    repo.write('.schema-compat.yaml', 'subjects:\n  - files: "*.avsc"\nignoreFiles: [baselines/in.yaml]\n');
    expect(loadConfig(join(repo.dir, '.schema-compat.yaml')).ignore.map((entry) => entry.reason)).toEqual(['approved in review']);
  });

  it('protobuf.importPaths, a dir: source, a git source\'s ../ path and references globs that climb out: each a problem at its line', () => {
    const { repo, up } = repository();
    repo.write('.schema-compat.yaml', [
      'defaults:',
      `  against: dir:${up}`,
      'subjects:',
      '  - files: "*.proto"',
      `    against: git:HEAD:../${up}/secret.proto`,
      `references: [schemas/**, ../${up}/**]`,
      'protobuf:',
      `  importPaths: [proto, ${up}]`,
      '',
    ].join('\n'));
    const error = thrown(() => loadConfig(join(repo.dir, '.schema-compat.yaml'))) as ConfigError;
    expect(error.problems.map(({ line, path, rule }) => `${line} ${path} ${rule}`)).toEqual([
      '8 protobuf.importPaths[1] confinement',
      '6 references[1] confinement',
      '2 defaults.against confinement',
      '5 subjects[0].against confinement',
    ]);
    expect(error.problems[1]?.message).toBe(`"../${up}/**" leaves the configuration's folder: globs match only the files below it`);
  });

  it('a configuration in a subfolder may name files elsewhere in its git work tree: the root is the work tree\'s top', () => {
    const { repo } = repository({
      'shared/baseline.yaml': 'ignore:\n  - type: TYPE_CHANGED\n    reason: shared approval\n',
      'services/orders/.schema-compat.yaml': 'subjects:\n  - files: "*.avsc"\nignoreFiles: [../../shared/baseline.yaml]\nprotobuf:\n  importPaths: [../../proto]\n',
    });
    const config = loadConfig(join(repo.dir, 'services/orders/.schema-compat.yaml'));
    expect(config.repositoryRoot).toBe(repo.dir);
    expect(config.ignore.map((entry) => entry.reason)).toEqual(['shared approval']);
    expect(config.importPaths).toEqual(['../../proto']);
  });

  it('a configuration file that is a committed link out of the repository is not read', () => {
    const { repo, up } = repository();
    link(repo, '.schema-compat.yaml', join(up, 'credentials'));
    const error = thrown(() => loadConfig(join(repo.dir, '.schema-compat.yaml')));
    expect(error).toBeInstanceOf(RepositoryError);
    expect(error.message).toMatch(/leads outside the repository through a symbolic link: not read$/);
    expect(error.message).not.toContain(SECRET);
  });

  it('quotes a value in at most 40 characters: an ignore file that is one long string is not printed whole', () => {
    const long = `https://bob:${'x'.repeat(30)}${SECRET}@example.com`;
    const { repo } = repository({ 'approved.yaml': `${long}\n`, '.schema-compat.yaml': 'subjects:\n  - files: "*.avsc"\nignoreFiles: [approved.yaml]\ndefaults:\n  strategy: "BAK\\nWARD\\u001b[2J"\n' });
    const error = thrown(() => loadConfig(join(repo.dir, '.schema-compat.yaml'))) as ConfigError;
    expect(error.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/, not "BAK\\nWARD\\u001b\[2J"$/),
    ]);
    repo.write('.schema-compat.yaml', 'subjects:\n  - files: "*.avsc"\nignoreFiles: [approved.yaml]\n');
    const cut = thrown(() => loadConfig(join(repo.dir, '.schema-compat.yaml'))) as ConfigError;
    expect(cut.problems.map((problem) => problem.message)).toEqual([`must be a mapping, not string "${long.slice(0, 40)}…"`]);
    expect(cut.message).not.toContain(SECRET);
  });
});

describe('checkRepository: references stay in the repository', () => {
  it('a $ref to ../ outside: the subject\'s parse error names the $ref, its file and pointer; the file outside is not read', async () => {
    const { repo, up } = repository({ 'hist/v1.json': EVENT_V1, '.schema-compat.yaml': JSON_CONFIG });
    repo.write('schemas/event.json', event(`../${up}/secret.json`));
    const error = errorOf(await check(repo), 'schemas/event.json');
    expect(error).toEqual({
      code: 'SCHEMA_PARSE_ERROR',
      message: `schemas/event.json: at '/properties/x/$ref': $ref "../${up}/secret.json": work tree: "${up}/secret.json" is outside the repository: not read [OUTSIDE_REPOSITORY]`,
    });
  });

  it('a $ref to a committed link out of the repository is refused; a link to a file inside it is followed', async () => {
    const { repo, up } = repository({ 'hist/v1.json': EVENT_V1, '.schema-compat.yaml': JSON_CONFIG, 'shared/real.json': JSON.stringify({ type: 'string' }) });
    link(repo, 'schemas/common/out.json', join('../..', up, 'secret.json'));
    link(repo, 'schemas/common/in.json', '../../shared/real.json');
    repo.commit('links');
    repo.write('schemas/event.json', event('common/out.json'));
    expect(errorOf(await check(repo), 'schemas/event.json').message).toBe(
      `schemas/event.json: at '/properties/x/$ref': $ref "common/out.json": work tree: "schemas/common/out.json" leads outside the repository through a symbolic link: not read [OUTSIDE_REPOSITORY]`,
    );
    repo.write('schemas/event.json', event('common/in.json'));
    const report = await check(repo);
    expect(report.subjects.map((outcome) => outcome.status)).toEqual(['compatible']);
    expect(report.subjects[0]?.check?.versions.length).toBe(1);
  });

  it('Protobuf: an import of ../ outside and of an absolute path are refused at the importing file', async () => {
    const { repo, outside, up } = repository({ 'hist/v1.proto': PROTO(''), '.schema-compat.yaml': 'defaults:\n  against: dir:hist\nsubjects:\n  - files: proto/*.proto\n' });
    repo.write('proto/p.proto', PROTO(`import "../${up}/secret.proto";`));
    expect(errorOf(await check(repo), 'proto/p.proto').message).toBe(
      `proto/p.proto: at '/': import "../${up}/secret.proto": work tree: "../${up}/secret.proto" is outside the repository: not read [OUTSIDE_REPOSITORY]`,
    );
    repo.write('proto/p.proto', PROTO(`import "${join(outside, 'secret.proto')}";`));
    expect(errorOf(await check(repo), 'proto/p.proto').message).toContain(`import "${join(outside, 'secret.proto')}": work tree: "${join(outside, 'secret.proto')}" is outside the repository: not read [OUTSIDE_REPOSITORY]`);
  });

  it('a version in git history resolves its references at its commit: a link out of the repository committed then is refused there', async () => {
    const { repo, up } = repository({ '.schema-compat.yaml': 'defaults:\n  against: git-log:main\nsubjects:\n  - files: schemas/*.json\n' });
    link(repo, 'schemas/common/shared.json', join('../..', up, 'secret.json'));
    const first = repo.commit('v1: the shared type is a link out of the repository', { 'schemas/event.json': event('common/shared.json') });
    rmSync(join(repo.dir, 'schemas/common/shared.json'));
    repo.commit('v2: the shared type is a file', { 'schemas/common/shared.json': JSON.stringify({ type: 'string' }), 'schemas/event.json': event('common/shared.json').replace('}}}', '}, "y": {"type": "string"}}}') });
    const error = errorOf(await check(repo), 'schemas/event.json');
    expect(error.code).toBe('SCHEMA_PARSE_ERROR');
    expect(error.message).toBe(
      `schemas/event.json: at '/properties/x/$ref': $ref "common/shared.json": git ${first.slice(0, 12)}: ${first}:schemas/common/shared.json is a symbolic link that leads outside the repository: not read [OUTSIDE_REPOSITORY]`,
    );
  });

  it('a link committed inside the repository is followed in history as in the work tree', async () => {
    const { repo } = repository({ '.schema-compat.yaml': 'defaults:\n  against: git:main\nsubjects:\n  - files: schemas/*.json\n', 'shared/money.json': JSON.stringify({ type: 'integer' }) });
    link(repo, 'schemas/common/money.json', '../../shared/money.json');
    repo.commit('v1', { 'schemas/event.json': event('common/money.json') });
    repo.write('shared/money.json', JSON.stringify({ type: 'string' }));
    const report = await check(repo);
    expect(report.subjects.map((outcome) => outcome.status)).toEqual(['incompatible']);
    expect(report.subjects[0]?.check?.result.incompatibilities.map((finding) => finding.type)).toContain('TYPE_CHANGED');
  });

  it('--changed-since: an unchanged subject whose reference is refused is checked, and reports it, rather than ending the run', async () => {
    const { repo, up } = repository({ 'hist/v1.json': EVENT_V1, '.schema-compat.yaml': JSON_CONFIG });
    repo.commit('v1', { 'schemas/event.json': event(`../${up}/secret.json`) });
    const report = await check(repo, { changedSince: 'HEAD' });
    expect(errorOf(report, 'schemas/event.json').message).toContain('is outside the repository: not read [OUTSIDE_REPOSITORY]');
    expect(report.unchanged).toEqual([]);
  });
});

describe('git sources: a committed link out of the repository', () => {
  it('git:REF of a file committed as a link out of the repository is a SourceError OUTSIDE_REPOSITORY, its target not read', async () => {
    const { repo, up } = repository();
    link(repo, 'schemas/user.json', join('..', up, 'secret.json'));
    const commit = repo.commit('a link');
    const error = await readHistory({ kind: 'git', ref: 'main' }, { cwd: repo.dir, path: 'schemas/user.json' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ code: 'OUTSIDE_REPOSITORY', message: `git main: ${commit}:schemas/user.json is a symbolic link that leads outside the repository: not read` });
  });
});

describe('the command line: no secret in any output, nothing written outside', () => {
  it('ignoreFiles /proc/self/environ: exit 2 at its line, the environment\'s secrets not printed', async () => {
    const { repo } = repository({ 'hist/v1.avsc': '"string"\n', 'schemas/a.avsc': '"string"\n', '.schema-compat.yaml': 'defaults:\n  against: dir:hist\nsubjects:\n  - files: schemas/*.avsc\nignoreFiles:\n  - /proc/self/environ\n' });
    const run = await cliIn(repo.dir, ['check'], { env: { SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO: `ci:${SECRET}` } });
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'error: .schema-compat.yaml:6:5: ignoreFiles[0]: "/proc/self/environ" is outside the repository: not read [confinement]\n' });
  });

  it('--report FILE and --write-baseline FILE that are committed links (to a file outside, dangling, or through a linked folder): refused, nothing outside written', async () => {
    const { repo, outside, up } = repository({ 'hist/v1.avsc': '"string"\n', 'schemas/a.avsc': '"int"\n', '.schema-compat.yaml': 'defaults:\n  against: dir:hist\nsubjects:\n  - files: schemas/*.avsc\n' });
    writeFileSync(join(outside, 'victim.sh'), 'echo ORIGINAL\n');
    link(repo, 'schemas.sarif', join(up, 'victim.sh'));
    link(repo, 'dangling.sarif', join(up, 'created-by-report.sarif'));
    link(repo, 'baseline.yaml', join(up, 'created-by-baseline.yaml'));
    link(repo, 'reports', up);
    repo.commit('a pull request with links');
    const runs = [
      await cliIn(repo.dir, ['check', '--no-step-summary', '--report', 'sarif=schemas.sarif']),
      await cliIn(repo.dir, ['check', '--no-step-summary', '--report', 'sarif=dangling.sarif']),
      await cliIn(repo.dir, ['check', '--no-step-summary', '--report', 'sarif=reports/created-through-folder.sarif']),
      await cliIn(repo.dir, ['check', '--no-step-summary', '--write-baseline', 'baseline.yaml']),
    ];
    expect(runs.map((run) => ({ code: run.code, stderr: run.stderr }))).toEqual([
      { code: 2, stderr: 'error: cannot write the sarif report to schemas.sarif: it is a symbolic link: schema-compat never writes through one (remove it, or write to another file)\n' },
      { code: 2, stderr: 'error: cannot write the sarif report to dangling.sarif: it is a symbolic link: schema-compat never writes through one (remove it, or write to another file)\n' },
      { code: 2, stderr: 'error: cannot write the sarif report to reports/created-through-folder.sarif: the folder reports on its way is a symbolic link: schema-compat never writes through one\n' },
      { code: 2, stderr: 'error: cannot write the baseline to baseline.yaml: it is a symbolic link: schema-compat never writes through one (remove it, or write to another file)\n' },
    ]);
    expect(readFileSync(join(outside, 'victim.sh'), 'utf8')).toBe('echo ORIGINAL\n');
    for (const created of ['created-by-report.sarif', 'created-by-baseline.yaml', 'created-through-folder.sarif']) expect(existsSync(join(outside, created))).toBe(false);
  });

  it('writeBaseline refuses a dangling link itself, as a RepositoryError; a regular file is replaced', () => {
    const { repo, outside, up } = repository();
    link(repo, 'baseline.yaml', join(up, 'created.yaml'));
    expect(() => writeBaseline(join(repo.dir, 'baseline.yaml'), [])).toThrow(RepositoryError);
    expect(existsSync(join(outside, 'created.yaml'))).toBe(false);
    repo.write('regular.yaml', 'old text that is longer than the baseline will be, to show the file is truncated first\n'.repeat(20));
    writeBaseline(join(repo.dir, 'regular.yaml'), []);
    expect(readFileSync(join(repo.dir, 'regular.yaml'), 'utf8')).toMatch(/^# Findings approved as a baseline[\s\S]*ignore: \[\]\n$/);
  });
});
