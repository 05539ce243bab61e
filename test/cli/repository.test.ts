import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findingFingerprint } from 'schema-compat';
import {
  CONFIG_PATH, CREATED_BREAKING, CREATED_PATH, ORDER_BREAKING, ORDER_PATH, PAYMENT_BREAKING, PAYMENT_PATH, SHOP_CONFIG, buildSchemaRepo, money, MONEY_PATH,
} from '../support/schema-repo.js';
import type { SchemaRepo } from '../support/schema-repo.js';
import { CHECK_USAGE_LINE, cliIn, parseAnnotation } from './support.js';
import type { Run } from './support.js';

// `schema-compat check` without files, run as users run it: dist/cli.js in a child process, with
// its working folder in the shop fixture (test/support/schema-repo.ts), a real git repository with
// an Avro, a JSON Schema and a Protobuf subject and a .schema-compat.yaml. Each test changes the
// work tree; the fixture is restored after it.

const schemaCompat = cliIn;

/** A usage mistake: exit 2, nothing on stdout, the error and then the usage line on stderr. */
function expectUsageError(run: Run, message: string): void {
  expect(run).toEqual({ code: 2, stdout: '', stderr: `error: ${message}\n${CHECK_USAGE_LINE}\n` });
}

/** `--format json` of a repository run. */
interface RepositoryJson {
  readonly config: string;
  readonly changedSince?: string;
  readonly unchanged?: readonly string[];
  readonly subjects: ReadonlyArray<{
    readonly subject: string;
    readonly file: string;
    readonly status: string;
    readonly compatible: boolean;
    readonly strategy: string;
    readonly checked: readonly number[];
    readonly incompatibilities: ReadonlyArray<{ readonly type: string; readonly direction: 'BACKWARD' | 'FORWARD'; readonly version: number; readonly location: string; readonly message: string; readonly fingerprint: string }>;
    readonly warnings: ReadonlyArray<{ readonly type: string; readonly fingerprint: string }>;
    readonly source: { readonly kind: string; readonly description: string; readonly versions: ReadonlyArray<{ readonly version: number; readonly label: string; readonly commit?: string }> };
    readonly ignored?: ReadonlyArray<{ readonly fingerprint: string; readonly ignoredBy: { readonly where: string } }>;
    readonly expiredIgnores?: ReadonlyArray<{ readonly fingerprint: string; readonly entry: { readonly where: string; readonly until?: string } }>;
  }>;
  readonly errors: ReadonlyArray<{ readonly subject: string; readonly file: string; readonly code: string; readonly message: string }>;
  readonly stale: ReadonlyArray<{ readonly where: string; readonly reason: string }>;
  readonly summary: string;
  readonly exitCode: number;
}

let fx: SchemaRepo;
let L: Readonly<Record<'c1' | 'c2' | 'c4' | 'c5', string>>;

beforeAll(() => {
  fx = buildSchemaRepo();
  L = { c1: fx.label('c1'), c2: fx.label('c2'), c4: fx.label('c4'), c5: fx.label('c5') };
});
afterEach(() => fx.restore());
afterAll(() => fx.remove());

/** The note of a subject whose newest committed version is its work-tree file. */
function committedNote(label: string): string {
  return `Note: the newest committed version, ${label}, equals the candidate (the change is committed): left out, so the candidate is compared with the versions before it`;
}

/** The text report's section of a compatible subject of the clean fixture. */
function cleanSection(subject: 'order' | 'events' | 'payment'): string[] {
  switch (subject) {
    case 'order':
      return ['== order-value (schemas/orders/order.avsc)', `Against git-log main: 2 versions of ${ORDER_PATH}: ${L.c1}, ${L.c2}`, committedNote(L.c4), `COMPATIBLE under BACKWARD_TRANSITIVE: checked versions ${L.c2}, ${L.c1}`];
    case 'events':
      return ['== events-created (schemas/events/created.json)', `Against git-log main: 2 versions of ${CREATED_PATH}: ${L.c1}, ${L.c2}`, committedNote(L.c5), `COMPATIBLE under BACKWARD: checked version ${L.c2}`];
    case 'payment':
      return ['== payment-value (proto/shop/payment.proto)', `Against git-log main: 2 versions of ${PAYMENT_PATH}: ${L.c1}, ${L.c4}`, committedNote(L.c5), `COMPATIBLE under FULL: checked version ${L.c4}`];
  }
}

