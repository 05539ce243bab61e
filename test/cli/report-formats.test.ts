import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import type { IgnoreEntry } from 'schema-compat/repository';
import type { SourceVersion } from 'schema-compat/sources';
import { formatMarkdown } from '../../src/cli/format-markdown.js';
import { formatSarif } from '../../src/cli/format-sarif.js';
import type { CheckReport, ReportFinding, RunReport } from '../../src/cli/report.js';
import { readVersion } from '../../src/cli/version.js';
import { USER_HISTORY, cli, example, root } from './support.js';

// --format markdown and --format sarif: goldens and schema validation of RunReport objects built
// here, then the built CLI in a child process (outputs on stdout, --report FORMAT=FILE, the GitHub
// step summary).

// ---------------------------------------------------------------------------------------------
// Fixtures

/** A history version of a file in the work tree. */
function fileVersion(version: number, path: string, text = '{"type": "string"}'): SourceVersion {
  return { version, label: path, where: path, schemaType: 'AVRO', text, path };
}

/** A version read from git (no file of the work tree). */
function gitVersion(version: number, label: string): SourceVersion {
  return { version, label, where: `${label}:schemas/orders/order.avsc`, schemaType: 'AVRO', text: '{"type": "string"}', commit: `${label.slice(0, 7)}${'0'.repeat(33)}` };
}

function finding(fields: Partial<ReportFinding> & Pick<ReportFinding, 'type' | 'location' | 'version' | 'fingerprint'>): ReportFinding {
  return { direction: 'BACKWARD', message: 'detail', description: `The ${fields.type} sentence.`, ...fields };
}

function entry(fields: Partial<IgnoreEntry> & Pick<IgnoreEntry, 'reason' | 'where'>): IgnoreEntry {
  return fields;
}

/** A check of files given on the command line (no source), as `check CANDIDATE HISTORY...` makes it. */
function check(fields: Partial<CheckReport> & Pick<CheckReport, 'candidate'>): CheckReport {
  return {
    subject: fields.candidate.path,
    result: { compatible: true, strategy: 'BACKWARD', checked: [1], incompatibilities: [], warnings: [] },
    history: [],
    failOn: 'incompatible',
    ignored: [],
    expired: [],
    ...fields,
  };
}

const AVSC = (path: string, text = '{"type": "string"}'): CheckReport['candidate'] => ({ path, schemaType: 'AVRO', text });

// ---------------------------------------------------------------------------------------------
// Markdown goldens

