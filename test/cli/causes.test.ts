import { afterEach, describe, expect, it } from 'vitest';
import type { FindingCause } from 'schema-compat/repository';
import { GITHUB_COMMENT_LIMIT, formatMarkdown } from '../../src/cli/format-markdown.js';
import type { CheckReport, RunReport } from '../../src/cli/report.js';
import { GitRepo } from '../support/git-repo.js';
import { cliIn, parseAnnotation } from './support.js';

// Issue 22 item 5: one finding per cause, and only what this change breaks. Real git repositories
// with tags; the built CLI run in them.

const repos: GitRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.remove();
});

/** A shared .proto (the scalar `int_value` on line 8) that `subjects` files import, and a configuration over them. */
function sharedProto(intType: string, extra = ''): string {
  return [
    'syntax = "proto3";',
    'package otel.common;',
    '',
    'message AnyValue {',
    '  oneof value {',
    '    string string_value = 1;',
    '    bool bool_value = 2;',
    `    ${intType} int_value = 3;`,
    '  }',
    '}',
    '',
    'message KeyValue {',
    '  string key = 1;',
    '  AnyValue value = 2;',
    '}',
    extra,
  ].join('\n');
}

function importing(name: string, revision: number): string {
  return `syntax = "proto3";\npackage otel.${name};\nimport "common/common.proto";\n\nmessage Data {\n  repeated otel.common.KeyValue attributes = 1;\n  otel.common.AnyValue body = 2;\n}\n// revision ${revision}\n`;
}

const NAMES = ['trace', 'logs', 'metrics'];
const CONFIG = 'defaults:\n  strategy: BACKWARD_TRANSITIVE\n  against: git-tags:v*\nsubjects:\n  - files: proto/*/*.proto\n    exclude: proto/common/**\nprotobuf:\n  importPaths: [proto]\n';

/** Tags v1..v5, each changing every file harmlessly, then a work tree whose int_value became a string. */
function otelLike(): GitRepo {
  const repo = GitRepo.create();
  repos.push(repo);
  for (let tag = 1; tag <= 5; tag++) {
    const files: Record<string, string> = { '.schema-compat.yaml': CONFIG, 'proto/common/common.proto': sharedProto('int64', `message Extra${tag} { string note = 1; }\n`) };
    for (const name of NAMES) files[`proto/${name}/${name}.proto`] = importing(name, tag);
    repo.commit(`v${tag}`, files);
    repo.git('tag', `v${tag}`);
  }
  repo.write('proto/common/common.proto', sharedProto('string', 'message Extra5 { string note = 1; }\n'));
  return repo;
}

