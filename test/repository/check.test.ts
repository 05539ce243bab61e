import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CheckerRegistry, findingFingerprint } from 'schema-compat';
import { ProtobufChecker } from 'schema-compat/protobuf';
import { SourceError } from 'schema-compat/sources';
import {
  BASELINE_REASON, ConfigError, RepositoryError, baselineEntries, checkRepository, fillSubjectTemplate, listSubjects, loadConfig, writeBaseline,
} from 'schema-compat/repository';
import type { CheckRepositoryOptions, FingerprintedFinding, IgnoreEntry, RepositoryConfig, RepositoryReport, Subject, SubjectOutcome } from 'schema-compat/repository';
import {
  ADDRESS_1, ADDRESS_2, ADDRESS_PATH, CONFIG_PATH, CREATED_BREAKING, CREATED_PATH, CUSTOMER_1, CUSTOMER_ID, CUSTOMER_PATH, MONEY_1, MONEY_2, MONEY_PATH,
  ORDER_4, ORDER_BREAKING, ORDER_PATH, PAYMENT_BREAKING, PAYMENT_PATH, PROTO_MONEY_1, PROTO_MONEY_2, PROTO_MONEY_PATH, SHOP_CONFIG, SUBJECTS,
  address, buildSchemaRepo, customer, money, order, protoMoney, shopConfig,
} from '../support/schema-repo.js';
import type { SchemaRepo } from '../support/schema-repo.js';

// checkRepository on the shop fixture (test/support/schema-repo.ts): a real git repository with an
// Avro, a JSON Schema and a Protobuf subject, their shared files and five commits on main. Each
// test changes the work tree (or adds commits) and the fixture is restored after it.

/** The day `until` dates are compared with: before the fixture's approval runs out (2026-06-30). */
const TODAY = '2026-03-01';

/** The checkers of a subject, as the command line makes them: the built-in ones and Protobuf's. */
async function checkers(subject: Subject): Promise<CheckerRegistry> {
  return CheckerRegistry.withDefaults({ avro: { profile: subject.profile ?? 'confluent' }, json: { policy: subject.policy } }).register(new ProtobufChecker());
}

/** What a test compares of a subject's outcome: versions and findings by their commit labels. */
interface Outcome {
  readonly subject: string;
  readonly status: SubjectOutcome['status'];
  readonly strategy?: string;
  readonly versions?: readonly string[];
  readonly checked?: readonly string[];
  readonly findings?: readonly string[];
  readonly ignored?: readonly string[];
  readonly expired?: readonly string[];
  readonly error?: { readonly code: string; readonly message: string };
}

function outcomeOf(outcome: SubjectOutcome): Outcome {
  const check = outcome.check;
  if (check === undefined) return { subject: outcome.subject.name, status: outcome.status, ...(outcome.error === undefined ? {} : { error: outcome.error }) };
  const label = (version: number): string => check.versions.find((entry) => entry.version === version)?.label ?? `version ${version}`;
  const finding = (found: FingerprintedFinding): string => `${found.direction} ${found.type} at ${found.location} against ${label(found.version)}`;
  return {
    subject: outcome.subject.name,
    status: outcome.status,
    strategy: check.result.strategy,
    versions: check.versions.map((version) => version.label),
    checked: check.result.checked.map(label),
    findings: [...check.result.incompatibilities, ...check.result.warnings].map(finding),
    ignored: check.ignored.map(({ finding: found, entry }) => `${finding(found)}, by ${entry.where}`),
    expired: check.expired.map(({ finding: found, entry }) => `${finding(found)}, by ${entry.where} until ${entry.until ?? '?'}`),
  };
}

/** The ConfigError `load` throws. */
function configErrorOf(load: () => unknown): ConfigError {
  try {
    load();
  } catch (error: unknown) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError, the configuration loaded');
}

function outcomes(report: RepositoryReport): Outcome[] {
  return report.subjects.map(outcomeOf);
}

function outcomeNamed(report: RepositoryReport, name: string): SubjectOutcome {
  const found = report.subjects.find((outcome) => outcome.subject.name === name);
  if (found === undefined) throw new Error(`no subject ${name} in the report: ${report.subjects.map((outcome) => outcome.subject.name).join(', ')}`);
  return found;
}

/** The findings of a subject that count (incompatibilities), fingerprinted. */
function findingsOf(report: RepositoryReport, name: string): readonly FingerprintedFinding[] {
  return outcomeNamed(report, name).check?.result.incompatibilities ?? [];
}

let fx: SchemaRepo;
/** Commit labels of the fixture: `a1b2c3d (2026-01-05)`. */
let L: Readonly<Record<'c1' | 'c2' | 'c3' | 'c4' | 'c5', string>>;

/** The configuration file, as ignore entries name it (relative to the working folder). */
function where(line: number, file = CONFIG_PATH): string {
  return `${relative(process.cwd(), join(fx.dir, file))}:${line}`;
}

function config(file = CONFIG_PATH): RepositoryConfig {
  return loadConfig(join(fx.dir, file));
}

async function check(options: CheckRepositoryOptions = {}, file = CONFIG_PATH): Promise<RepositoryReport> {
  return checkRepository(config(file), { today: TODAY, checkers, ...options });
}

beforeAll(() => {
  fx = buildSchemaRepo();
  L = { c1: fx.label('c1'), c2: fx.label('c2'), c3: fx.label('c3'), c4: fx.label('c4'), c5: fx.label('c5') };
});
afterEach(() => fx.restore());
afterAll(() => fx.remove());

/** What every run of the shop's configuration reports as stale when no payment break is there to approve. */
const BOTH_STALE = (): string[] => [where(19), where(24)];

