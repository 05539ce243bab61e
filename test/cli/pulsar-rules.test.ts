import { createRequire } from 'node:module';
import protobufjs from 'protobufjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GitRepo } from '../support/git-repo.js';
import { CHECK_USAGE_LINE, cliIn } from './support.js';
import type { Run } from './support.js';

// `--rules pulsar-native-advanced` and Pulsar's types in a repository configuration (issue 26
// follow-up), run as users run them: dist/cli.js in a child process, in a real git repository whose
// one commit holds the first version of every file. A PROTOBUF_NATIVE file is the JSON of Pulsar's
// ProtobufNativeSchemaData (reference/pulsar.md §2.5); a KEY_VALUE file is its JSON form
// {key: {type, schema}, value: {type, schema}} (§2.7). Each test changes the work tree; it is put back after it.

const descriptor = createRequire(import.meta.url)('protobufjs/ext/descriptor') as { FileDescriptorSet: protobufjs.Type };

/** ProtobufNativeSchemaData of `message example.Order { body }`, as a Pulsar Java producer stores it. */
function nativeData(body: string): { fileDescriptorSet: string; rootMessageTypeName: string; rootFileDescriptorName: string } {
  const root = protobufjs.parse(`syntax = "proto3"; package example; message Order { ${body} }`, { keepCase: true }).root;
  const set = (root as unknown as { toDescriptor(syntax: string): protobufjs.Message & { file: Array<{ name: string }> } }).toDescriptor('proto3');
  for (const file of set.file) file.name = 'order.proto';
  const bytes = descriptor.FileDescriptorSet.encode(set).finish();
  return { fileDescriptorSet: Buffer.from(bytes).toString('base64'), rootMessageTypeName: 'example.Order', rootFileDescriptorName: 'order.proto' };
}

const CONFIG = '.schema-compat.yaml';
const NATIVE = 'native/order.json';
const KV = 'kv/order.json';
const USER = 'avro/user.avsc';
const V1 = JSON.stringify(nativeData('int32 id = 1;'));
/** id's wire type changes: the root message is the same (mainline rule passes), the advanced rules refuse it (TYPE_CHANGED). */
const RETYPED = JSON.stringify(nativeData('string id = 1;'));
const kv = (value: object): string => JSON.stringify({ key: { type: 'STRING' }, value: { type: 'PROTOBUF_NATIVE', schema: value } });
const USER_TEXT = '{"type": "record", "name": "User", "fields": [{"name": "id", "type": "long"}]}\n';

function config(nativeRules = ''): string {
  return `defaults:\n  against: git-log\nsubjects:\n  - files: "native/*.json"\n    type: protobuf-native\n${nativeRules}  - files: "kv/*.json"\n    type: key-value\n  - files: "avro/*.avsc"\n`;
}

interface RunJson {
  readonly subjects: ReadonlyArray<{ readonly subject: string; readonly status: string; readonly incompatibilities: ReadonlyArray<{ readonly type: string; readonly location: string }> }>;
}

let repo: GitRepo;
const run = (...args: string[]): Promise<Run> => cliIn(repo.dir, args);
/** Each subject's status and the types and places of its findings, from `--format json`. */
const verdicts = async (...args: string[]): Promise<{ code: number | null; verdicts: Record<string, string> }> => {
  const done = await run('check', '--format', 'json', ...args);
  expect(done.stderr).toBe('');
  const json = JSON.parse(done.stdout) as RunJson;
  return { code: done.code, verdicts: Object.fromEntries(json.subjects.map((subject) => [subject.subject, [subject.status, ...subject.incompatibilities.map((finding) => `${finding.type} ${finding.location}`)].join(' ')])) };
};

function usageError(done: Run, message: string): void {
  expect(done).toEqual({ code: 2, stdout: '', stderr: `error: ${message}\n${CHECK_USAGE_LINE}\n` });
}

beforeAll(() => {
  repo = GitRepo.create('schema-compat-pulsar-rules-');
  repo.commit('first versions', { [CONFIG]: config(), [NATIVE]: V1, [KV]: kv(JSON.parse(V1) as object), [USER]: USER_TEXT });
});
afterEach(() => {
  repo.git('checkout', '-q', '--', '.');
  repo.git('clean', '-q', '-fd');
});
afterAll(() => repo.remove());