describe('formatMarkdown', () => {
  it('reports a single compatible check: headline, what it was compared with, no tables', () => {
    const run: RunReport = {
      checks: [check({ candidate: AVSC('schemas/user.avsc'), history: [fileVersion(1, 'schemas/v1.avsc'), fileVersion(2, 'schemas/v2.avsc')], result: { compatible: true, strategy: 'BACKWARD_TRANSITIVE', checked: [2, 1], incompatibilities: [], warnings: [] } })],
      errors: [],
    };
    expect(formatMarkdown(run)).toBe(GOLDEN_SINGLE);
  });

  it('reports a repository run: findings, hints, witnesses, warnings, approvals, expired approvals, errors, stale entries', () => {
    expect(formatMarkdown(repositoryRun())).toBe(GOLDEN_REPOSITORY);
  });

  it('escapes table cells: pipes (also in code spans), line breaks (shown \\n, untrusted-text.ts), backticks, markup characters', () => {
    const tricky = finding({
      type: 'TYPE_MISMATCH', location: '/fields/0/`a|b`', version: 1, fingerprint: 'f00d',
      description: 'The field `a|b` is *not*\nan <int> [link](x) & $math$',
      hint: 'rename `a|b` to ``c``',
    });
    const run: RunReport = { checks: [check({ candidate: AVSC('a.avsc'), history: [fileVersion(1, 'v1.avsc')], result: { compatible: false, strategy: 'BACKWARD', checked: [1], incompatibilities: [tricky], warnings: [] } })], errors: [] };
    const row = formatMarkdown(run).split('\n').find((line) => line.startsWith('| version 1'));
    expect(row).toBe('| version 1 (v1.avsc) | BACKWARD | `TYPE_MISMATCH` | `` /fields/0/`a\\|b` `` | The field \\`a\\|b\\` is \\*not\\*\\\\nan \\<int\\> \\[link\\](x) \\& \\$math\\$ | rename `a\\|b` to \\``c`\\` | `f00d` |');
  });

  it('fails a compatible check with warnings under failOn warning, and says so', () => {
    const warning = finding({ type: 'DECIMAL_MISMATCH', location: '/fields/0/type', version: 1, fingerprint: 'abcd' });
    const run: RunReport = { checks: [check({ candidate: AVSC('price.avsc'), history: [fileVersion(1, 'v1.avsc')], failOn: 'warning', result: { compatible: true, strategy: 'BACKWARD', checked: [1], incompatibilities: [], warnings: [warning] } })], errors: [] };
    const text = formatMarkdown(run);
    expect(text).toContain('**INCOMPATIBLE**: 1 subject: 0 compatible, 1 incompatible');
    expect(text).toContain('- **Failing**: 1 warning and `--fail-on warning`');
    expect(text).toContain('#### Warnings (1): they fail this check (fail on warning)');
  });
});

