import { describe, expect, it } from 'vitest';
import { STRATEGY_ALIASES, Strategy } from 'schema-compat';
import { cli, fixture, json } from './support.js';

const HISTORY_DIR = fixture('history');

describe('schema-compat check: strategy names', () => {
  it('defaults to BACKWARD, Confluent\'s default level', () => {
    const run = cli(['check', '--format', 'json', fixture('order-incompatible.avsc'), fixture('order-v1.avsc'), fixture('order-v2.avsc')]);
    expect(run.code).toBe(1);
    expect(json(run)).toMatchObject({ strategy: 'BACKWARD', checked: [2] });
  });

  it.each([
    ...Object.values(Strategy).map((name) => [name.toLowerCase(), name] as const),
    ...Object.entries(STRATEGY_ALIASES),
  ])('accepts %s as %s', (name, canonical) => {
    // order-full.avsc adds a field with a default: every version reads it and it reads every version.
    const run = cli(['check', '--strategy', name, '--format', 'json', fixture('order-full.avsc'), fixture('order-v1.avsc'), fixture('order-v2.avsc')]);
    expect(run.stderr).toBe('');
    expect(json(run).strategy).toBe(canonical);
    expect(run.code).toBe(canonical === 'ALWAYS_INCOMPATIBLE' ? 1 : 0);
  });
});

describe('schema-compat check --history DIR', () => {
  it('orders versions by the number in the file name (v10 after v2) and labels them with it', () => {
    const run = cli(['check', '--strategy', 'BACKWARD', '--format', 'json', fixture('payment-candidate.avsc'), '--history', HISTORY_DIR]);
    expect(run.code).toBe(1);
    const result = json(run);
    expect(result.checked).toEqual([10]);
    expect(result.incompatibilities.map(({ type, version, location }) => ({ type, version, location }))).toEqual([
      { type: 'TYPE_MISMATCH', version: 10, location: '/fields/0/type' },
    ]);
  });

  it('checks every version newest first under a transitive strategy, naming the folder and its files', () => {
    const run = cli(['check', '--strategy', 'FORWARD_TRANSITIVE', fixture('payment-candidate.avsc'), '--history', HISTORY_DIR]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Against dir test/fixtures/cli/history: 3 files: v1.avsc, v2.avsc, v10.avsc\nCOMPATIBLE under FORWARD_TRANSITIVE: checked versions 10, 2, 1\n');
  });

  it('skips the candidate when it lives in the directory', () => {
    const run = cli(['check', '--strategy', 'BACKWARD_TRANSITIVE', '--format', 'json', `${HISTORY_DIR}/v10.avsc`, '--history', HISTORY_DIR]);
    expect(run.code).toBe(0);
    expect(json(run).checked).toEqual([2, 1]);
  });

  it('refuses an empty directory (exit 2): a history that holds nothing never passes', () => {
    const empty = cli(['check', fixture('order-v1.avsc'), '--history', 'test/fixtures/cli/empty-history']);
    expect(empty).toEqual({
      code: 2, stdout: '',
      stderr: 'error: dir test/fixtures/cli/empty-history: no schema file (.avsc, .json, .proto) in the folder: nothing to compare with. Check the folder, or give the history another way (HISTORY files, --against git-log)\n',
    });
  });

  it('names a history directory that does not exist', () => {
    const run = cli(['check', fixture('order-v1.avsc'), '--history', fixture('no-such-dir')]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'error: dir test/fixtures/cli/no-such-dir: cannot read the folder: no such file or directory\n' });
  });

  it('refuses names it cannot order, naming them (never a silent wrong "latest")', () => {
    const run = cli(['check', fixture('payment-candidate.avsc'), '--history', fixture('unnumbered-history')]);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: dir test/fixtures/cli/unnumbered-history: cannot tell which of these comes first: latest.avsc and v1.avsc. Name the versions so that only numbers differ (v1, v2, ... v10; user-1.9, user-1.10; 2024-01-15), or give the files in order on the command line\n',
    });
  });
});

describe('schema-compat check --reference', () => {
  const money = `com.example.Money=${fixture('refs/money.avsc')}`;

  it('lets every schema use the referenced named type', () => {
    const run = cli(['check', '--reference', money, '--format', 'json', fixture('refs/invoice-v2.avsc'), fixture('refs/invoice-v1.avsc')]);
    expect(run.code).toBe(1);
    expect(json(run).incompatibilities.map(({ type, location, message }) => ({ type, location, message }))).toEqual([
      { type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/1', message: 'due' },
    ]);
  });

  it('without it, names the file and pointer of the undefined type (exit 2)', () => {
    const run = cli(['check', fixture('refs/invoice-v2.avsc'), fixture('refs/invoice-v1.avsc')]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: "error: test/fixtures/cli/refs/invoice-v2.avsc: at '/fields/0/type': Undefined schema: com.example.Money [UNDEFINED_NAME]\n" });
  });

  it('names a reference file that cannot be read', () => {
    const run = cli(['check', '--reference', 'com.example.Money=nope.avsc', fixture('refs/invoice-v2.avsc'), fixture('refs/invoice-v1.avsc')]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'error: cannot read nope.avsc: no such file or directory\n' });
  });
});

describe('schema-compat check --fail-on, --type', () => {
  const warningPair = [fixture('price-v2.avsc'), fixture('price-v1.avsc')];

  it('exits 0 on warnings alone by default, and lists them after the verdict', () => {
    const run = cli(['check', ...warningPair]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('COMPATIBLE under BACKWARD: checked version 1');
    expect(lines).toContain('Warnings (1, they do not change the verdict):');
    expect(lines).toContain('  DECIMAL_MISMATCH at /fields/0/type (BACKWARD: the candidate reads data written with version 1)');
  });

  it('exits 1 on warnings with --fail-on warning, and says why', () => {
    const run = cli(['check', '--fail-on', 'warning', ...warningPair]);
    expect(run.code).toBe(1);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('Failing: 1 warning and --fail-on warning.');
    const asJson = cli(['check', '--fail-on', 'warning', '--format', 'json', ...warningPair]);
    expect(asJson.code).toBe(1);
    expect(json(asJson)).toMatchObject({ compatible: true, incompatibilities: [] });
    expect(json(asJson).warnings.map((warning) => warning.type)).toEqual(['DECIMAL_MISMATCH']);
  });

  it('--fail-on warning still exits 0 when there are no warnings', () => {
    expect(cli(['check', '--fail-on', 'warning', fixture('order-compatible.avsc'), fixture('order-v2.avsc')]).code).toBe(0);
  });

  it('--type avro reads .json files as Avro', () => {
    const run = cli(['check', '--type', 'avro', '--format', 'json', fixture('avro-as.json'), fixture('order-v1.avsc')]);
    expect(run.stderr).toBe('');
    expect(json(run)).toMatchObject({ compatible: true, identical: { version: 1 } });
  });
});