describe('check --type protobuf-native --rules pulsar-native-advanced', () => {
  it('a field that changes its wire type: compatible under Pulsar\'s root-message rule, TYPE_CHANGED under the advanced rules', async () => {
    repo.write('next.json', RETYPED);
    const mainline = await run('check', '--type', 'protobuf-native', 'next.json', NATIVE);
    expect([mainline.code, mainline.stderr]).toEqual([0, '']);
    expect(mainline.stdout).toContain('COMPATIBLE under BACKWARD');
    const advanced = await run('check', '--type', 'protobuf-native', '--rules', 'Pulsar-Native-Advanced', 'next.json', NATIVE);
    expect([advanced.code, advanced.stderr]).toEqual([1, '']);
    expect(advanced.stdout).toContain('TYPE_CHANGED: path=example.Order.id, field=1, writer=int32, reader=string');
  });

  it('a KEY_VALUE whose value is PROTOBUF_NATIVE: the advanced rules check the value side, as the broker\'s KEY_VALUE checker does', async () => {
    repo.write('next-kv.json', kv(JSON.parse(RETYPED) as object));
    const mainline = await run('check', '--type', 'key-value', 'next-kv.json', KV);
    expect([mainline.code, mainline.stderr]).toEqual([0, '']);
    const advanced = await run('check', '--type', 'key-value', '--rules', 'pulsar-native-advanced', 'next-kv.json', KV);
    expect([advanced.code, advanced.stderr]).toEqual([1, '']);
    expect(advanced.stdout).toContain('TYPE_CHANGED at /value/example.Order.id');
  });

  it('is refused for a candidate of another type, and Protobuf\'s rule sets are refused for protobuf-native', async () => {
    usageError(await run('check', USER, USER, '--rules', 'pulsar-native-advanced'), '--rules pulsar-native-advanced chooses Pulsar\'s advanced PROTOBUF_NATIVE rules (--type protobuf-native or key-value), and avro/user.avsc is an AVRO schema: remove --rules');
    usageError(await run('check', '--type', 'protobuf-native', NATIVE, NATIVE, '--rules', 'buf-wire'), `--rules buf-wire chooses Protobuf's rules, and ${NATIVE} is a PROTOBUF_NATIVE schema: remove --rules`);
  });
});

describe('a repository run with type: protobuf-native and type: key-value subjects', () => {
  it('checks native and KeyValue files against their git history; rules: pulsar-native-advanced (or --rules) chooses the advanced rules', async () => {
    repo.write(NATIVE, RETYPED).write(KV, kv(JSON.parse(RETYPED) as object));
    expect(await verdicts()).toEqual({ code: 0, verdicts: { [NATIVE]: 'compatible', [KV]: 'compatible', [USER]: 'compatible' } });
    // --rules overrides every subject; the Avro subject ignores a rule set that is not its type's.
    expect(await verdicts('--rules', 'pulsar-native-advanced')).toEqual({ code: 1, verdicts: {
      [NATIVE]: 'incompatible TYPE_CHANGED /example.Order.id',
      [KV]: 'incompatible TYPE_CHANGED /value/example.Order.id',
      [USER]: 'compatible',
    } });
    repo.write(CONFIG, config('    rules: pulsar-native-advanced\n'));
    expect(await verdicts()).toEqual({ code: 1, verdicts: { [NATIVE]: 'incompatible TYPE_CHANGED /example.Order.id', [KV]: 'compatible', [USER]: 'compatible' } });
  });

  it('a rule whose rules do not apply to its type or files is a configuration error', async () => {
    repo.write(CONFIG, config('    rules: buf-wire\n'));
    const protobufRules = await run('check');
    expect(protobufRules.code).toBe(2);
    expect(protobufRules.stderr).toContain('rules (buf-wire) are Protobuf\'s, and this rule\'s type is protobuf-native: remove one of them');
    repo.write(CONFIG, 'defaults:\n  against: git-log\nsubjects:\n  - files: "avro/*.avsc"\n    rules: pulsar-native-advanced\n');
    const avro = await run('check');
    expect(avro.code).toBe(2);
    expect(avro.stderr).toContain('subjects[0] sets rules: pulsar-native-advanced, which are Pulsar\'s PROTOBUF_NATIVE rules, and takes avro/user.avsc, an AVRO schema: give it type: protobuf-native or key-value, or move rules to a rule of its own');
    repo.write(CONFIG, 'subjects:\n  - files: "avro/*.avsc"\n    type: pulsar\n');
    const badType = await run('check');
    expect(badType).toEqual({ code: 2, stdout: '', stderr: 'error: .schema-compat.yaml:3:11: subjects[0].type: must be one of avro, json, protobuf, key-value, protobuf-native, not "pulsar" [enum]\n' });
  });
});