describe('subjects: files taken by rules, named by templates', () => {
  it('lists the three subjects, each taken by its rule, named by its template, with the rule\'s or the defaults\' settings', () => {
    expect(listSubjects(config())).toEqual([
      {
        name: 'order-value', file: ORDER_PATH, schemaType: 'AVRO', rule: 'subjects[0]', strategy: 'BACKWARD_TRANSITIVE', against: 'git-log:main',
        registrySubject: 'order-value', policy: 'STRICT', failOn: 'incompatible', skipUnparseable: false, findings: 'all',
      },
      {
        name: 'events-created', file: CREATED_PATH, schemaType: 'JSON', rule: 'subjects[1]', strategy: 'BACKWARD', against: 'git-log:main',
        registrySubject: 'events-created', policy: 'STRICT', failOn: 'incompatible', skipUnparseable: false, findings: 'all',
      },
      {
        name: 'payment-value', file: PAYMENT_PATH, schemaType: 'PROTOBUF', rule: 'subjects[2]', strategy: 'FULL', against: 'git-log:main',
        registrySubject: 'payment-value', policy: 'STRICT', failOn: 'incompatible', skipUnparseable: false, findings: 'all',
      },
    ]);
  });

  it('flags override the rule and the defaults for every subject; the subject template is the configuration\'s', () => {
    const subjects = listSubjects(config(), { strategy: 'NONE', against: 'git:main', failOn: 'warning' });
    expect(subjects.map(({ name, strategy, against, failOn }) => ({ name, strategy, against, failOn }))).toEqual(SUBJECTS.map((name) => ({ name, strategy: 'NONE', against: 'git:main', failOn: 'warning' })));
  });

  it('fills {name}, {dir} and {path}; without a template a subject is named by its path', () => {
    expect(fillSubjectTemplate('{name}-value', ORDER_PATH)).toBe('order-value');
    expect(fillSubjectTemplate('{dir}.{name}', ORDER_PATH)).toBe('orders.order');
    expect(fillSubjectTemplate('{path}', PAYMENT_PATH)).toBe('proto/shop/payment');
    expect(fillSubjectTemplate('shop-{dir}-{name}-value', 'schemas/events/order.created.json')).toBe('shop-events-order.created-value');
    fx.write({ [CONFIG_PATH]: 'defaults:\n  against: git-log:main\nsubjects:\n  - files: "schemas/{orders,events}/*"\n' });
    expect(listSubjects(config()).map(({ name, schemaType }) => ({ name, schemaType }))).toEqual([
      { name: CREATED_PATH, schemaType: 'JSON' },
      { name: ORDER_PATH, schemaType: 'AVRO' },
    ]);
  });

  it('the first rule that matches a file takes it; a later rule that matches it too takes nothing more', () => {
    fx.write({
      [CONFIG_PATH]: [
        'defaults:',
        '  against: git-log:main',
        'subjects:',
        '  - files: schemas/orders/*.avsc',
        '    strategy: FULL',
        '    subject: "first-{name}"',
        '  - files: "schemas/**/*.avsc"',
        '    exclude: "schemas/common/**"',
        '    strategy: NONE',
        '    subject: "second-{name}"',
        'references: schemas/common/**',
        '',
      ].join('\n'),
    });
    const subjects = listSubjects(config());
    expect(subjects.map(({ name, rule, strategy }) => ({ name, rule, strategy }))).toEqual([{ name: 'first-order', rule: 'subjects[0]', strategy: 'FULL' }]);
  });

  it('a rule that matches no file stops the run with a RepositoryError naming the rule and its globs', async () => {
    fx.write({ [CONFIG_PATH]: `${SHOP_CONFIG.replace('subjects:\n', 'subjects:\n  - files: [schemas/payments/*.avsc, legacy/*.avsc]\n')}` });
    const file = join(fx.dir, CONFIG_PATH);
    const expected = `${file}: subjects[0] (schemas/payments/*.avsc, legacy/*.avsc) matches no file`;
    expect(() => listSubjects(config())).toThrow(RepositoryError);
    expect(() => listSubjects(config())).toThrow(expected);
    await expect(check()).rejects.toThrow(expected);
  });

  it('two files with the same subject name stop the run with a RepositoryError naming both', async () => {
    fx.write({
      'schemas/orders/refund.avsc': order({ name: 'id', type: 'string' }),
      [CONFIG_PATH]: SHOP_CONFIG.replace('  - files: schemas/orders/*.avsc\n', '  - files: schemas/orders/*.avsc\n    subject: "{dir}-value"\n'),
    });
    const expected = `${join(fx.dir, CONFIG_PATH)}: schemas/orders/order.avsc and schemas/orders/refund.avsc are both subject orders-value: give subjects[0] a subject template that tells them apart ({path}, {dir})`;
    await expect(check()).rejects.toThrow(RepositoryError);
    await expect(check()).rejects.toThrow(expected);
  });

  it('a configuration without subjects is a run with nothing to check: a RepositoryError, not a silent pass', async () => {
    fx.write({ [CONFIG_PATH]: 'defaults:\n  against: git-log:main\nreferences: schemas/common/**\n' });
    await expect(check()).rejects.toBeInstanceOf(RepositoryError);
  });
});