describe('one finding per cause', () => {
  it('a scalar changed in a shared .proto is one cause, on its line, with each subject\'s versions folded', async () => {
    const repo = otelLike();
    const json = JSON.parse((await cliIn(repo.dir, ['check', '--format', 'json'])).stdout) as { causes: FindingCause[]; subjects: Array<{ incompatibilities: unknown[] }> };
    const findings = json.subjects.reduce((sum, subject) => sum + subject.incompatibilities.length, 0);
    expect(findings).toBeGreaterThan(30);
    expect(json.causes.map((cause) => ({ type: cause.type, origin: cause.origin, subjects: cause.subjects.map((entry) => [entry.subject, entry.versions]), findings: cause.findings }))).toEqual([{
      type: 'FIELD_SCALAR_KIND_CHANGED',
      origin: { file: 'proto/common/common.proto', line: 8, column: 12, element: 'otel.common.AnyValue.int_value' },
      subjects: ['logs', 'metrics', 'trace'].map((name) => [`proto/${name}/${name}.proto`, [1, 2, 3, 4, 5]]),
      findings,
    }]);

    const text = await cliIn(repo.dir, ['check']);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('Causes (1, ');
    expect(text.stdout).toContain('  FIELD_SCALAR_KIND_CHANGED at otel.common.AnyValue.int_value (proto/common/common.proto:8)\n');
    expect(text.stdout).toContain('    breaks: proto/logs/logs.proto v1–v5; proto/metrics/metrics.proto v1–v5; proto/trace/trace.proto v1–v5\n');
    expect(text.stdout.split('\n').filter((line) => line.includes('FIELD_SCALAR_KIND_CHANGED'))).toHaveLength(1);

    const github = await cliIn(repo.dir, ['check', '--format', 'github']);
    const annotations = github.stdout.split('\n').filter((line) => line.startsWith('::')).map(parseAnnotation);
    expect(annotations.map(({ level, properties }) => ({ level, ...properties }))).toEqual([
      { level: 'error', file: 'proto/common/common.proto', line: '8', col: '12', title: 'FIELD_SCALAR_KIND_CHANGED (otel.common.AnyValue.int_value)' },
    ]);
  });

  it('annotations: at most 10 errors, each cause on its line in .proto and .json files, then a notice of the rest and where the full report is', async () => {
    const repo = GitRepo.create();
    repos.push(repo);
    const fields = (type: string): string => Array.from({ length: 14 }, (_, at) => `  ${type} f${at + 1} = ${at + 1};`).join('\n');
    const config = 'defaults:\n  strategy: BACKWARD\n  against: git-log:main\nsubjects:\n  - files: "*.json"\n  - files: "*.proto"\n';
    repo.commit('v1', { '.schema-compat.yaml': config, 'wide.proto': `syntax = "proto3";\npackage wide;\nmessage Wide {\n${fields('int64')}\n}\n`, 'event.json': '{\n  "type": "object",\n  "properties": {\n    "id": {"type": "string"}\n  }\n}\n' });
    repo.write('wide.proto', `syntax = "proto3";\npackage wide;\nmessage Wide {\n${fields('string')}\n}\n`);
    repo.write('event.json', '{\n  "type": "object",\n  "properties": {\n    "id": {"type": "integer"}\n  }\n}\n');
    const run = await cliIn(repo.dir, ['check', '--format', 'github', '--report', 'text=full.txt']);
    expect(run.code).toBe(1);
    const annotations = run.stdout.split('\n').filter((line) => line.startsWith('::')).map(parseAnnotation);
    const errors = annotations.filter((annotation) => annotation.level === 'error');
    expect(errors).toHaveLength(10);
    expect(errors.every((annotation) => /^\d+$/.test(annotation.properties['line'] ?? ''))).toBe(true);
    expect(errors.some((annotation) => annotation.properties['file'] === 'event.json' && annotation.properties['line'] === '4')).toBe(true);
    expect(errors.find((annotation) => annotation.properties['file'] === 'wide.proto')?.properties['line']).toBe('4');
    const notice = annotations.find((annotation) => annotation.level === 'notice');
    expect(notice?.message).toBe('5 causes not shown as annotations (GitHub shows 10 error and 10 warning annotations per step): see the full report in full.txt');
    expect(run.stdout.split('\n').filter((line) => line.startsWith('schema-compat: error: FIELD_SCALAR_KIND_CHANGED'))).toHaveLength(5);
  });
});

