import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckerRegistry } from 'schema-compat';
import { ProtobufChecker } from 'schema-compat/protobuf';
import { createRegistry } from 'schema-compat/registry';
import { applyPlan, checkRepository, loadConfig, planApply, pullRegistry } from 'schema-compat/repository';
import type { ApplyOptions, PlanStep } from 'schema-compat/repository';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';
import { runCli } from '../../src/cli/run.js';

// apply registers references (dependencies first, each under its own subject) and pull writes them back (issue 25).

const MONEY_PROTO = 'syntax = "proto3";\npackage shop;\nmessage Money { string currency = 1; int64 units = 2; }\n';
const META_PROTO = 'syntax = "proto3";\npackage shop;\nimport "shop/money.proto";\nmessage Meta { Money total = 1; }\n';
const EVENT_PROTO = 'syntax = "proto3";\npackage shop;\nimport "shop/meta.proto";\nmessage Event { string id = 1; Meta meta = 2; }\n';
const MONEY_AVRO = JSON.stringify({ type: 'record', name: 'Money', namespace: 'shop', fields: [{ name: 'units', type: 'long' }] });
const ORDER_AVRO = JSON.stringify({ type: 'record', name: 'Order', namespace: 'shop', fields: [{ name: 'id', type: 'long' }, { name: 'price', type: 'shop.Money' }] });
const ADDRESS_JSON = JSON.stringify({ type: 'object', properties: { street: { type: 'string' } } });
const CUSTOMER_JSON = JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { address: { $ref: '../common/address.json' } } });
const checkers = (): CheckerRegistry => CheckerRegistry.withDefaults().register(new ProtobufChecker());

let server: RunningServer;
let root: string;

beforeEach(async () => {
  server = await startServer({ port: 0, checkWorkers: 0, registry: createRegistry({ checkers: checkers() }) });
  root = mkdtempSync(join(tmpdir(), 'schema-compat-apply-refs-'));
});