describe('checkRepository: every subject against its own history', () => {
  it('a clean work tree: each subject compatible with the versions before its own committed one; exit 0, both ignore entries stale', async () => {
    const report = await check();
    expect(outcomes(report)).toEqual([
      { subject: 'order-value', status: 'compatible', strategy: 'BACKWARD_TRANSITIVE', versions: [L.c1, L.c2], checked: [L.c2, L.c1], findings: [], ignored: [], expired: [] },
      { subject: 'events-created', status: 'compatible', strategy: 'BACKWARD', versions: [L.c1, L.c2], checked: [L.c2], findings: [], ignored: [], expired: [] },
      { subject: 'payment-value', status: 'compatible', strategy: 'FULL', versions: [L.c1, L.c4], checked: [L.c4], findings: [], ignored: [], expired: [] },
    ]);
    expect(report.stale.map((entry) => entry.where)).toEqual(BOTH_STALE());
    expect(report.unchanged).toEqual([]);
    expect(report.exitCode).toBe(0);
    expect(report.configFile).toBe(join(fx.dir, CONFIG_PATH));
    expect(report.root).toBe(fx.dir);
    expect(outcomeNamed(report, 'order-value').check?.source).toEqual({
      kind: 'git-log',
      description: `git-log main: 2 versions of ${ORDER_PATH}: ${L.c1}, ${L.c2}`,
      notes: [`the newest committed version, ${L.c4}, equals the candidate (the change is committed): left out, so the candidate is compared with the versions before it`],
      isNew: false,
      skipped: [],
    });
  });

  it('a breaking change in each subject: the golden findings; the payment break approved by its entry; exit 1', async () => {
    fx.write({ [ORDER_PATH]: ORDER_BREAKING, [CREATED_PATH]: CREATED_BREAKING, [PAYMENT_PATH]: PAYMENT_BREAKING });
    const report = await check();
    expect(outcomes(report)).toEqual([
      {
        subject: 'order-value', status: 'incompatible', strategy: 'BACKWARD_TRANSITIVE', versions: [L.c1, L.c2, L.c4], checked: [L.c4, L.c2, L.c1],
        findings: [
          `BACKWARD READER_FIELD_MISSING_DEFAULT_VALUE at /fields/4 against ${L.c4}`,
          `BACKWARD READER_FIELD_MISSING_DEFAULT_VALUE at /fields/4 against ${L.c2}`,
          `BACKWARD READER_FIELD_MISSING_DEFAULT_VALUE at /fields/4 against ${L.c1}`,
        ],
        ignored: [], expired: [],
      },
      {
        subject: 'events-created', status: 'incompatible', strategy: 'BACKWARD', versions: [L.c1, L.c2, L.c5], checked: [L.c5],
        findings: [`BACKWARD TYPE_CHANGED at #/properties/channel against ${L.c5}`], ignored: [], expired: [],
      },
      {
        subject: 'payment-value', status: 'compatible', strategy: 'FULL', versions: [L.c1, L.c4, L.c5], checked: [L.c5], findings: [],
        ignored: [
          `FORWARD FIELD_SCALAR_KIND_CHANGED at #/Payment/1 against ${L.c5}, by ${where(19)}`,
          `BACKWARD FIELD_SCALAR_KIND_CHANGED at #/Payment/1 against ${L.c5}, by ${where(19)}`,
        ],
        expired: [],
      },
    ]);
    expect(report.stale.map((entry) => entry.where)).toEqual([where(24)]);
    expect(report.exitCode).toBe(1);
    // The approved findings are left out of the result, which says compatible.
    expect(outcomeNamed(report, 'payment-value').check?.result).toMatchObject({ compatible: true, incompatibilities: [], warnings: [] });
    expect(outcomeNamed(report, 'payment-value').check?.fails).toBe(false);
  });

  it('a subject whose history cannot be loaded (against git-log:nope) is an error of its own; the others are still checked; exit 2', async () => {
    fx.write({
      [CONFIG_PATH]: SHOP_CONFIG.replace('    subject: "events-{name}"\n', '    subject: "events-{name}"\n    against: git-log:nope\n'),
      [ORDER_PATH]: ORDER_BREAKING,
    });
    const report = await check();
    expect(outcomes(report).map(({ subject, status, error }) => ({ subject, status, ...(error === undefined ? {} : { error }) }))).toEqual([
      { subject: 'order-value', status: 'incompatible' },
      {
        subject: 'events-created', status: 'error',
        error: {
          code: 'UNKNOWN_REF',
          message: expect.stringMatching(/^git-log nope: git knows no commit named "nope"\. /) as unknown as string,
        },
      },
      { subject: 'payment-value', status: 'compatible' },
    ]);
    expect(report.exitCode).toBe(2);
  });

  it('a subject whose schema does not parse is an error; exit 2 even beside an incompatible subject', async () => {
    fx.write({ [ORDER_PATH]: '{"type": "record", "name": "Order", "fields": [\n', [CREATED_PATH]: CREATED_BREAKING });
    const report = await check();
    expect(outcomes(report).map(({ subject, status, error }) => ({ subject, status, code: error?.code }))).toEqual([
      { subject: 'order-value', status: 'error', code: 'SCHEMA_PARSE_ERROR' },
      { subject: 'events-created', status: 'incompatible', code: undefined },
      { subject: 'payment-value', status: 'compatible', code: undefined },
    ]);
    expect(outcomeNamed(report, 'order-value').error?.message).toMatch(/order\.avsc: at line 2, column 1: not valid JSON: .* \[INVALID_JSON\]$/);
    expect(report.exitCode).toBe(2);
  });

  it('a subject with no `against` anywhere is an error that says where to set one', async () => {
    fx.write({ [CONFIG_PATH]: SHOP_CONFIG.replace('  against: git-log:main\n', '').replace('  - files: "proto/shop/**/*.proto"\n', '  - files: "proto/shop/**/*.proto"\n    against: git-log:main\n') });
    const report = await check();
    expect(outcomes(report).map(({ subject, status, error }) => ({ subject, status, ...(error === undefined ? {} : { error }) }))).toEqual([
      { subject: 'order-value', status: 'error', error: { code: 'REPOSITORY_INVALID', message: 'order-value: no history to check against: set `against` in the configuration\'s defaults or in subjects[0], or give --against' } },
      { subject: 'events-created', status: 'error', error: { code: 'REPOSITORY_INVALID', message: 'events-created: no history to check against: set `against` in the configuration\'s defaults or in subjects[1], or give --against' } },
      { subject: 'payment-value', status: 'compatible' },
    ]);
    expect(report.exitCode).toBe(2);
  });

  it('overrides (the command line\'s flags) apply to every subject: --strategy and --against', async () => {
    const report = await check({ overrides: { strategy: 'NONE', against: `git:${fx.commits['c1'] as string}` } });
    expect(report.subjects.map((outcome) => [outcome.subject.name, outcome.check?.result.strategy, outcome.check?.source.kind, outcome.check?.versions.map((version) => version.commit)])).toEqual(
      SUBJECTS.map((name) => [name, 'NONE', 'git', [fx.commits['c1']]]),
    );
  });
});