/** A repository run with every part a report has. */
function repositoryRun(): RunReport {
  const orders = check({
    subject: 'orders-value',
    candidate: AVSC('schemas/orders/order.avsc'),
    history: [gitVersion(1, 'a1b2c3d (2026-10-01)'), gitVersion(2, 'e4f5a6b (2026-10-02)')],
    source: { kind: 'git-log', description: 'git-log main: 2 versions of schemas/orders/order.avsc', notes: ['version 1 was read at schemas/order.avsc (renamed)'] },
    strategyFrom: 'subject config',
    result: {
      compatible: false, strategy: 'FULL_TRANSITIVE', checked: [2, 1],
      incompatibilities: [
        finding({ type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/2', version: 1, fingerprint: '1111aaaa', description: "The field 'channel' at path '/fields/2' in the new schema has no default value and is missing in the old schema", hint: 'in the new schema, give field `channel` a default', witness: 'any' }),
        finding({ type: 'TYPE_MISMATCH', location: '/fields/0/type', version: 2, direction: 'FORWARD', fingerprint: '2222bbbb', description: "The type (path '/fields/0/type') of a field in the old schema does not match with the new schema", witness: { json: { id: 1 }, hex: '02' } }),
      ],
      warnings: [finding({ type: 'DECIMAL_MISMATCH', location: '/fields/1/type', version: 2, fingerprint: '3333cccc', description: 'A decimal loses digits | precision' })],
    },
  });
  const created = check({
    subject: 'schemas/events/created.json',
    candidate: { path: 'schemas/events/created.json', schemaType: 'JSON', text: '{}' },
    history: [gitVersion(1, 'a1b2c3d (2026-10-01)')],
    source: { kind: 'git-log', description: 'git-log main: 1 version of schemas/events/created.json', notes: [] },
    result: {
      compatible: true, strategy: 'BACKWARD', checked: [1], incompatibilities: [],
      warnings: [finding({ type: 'NUMBER_RANGE_NARROWED', location: '#/properties/n', version: 1, fingerprint: '5555eeee' })],
    },
    ignored: [{
      finding: finding({ type: 'TYPE_CHANGED', location: '#/properties/id', version: 1, fingerprint: '4444dddd' }),
      entry: entry({ subject: 'schemas/events/created.json', type: 'TYPE_CHANGED', reason: 'ids became numbers on purpose (TICKET-9)', where: '.schema-compat.yaml:14' }),
      kind: 'incompatibility',
    }],
    expired: [{
      finding: finding({ type: 'NUMBER_RANGE_NARROWED', location: '#/properties/n', version: 1, fingerprint: '5555eeee' }),
      entry: entry({ fingerprint: '5555eeee', reason: 'until the migration', until: '2020-01-31', where: '.schema-compat.yaml:18' }),
      kind: 'warning',
    }],
  });
  return {
    checks: [orders, created],
    errors: [{ subject: 'payments-value', file: 'proto/shop/payment.proto', code: 'SCHEMA_PARSE_ERROR', message: "proto/shop/payment.proto: at line 5, column 1: ';' expected" }],
    repository: {
      configFile: '.schema-compat.yaml',
      unchanged: ['users-value'],
      changedSince: 'origin/main',
      stale: [entry({ type: 'NOTHING_LIKE_THIS', reason: 'left over', where: '.schema-compat.yaml:22' })],
    },
  };
}

const GOLDEN_SINGLE = [
  '## schema-compat',
  '',
  '**COMPATIBLE**: 1 subject: 1 compatible, 0 incompatible',
  '',
  '### `schemas/user.avsc`: **COMPATIBLE**',
  '',
  '- No incompatibilities',
  '- Against the history files given (oldest first): version 1 (schemas/v1.avsc), version 2 (schemas/v2.avsc)',
  '- Strategy: `BACKWARD_TRANSITIVE`',
  '- Checked versions 2, 1 (newest first)',
  '',
].join('\n');

const GOLDEN_REPOSITORY = [
  '## schema-compat',
  '',
  '**INCOMPATIBLE**: 4 subjects: 1 compatible, 1 incompatible, 1 error, 1 unchanged since origin/main (not checked)',
  '',
  'Configuration: `.schema-compat.yaml`',
  '',
  '### `orders-value` (`schemas/orders/order.avsc`): **INCOMPATIBLE**',
  '',
  '- 2 incompatibilities with versions e4f5a6b (2026-10-02), a1b2c3d (2026-10-01)',
  '- Against git-log main: 2 versions of schemas/orders/order.avsc',
  '- Note: version 1 was read at schemas/order.avsc (renamed)',
  '- Strategy: `FULL_TRANSITIVE` (from subject config)',
  '- Checked versions e4f5a6b (2026-10-02), a1b2c3d (2026-10-01) (newest first)',
  '',
  '#### Incompatibilities (2)',
  '',
  '| Version | Direction | Rule | Location | Finding | Fix hint | Fingerprint |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  "| e4f5a6b (2026-10-02) | FORWARD | `TYPE_MISMATCH` | `/fields/0/type` | The type (path '/fields/0/type') of a field in the old schema does not match with the new schema |  | `2222bbbb` |",
  "| a1b2c3d (2026-10-01) | BACKWARD | `READER_FIELD_MISSING_DEFAULT_VALUE` | `/fields/2` | The field 'channel' at path '/fields/2' in the new schema has no default value and is missing in the old schema | in the new schema, give field `channel` a default | `1111aaaa` |",
  '',
  'BACKWARD: the candidate reads data written with the version. FORWARD: the version reads data written with the candidate.',
  '',
  '<details><summary>2 witnesses: data that show the findings</summary>',
  '',
  '- `TYPE_MISMATCH` at `/fields/0/type` (FORWARD, e4f5a6b (2026-10-02)): `{"id":1}` (binary `02`)',
  '- `READER_FIELD_MISSING_DEFAULT_VALUE` at `/fields/2` (BACKWARD, a1b2c3d (2026-10-01)): any datum (the reader rejects all data of this writer)',
  '',
  '</details>',
  '',
  '#### Warnings (1): they do not change the verdict',
  '',
  '| Version | Direction | Rule | Location | Finding | Fingerprint |',
  '| --- | --- | --- | --- | --- | --- |',
  '| e4f5a6b (2026-10-02) | BACKWARD | `DECIMAL_MISMATCH` | `/fields/1/type` | A decimal loses digits \\| precision | `3333cccc` |',
  '',
  'BACKWARD: the candidate reads data written with the version.',
  '',
  '### `schemas/events/created.json`: **COMPATIBLE**',
  '',
  '- No incompatibilities',
  '- Against git-log main: 1 version of schemas/events/created.json',
  '- Strategy: `BACKWARD`',
  '- Checked version a1b2c3d (2026-10-01)',
  '',
  '#### Warnings (1): they do not change the verdict',
  '',
  '| Version | Direction | Rule | Location | Finding | Fingerprint |',
  '| --- | --- | --- | --- | --- | --- |',
  '| a1b2c3d (2026-10-01) | BACKWARD | `NUMBER_RANGE_NARROWED` | `#/properties/n` | The NUMBER\\_RANGE\\_NARROWED sentence. | `5555eeee` |',
  '',
  'BACKWARD: the candidate reads data written with the version.',
  '',
  '#### Approvals past their until date (1): counted again',
  '',
  '| Version | Direction | Rule | Location | Fingerprint | Reason | Entry | Until |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  '| a1b2c3d (2026-10-01) | BACKWARD | `NUMBER_RANGE_NARROWED` | `#/properties/n` | `5555eeee` | until the migration | `.schema-compat.yaml:18` | 2020-01-31 |',
  '',
  '<details><summary>Approved by ignore entries, not counted (1)</summary>',
  '',
  '| Version | Direction | Rule | Location | Fingerprint | Reason | Entry |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  '| a1b2c3d (2026-10-01) | BACKWARD | `TYPE_CHANGED` | `#/properties/id` | `4444dddd` | ids became numbers on purpose (TICKET-9) | `.schema-compat.yaml:14` |',
  '',
  '</details>',
  '',
  '### Could not be checked (1): **ERROR**',
  '',
  '| Subject | File | Code | Message |',
  '| --- | --- | --- | --- |',
  "| `payments-value` | `proto/shop/payment.proto` | `SCHEMA_PARSE_ERROR` | proto/shop/payment.proto: at line 5, column 1: ';' expected |",
  '',
  '### Ignore entries that approved nothing (1)',
  '',
  'Remove them, or check what they meant to match.',
  '',
  '- `.schema-compat.yaml:22` (NOTHING\\_LIKE\\_THIS): left over',
  '',
  '<details><summary>Unchanged since origin/main, not checked (1)</summary>',
  '',
  '- `users-value`',
  '',
  '</details>',
  '',
].join('\n');

// ---------------------------------------------------------------------------------------------
// SARIF

interface SarifLog {
  readonly version: string;
  readonly runs: ReadonlyArray<{
    readonly tool: { readonly driver: { readonly name: string; readonly version?: string; readonly informationUri: string; readonly rules: ReadonlyArray<{ readonly id: string; readonly shortDescription: { readonly text: string } }> } };
    readonly invocations: ReadonlyArray<{
      readonly executionSuccessful: boolean;
      readonly exitCode: number;
      readonly toolExecutionNotifications?: ReadonlyArray<{ readonly level: string; readonly message: { readonly text: string }; readonly locations?: readonly SarifLocation[] }>;
      readonly toolConfigurationNotifications?: ReadonlyArray<{ readonly level: string; readonly message: { readonly text: string } }>;
    }>;
    readonly results: readonly SarifResult[];
  }>;
}

interface SarifLocation {
  readonly physicalLocation: { readonly artifactLocation: { readonly uri: string; readonly uriBaseId?: string }; readonly region?: { readonly startLine: number; readonly startColumn?: number } };
}

interface SarifResult {
  readonly ruleId: string;
  readonly ruleIndex: number;
  readonly level: string;
  readonly message: { readonly text: string };
  readonly locations: readonly SarifLocation[];
  readonly partialFingerprints: Readonly<Record<string, string>>;
  readonly suppressions?: ReadonlyArray<{ readonly kind: string; readonly justification?: string; readonly location?: SarifLocation }>;
  readonly properties: Readonly<Record<string, unknown>>;
}

/**
 * The official SARIF 2.1.0 JSON schema (as shipped by @microsoft/jest-sarif). It declares draft-04;
 * its keywords are read the same by Ajv's draft-07 (no boolean exclusiveMinimum, only local $refs),
 * so its draft-04 `$schema` and `id` are dropped before compiling. Its `language` pattern
 * (`^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`) has a stray `]` that only a non-Unicode RegExp
 * accepts (as a literal), so Ajv's `unicodeRegExp` is off.
 */
function sarifValidator(): (log: unknown) => readonly ErrorObject[] {
  const path = join(root, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
  const { $schema: _draft, id: _id, ...schema } = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (log) => (validate(log) ? [] : [...(validate.errors ?? [])]);
}

const validateSarif = sarifValidator();

function parseSarif(text: string): SarifLog {
  const log: unknown = JSON.parse(text);
  expect(validateSarif(log)).toEqual([]);
  return log as SarifLog;
}

/** A candidate whose lines are known: `/fields/1` is the `{` of line 6, column 5. */
const USER_AVSC = [
  '{',
  '  "type": "record",',
  '  "name": "User",',
  '  "fields": [',
  '    { "name": "id", "type": "long" },',
  '    { "name": "email", "type": "string" }',
  '  ]',
  '}',
  '',
].join('\n');

describe('formatSarif', () => {
  const incompatible = finding({ type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/1', version: 1, fingerprint: 'aaaa1111', hint: 'give field `email` a default', witness: 'any' });
  const forward = finding({ type: 'TYPE_MISMATCH', location: '/fields/0/type', version: 1, direction: 'FORWARD', fingerprint: 'bbbb2222' });
  const warning = finding({ type: 'DECIMAL_MISMATCH', location: '/fields/1/type', version: 1, fingerprint: 'cccc3333' });
  const approved = finding({ type: 'MISSING_ENUM_SYMBOLS', location: '/fields/1', version: 1, fingerprint: 'dddd4444' });
  const v1 = ['{', '  "type": "record",', '  "name": "User",', '  "fields": [', '    {', '      "name": "id",', '      "type": "int"', '    }', '  ]', '}'].join('\n');
  const report = check({
    subject: 'user-value',
    candidate: AVSC('schemas/user.avsc', USER_AVSC),
    history: [fileVersion(1, 'schemas/v1.avsc', v1)],
    result: { compatible: false, strategy: 'FULL', checked: [1], incompatibilities: [incompatible, forward], warnings: [warning] },
    ignored: [{ finding: approved, entry: entry({ type: 'MISSING_ENUM_SYMBOLS', reason: 'symbol retired with every producer (TICKET-7)', where: '.schema-compat.yaml:12' }), kind: 'incompatibility' }],
  });

  it('is valid SARIF 2.1.0 with one run, a rule per finding type and a result per finding on its line', () => {
    const log = parseSarif(formatSarif({ checks: [report], errors: [] }));
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const [run] = log.runs;
    expect(run?.tool.driver).toMatchObject({ name: 'schema-compat', version: readVersion(), informationUri: expect.stringMatching(/^https:\/\//) as unknown });
    expect(run?.tool.driver.rules.map((rule) => rule.id)).toEqual(['DECIMAL_MISMATCH', 'MISSING_ENUM_SYMBOLS', 'READER_FIELD_MISSING_DEFAULT_VALUE', 'TYPE_MISMATCH']);
    expect(run?.tool.driver.rules[2]?.shortDescription.text).toBe('Reader field missing default value.');
    expect(run?.invocations).toEqual([{ executionSuccessful: true, exitCode: 1 }]);
    const results = run?.results ?? [];
    expect(results.map((result) => [result.ruleId, result.level, result.partialFingerprints['schemaCompat/v1'], result.suppressions?.length ?? 0])).toEqual([
      ['READER_FIELD_MISSING_DEFAULT_VALUE', 'error', 'aaaa1111', 0],
      ['TYPE_MISMATCH', 'error', 'bbbb2222', 0],
      ['DECIMAL_MISMATCH', 'warning', 'cccc3333', 0],
      ['MISSING_ENUM_SYMBOLS', 'error', 'dddd4444', 1],
    ]);
    for (const result of results) expect(run?.tool.driver.rules[result.ruleIndex]?.id).toBe(result.ruleId);
  });

  it('points each result into the reader schema: the candidate for BACKWARD, the old version for FORWARD', () => {
    const [first, second, third] = parseSarif(formatSarif({ checks: [report], errors: [] })).runs[0]?.results ?? [];
    expect(first?.locations).toEqual([{ physicalLocation: { artifactLocation: { uri: 'schemas/user.avsc', uriBaseId: '%SRCROOT%' }, region: { startLine: 6, startColumn: 5 } } }]);
    // FORWARD: version 1 reads the candidate's data; /fields/0/type is the "type" key on line 7 of v1.avsc.
    expect(second?.locations).toEqual([{ physicalLocation: { artifactLocation: { uri: 'schemas/v1.avsc', uriBaseId: '%SRCROOT%' }, region: { startLine: 7, startColumn: 7 } } }]);
    expect(third?.locations[0]?.physicalLocation.region).toEqual({ startLine: 6, startColumn: 24 });
  });

  it('says what, in which direction, against which version, with the hint, and keeps the finding\'s fields as properties', () => {
    const [first] = parseSarif(formatSarif({ checks: [report], errors: [] })).runs[0]?.results ?? [];
    expect(first?.message.text.split('\n')).toEqual([
      'The READER_FIELD_MISSING_DEFAULT_VALUE sentence.',
      'BACKWARD: the candidate reads data written with version 1; at /fields/1.',
      'detail: detail',
      'hint: give field `email` a default',
    ]);
    expect(first?.properties).toEqual({ subject: 'user-value', strategy: 'FULL', direction: 'BACKWARD', version: 1, versionLabel: 'version 1 (schemas/v1.avsc)', location: '/fields/1', witness: 'any' });
  });

  it('suppresses approved findings externally, with the entry\'s reason and line', () => {
    const approvedResult = parseSarif(formatSarif({ checks: [report], errors: [] })).runs[0]?.results[3];
    expect(approvedResult?.suppressions).toEqual([{
      kind: 'external', status: 'accepted', justification: 'symbol retired with every producer (TICKET-7)',
      location: { physicalLocation: { artifactLocation: { uri: '.schema-compat.yaml', uriBaseId: '%SRCROOT%' }, region: { startLine: 12 } } },
    }]);
  });

  it('makes warnings errors when they fail the check (failOn warning)', () => {
    const results = parseSarif(formatSarif({ checks: [{ ...report, failOn: 'warning' }], errors: [] })).runs[0]?.results ?? [];
    expect(results.map((result) => result.level)).toEqual(['error', 'error', 'error', 'error']);
  });

  it('reports subjects that could not be checked as failed execution, and stale ignore entries as configuration notifications', () => {
    const log = parseSarif(formatSarif(repositoryRun()));
    const [invocation] = log.runs[0]?.invocations ?? [];
    expect(invocation?.executionSuccessful).toBe(false);
    expect(invocation?.exitCode).toBe(2);
    expect(invocation?.toolExecutionNotifications).toEqual([{
      level: 'error',
      message: { text: "payments-value: cannot be checked: proto/shop/payment.proto: at line 5, column 1: ';' expected" },
      locations: [{ physicalLocation: { artifactLocation: { uri: 'proto/shop/payment.proto', uriBaseId: '%SRCROOT%' } } }],
      properties: { subject: 'payments-value', code: 'SCHEMA_PARSE_ERROR' },
    }]);
    expect(invocation?.toolConfigurationNotifications?.map((notification) => notification.level)).toEqual(['warning']);
  });

  it('shows findings in git versions on the candidate without a line, and marks expired approvals', () => {
    const results = parseSarif(formatSarif(repositoryRun())).runs[0]?.results ?? [];
    const forward = results.find((result) => result.partialFingerprints['schemaCompat/v1'] === '2222bbbb');
    // The old version was read from git: there is no file of it to point into (readerFileOf).
    expect(forward?.locations).toEqual([{ physicalLocation: { artifactLocation: { uri: 'schemas/orders/order.avsc', uriBaseId: '%SRCROOT%' } } }]);
    expect(forward?.message.text.split('\n')[1]).toBe('FORWARD: e4f5a6b (2026-10-02) reads data written with the candidate; at /fields/0/type.');
    const expired = results.find((result) => result.partialFingerprints['schemaCompat/v1'] === '5555eeee');
    expect(expired?.level).toBe('warning');
    expect(expired?.message.text.split('\n').at(-1)).toBe('approval expired: .schema-compat.yaml:18 allowed it until 2020-01-31');
  });

  it('gives no region for Protobuf, and URIs with forward slashes, percent-encoded, or file URIs for absolute paths', () => {
    const at = (path: string, schemaType = 'AVRO'): SarifLocation | undefined => {
      const one = check({ candidate: { path, schemaType, text: USER_AVSC }, result: { compatible: false, strategy: 'BACKWARD', checked: [1], incompatibilities: [incompatible], warnings: [] } });
      return parseSarif(formatSarif({ checks: [one], errors: [] })).runs[0]?.results[0]?.locations[0];
    };
    expect(at('proto/user.proto', 'PROTOBUF')).toEqual({ physicalLocation: { artifactLocation: { uri: 'proto/user.proto', uriBaseId: '%SRCROOT%' } } });
    expect(at('schemas\\win dows\\user#1.avsc')?.physicalLocation.artifactLocation).toEqual({ uri: 'schemas/win%20dows/user%231.avsc', uriBaseId: '%SRCROOT%' });
    expect(at('./schemas/user.avsc')?.physicalLocation.artifactLocation).toEqual({ uri: 'schemas/user.avsc', uriBaseId: '%SRCROOT%' });
    expect(at('/srv/repo/user.avsc')?.physicalLocation.artifactLocation).toEqual({ uri: 'file:///srv/repo/user.avsc' });
    expect(at('C:\\repo\\user.avsc')?.physicalLocation.artifactLocation).toEqual({ uri: 'file:///C:/repo/user.avsc' });
  });

  it('gives a result without locations for a candidate on standard input (BACKWARD findings have no file)', () => {
    const one = check({ candidate: { path: '<stdin>', schemaType: 'AVRO', text: USER_AVSC }, result: { compatible: false, strategy: 'BACKWARD', checked: [1], incompatibilities: [incompatible], warnings: [] } });
    expect(parseSarif(formatSarif({ checks: [one], errors: [] })).runs[0]?.results[0]?.locations).toEqual([]);
  });

  it('is valid with no results', () => {
    const log = parseSarif(formatSarif({ checks: [check({ candidate: AVSC('a.avsc') })], errors: [] }));
    expect(log.runs[0]?.results).toEqual([]);
    expect(log.runs[0]?.tool.driver.rules).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The built CLI

describe('check --format markdown and sarif (dist/cli.js)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'schema-compat-report-formats-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  /** No step summary unless a test sets one (the tests may themselves run in GitHub Actions). */
  const quiet = { GITHUB_STEP_SUMMARY: '' };
  const FULL = ['check', '--strategy', 'FULL', example('candidate.avsc'), ...USER_HISTORY];

  it('prints the markdown report', () => {
    const run = cli([...FULL, '--format', 'markdown'], quiet);
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 5)).toEqual(['## schema-compat', '', '**INCOMPATIBLE**: 1 subject: 0 compatible, 1 incompatible', '', '### `examples/user/candidate.avsc`: **INCOMPATIBLE**']);
    expect(lines).toContain('| version 4 (examples/user/v4.avsc) | BACKWARD | `TYPE_MISMATCH` | `/fields/3/type` | The type (path \'/fields/3/type\') of a field in the new schema does not match with the old schema | `402199c0805c4785` |');
    expect(run.stdout.endsWith('\n')).toBe(true);
  });

  it('prints a SARIF log that is valid and points at the lines --format github does', () => {
    const run = cli([...FULL, '--format', 'sarif'], quiet);
    expect(run.code).toBe(1);
    const results = parseSarif(run.stdout).runs[0]?.results ?? [];
    expect(results.map((result) => [result.ruleId, result.level, result.locations[0]?.physicalLocation.artifactLocation.uri, result.locations[0]?.physicalLocation.region?.startLine])).toEqual([
      ['READER_FIELD_MISSING_DEFAULT_VALUE', 'error', 'examples/user/v4.avsc', 8],
      ['READER_FIELD_MISSING_DEFAULT_VALUE', 'error', 'examples/user/candidate.avsc', 8],
      ['TYPE_MISMATCH', 'error', 'examples/user/candidate.avsc', 10],
      ['MISSING_ENUM_SYMBOLS', 'error', 'examples/user/candidate.avsc', 17],
    ]);
    expect(results[2]?.partialFingerprints).toEqual({ 'schemaCompat/v1': '402199c0805c4785' });
  });

  it('writes --report markdown=FILE and sarif=FILE as --format would print them, besides the text on stdout', () => {
    const markdown = join(scratch, 'report.md');
    const sarif = join(scratch, 'report.sarif');
    const run = cli([...FULL, '--report', `markdown=${markdown}`, '--report', `sarif=${sarif}`], quiet);
    expect(run.code).toBe(1);
    expect(run.stdout.startsWith('INCOMPATIBLE under FULL')).toBe(true);
    expect(readFileSync(markdown, 'utf8')).toBe(cli([...FULL, '--format', 'markdown'], quiet).stdout);
    expect(readFileSync(sarif, 'utf8')).toBe(cli([...FULL, '--format', 'sarif'], quiet).stdout);
  });

  it('appends the markdown report to $GITHUB_STEP_SUMMARY, unless --no-step-summary', () => {
    const summary = join(scratch, 'step-summary.md');
    writeFileSync(summary, 'earlier step\n');
    const run = cli([...FULL, '--format', 'json'], { GITHUB_STEP_SUMMARY: summary });
    expect(run.code).toBe(1);
    const markdown = cli([...FULL, '--format', 'markdown'], quiet).stdout;
    expect(readFileSync(summary, 'utf8')).toBe(`earlier step\n${markdown}\n`);
    const off = cli([...FULL, '--no-step-summary'], { GITHUB_STEP_SUMMARY: summary });
    expect(off.code).toBe(1);
    expect(readFileSync(summary, 'utf8')).toBe(`earlier step\n${markdown}\n`);
  });

  it('appends a compatible run\'s summary too', () => {
    const summary = join(scratch, 'compatible-summary.md');
    const run = cli(['check', example('v2.avsc'), example('v1.avsc')], { GITHUB_STEP_SUMMARY: summary });
    expect(run.code).toBe(0);
    expect(readFileSync(summary, 'utf8').split('\n').slice(0, 3)).toEqual(['## schema-compat', '', '**COMPATIBLE**: 1 subject: 1 compatible, 0 incompatible']);
  });
});
