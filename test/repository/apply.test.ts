import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckerRegistry } from 'schema-compat';
import { ProtobufChecker } from 'schema-compat/protobuf';
import { createRegistry } from 'schema-compat/registry';
import { applyPlan, checkRepository, loadConfig, planApply, pullRegistry } from 'schema-compat/repository';
import type { ApplyOptions } from 'schema-compat/repository';
import { startServer } from 'schema-compat/server';
import type { RunningServer } from 'schema-compat/server';
import { runCli } from '../../src/cli/run.js';

// pull, then check, plan and apply against the project's own registry (issue 25 items 1 and 2).

const order = (...extra: object[]): string => JSON.stringify({ type: 'record', name: 'Order', namespace: 'shop', fields: [{ name: 'id', type: 'long' }, ...extra] });
const NOTE = { name: 'note', type: 'string', default: '' };
const RUSH = { name: 'rush', type: 'boolean', default: false };
const EVENT = 'syntax = "proto3";\npackage shop;\nmessage Event { string id = 1; }\n';
const checkers = (): CheckerRegistry => CheckerRegistry.withDefaults().register(new ProtobufChecker());

let server: RunningServer;
let out: string;

beforeEach(async () => {
  server = await startServer({ port: 0, checkWorkers: 0, registry: createRegistry({ checkers: checkers() }) });
  await server.registry.setConfig(null, { compatibility: 'BACKWARD' });
  await server.registry.register('orders-value', order());
  await server.registry.register('orders-value', order(NOTE));
  await server.registry.setConfig('orders-value', { compatibility: 'FULL' });
  await server.registry.register('events-value', { schemaType: 'PROTOBUF', schema: EVENT });
  out = mkdtempSync(join(tmpdir(), 'schema-compat-pull-'));
});

afterEach(async () => {
  await server.close();
  rmSync(out, { recursive: true, force: true });
});

async function pullInto(folder: string): Promise<void> {
  const pulled = await pullRegistry({ url: server.url });
  for (const file of pulled.files) {
    mkdirSync(dirname(join(folder, file.path)), { recursive: true });
    writeFileSync(join(folder, file.path), file.text);
  }
}

const options = (): ApplyOptions => ({ url: server.url, check: { checkers: async () => checkers() } });
const config = () => loadConfig(join(out, '.schema-compat.yaml'));

describe('pullRegistry', () => {
  it('writes each subject as a file of its type and a configuration with the levels; check on the result passes', async () => {
    const pulled = await pullRegistry({ url: server.url });
    expect(pulled.files.map((file) => file.path)).toEqual(['schemas/events-value.proto', 'schemas/orders-value.avsc', '.schema-compat.yaml']);
    expect(pulled.files[2]?.text).toBe([
      `# Written by schema-compat pull from ${server.url}: the registry's subjects as files (docs/registry-workflow.md).`,
      `registry: "${server.url}"`,
      'defaults:',
      `  against: "registry:${server.url}"`,
      '  strategy: BACKWARD',
      'subjects:',
      '  - files: "schemas/orders-value.avsc"',
      '    subject: "{name}"',
      '    strategy: FULL',
      '  - files: "schemas/*.avsc"',
      '    subject: "{name}"',
      '  - files: "schemas/*.proto"',
      '    subject: "{name}"',
      '',
    ].join('\n'));
    await pullInto(out);
    const report = await checkRepository(config(), { checkers: async () => checkers() });
    expect([report.exitCode, report.subjects.map((subject) => [subject.subject.name, subject.status, subject.check?.result.strategy])]).toEqual([
      0, [['orders-value', 'compatible', 'FULL'], ['events-value', 'compatible', 'BACKWARD']],
    ]);
  });

  it('--subject keeps the subjects a glob matches; --all-versions writes older versions under history/, excluded', async () => {
    const pulled = await pullRegistry({ url: server.url, subject: 'orders-*', allVersions: true });
    expect(pulled.subjects).toEqual(['orders-value']);
    expect(pulled.files.map((file) => file.path)).toEqual(['schemas/orders-value.avsc', 'history/orders-value/1.avsc', '.schema-compat.yaml']);
    expect(pulled.files[1]?.text).toBe(order());
    expect(pulled.files[2]?.text.endsWith('exclude:\n  - "history/**"\n')).toBe(true);
  });
});