describe('references resolved across the repository', () => {
  it('Avro: the order parses with shop.common.Money from its reference file; each version gets Money as it was at its own commit', async () => {
    fx.write({ [ORDER_PATH]: ORDER_4 });
    const report = await check();
    const orderCheck = outcomeNamed(report, 'order-value').check;
    expect(orderCheck?.versions.map((version) => [version.label, version.references])).toEqual([
      [L.c1, { 'shop.common.Money': MONEY_1 }],
      [L.c2, { 'shop.common.Money': MONEY_1 }],
      [L.c4, { 'shop.common.Money': MONEY_2 }],
    ]);
    expect(outcomeOf(outcomeNamed(report, 'order-value'))).toMatchObject({ status: 'compatible', checked: [L.c4, L.c2, L.c1], findings: [] });
  });

  it('Avro: the old Money shows in the findings: under FULL_TRANSITIVE only versions before the Money change fail (their reader has amount as int)', async () => {
    fx.write({ [ORDER_PATH]: ORDER_4 });
    const report = await check({ overrides: { strategy: 'FULL_TRANSITIVE' } });
    expect(outcomeOf(outcomeNamed(report, 'order-value'))).toMatchObject({
      status: 'incompatible',
      checked: [L.c4, L.c2, L.c1],
      findings: [
        `FORWARD TYPE_MISMATCH at /fields/1/type/fields/0/type against ${L.c2}`,
        `FORWARD TYPE_MISMATCH at /fields/1/type/fields/0/type against ${L.c1}`,
      ],
    });
  });

  it('JSON Schema: $refs by relative path and by $id, each version with the documents of its commit; Protobuf: imports from the import root', async () => {
    fx.write({ [CREATED_PATH]: CREATED_BREAKING, [PAYMENT_PATH]: PAYMENT_BREAKING });
    const report = await check();
    expect(outcomeNamed(report, 'events-created').check?.versions.map((version) => [version.label, version.references])).toEqual([
      [L.c1, { '../common/address.json': ADDRESS_1, [CUSTOMER_ID]: CUSTOMER_1 }],
      [L.c2, { '../common/address.json': ADDRESS_1, [CUSTOMER_ID]: CUSTOMER_1 }],
      [L.c5, { '../common/address.json': ADDRESS_2, [CUSTOMER_ID]: CUSTOMER_1 }],
    ]);
    expect(outcomeNamed(report, 'payment-value').check?.versions.map((version) => [version.label, version.references])).toEqual([
      [L.c1, { 'common/money.proto': PROTO_MONEY_1 }],
      [L.c4, { 'common/money.proto': PROTO_MONEY_2 }],
      [L.c5, { 'common/money.proto': PROTO_MONEY_2 }],
    ]);
  });

  it('a change to a referenced file alone breaks the subjects that use it (the candidate reads its references from the work tree)', async () => {
    fx.write({
      [MONEY_PATH]: money('long', { name: 'scale', type: 'int' }),
      [ADDRESS_PATH]: address('integer', true),
      [CUSTOMER_PATH]: customer('integer'),
      [PROTO_MONEY_PATH]: protoMoney(true).replace('int64 units', 'string units'),
    });
    const report = await check();
    const kinds = (name: string): string[] => [...new Set(findingsOf(report, name).map((found) => `${found.direction} ${found.type} at ${found.location}`))];
    expect(report.subjects.map((outcome) => outcome.status)).toEqual(['incompatible', 'incompatible', 'incompatible']);
    expect(kinds('order-value')).toEqual(['BACKWARD READER_FIELD_MISSING_DEFAULT_VALUE at /fields/1/type/fields/2']);
    expect(kinds('events-created')).toEqual([
      'BACKWARD TYPE_CHANGED at #/properties/shipTo/properties/zip',
      'BACKWARD TYPE_CHANGED at #/properties/buyer/properties/name',
    ]);
    expect(kinds('payment-value')).toEqual([
      'FORWARD FIELD_SCALAR_KIND_CHANGED at #/Money/1',
      'FORWARD FIELD_NAMED_TYPE_CHANGED at #/Payment/2',
      'BACKWARD FIELD_SCALAR_KIND_CHANGED at #/Money/1',
      'BACKWARD FIELD_NAMED_TYPE_CHANGED at #/Payment/2',
    ]);
    expect(report.exitCode).toBe(1);
  });

  it('the newest committed version is compared when only a referenced file changed: its text equals the candidate\'s, its references do not', async () => {
    // Money's amount back to int: data written by the order of c4 (amount long) cannot be read; and
    // the address without `country`: the created event of c5 may carry one its closed model refuses.
    fx.write({ [MONEY_PATH]: MONEY_1, [ADDRESS_PATH]: ADDRESS_1 });
    const report = await check();
    expect(outcomes(report).slice(0, 2)).toEqual([
      {
        subject: 'order-value', status: 'incompatible', strategy: 'BACKWARD_TRANSITIVE', versions: [L.c1, L.c2, L.c4], checked: [L.c4, L.c2, L.c1],
        findings: [`BACKWARD TYPE_MISMATCH at /fields/1/type/fields/0/type against ${L.c4}`], ignored: [], expired: [],
      },
      {
        subject: 'events-created', status: 'incompatible', strategy: 'BACKWARD', versions: [L.c1, L.c2, L.c5], checked: [L.c5],
        findings: [`BACKWARD PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL at #/properties/shipTo/properties/country against ${L.c5}`], ignored: [], expired: [],
      },
    ]);
    expect(report.exitCode).toBe(1);
  });

  it('without `references`, a named type or an $id is found nowhere: errors of those subjects; an import is still followed', async () => {
    fx.write({ [CONFIG_PATH]: SHOP_CONFIG.replace('references:\n  - schemas/common/**\n  - proto/common/*.proto\n', '') });
    const report = await check();
    expect(outcomes(report).map(({ subject, status, error }) => ({ subject, status, code: error?.code }))).toEqual([
      { subject: 'order-value', status: 'error', code: 'SCHEMA_PARSE_ERROR' },
      { subject: 'events-created', status: 'error', code: 'SCHEMA_PARSE_ERROR' },
      { subject: 'payment-value', status: 'compatible', code: undefined },
    ]);
    expect(outcomeNamed(report, 'order-value').error?.message).toMatch(/order\.avsc: at '\/fields\/1\/type': Undefined schema: shop\.common\.Money \[UNDEFINED_NAME\]$/);
    expect(outcomeNamed(report, 'events-created').error?.message).toContain(`created.json: at '/properties/buyer/$ref': $ref "${CUSTOMER_ID}" points to no schema [DANGLING_REF]`);
    expect(report.exitCode).toBe(2);
  });

  it('without protobuf.importPaths, an import is found nowhere: the error says where imports start and what to add', async () => {
    fx.write({ [CONFIG_PATH]: SHOP_CONFIG.replace('protobuf:\n  importPaths: [proto]\n', '') });
    const report = await check();
    expect(outcomes(report).map(({ subject, status, error }) => ({ subject, status, code: error?.code }))).toEqual([
      { subject: 'order-value', status: 'compatible', code: undefined },
      { subject: 'events-created', status: 'compatible', code: undefined },
      { subject: 'payment-value', status: 'error', code: 'SCHEMA_PARSE_ERROR' },
    ]);
    expect(outcomeNamed(report, 'payment-value').error?.message).toMatch(
      /payment\.proto: at line \d+, column \d+: import "common\/money\.proto" is neither a given reference nor a built-in well-known type \[UNRESOLVED_IMPORT\]: no file at that path from the folders imports start from \("\."\); add the folder the import path starts from to protobuf\.importPaths in \.schema-compat\.yaml$/,
    );
  });
});