describe('--findings new: only what this change breaks', () => {
  /** An Avro record with the fields given. */
  const record = (...fields: object[]): string => `${JSON.stringify({ type: 'record', name: 'User', namespace: 'acme', fields }, null, 2)}\n`;
  const ID_STRING = { name: 'id', type: 'string' };
  const ID_INT = { name: 'id', type: 'int' };

  /** v1 has a string id, v2 an int id (a break between earlier versions), v3 adds a field with a default. */
  function brokenHistory(): GitRepo {
    const repo = GitRepo.create();
    repos.push(repo);
    const config = 'defaults:\n  strategy: BACKWARD_TRANSITIVE\n  against: git-tags:v*\nsubjects:\n  - files: "*.avsc"\n';
    repo.commit('v1', { '.schema-compat.yaml': config, 'user.avsc': record(ID_STRING) });
    repo.git('tag', 'v1');
    repo.commit('v2', { 'user.avsc': record(ID_INT) });
    repo.git('tag', 'v2');
    repo.commit('v3', { 'user.avsc': record(ID_INT, { name: 'name', type: 'string', default: '' }) });
    repo.git('tag', 'v3');
    return repo;
  }

  it('a harmless change passes, the old break counted as pre-existing; all findings (the default) still fail on it', async () => {
    const repo = brokenHistory();
    repo.write('user.avsc', record(ID_INT, { name: 'name', type: 'string', default: '' }, { name: 'email', type: 'string', default: '' }));
    const all = await cliIn(repo.dir, ['check']);
    expect(all.code).toBe(1);
    const fresh = await cliIn(repo.dir, ['check', '--findings', 'new']);
    expect(fresh.stderr).toBe('');
    expect(fresh.code).toBe(0);
    expect(fresh.stdout).toContain('1 pre-existing finding between older versions, not caused by this change');
    const json = JSON.parse((await cliIn(repo.dir, ['check', '--findings', 'new', '--format', 'json'])).stdout) as { subjects: Array<{ preExisting: Array<{ type: string }> }>; exitCode: number };
    expect(json.subjects[0]?.preExisting.map((finding) => finding.type)).toEqual(['TYPE_MISMATCH']);
    expect(json.exitCode).toBe(0);
  });

  it('a new break fails, without the old one; the configuration says findings: new as well as the flag', async () => {
    const repo = brokenHistory();
    repo.write('.schema-compat.yaml', 'defaults:\n  strategy: BACKWARD_TRANSITIVE\n  against: git-tags:v*\n  findings: new\nsubjects:\n  - files: "*.avsc"\n');
    repo.write('user.avsc', record(ID_INT, { name: 'name', type: 'string', default: '' }, { name: 'email', type: 'string' }));
    const json = JSON.parse((await cliIn(repo.dir, ['check', '--format', 'json'])).stdout) as { subjects: Array<{ incompatibilities: Array<{ type: string; version: number }>; preExisting: unknown[] }>; exitCode: number };
    expect(json.exitCode).toBe(1);
    expect(json.subjects[0]?.incompatibilities.map((finding) => `${finding.type} ${finding.version}`)).toEqual(['READER_FIELD_MISSING_DEFAULT_VALUE 3', 'READER_FIELD_MISSING_DEFAULT_VALUE 2', 'READER_FIELD_MISSING_DEFAULT_VALUE 1']);
    expect(json.subjects[0]?.preExisting).toHaveLength(1);
  });
});

describe('the markdown report within GitHub\'s comment limit', () => {
  it('2,000 causes: whole rows, a pointer to the full report, under 65,536 characters', () => {
    const check: CheckReport = {
      subject: 'big.proto', candidate: { path: 'big.proto', schemaType: 'PROTOBUF', text: '' }, history: [{ version: 1, label: 'v1', text: '', schemaType: 'PROTOBUF', where: 'v1' }],
      failOn: 'incompatible', ignored: [], expired: [],
      result: { compatible: false, strategy: 'BACKWARD', checked: [1], incompatibilities: [], warnings: [] },
    };
    const causes: FindingCause[] = Array.from({ length: 2000 }, (_, at) => ({
      key: String(at), kind: 'incompatibility', type: 'FIELD_SCALAR_KIND_CHANGED', message: 'int64 (GENERAL_NUMBER) became string (STRING_OR_BYTES)',
      description: 'The kind of a SCALAR field does not match', origin: { file: 'big.proto', line: at + 4, element: `big.Wide.field_${at}` },
      subjects: [{ subject: 'big.proto', file: 'big.proto', versions: [1], directions: ['BACKWARD'], findings: [], through: [] }], findings: 1,
    }));
    const run: RunReport = { checks: [check], errors: [], repository: { configFile: '.schema-compat.yaml', unchanged: [], stale: [], causes } };
    const markdown = formatMarkdown(run, 'the full report in full.txt');
    expect(markdown.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    const rows = markdown.split('\n').filter((line) => line.startsWith('| `FIELD'));
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.every((row) => row.endsWith(' |') && (row.match(/`/g) ?? []).length % 2 === 0)).toBe(true);
    expect(markdown).toContain(`… ${2000 - rows.length} more causes: see the full report in full.txt.`);
    expect(markdown).toContain('### `big.proto`: **INCOMPATIBLE**');
  });
});