describe('planApply and applyPlan', () => {
  it('plans a level and new versions, writes them, and plans nothing the second time', async () => {
    await pullInto(out);
    writeFileSync(join(out, 'schemas/orders-value.avsc'), order(NOTE, RUSH));
    writeFileSync(join(out, 'schemas/payments-value.avsc'), JSON.stringify({ type: 'record', name: 'Payment', fields: [{ name: 'id', type: 'string' }] }));
    writeFileSync(join(out, '.schema-compat.yaml'), readFileSync(join(out, '.schema-compat.yaml'), 'utf8').replace('  - files: "schemas/*.proto"\n', '  - files: "schemas/*.proto"\n    strategy: FULL_TRANSITIVE\n'));
    const plan = await planApply(config(), options());
    expect(plan.subjects.map((subject) => [subject.subject, subject.status, subject.ours?.compatible, subject.theirs?.compatible])).toEqual([
      ['orders-value', 'changes', true, true], ['payments-value', 'changes', true, undefined], ['events-value', 'changes', true, true],
    ]);
    expect(plan.steps.map((step) => (step.kind === 'register' ? [step.kind, step.subject, step.newSubject] : step.kind === 'set-level' ? [step.kind, step.subject, step.from, step.to] : [step.kind]))).toEqual([
      ['register', 'orders-value', false], ['register', 'payments-value', true], ['set-level', 'events-value', 'BACKWARD', 'FULL_TRANSITIVE'],
    ]);
    expect(await server.registry.listSubjects()).toEqual(['events-value', 'orders-value']);
    const applied = await applyPlan(plan, options());
    expect([applied.exitCode, applied.nothingWritten, applied.applied.map((step) => [step.outcome, step.detail])]).toEqual([
      0, false, [['done', 'id 4'], ['done', 'id 5'], ['done', 'level FULL_TRANSITIVE']],
    ]);
    expect([await server.registry.listVersions('orders-value'), await server.registry.listVersions('payments-value'), await server.registry.compatibilityOf('events-value')]).toEqual([[1, 2, 3], [1], 'FULL_TRANSITIVE']);
    const again = await planApply(config(), options());
    expect([again.exitCode, again.steps, again.subjects.map((subject) => subject.existing)]).toEqual([
      0, [], [{ version: 3, id: 4, by: 'lookup' }, { version: 1, id: 5, by: 'lookup' }, { version: 1, id: 3, by: 'lookup' }],
    ]);
  });

  it('a subject the configuration does not name is listed, and soft-deleted only when asked', async () => {
    await pullInto(out);
    await server.registry.register('legacy-value', '"string"');
    const listed = await planApply(config(), options());
    expect([listed.unnamed, listed.steps]).toEqual([['legacy-value'], []]);
    const plan = await planApply(config(), { ...options(), deleteUnnamed: true });
    expect(plan.steps).toEqual([{ kind: 'soft-delete', subject: 'legacy-value' }]);
    const applied = await applyPlan(plan, options());
    expect(applied.applied.map((step) => [step.outcome, step.detail])).toEqual([['done', 'soft-deleted versions 1']]);
    expect([await server.registry.listSubjects(), await server.registry.listSubjects({ deleted: true })]).toEqual([['events-value', 'orders-value'], ['events-value', 'legacy-value', 'orders-value']]);
  });

  it('an incompatible subject: exit 1, and nothing written for any subject', async () => {
    await pullInto(out);
    writeFileSync(join(out, 'schemas/orders-value.avsc'), order(NOTE, { name: 'qty', type: 'int' }));
    writeFileSync(join(out, 'schemas/payments-value.avsc'), JSON.stringify({ type: 'record', name: 'Payment', fields: [{ name: 'id', type: 'string' }] }));
    const plan = await planApply(config(), options());
    expect([plan.exitCode, plan.subjects[0]?.status, plan.subjects[0]?.theirs?.compatible]).toEqual([1, 'incompatible', false]);
    const applied = await applyPlan(plan, options());
    expect([applied.exitCode, applied.nothingWritten, applied.applied]).toEqual([1, true, []]);
    expect(await server.registry.listSubjects()).toEqual(['events-value', 'orders-value']);
    expect(await server.registry.listVersions('orders-value')).toEqual([1, 2]);
  });

  it('a version that appeared after the plan (another writer) is reported and nothing is overwritten', async () => {
    await pullInto(out);
    writeFileSync(join(out, 'schemas/orders-value.avsc'), order(NOTE, RUSH));
    const plan = await planApply(config(), options());
    await server.registry.register('orders-value', order(NOTE, { name: 'other', type: 'string', default: '' }));
    const applied = await applyPlan(plan, options());
    expect([applied.exitCode, applied.nothingWritten, applied.applied.map((step) => [step.outcome, step.detail])]).toEqual([
      1, true, [['conflict', 'the plan saw version 2, the registry now has version 3: another writer; plan again']],
    ]);
    expect(await server.registry.listVersions('orders-value')).toEqual([1, 2, 3]);
  });
});

describe('schema-compat pull and apply (the CLI, in process)', () => {
  function io(cwd: string): { io: Parameters<typeof runCli>[1]; out: string[]; err: string[] } {
    const outText: string[] = [];
    const errText: string[] = [];
    const none = (): never => { throw new Error('not used'); };
    return {
      io: { readFile: (path) => readFileSync(join(cwd, path), 'utf8'), listFiles: none, readStdin: none, writeFile: none, appendFile: none, cwd: () => cwd, stdout: (text) => outText.push(text), stderr: (text) => errText.push(text), isTTY: false, env: {}, version: () => '0' },
      out: outText, err: errText,
    };
  }

  it('pull writes below --out and refuses a folder on the way that is a symbolic link; apply --dry-run writes nothing', async () => {
    const first = io(out);
    expect(await runCli(['pull', `registry:${server.url}`, '--out', 'repo'], first.io)).toBe(0);
    expect(first.out).toEqual(['wrote 2 subjects (3 files) to repo\n']);
    mkdirSync(join(out, 'elsewhere'));
    mkdirSync(join(out, 'linked'));
    symlinkSync(join(out, 'elsewhere'), join(out, 'linked', 'schemas'));
    const second = io(out);
    expect(await runCli(['pull', `registry:${server.url}`, '--out', 'linked'], second.io)).toBe(2);
    expect(second.err.join('')).toContain('a folder on its way is a symbolic link: schema-compat never writes through one');
    const dry = io(join(out, 'repo'));
    writeFileSync(join(out, 'repo', 'schemas/orders-value.avsc'), order(NOTE, RUSH));
    expect(await runCli(['apply', '--dry-run', '--format', 'json'], dry.io)).toBe(0);
    const json = JSON.parse(dry.out.join('')) as { plan: { steps: unknown[] } };
    expect(json.plan.steps).toEqual([{ kind: 'register', subject: 'orders-value', file: 'schemas/orders-value.avsc', schemaType: 'AVRO', newSubject: false }]);
    expect(await server.registry.listVersions('orders-value')).toEqual([1, 2]);
  });
});