describe('approved findings: ignore entries', () => {
  /** SHOP_CONFIG with these ignore entries instead of its own. */
  function withIgnore(...lines: readonly string[]): string {
    return shopConfig(lines.join('\n'));
  }

  it('an entry by fields approves what all its fields match: here the BACKWARD half of the payment break, not the FORWARD one', async () => {
    fx.write({
      [PAYMENT_PATH]: PAYMENT_BREAKING,
      [CONFIG_PATH]: withIgnore(
        '  - subject: payment-value',
        '    type: FIELD_SCALAR_KIND_CHANGED',
        '    direction: BACKWARD',
        '    reason: readers take strings and numbers alike',
        '  - subject: payment-value',
        '    type: FIELD_SCALAR_KIND_CHANGED',
        '    location: "#/Payment/2"',
        '    reason: another field',
        '  - subject: order-value',
        '    type: FIELD_SCALAR_KIND_CHANGED',
        '    reason: another subject',
      ),
    });
    const report = await check();
    expect(outcomeOf(outcomeNamed(report, 'payment-value'))).toMatchObject({
      status: 'incompatible',
      findings: [`FORWARD FIELD_SCALAR_KIND_CHANGED at #/Payment/1 against ${L.c5}`],
      ignored: [`BACKWARD FIELD_SCALAR_KIND_CHANGED at #/Payment/1 against ${L.c5}, by ${where(19)}`],
    });
    expect(report.stale.map((entry) => entry.where)).toEqual([where(23), where(27)]);
    expect(report.exitCode).toBe(1);
  });

  it('an entry by fingerprint, taken from a first run, approves that finding against every version', async () => {
    fx.write({ [ORDER_PATH]: ORDER_BREAKING });
    const first = await check();
    const [finding] = findingsOf(first, 'order-value');
    if (finding === undefined) throw new Error('the order has no finding');
    expect(finding.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(findingFingerprint(finding, 'order-value')).toBe(finding.fingerprint);
    fx.write({ [CONFIG_PATH]: withIgnore(`  - fingerprint: ${finding.fingerprint}`, '    reason: every producer sends a customer since ORD-88') });
    const second = await check();
    expect(outcomeOf(outcomeNamed(second, 'order-value'))).toMatchObject({
      status: 'compatible',
      findings: [],
      ignored: [L.c4, L.c2, L.c1].map((label) => `BACKWARD READER_FIELD_MISSING_DEFAULT_VALUE at /fields/4 against ${label}, by ${where(19)}`),
    });
    expect(second.stale).toEqual([]);
    expect(second.exitCode).toBe(0);
  });

  it('`until` is the last day an entry approves: on 2026-06-30 it still does', async () => {
    fx.write({ [PAYMENT_PATH]: PAYMENT_BREAKING });
    const report = await check({ today: '2026-06-30' });
    expect(outcomeOf(outcomeNamed(report, 'payment-value'))).toMatchObject({ status: 'compatible', findings: [], expired: [] });
    expect(outcomeNamed(report, 'payment-value').check?.ignored).toHaveLength(2);
    expect(report.exitCode).toBe(0);
  });

  it('past `until` (2026-07-01) the entry approves nothing: the findings count again, the report says the approval expired, the entry is not stale', async () => {
    fx.write({ [PAYMENT_PATH]: PAYMENT_BREAKING });
    const report = await check({ today: '2026-07-01' });
    expect(outcomeOf(outcomeNamed(report, 'payment-value'))).toEqual({
      subject: 'payment-value', status: 'incompatible', strategy: 'FULL', versions: [L.c1, L.c4, L.c5], checked: [L.c5],
      findings: [`FORWARD FIELD_SCALAR_KIND_CHANGED at #/Payment/1 against ${L.c5}`, `BACKWARD FIELD_SCALAR_KIND_CHANGED at #/Payment/1 against ${L.c5}`],
      ignored: [],
      expired: [
        `FORWARD FIELD_SCALAR_KIND_CHANGED at #/Payment/1 against ${L.c5}, by ${where(19)} until 2026-06-30`,
        `BACKWARD FIELD_SCALAR_KIND_CHANGED at #/Payment/1 against ${L.c5}, by ${where(19)} until 2026-06-30`,
      ],
    });
    expect(report.stale.map((entry) => entry.where)).toEqual([where(24)]);
    expect(report.exitCode).toBe(1);
  });

  it('a live entry wins over an expired one that matches the same finding', async () => {
    fx.write({
      [PAYMENT_PATH]: PAYMENT_BREAKING,
      [CONFIG_PATH]: withIgnore(
        '  - subject: payment-value',
        '    reason: the old approval',
        '    until: 2026-01-31',
        '  - type: FIELD_SCALAR_KIND_CHANGED',
        '    reason: the new approval',
        '    until: 2026-12-31',
      ),
    });
    const report = await check();
    expect(outcomeOf(outcomeNamed(report, 'payment-value'))).toMatchObject({
      status: 'compatible',
      ignored: [`FORWARD FIELD_SCALAR_KIND_CHANGED at #/Payment/1 against ${L.c5}, by ${where(22)}`, `BACKWARD FIELD_SCALAR_KIND_CHANGED at #/Payment/1 against ${L.c5}, by ${where(22)}`],
      expired: [],
    });
    // The expired entry approved nothing: it is stale.
    expect(report.stale.map((entry) => entry.where)).toEqual([where(19)]);
  });

  it('entries approve warnings too: a subject failing on warnings (failOn warning) passes once they are approved; the baseline has them', async () => {
    // Money's amount as a float: the order reads the old ints (and longs) with less precision.
    fx.write({ [MONEY_PATH]: money('float') });
    const failing = await check({ overrides: { failOn: 'warning' } });
    const order = outcomeNamed(failing, 'order-value');
    expect(order.status).toBe('incompatible');
    expect(order.check?.result.incompatibilities).toEqual([]);
    expect(new Set(order.check?.result.warnings.map((warning) => `${warning.direction} ${warning.type} at ${warning.location}`))).toEqual(new Set(['BACKWARD LOSSY_PROMOTION at /fields/1/type/fields/0/type']));
    expect(failing.exitCode).toBe(1);
    // One entry per distinct fingerprint: the int and the long versions' promotions have different messages, so two.
    const fingerprints = [...new Set((order.check?.result.warnings ?? []).map((warning: FingerprintedFinding) => warning.fingerprint))];
    expect(fingerprints).toHaveLength(2);
    expect(baselineEntries(failing)).toEqual(fingerprints.map((fingerprint) => (
      { subject: 'order-value', fingerprint, type: 'LOSSY_PROMOTION', location: '/fields/1/type/fields/0/type', direction: 'BACKWARD', reason: BASELINE_REASON }
    )));

    fx.write({ [CONFIG_PATH]: withIgnore('  - type: LOSSY_PROMOTION', '    reason: amounts stay below 2^24 cents') });
    const approved = await check({ overrides: { failOn: 'warning' } });
    const after = outcomeNamed(approved, 'order-value');
    expect(after.status).toBe('compatible');
    expect(after.check?.result.warnings).toEqual([]);
    expect(after.check?.ignored.map(({ finding, entry }) => [finding.type, entry.where])).toEqual(order.check?.result.warnings.map(() => ['LOSSY_PROMOTION', where(19)]));
    expect(approved.exitCode).toBe(0);
  });

  it('entries that approved nothing are stale, whole, with their file and line', async () => {
    const report = await check();
    const stale: IgnoreEntry[] = [
      { subject: 'payment-value', type: 'FIELD_SCALAR_KIND_CHANGED', location: '#/Payment/1', reason: 'the payment service reads ids as strings until PAY-12 ships', until: '2026-06-30', where: where(19) },
      { fingerprint: '0123456789abcdef', reason: 'approved during the January migration', where: where(24) },
    ];
    expect(report.stale).toEqual(stale);
  });

  it('an entry naming a subject that could not be checked is not called stale (it was never tried)', async () => {
    fx.write({ [PAYMENT_PATH]: 'syntax = "proto3";\nmessage Payment {\n' });
    const report = await check();
    expect(outcomeNamed(report, 'payment-value').status).toBe('error');
    // The entry naming the payment subject (line 19) could not be tried: removing it, as the report advises for stale entries, would be wrong.
    expect(report.stale.map((entry) => entry.where)).not.toContain(where(19));
  });
});

describe('changedSince: only the subjects something changed for', () => {
  it('nothing changed since main: no subject checked, all unchanged, exit 0', async () => {
    const report = await check({ changedSince: 'main' });
    expect(report.subjects).toEqual([]);
    expect(report.unchanged.map((subject) => subject.name)).toEqual([...SUBJECTS]);
    expect(report.changedSince).toBe('main');
    // Only entries naming a subject that was checked can be stale; the fingerprint entry names none.
    expect(report.stale).toEqual([]);
    expect(report.exitCode).toBe(0);
  });

  it('a feature branch that committed a change to the order: only the order, against main\'s history', async () => {
    fx.repo.git('checkout', '-q', '-b', 'feature-order');
    try {
      fx.repo.commit('orders: channel', { [ORDER_PATH]: ORDER_BREAKING }, '2026-02-09');
      const report = await check({ changedSince: 'main' });
      expect(outcomes(report).map(({ subject, status, versions }) => ({ subject, status, versions }))).toEqual([
        { subject: 'order-value', status: 'incompatible', versions: [L.c1, L.c2, L.c4] },
      ]);
      expect(report.unchanged.map((subject) => subject.name)).toEqual(['events-created', 'payment-value']);
      expect(report.exitCode).toBe(1);
    } finally {
      fx.restore();
      fx.repo.git('branch', '-q', '-D', 'feature-order');
    }
  });

  it('what main received after the branch left it is not the branch\'s change (the merge base is compared, not main)', async () => {
    fx.repo.git('checkout', '-q', '-b', 'feature-base');
    try {
      fx.repo.commit('orders: channel', { [ORDER_PATH]: ORDER_4 }, '2026-02-09');
      fx.repo.git('checkout', '-q', 'main');
      // Another change lands on main meanwhile: the events schema.
      fx.repo.commit('events: breaking', { [CREATED_PATH]: CREATED_BREAKING }, '2026-02-10');
      fx.repo.git('checkout', '-q', 'feature-base');
      const report = await check({ changedSince: 'main' });
      expect(report.subjects.map((outcome) => outcome.subject.name)).toEqual(['order-value']);
      expect(report.unchanged.map((subject) => subject.name)).toEqual(['events-created', 'payment-value']);
    } finally {
      fx.restore();
      fx.repo.git('branch', '-q', '-D', 'feature-base');
    }
  });

  it('a change to a file a subject references selects that subject: Avro by named type, JSON Schema by $ref, Protobuf by import', async () => {
    const selected = async (files: Readonly<Record<string, string>>): Promise<string[]> => {
      fx.restore();
      fx.write(files);
      return (await check({ changedSince: 'main' })).subjects.map((outcome) => outcome.subject.name);
    };
    expect(await selected({ [MONEY_PATH]: MONEY_1 })).toEqual(['order-value']);
    expect(await selected({ [ADDRESS_PATH]: ADDRESS_1 })).toEqual(['events-created']);
    expect(await selected({ [CUSTOMER_PATH]: customer('integer') })).toEqual(['events-created']);
    expect(await selected({ [PROTO_MONEY_PATH]: PROTO_MONEY_1 })).toEqual(['payment-value']);
    expect(await selected({ 'README.md': '# shop schemas, documented\n' })).toEqual([]);
  });

  it('a change to the configuration file selects every subject', async () => {
    fx.write({ [CONFIG_PATH]: `${SHOP_CONFIG}# reviewed\n` });
    const report = await check({ changedSince: 'main' });
    expect(report.subjects.map((outcome) => outcome.subject.name)).toEqual([...SUBJECTS]);
    expect(report.unchanged).toEqual([]);
  });

  it('a new file that a rule takes is a new subject, checked', async () => {
    fx.write({ 'schemas/orders/refund.avsc': order({ name: 'id', type: 'string' }) });
    const report = await check({ changedSince: 'main' });
    expect(outcomes(report).map(({ subject, status, versions }) => ({ subject, status, versions }))).toEqual([
      { subject: 'refund-value', status: 'compatible', versions: [] },
    ]);
    // Said explicitly, never a silent pass on nothing.
    expect(report.subjects[0]?.check?.source).toMatchObject({ isNew: true, skipped: [], notes: [expect.stringMatching(/^new subject: no history yet: /)] });
  });

  it('in a partial run only entries naming a checked subject can be stale', async () => {
    fx.write({ [PROTO_MONEY_PATH]: PROTO_MONEY_1 });
    const report = await check({ changedSince: 'main' });
    expect(report.subjects.map((outcome) => outcome.subject.name)).toEqual(['payment-value']);
    expect(report.stale.map((entry) => entry.where)).toEqual([where(19)]);
  });

  it('an unknown ref stops the run with a SourceError that says how to fetch it', async () => {
    const error: unknown = await check({ changedSince: 'origin/nope' }).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).code).toBe('UNKNOWN_REF');
    expect((error as SourceError).message).toMatch(/^--changed-since origin\/nope: git knows no commit named "origin\/nope"/);
  });
});