afterEach(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

function write(files: Readonly<Record<string, string>>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const options = (): ApplyOptions => ({ url: server.url, check: { checkers: async () => checkers() } });
const config = () => loadConfig(join(root, '.schema-compat.yaml'));
const latest = async (subject: string): Promise<unknown> => (await fetch(`${server.url}/subjects/${encodeURIComponent(subject)}/versions/latest`)).json();
const shown = (step: PlanStep): unknown => (step.kind === 'register' ? [step.subject, step.file, step.newSubject, step.references ?? [], step.referencedBy] : [step.kind, step.subject]);

/** The numbered steps `schema-compat apply --dry-run` prints (the CLI in process, in the repository). */
async function dryRunText(): Promise<string[]> {
  const out: string[] = [];
  const none = (): never => { throw new Error('not used'); };
  const io: Parameters<typeof runCli>[1] = { readFile: (path) => readFileSync(join(root, path), 'utf8'), listFiles: none, readStdin: none, writeFile: none, appendFile: none, cwd: () => root, stdout: (text) => out.push(text), stderr: none, isTTY: false, env: {}, version: () => '0' };
  expect(await runCli(['apply', '--dry-run'], io)).toBe(0);
  return out.join('').split('\n').filter((line) => /^ {2}\d+\. /.test(line));
}

describe('apply with references', () => {
  it('registers each reference first under its own subject (a registered one reused), then the subject with its references; a second run plans nothing', async () => {
    write({
      '.schema-compat.yaml': [
        `registry: "${server.url}"`, 'defaults:', `  against: "registry:${server.url}"`, '  strategy: BACKWARD', 'subjects:',
        '  - files: "schemas/*.proto"', '    subject: "{name}"', '  - files: "schemas/*.avsc"', '    subject: "{name}"',
        '  - files: "schemas/*.json"', '    subject: "{name}"', 'references:', '  - "common/**"', 'protobuf:', '  importPaths: [common]', '',
      ].join('\n'),
      'schemas/events-value.proto': EVENT_PROTO, 'schemas/orders-value.avsc': ORDER_AVRO,
      'common/shop/money.proto': MONEY_PROTO, 'common/shop/meta.proto': META_PROTO, 'common/money.avsc': MONEY_AVRO,
      'schemas/customer-value.json': CUSTOMER_JSON, 'common/address.json': ADDRESS_JSON,
    });
    // Already in the registry under the subject apply gives it (its import path): reused, not registered again.
    await server.registry.register('shop/money.proto', { schemaType: 'PROTOBUF', schema: MONEY_PROTO });
    const plan = await planApply(config(), options());
    expect([plan.exitCode, plan.subjects.map((subject) => [subject.subject, subject.status])]).toEqual([0, [['events-value', 'changes'], ['orders-value', 'changes'], ['customer-value', 'changes']]]);
    // The reference subjects are the configuration's too: never listed for --delete.
    expect(plan.unnamed).toEqual([]);
    expect(plan.steps.map(shown)).toEqual([
      ['shop/meta.proto', 'common/shop/meta.proto', true, [{ name: 'shop/money.proto', subject: 'shop/money.proto', file: 'common/shop/money.proto', version: 1 }], 'events-value'],
      ['events-value', 'schemas/events-value.proto', true, [{ name: 'shop/meta.proto', subject: 'shop/meta.proto', file: 'common/shop/meta.proto' }], undefined],
      ['common/money.avsc', 'common/money.avsc', true, [], 'orders-value'],
      ['orders-value', 'schemas/orders-value.avsc', true, [{ name: 'shop.Money', subject: 'common/money.avsc', file: 'common/money.avsc' }], undefined],
      ['common/address.json', 'common/address.json', true, [], 'customer-value'],
      ['customer-value', 'schemas/customer-value.json', true, [{ name: '../common/address.json', subject: 'common/address.json', file: 'common/address.json' }], undefined],
    ]);
    expect(await server.registry.listSubjects()).toEqual(['shop/money.proto']);
    expect(await dryRunText()).toEqual([
      '  1. register reference (of events-value) common/shop/meta.proto as the first version of new subject shop/meta.proto, with references shop/money.proto -> shop/money.proto version 1',
      '  2. register schemas/events-value.proto as the first version of new subject events-value, with references shop/meta.proto -> shop/meta.proto (registered above)',
      '  3. register reference (of orders-value) common/money.avsc as the first version of new subject common/money.avsc',
      '  4. register schemas/orders-value.avsc as the first version of new subject orders-value, with references shop.Money -> common/money.avsc (registered above)',
      '  5. register reference (of customer-value) common/address.json as the first version of new subject common/address.json',
      '  6. register schemas/customer-value.json as the first version of new subject customer-value, with references ../common/address.json -> common/address.json (registered above)',
    ]);
    const applied = await applyPlan(plan, options());
    expect([applied.exitCode, applied.applied.map((step) => [step.outcome, step.detail])]).toEqual([0, [['done', 'id 2'], ['done', 'id 3'], ['done', 'id 4'], ['done', 'id 5'], ['done', 'id 6'], ['done', 'id 7']]]);
    expect(await latest('events-value')).toEqual({
      subject: 'events-value', version: 1, id: 3, schemaType: 'PROTOBUF', schema: EVENT_PROTO,
      references: [{ name: 'shop/meta.proto', subject: 'shop/meta.proto', version: 1 }],
    });
    expect(await latest('shop/meta.proto')).toEqual({
      subject: 'shop/meta.proto', version: 1, id: 2, schemaType: 'PROTOBUF', schema: META_PROTO,
      references: [{ name: 'shop/money.proto', subject: 'shop/money.proto', version: 1 }],
    });
    expect(await latest('orders-value')).toEqual({
      subject: 'orders-value', version: 1, id: 5, schema: ORDER_AVRO, references: [{ name: 'shop.Money', subject: 'common/money.avsc', version: 1 }],
    });
    expect(await latest('customer-value')).toEqual({
      subject: 'customer-value', version: 1, id: 7, schemaType: 'JSON', schema: CUSTOMER_JSON, references: [{ name: '../common/address.json', subject: 'common/address.json', version: 1 }],
    });
    const again = await planApply(config(), options());
    expect([again.exitCode, again.steps, again.unnamed, again.subjects.map((subject) => [subject.status, subject.existing])]).toEqual([
      0, [], [], [['unchanged', { version: 1, id: 3, by: 'lookup' }], ['unchanged', { version: 1, id: 5, by: 'lookup' }], ['unchanged', { version: 1, id: 7, by: 'lookup' }]],
    ]);
  });
});

describe('apply with references that cannot be registered', () => {
  it('a $ref cycle between reference files: check passes, the plan is an error for that subject and nothing is written', async () => {
    write({
      '.schema-compat.yaml': [`registry: "${server.url}"`, 'defaults:', `  against: "registry:${server.url}"`, 'subjects:', '  - files: "schemas/*.json"', '    subject: "{name}"', 'references:', '  - "common/**"', ''].join('\n'),
      'schemas/node-value.json': JSON.stringify({ type: 'object', properties: { a: { $ref: '../common/a.json' } } }),
      'common/a.json': JSON.stringify({ type: 'object', properties: { b: { $ref: 'b.json' } } }),
      'common/b.json': JSON.stringify({ type: 'object', properties: { a: { $ref: 'a.json' } } }),
    });
    const report = await checkRepository(config(), { checkers: async () => checkers() });
    expect([report.exitCode, report.subjects.map((subject) => subject.status)]).toEqual([0, ['compatible']]);
    const plan = await planApply(config(), options());
    expect([plan.exitCode, plan.steps, plan.subjects.map((subject) => [subject.status, subject.error])]).toEqual([
      2, [], [['error', 'schemas/node-value.json: its references form a cycle (schemas/node-value.json → common/a.json → common/b.json → common/a.json): a registry cannot register them']],
    ]);
    const applied = await applyPlan(plan, options());
    expect([applied.exitCode, applied.nothingWritten, await server.registry.listSubjects()]).toEqual([2, true, []]);
  });
});

describe('pull with references', () => {
  it('writes the references as files under refs/, and check on the result passes against the same registry', async () => {
    await server.registry.register('shop/money.proto', { schemaType: 'PROTOBUF', schema: MONEY_PROTO });
    await server.registry.register('shop/meta.proto', { schemaType: 'PROTOBUF', schema: META_PROTO, references: [{ name: 'shop/money.proto', subject: 'shop/money.proto', version: 1 }] });
    await server.registry.register('events-value', { schemaType: 'PROTOBUF', schema: EVENT_PROTO, references: [{ name: 'shop/meta.proto', subject: 'shop/meta.proto', version: 1 }] });
    await server.registry.register('money', MONEY_AVRO);
    await server.registry.register('orders-value', { schema: ORDER_AVRO, references: [{ name: 'shop.Money', subject: 'money', version: 1 }] });
    const pulled = await pullRegistry({ url: server.url, subject: '*-value' });
    expect(pulled.files.map((file) => [file.path, file.text])).toEqual([
      ['schemas/events-value.proto', EVENT_PROTO], ['refs/shop/meta.proto', META_PROTO], ['refs/shop/money.proto', MONEY_PROTO],
      ['schemas/orders-value.avsc', ORDER_AVRO], ['refs/money.v1.avsc', MONEY_AVRO], ['.schema-compat.yaml', expect.any(String) as string],
    ]);
    for (const file of pulled.files) write({ [file.path]: file.text });
    // The Avro reference's subject is not its path: a rule of its own names it, so that apply finds it registered.
    expect(pulled.files.at(-1)?.text).toContain('  - files: "refs/money.v1.avsc"\n    subject: "money"\n');
    const report = await checkRepository(config(), { checkers: async () => checkers() });
    expect([report.exitCode, report.subjects.map((subject) => [subject.subject.name, subject.status, subject.error?.message])]).toEqual([
      0, [['money', 'compatible', undefined], ['orders-value', 'compatible', undefined], ['events-value', 'compatible', undefined]],
    ]);
    const plan = await planApply(config(), options());
    expect([plan.exitCode, plan.steps, plan.subjects.map((subject) => [subject.subject, subject.status])]).toEqual([
      0, [], [['money', 'unchanged'], ['orders-value', 'unchanged'], ['events-value', 'unchanged']],
    ]);
  });
});