const STALE_BOTH = [
  'Ignore entries that approved nothing (2): remove them, or check what they meant to match',
  '  .schema-compat.yaml:19 (subject payment-value, FIELD_SCALAR_KIND_CHANGED, at #/Payment/1)',
  '  .schema-compat.yaml:24 (fingerprint 0123456789abcdef)',
];

/** The fingerprint of the order's breaking change, as findingFingerprint computes it. */
const ORDER_FINGERPRINT = findingFingerprint({ direction: 'BACKWARD', type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/4', message: 'customer' }, 'order-value');

/** The text lines of the order's breaking change against one version. */
function missingCustomer(label: string): string[] {
  return [
    `${label}: 1 incompatibility`,
    `  READER_FIELD_MISSING_DEFAULT_VALUE at /fields/4 (BACKWARD: the candidate reads data written with ${label})`,
    "    The field 'customer' at path '/fields/4' in the new schema has no default value and is missing in the old schema",
    '    detail: customer',
    `    fingerprint: ${ORDER_FINGERPRINT}`,
  ];
}

describe('check without files: every subject of .schema-compat.yaml, one exit code', () => {
  it('a clean work tree: each subject\'s report under its name, the stale entries, the summary line; exit 0', async () => {
    const run = await schemaCompat(fx.dir, ['check']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe([
      'Repository .schema-compat.yaml',
      '',
      ...cleanSection('order'),
      '',
      ...cleanSection('events'),
      '',
      ...cleanSection('payment'),
      '',
      ...STALE_BOTH,
      '',
      '3 subjects: 3 compatible, 0 incompatible',
      '',
    ].join('\n'));
  });

  it('one incompatible subject: exit 1, its findings each with its fingerprint, the summary line 3 subjects: 2 compatible, 1 incompatible', async () => {
    fx.write({ [ORDER_PATH]: ORDER_BREAKING });
    const run = await schemaCompat(fx.dir, ['check']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe([
      'Repository .schema-compat.yaml',
      '',
      '== order-value (schemas/orders/order.avsc)',
      `Against git-log main: 3 versions of ${ORDER_PATH}: ${L.c1}, ${L.c2}, ${L.c4}`,
      `INCOMPATIBLE under BACKWARD_TRANSITIVE: 3 incompatibilities with versions ${L.c4}, ${L.c2}, ${L.c1}`,
      `Checked versions ${L.c4}, ${L.c2}, ${L.c1} (newest first).`,
      'Findings: listed by cause below.',
      '',
      ...cleanSection('events'),
      '',
      ...cleanSection('payment'),
      '',
      ...STALE_BOTH,
      '',
      // Issue 22: each cause once, where it is defined, the versions it breaks folded (was: the finding once per version).
      'Causes (1, 3 findings), each where it is defined:',
      '',
      `  READER_FIELD_MISSING_DEFAULT_VALUE at /fields/4 (${ORDER_PATH}:27)`,
      ...missingCustomer(L.c4).slice(2, 4),
      `    breaks: order-value ${L.c1}–${L.c4}`,
      `    3 findings; fingerprint: ${ORDER_FINGERPRINT}`,
      '',
      '3 subjects: 2 compatible, 1 incompatible',
      '',
    ].join('\n'));
  });

  it('a subject that cannot be checked: exit 2 (over an incompatible one), its error on stderr and in the report, the others still checked', async () => {
    fx.write({ [ORDER_PATH]: '{"type": "record", "name": "Order", "fields": [\n', [CREATED_PATH]: CREATED_BREAKING });
    const run = await schemaCompat(fx.dir, ['check']);
    const error = 'schemas/orders/order.avsc: at line 2, column 1: not valid JSON: expected a value, found the end of the text [INVALID_JSON]';
    expect(run.stderr).toBe(`error: order-value (schemas/orders/order.avsc): ${error}\n`);
    expect(run.code).toBe(2);
    const lines = run.stdout.split('\n');
    expect(lines.filter((line) => line.startsWith('== ') || line.startsWith('ERROR') || line.startsWith('INCOMPATIBLE') || line.startsWith('COMPATIBLE'))).toEqual([
      '== events-created (schemas/events/created.json)',
      `INCOMPATIBLE under BACKWARD: 1 incompatibility with version ${L.c5}`,
      '== payment-value (proto/shop/payment.proto)',
      `COMPATIBLE under FULL: checked version ${L.c4}`,
      '== order-value (schemas/orders/order.avsc)',
      `ERROR: ${error}`,
    ]);
    expect(lines.at(-2)).toBe('3 subjects: 1 compatible, 1 incompatible, 1 error');
  });

  it('an approval past its until date (2026-06-30) approves nothing: the payment break counts, the report says the approval expired', async () => {
    fx.write({ [PAYMENT_PATH]: PAYMENT_BREAKING });
    const run = await schemaCompat(fx.dir, ['check']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const section = run.stdout.slice(run.stdout.indexOf('== payment-value'), run.stdout.indexOf('Ignore entries that approved nothing'));
    expect(section).toBe([
      '== payment-value (proto/shop/payment.proto)',
      `Against git-log main: 3 versions of ${PAYMENT_PATH}: ${L.c1}, ${L.c4}, ${L.c5}`,
      `INCOMPATIBLE under FULL: 2 incompatibilities with version ${L.c5}`,
      `Checked version ${L.c5} (newest first).`,
      'Findings: listed by cause below.',
      '',
      'Approvals past their until date, counted again (2):',
      `  FIELD_SCALAR_KIND_CHANGED at #/Payment/1 (FORWARD, ${L.c5}), fingerprint ${findingFingerprint({ direction: 'FORWARD', type: 'FIELD_SCALAR_KIND_CHANGED', location: '#/Payment/1', message: 'int64 (GENERAL_NUMBER) became string (STRING_OR_BYTES)' }, 'payment-value')}`,
      '    the payment service reads ids as strings until PAY-12 ships [.schema-compat.yaml:19, until 2026-06-30]',
      `  FIELD_SCALAR_KIND_CHANGED at #/Payment/1 (BACKWARD, ${L.c5}), fingerprint ${findingFingerprint({ direction: 'BACKWARD', type: 'FIELD_SCALAR_KIND_CHANGED', location: '#/Payment/1', message: 'string (STRING_OR_BYTES) became int64 (GENERAL_NUMBER)' }, 'payment-value')}`,
      '    the payment service reads ids as strings until PAY-12 ships [.schema-compat.yaml:19, until 2026-06-30]',
      '',
      '',
    ].join('\n'));
    expect(run.stdout.endsWith('\n3 subjects: 2 compatible, 1 incompatible\n')).toBe(true);
  });

  it('finds the configuration from a subfolder, upward; names files relative to the working folder', async () => {
    const run = await schemaCompat(join(fx.dir, 'schemas', 'events'), ['check']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('Repository ../../.schema-compat.yaml');
    expect(lines.filter((line) => line.startsWith('== ') || line.startsWith('  ../'))).toEqual([
      '== order-value (../orders/order.avsc)',
      '== events-created (created.json)',
      '== payment-value (../../proto/shop/payment.proto)',
      '  ../../.schema-compat.yaml:19 (subject payment-value, FIELD_SCALAR_KIND_CHANGED, at #/Payment/1)',
      '  ../../.schema-compat.yaml:24 (fingerprint 0123456789abcdef)',
    ]);
    expect(lines.at(-2)).toBe('3 subjects: 3 compatible, 0 incompatible');
  });
});

/** A configuration of the order alone, every version under FULL_TRANSITIVE. */
const ORDERS_ONLY = [
  'defaults:',
  '  against: git-log:main',
  '  strategy: FULL_TRANSITIVE',
  'subjects:',
  '  - files: schemas/orders/*.avsc',
  '    subject: "{name}-value"',
  'references: schemas/common/**',
  '',
].join('\n');

/** The order's findings under FULL_TRANSITIVE: readers before the Money change (c3) read amount as an int. */
function orderForwardFindings(json: RepositoryJson): unknown {
  return json.subjects.map((subject) => ({
    subject: subject.subject,
    status: subject.status,
    strategy: subject.strategy,
    findings: subject.incompatibilities.map((finding) => `${finding.direction} ${finding.type} at ${finding.location} against ${subject.source.versions.find((version) => version.version === finding.version)?.label ?? '?'}`),
  }));
}

describe('--config and flags', () => {
  it('--config FILE: that configuration instead of the one found; its folder is the root', async () => {
    fx.write({ 'orders.schema-compat.yaml': ORDERS_ONLY });
    const run = await schemaCompat(fx.dir, ['check', '--config', 'orders.schema-compat.yaml', '--format', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout) as RepositoryJson;
    expect(json.config).toBe('orders.schema-compat.yaml');
    expect(orderForwardFindings(json)).toEqual([
      {
        subject: 'order-value', status: 'incompatible', strategy: 'FULL_TRANSITIVE',
        findings: [`FORWARD TYPE_MISMATCH at /fields/1/type/fields/0/type against ${L.c2}`, `FORWARD TYPE_MISMATCH at /fields/1/type/fields/0/type against ${L.c1}`],
      },
    ]);
    expect(json.summary).toBe('1 subject: 0 compatible, 1 incompatible');

    const fromSubfolder = await schemaCompat(join(fx.dir, 'proto'), ['check', '--config', '../orders.schema-compat.yaml', '--format', 'json']);
    expect(fromSubfolder.code).toBe(1);
    const again = JSON.parse(fromSubfolder.stdout) as RepositoryJson;
    expect(again.config).toBe('../orders.schema-compat.yaml');
    expect(orderForwardFindings(again)).toEqual(orderForwardFindings(json));
  });

  it('--config naming a missing file: exit 2 naming it', async () => {
    const run = await schemaCompat(fx.dir, ['check', '--config', 'missing.yaml']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: cannot read the configuration file missing\.yaml: ENOENT/);
  });

  it('--strategy overrides every subject\'s: under FULL_TRANSITIVE the order and the event fail against versions with the old shared types', async () => {
    const run = await schemaCompat(fx.dir, ['check', '--strategy', 'FULL_TRANSITIVE', '--format', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout) as RepositoryJson;
    expect(json.subjects.map(({ subject, status, strategy }) => ({ subject, status, strategy }))).toEqual([
      { subject: 'order-value', status: 'incompatible', strategy: 'FULL_TRANSITIVE' },
      { subject: 'events-created', status: 'incompatible', strategy: 'FULL_TRANSITIVE' },
      { subject: 'payment-value', status: 'compatible', strategy: 'FULL_TRANSITIVE' },
    ]);
    expect(json.summary).toBe('3 subjects: 1 compatible, 2 incompatible');
  });

  it('--against overrides every subject\'s source: each is compared with its file at that commit', async () => {
    const c1 = fx.commits['c1'] as string;
    const run = await schemaCompat(fx.dir, ['check', '--against', `git:${c1}`, '--format', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as RepositoryJson;
    expect(json.subjects.map(({ subject, source }) => ({ subject, kind: source.kind, description: source.description, commits: source.versions.map((version) => version.commit) }))).toEqual([
      { subject: 'order-value', kind: 'git', description: `git ${c1}: ${ORDER_PATH} at ${L.c1}`, commits: [c1] },
      { subject: 'events-created', kind: 'git', description: `git ${c1}: ${CREATED_PATH} at ${L.c1}`, commits: [c1] },
      { subject: 'payment-value', kind: 'git', description: `git ${c1}: ${PAYMENT_PATH} at ${L.c1}`, commits: [c1] },
    ]);
  });

  it('--changed-since main on a feature branch: only the subject whose file changed; the summary counts the others as unchanged', async () => {
    fx.repo.git('checkout', '-q', '-b', 'feature-cli');
    try {
      fx.repo.commit('orders: customer', { [ORDER_PATH]: ORDER_BREAKING }, '2026-02-09');
      const run = await schemaCompat(fx.dir, ['check', '--changed-since', 'main']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(1);
      const lines = run.stdout.split('\n');
      expect(lines.filter((line) => line.startsWith('== ') || line.startsWith('Ignore entries'))).toEqual(['== order-value (schemas/orders/order.avsc)']);
      expect(lines.at(-2)).toBe('3 subjects: 0 compatible, 1 incompatible, 2 unchanged since main (not checked)');

      const json = JSON.parse((await schemaCompat(fx.dir, ['check', '--changed-since', 'main', '--format', 'json'])).stdout) as RepositoryJson;
      expect({ changedSince: json.changedSince, unchanged: json.unchanged, subjects: json.subjects.map((subject) => subject.subject), stale: json.stale }).toEqual({
        changedSince: 'main', unchanged: ['events-created', 'payment-value'], subjects: ['order-value'], stale: [],
      });
    } finally {
      fx.restore();
      fx.repo.git('branch', '-q', '-D', 'feature-cli');
    }
  });
});

describe('--write-baseline', () => {
  it('writes an entry per failing finding with a TODO reason; the next run refuses the file at each reason\'s line (exit 2) until reasons are written', async () => {
    fx.write({ [ORDER_PATH]: ORDER_BREAKING, [CREATED_PATH]: CREATED_BREAKING });
    const written = await schemaCompat(fx.dir, ['check', '--write-baseline', 'approved.yaml']);
    expect(written.code).toBe(1);
    expect(written.stderr).toBe('wrote 2 entries to approved.yaml: write a reason for each, and name the file in the configuration\'s ignoreFiles\n');
    const text = readFileSync(join(fx.dir, 'approved.yaml'), 'utf8');
    expect(parseYaml(text)).toEqual({
      ignore: [
        { subject: 'order-value', fingerprint: ORDER_FINGERPRINT, type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/4', direction: 'BACKWARD', reason: 'TODO: say why this break is approved' },
        {
          subject: 'events-created',
          fingerprint: findingFingerprint({ direction: 'BACKWARD', type: 'TYPE_CHANGED', location: '#/properties/channel', message: "A type at path '#/properties/channel' is different between the reader schema and the writer schema" }, 'events-created'),
          type: 'TYPE_CHANGED', location: '#/properties/channel', direction: 'BACKWARD', reason: 'TODO: say why this break is approved',
        },
      ],
    });

    fx.write({ [CONFIG_PATH]: `${SHOP_CONFIG}ignoreFiles: [approved.yaml]\n` });
    const reasons = text.split('\n').flatMap((line, i) => (line.includes('reason:') ? [i + 1] : []));
    const refused = await schemaCompat(fx.dir, ['check']);
    const why = 'say why this break is approved: a reason of TODO (what --write-baseline writes) is refused [reason]';
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.split('\n').map((line) => line.replace(/^error: /, '').replace(/^.*approved\.yaml:/, 'approved.yaml:'))).toEqual([
      `approved.yaml:${reasons[0] as number}:13: ignore[0].reason: ${why}`,
      `approved.yaml:${reasons[1] as number}:13: ignore[1].reason: ${why}`,
      '',
    ]);
    // The file named as the configuration is: relative to the working folder (soft: the rest of the flow still runs).
    expect.soft(refused.stderr).toBe(`error: approved.yaml:${reasons[0] as number}:13: ignore[0].reason: ${why}\napproved.yaml:${reasons[1] as number}:13: ignore[1].reason: ${why}\n`);

    fx.write({ 'approved.yaml': text.replaceAll('"TODO: say why this break is approved"', 'consumers upgraded first (ORD-88)') });
    const approved = await schemaCompat(fx.dir, ['check']);
    expect(approved.stderr).toBe('');
    expect(approved.code).toBe(0);
    expect(approved.stdout).toContain(`\nApproved by ignore entries, not counted (3):\n  READER_FIELD_MISSING_DEFAULT_VALUE at /fields/4 (BACKWARD, ${L.c4}), fingerprint ${ORDER_FINGERPRINT}\n    consumers upgraded first (ORD-88) [approved.yaml:`);
    expect(approved.stdout.endsWith('\n3 subjects: 3 compatible, 0 incompatible\n')).toBe(true);
  });
});

describe('formats of a repository run', () => {
  it('--format json: the configuration, each subject with its status and fingerprinted findings, errors, stale entries, the summary and the exit code', async () => {
    fx.write({ [ORDER_PATH]: ORDER_BREAKING });
    const run = await schemaCompat(fx.dir, ['check', '--format', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout) as RepositoryJson;
    expect({
      config: json.config,
      subjects: json.subjects.map(({ subject, file, status, compatible, strategy, checked, incompatibilities }) => ({
        subject, file, status, compatible, strategy, checked,
        findings: incompatibilities.map(({ type, direction, version, location, fingerprint }) => ({ type, direction, version, location, fingerprint })),
      })),
      errors: json.errors,
      stale: json.stale,
      summary: json.summary,
      exitCode: json.exitCode,
    }).toEqual({
      config: '.schema-compat.yaml',
      subjects: [
        {
          subject: 'order-value', file: ORDER_PATH, status: 'incompatible', compatible: false, strategy: 'BACKWARD_TRANSITIVE', checked: [3, 2, 1],
          findings: [3, 2, 1].map((version) => ({ type: 'READER_FIELD_MISSING_DEFAULT_VALUE', direction: 'BACKWARD', version, location: '/fields/4', fingerprint: ORDER_FINGERPRINT })),
        },
        { subject: 'events-created', file: CREATED_PATH, status: 'compatible', compatible: true, strategy: 'BACKWARD', checked: [2], findings: [] },
        { subject: 'payment-value', file: PAYMENT_PATH, status: 'compatible', compatible: true, strategy: 'FULL', checked: [2], findings: [] },
      ],
      errors: [],
      stale: [
        { subject: 'payment-value', type: 'FIELD_SCALAR_KIND_CHANGED', location: '#/Payment/1', reason: 'the payment service reads ids as strings until PAY-12 ships', until: '2026-06-30', where: '.schema-compat.yaml:19' },
        { fingerprint: '0123456789abcdef', reason: 'approved during the January migration', where: '.schema-compat.yaml:24' },
      ],
      summary: '3 subjects: 2 compatible, 1 incompatible',
      exitCode: 1,
    });
  });

  it('--format json: a subject that cannot be checked is in `errors`; exit 2 in the document and of the process', async () => {
    fx.write({ [PAYMENT_PATH]: 'syntax = "proto3";\nmessage Payment {\n' });
    const run = await schemaCompat(fx.dir, ['check', '--format', 'json']);
    expect(run.code).toBe(2);
    const json = JSON.parse(run.stdout) as RepositoryJson;
    expect(json.subjects.map((subject) => subject.subject)).toEqual(['order-value', 'events-created']);
    expect(json.errors.map(({ subject, file, code }) => ({ subject, file, code }))).toEqual([{ subject: 'payment-value', file: PAYMENT_PATH, code: 'SCHEMA_PARSE_ERROR' }]);
    expect(json.errors[0]?.message).toMatch(/^proto\/shop\/payment\.proto: /);
    expect(run.stderr).toBe(`error: payment-value (${PAYMENT_PATH}): ${json.errors[0]?.message ?? ''}\n`);
    expect(json.summary).toBe('3 subjects: 2 compatible, 0 incompatible, 1 error');
    expect(json.exitCode).toBe(2);
  });

  it('--format json under --fail-on warning: a subject failing on warnings has the status the summary and the exit code give it', async () => {
    // Money's amount as a float: the order reads old ints and longs with less precision (LOSSY_PROMOTION warnings).
    fx.write({ [MONEY_PATH]: money('float') });
    const run = await schemaCompat(fx.dir, ['check', '--fail-on', 'warning', '--format', 'json']);
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout) as RepositoryJson;
    expect(json.subjects[0]?.warnings.map((warning) => warning.type)).toContain('LOSSY_PROMOTION');
    expect(json.summary).toBe('3 subjects: 2 compatible, 1 incompatible');
    expect(json.subjects.map(({ subject, status }) => ({ subject, status }))).toEqual([
      { subject: 'order-value', status: 'incompatible' },
      { subject: 'events-created', status: 'compatible' },
      { subject: 'payment-value', status: 'compatible' },
    ]);
  });

  it('--format github: each subject\'s annotations on its schema lines with fingerprints and its summary, then the run\'s summary', async () => {
    fx.write({ [ORDER_PATH]: ORDER_BREAKING, [CREATED_PATH]: CREATED_BREAKING });
    const run = await schemaCompat(fx.dir, ['check', '--format', 'github']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    const annotations = lines.filter((line) => line.startsWith('::')).map(parseAnnotation).map(({ level, properties, message }) => ({
      level, ...properties, fingerprint: /fingerprints?: ([0-9a-f]{16})/.exec(message)?.[1],
    }));
    const createdFingerprint = findingFingerprint({ direction: 'BACKWARD', type: 'TYPE_CHANGED', location: '#/properties/channel', message: "A type at path '#/properties/channel' is different between the reader schema and the writer schema" }, 'events-created');
    expect(annotations).toEqual([
      // Issue 22: one annotation per cause (was: one per finding and version).
      { level: 'error', file: ORDER_PATH, line: '27', col: '5', title: 'READER_FIELD_MISSING_DEFAULT_VALUE (/fields/4)', fingerprint: ORDER_FINGERPRINT },
      { level: 'error', file: CREATED_PATH, line: '18', col: '5', title: 'TYPE_CHANGED (#/properties/channel)', fingerprint: createdFingerprint },
    ]);
    expect(lines.filter((line) => !line.startsWith('::'))).toEqual([
      `schema-compat: INCOMPATIBLE under BACKWARD_TRANSITIVE: ${ORDER_PATH} against versions [${L.c4}, ${L.c2}, ${L.c1}] (against git-log main: 3 versions of ${ORDER_PATH}: ${L.c1}, ${L.c2}, ${L.c4}): 3 incompatibilities, 0 warnings`,
      `schema-compat: INCOMPATIBLE under BACKWARD: ${CREATED_PATH} against versions [${L.c5}] (against git-log main: 3 versions of ${CREATED_PATH}: ${L.c1}, ${L.c2}, ${L.c5}): 1 incompatibility, 0 warnings`,
      `schema-compat: COMPATIBLE under FULL: ${PAYMENT_PATH} against versions [${L.c4}] (against git-log main: 2 versions of ${PAYMENT_PATH}: ${L.c1}, ${L.c4}): 0 incompatibilities, 0 warnings`,
      'schema-compat: 3 subjects: 1 compatible, 2 incompatible',
    ]);
  });

  it('--format junit: one test suite per subject (an erroring one for a subject that cannot be checked), totals over the run', async () => {
    fx.write({ [ORDER_PATH]: ORDER_BREAKING, [PAYMENT_PATH]: 'syntax = "proto3";\nmessage Payment {\n' });
    const run = await schemaCompat(fx.dir, ['check', '--format', 'junit']);
    expect(run.code).toBe(2);
    const top = /<testsuites name="([^"]*)" tests="(\d+)" failures="(\d+)" errors="(\d+)">/.exec(run.stdout);
    expect(top?.slice(1)).toEqual(['schema-compat 3 subjects: 1 compatible, 1 incompatible, 1 error', '5', '3', '1']);
    const suites = [...run.stdout.matchAll(/<testsuite name="([^"]*)" tests="(\d+)" failures="(\d+)" errors="(\d+)"/g)].map((match) => match.slice(1));
    expect(suites).toEqual([
      [`schema-compat check ${ORDER_PATH} (BACKWARD_TRANSITIVE) against git-log main: 3 versions of ${ORDER_PATH}: ${L.c1}, ${L.c2}, ${L.c4}`, '3', '3', '0'],
      [`schema-compat check ${CREATED_PATH} (BACKWARD) against git-log main: 2 versions of ${CREATED_PATH}: ${L.c1}, ${L.c2}`, '1', '0', '0'],
      [`schema-compat check ${PAYMENT_PATH} (payment-value)`, '1', '0', '1'],
    ]);
    // Issue 22: a failure lists each cause once, where it is defined (was: each finding in full).
    expect(run.stdout.match(new RegExp(`READER_FIELD_MISSING_DEFAULT_VALUE at /fields/4 \\(${ORDER_PATH}:27\\): customer`, 'g'))).toHaveLength(3);
  });
});

describe('usage errors of a repository run', () => {
  it('--subject, --topic, --history and --registry-verdict belong to a check of CANDIDATE files', async () => {
    expectUsageError(await schemaCompat(fx.dir, ['check', '--subject', 'order-value']), '--subject cannot be used in a repository run (the configuration says them per subject)');
    expectUsageError(await schemaCompat(fx.dir, ['check', '--topic', 'orders', '--history', 'schemas']), '--history, --topic cannot be used in a repository run (the configuration says them per subject)');
  });

  it('--reference: the configuration\'s `references` name the shared files', async () => {
    expectUsageError(
      await schemaCompat(fx.dir, ['check', '--reference', 'shop.common.Money=schemas/common/money.avsc']),
      '--reference cannot be used in a repository run (the configuration\'s `references` name the shared files)',
    );
  });

  it('--format confluent answers for one subject', async () => {
    expectUsageError(await schemaCompat(fx.dir, ['check', '--format', 'confluent']), '--format confluent answers for one subject: give CANDIDATE and its history');
  });

  it('--config, --changed-since and --write-baseline with a CANDIDATE', async () => {
    expectUsageError(
      await schemaCompat(fx.dir, ['check', '--config', CONFIG_PATH, ORDER_PATH, '--against', 'git-log:main']),
      '--config cannot be used with CANDIDATE files (they belong to a repository run: check without files)',
    );
    expectUsageError(
      await schemaCompat(fx.dir, ['check', ORDER_PATH, '--against', 'git-log:main', '--changed-since', 'main', '--write-baseline', 'b.yaml']),
      '--changed-since, --write-baseline cannot be used with CANDIDATE files (they belong to a repository run: check without files)',
    );
  });

  it('no configuration in the folder or above it: exit 2 naming the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schema-compat-no-config-'));
    try {
      expectUsageError(
        await schemaCompat(dir, ['check']),
        `check needs a CANDIDATE and its history, or a configuration file: no .schema-compat.yaml (or .yml, .json) in ${dir} or a folder above it (docs/repository.md)`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a configuration with problems: exit 2, each problem at its file, line and column, nothing checked', async () => {
    fx.write({ [CONFIG_PATH]: SHOP_CONFIG.replace('  strategy: BACKWARD\n', '  strategy: BAKWARD\n').replace('    strategy: FULL\n', '    strategy: FULL\n    colour: blue\n') });
    const run = await schemaCompat(fx.dir, ['check']);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: [
        'error: .schema-compat.yaml:3:13: defaults.strategy: must be one of NONE, ALWAYS_INCOMPATIBLE, BACKWARD, BACKWARD_TRANSITIVE, FORWARD, FORWARD_TRANSITIVE, FULL, FULL_TRANSITIVE, ALWAYS_COMPATIBLE, DISABLED, BACKWARD_ALL, FORWARD_ALL, FULL_ALL, BOTH, not "BAKWARD" [enum]',
        '.schema-compat.yaml:13:5: subjects[2].colour: unknown key `colour` (known here: files, exclude, strategy, against, subject, topic, type, profile, policy, failOn, rules, skipUnparseable, findings) [additionalProperties]',
        '',
      ].join('\n'),
    });
  });
});