describe('baseline: approving today\'s findings', () => {
  it('baselineEntries: one entry per failing finding\'s fingerprint, with a TODO reason; approved findings are not in it', async () => {
    fx.write({ [ORDER_PATH]: ORDER_BREAKING, [CREATED_PATH]: CREATED_BREAKING, [PAYMENT_PATH]: PAYMENT_BREAKING });
    const report = await check();
    const order = findingsOf(report, 'order-value')[0] as FingerprintedFinding;
    const created = findingsOf(report, 'events-created')[0] as FingerprintedFinding;
    expect(baselineEntries(report)).toEqual([
      { subject: 'order-value', fingerprint: order.fingerprint, type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/4', direction: 'BACKWARD', reason: BASELINE_REASON },
      { subject: 'events-created', fingerprint: created.fingerprint, type: 'TYPE_CHANGED', location: '#/properties/channel', direction: 'BACKWARD', reason: BASELINE_REASON },
    ]);
    expect(BASELINE_REASON).toMatch(/^TODO\b/);
  });

  it('writeBaseline writes ignore entries that the next loadConfig refuses until each reason is written; then they approve the findings', async () => {
    fx.write({ [ORDER_PATH]: ORDER_BREAKING, [CREATED_PATH]: CREATED_BREAKING });
    const entries = baselineEntries(await check());
    const baseline = join(fx.dir, 'baseline.yaml');
    writeBaseline(baseline, entries);
    const text = readFileSync(baseline, 'utf8');
    expect(text.startsWith('# ')).toBe(true);
    expect(parseYaml(text)).toEqual({ ignore: entries });

    fx.write({ [CONFIG_PATH]: `${SHOP_CONFIG}ignoreFiles: [baseline.yaml]\n` });
    const refused = configErrorOf(() => config());
    const reasonLines = text.split('\n').flatMap((line, i) => (line.includes('reason:') ? [i + 1] : []));
    expect(reasonLines).toHaveLength(2);
    expect(refused.problems.map(({ line, column, path, rule }) => ({ line, column, path, rule }))).toEqual(
      reasonLines.map((line, i) => ({ line, column: 13, path: `ignore[${i}].reason`, rule: 'reason' })),
    );

    fx.write({ 'baseline.yaml': text.replaceAll(`"${BASELINE_REASON}"`, 'consumers upgraded first (ORD-88)') });
    const report = await check();
    expect(report.subjects.map((outcome) => [outcome.subject.name, outcome.status, outcome.check?.ignored.length])).toEqual([
      ['order-value', 'compatible', 3],
      ['events-created', 'compatible', 1],
      ['payment-value', 'compatible', 0],
    ]);
    expect(report.exitCode).toBe(0);
  });

  it('names a baseline file in its problems and entries as it names the configuration: relative to the working folder', async () => {
    fx.write({ [CREATED_PATH]: CREATED_BREAKING });
    const baseline = join(fx.dir, 'baseline.yaml');
    writeBaseline(baseline, baselineEntries(await check()));
    const text = readFileSync(baseline, 'utf8');
    fx.write({ [CONFIG_PATH]: `${SHOP_CONFIG}ignoreFiles: [baseline.yaml]\n` });
    const entryLine = text.split('\n').findIndex((line) => line.startsWith('  - ')) + 1;
    const reasonLine = text.split('\n').findIndex((line) => line.includes('reason:')) + 1;
    expect.soft(configErrorOf(() => config()).problems.map(({ file, line }) => `${file}:${line}`)).toEqual([where(reasonLine, 'baseline.yaml')]);
    fx.write({ 'baseline.yaml': text.replaceAll(`"${BASELINE_REASON}"`, 'consumers upgraded first (ORD-88)') });
    const report = await check();
    expect(outcomeNamed(report, 'events-created').check?.ignored.map(({ entry }) => entry.where)).toEqual([where(entryLine, 'baseline.yaml')]);
  });
});

describe('fingerprints: stable identities of findings', () => {
  it('is findingFingerprint(finding, subject): 16 hex digits of subject, direction, type, location and message, not the version', async () => {
    fx.write({ [ORDER_PATH]: ORDER_BREAKING, [PAYMENT_PATH]: PAYMENT_BREAKING });
    const report = await check({ today: '2026-07-01' });
    const order = findingsOf(report, 'order-value');
    expect(order.map((found) => found.version)).toEqual([3, 2, 1]);
    expect(new Set(order.map((found) => found.fingerprint)).size).toBe(1);
    for (const found of [...order, ...findingsOf(report, 'payment-value')]) {
      const subject = found.location.startsWith('#/Payment') ? 'payment-value' : 'order-value';
      expect(found.fingerprint).toBe(findingFingerprint(found, subject));
    }
    // The direction is part of it: the two halves of the payment break differ.
    const payment = findingsOf(report, 'payment-value');
    expect(payment.map((found) => found.direction)).toEqual(['FORWARD', 'BACKWARD']);
    expect(payment[0]?.fingerprint).not.toBe(payment[1]?.fingerprint);
    // The subject is part of it.
    expect(findingFingerprint(order[0] as FingerprintedFinding, 'orders-v2')).not.toBe(order[0]?.fingerprint);
  });

  it('the same finding against a longer history (one more commit) keeps its fingerprint', async () => {
    fx.write({ [ORDER_PATH]: ORDER_BREAKING });
    const before = findingsOf(await check(), 'order-value');
    fx.repo.commit('orders: channel', { [ORDER_PATH]: ORDER_4 }, '2026-02-09');
    fx.write({ [ORDER_PATH]: ORDER_BREAKING });
    const after = findingsOf(await check(), 'order-value');
    expect(before.map((found) => found.version)).toEqual([3, 2, 1]);
    expect(after.map((found) => found.version)).toEqual([4, 3, 2, 1]);
    expect(new Set([...before, ...after].map((found) => found.fingerprint))).toEqual(new Set([before[0]?.fingerprint]));
  });

  it('a message that names a version number keeps the fingerprint when the number changes', () => {
    const base = { direction: 'BACKWARD' as const, type: 'TYPE_CHANGED', location: '#/properties/id' };
    expect(findingFingerprint({ ...base, message: 'differs from version 3' }, 's')).toBe(findingFingerprint({ ...base, message: 'differs from version 12' }, 's'));
    expect(findingFingerprint({ ...base, message: 'differs from version 3' }, 's')).not.toBe(findingFingerprint({ ...base, message: 'differs from the reader' }, 's'));
  });
});

describe('a configuration in a folder of its repository', () => {
  let nested: SchemaRepo;
  beforeAll(() => {
    nested = buildSchemaRepo({ prefix: 'services/shop', workTree: { [ORDER_PATH]: ORDER_4, [PAYMENT_PATH]: PAYMENT_BREAKING } });
  });
  afterAll(() => nested.remove());

  it('reads histories and references at each commit below the folder, and --changed-since paths relative to it', async () => {
    const report = await checkRepository(loadConfig(join(nested.dir, CONFIG_PATH)), { today: TODAY, checkers, overrides: { strategy: 'FULL_TRANSITIVE' } });
    const label = (name: string): string => nested.label(name);
    expect(outcomeOf(outcomeNamed(report, 'order-value'))).toMatchObject({
      status: 'incompatible',
      versions: [label('c1'), label('c2'), label('c4')],
      findings: [`FORWARD TYPE_MISMATCH at /fields/1/type/fields/0/type against ${label('c2')}`, `FORWARD TYPE_MISMATCH at /fields/1/type/fields/0/type against ${label('c1')}`],
    });
    expect(outcomeNamed(report, 'payment-value').check?.versions.map((version) => version.references)).toEqual([
      { 'common/money.proto': PROTO_MONEY_1 }, { 'common/money.proto': PROTO_MONEY_2 }, { 'common/money.proto': PROTO_MONEY_2 },
    ]);
    const changed = await checkRepository(loadConfig(join(nested.dir, CONFIG_PATH)), { today: TODAY, checkers, changedSince: 'main' });
    expect(changed.subjects.map((outcome) => outcome.subject.name)).toEqual(['order-value', 'payment-value']);
    expect(changed.unchanged.map((subject) => subject.name)).toEqual(['events-created']);
  });
});
