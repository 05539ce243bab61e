import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHECK_USAGE_LINE, ESC, USER_HISTORY, cli, example, fixture, json, root } from './support.js';

const ORDER_HISTORY = [fixture('order-v1.avsc'), fixture('order-v2.avsc')];

describe('schema-compat check: verdicts and exit codes', () => {
  it('exits 0 with one COMPATIBLE line for a compatible candidate', () => {
    const run = cli(['check', '--strategy', 'BACKWARD_TRANSITIVE', fixture('order-compatible.avsc'), ...ORDER_HISTORY]);
    expect(run).toEqual({ code: 0, stdout: 'COMPATIBLE under BACKWARD_TRANSITIVE: checked versions 2, 1\n', stderr: '' });
  });

  it('says which version an identical candidate duplicates', () => {
    const run = cli(['check', '--strategy', 'backward', fixture('order-v2.avsc'), ...ORDER_HISTORY]);
    expect(run).toEqual({ code: 0, stdout: 'COMPATIBLE under BACKWARD: identical to version 2, nothing checked\n', stderr: '' });
  });

  it('exits 1 and prints the findings grouped by version, newest first', () => {
    const run = cli(['check', '--strategy', 'BACKWARD_TRANSITIVE', fixture('order-incompatible.avsc'), ...ORDER_HISTORY]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    const lines = run.stdout.split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'INCOMPATIBLE under BACKWARD_TRANSITIVE: 3 incompatibilities with versions 2, 1',
      'Checked versions 2, 1 (newest first).',
    ]);
    expect(lines).toContain('Version 2 (test/fixtures/cli/order-v2.avsc): 1 incompatibility');
    expect(lines).toContain('Version 1 (test/fixtures/cli/order-v1.avsc): 2 incompatibilities');
    expect(lines.indexOf('Version 2 (test/fixtures/cli/order-v2.avsc): 1 incompatibility')).toBeLessThan(
      lines.indexOf('Version 1 (test/fixtures/cli/order-v1.avsc): 2 incompatibilities'),
    );
    expect(lines).toContain('  READER_FIELD_MISSING_DEFAULT_VALUE at /fields/2 (BACKWARD: the candidate reads data written with version 1)');
    expect(lines).toContain("    The field 'note' at path '/fields/2' in the new schema has no default value and is missing in the old schema");
    expect(lines).toContain('    detail: reader type: STRING not compatible with writer type: INT');
  });

  it('prints the CompatibilityResult as JSON with --format json, FORWARD before BACKWARD under FULL_TRANSITIVE', () => {
    const run = cli(['check', '--strategy=full_all', '--format=json', fixture('order-incompatible.avsc'), ...ORDER_HISTORY]);
    expect(run.code).toBe(1);
    const result = json(run);
    expect(result.compatible).toBe(false);
    expect(result.strategy).toBe('FULL_TRANSITIVE');
    expect(result.checked).toEqual([2, 1]);
    expect(result.warnings).toEqual([]);
    expect(result.incompatibilities.map(({ type, direction, version, location, message }) => ({ type, direction, version, location, message }))).toEqual([
      { type: 'TYPE_MISMATCH', direction: 'FORWARD', version: 2, location: '/fields/1/type', message: 'reader type: INT not compatible with writer type: STRING' },
      { type: 'TYPE_MISMATCH', direction: 'BACKWARD', version: 2, location: '/fields/1/type', message: 'reader type: STRING not compatible with writer type: INT' },
      { type: 'TYPE_MISMATCH', direction: 'FORWARD', version: 1, location: '/fields/1/type', message: 'reader type: INT not compatible with writer type: STRING' },
      { type: 'TYPE_MISMATCH', direction: 'BACKWARD', version: 1, location: '/fields/1/type', message: 'reader type: STRING not compatible with writer type: INT' },
      { type: 'READER_FIELD_MISSING_DEFAULT_VALUE', direction: 'BACKWARD', version: 1, location: '/fields/2', message: 'note' },
    ]);
    expect(result.incompatibilities[0]?.description).toBe("The type (path '/fields/1/type') of a field in the old schema does not match with the new schema");
  });

  it('prints JSON only on stdout for a compatible candidate', () => {
    const run = cli(['check', '--strategy', 'FORWARD', '--format', 'json', fixture('order-v1.avsc'), fixture('order-v2.avsc')]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(json(run)).toMatchObject({ compatible: true, strategy: 'FORWARD', checked: [1], incompatibilities: [], warnings: [] });
  });

  it('stops at the first failing version with --stop-at-first-failure', () => {
    const run = cli(['check', '--strategy', 'BACKWARD_TRANSITIVE', '--stop-at-first-failure', '--format', 'json', example('candidate.avsc'), ...USER_HISTORY]);
    expect(run.code).toBe(1);
    const result = json(run);
    expect(result.checked).toEqual([4]);
    expect(result.incompatibilities.map((finding) => finding.type)).toEqual(['READER_FIELD_MISSING_DEFAULT_VALUE', 'TYPE_MISMATCH', 'MISSING_ENUM_SYMBOLS']);
  });

  it('accepts --type avro case-insensitively', () => {
    const run = cli(['check', '--type', 'AVRO', '--strategy', 'backward', fixture('order-compatible.avsc'), ...ORDER_HISTORY]);
    expect(run).toEqual({ code: 0, stdout: 'COMPATIBLE under BACKWARD: checked version 2\n', stderr: '' });
  });

  it('reads a file that starts with a UTF-8 byte-order mark', () => {
    const run = cli(['check', '--strategy', 'backward', fixture('order-v1-bom.avsc'), fixture('order-v1.avsc')]);
    expect(run).toEqual({ code: 0, stdout: 'COMPATIBLE under BACKWARD: identical to version 1, nothing checked\n', stderr: '' });
  });
});

describe('schema-compat check: bad input exits 2', () => {
  it('rejects an unknown strategy with the library message listing valid names', () => {
    const run = cli(['check', '--strategy', 'sideways', fixture('order-v1.avsc'), fixture('order-v2.avsc')]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: Unknown compatibility strategy "sideways"\. Valid names \(case-insensitive\): NONE, .*BACKWARD_TRANSITIVE.*BOTH\n$/);
  });

  it('names the file, line and column of invalid JSON', () => {
    const run = cli(['check', '--strategy', 'backward', fixture('invalid-json.avsc'), fixture('order-v1.avsc')]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^error: test\/fixtures\/cli\/invalid-json\.avsc: at line 4, column 3: not valid JSON: .* \[INVALID_JSON\]\n$/);
  });

  it('names the history file, JSON pointer and rule of a schema error', () => {
    const run = cli(['check', '--strategy', 'backward', fixture('order-v1.avsc'), fixture('order-v2.avsc'), fixture('bad-schema.avsc')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("error: test/fixtures/cli/bad-schema.avsc: at '/fields/1/type': Undefined schema: com.example.Customer [UNDEFINED_NAME]\n");
  });

  it('names a missing file', () => {
    const run = cli(['check', '--strategy', 'backward', fixture('order-v1.avsc'), fixture('no-such-file.avsc')]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: 'error: cannot read test/fixtures/cli/no-such-file.avsc: no such file or directory\n' });
  });

  it.each([
    [['check', fixture('order-v1.avsc')], 'check needs a history: HISTORY files (oldest first), --against SOURCE or --history DIR'],
    [['check'], `check needs a CANDIDATE and its history, or a configuration file: no .schema-compat.yaml (or .yml, .json) in ${root.replace(/\/$/, '')} or a folder above it (docs/repository.md)`],
    [['check', '--history', 'test/fixtures/cli/history', fixture('order-v1.avsc'), fixture('order-v2.avsc')], 'give one history: HISTORY files, --against SOURCE or --history DIR, not --history and HISTORY files'],
    [['check', '--against', 'git:main', '--history', 'test/fixtures/cli/history', fixture('order-v1.avsc')], 'give one history: HISTORY files, --against SOURCE or --history DIR, not --against and --history'],
    [['check', '--subject', 'orders-value', fixture('order-v1.avsc'), fixture('order-v2.avsc')], '--subject goes with --against registry:URL'],
    [['check', '--topic', 't', '--against', 'git:main', fixture('order-v1.avsc')], '--topic goes with --against pulsar:URL'],
    [['check', '--registry-verdict', fixture('order-v1.avsc'), fixture('order-v2.avsc')], '--registry-verdict asks a registry: give --against registry:URL --subject S'],
    [['check', '-', fixture('order-v1.avsc')], 'a schema read from stdin (-) needs --type avro|json|protobuf'],
    [['check', '--strategy'], 'option --strategy needs a value'],
    [['check', '--strategy', 'backward', '--colour', 'a', 'b'], 'unknown option --colour'],
    [['check', '--format', 'xml', 'a', 'b'], '--format must be one of text, json, github, junit, confluent, markdown, sarif, not "xml"'],
    [['check', '--fail-on', 'error', 'a', 'b'], '--fail-on must be one of incompatible, warning, not "error"'],
    [['check', '--type', 'xsd', 'a', 'b'], '--type must be one of avro, json, protobuf, key-value, protobuf-native, not "xsd"'],
    [['check', '--reference', 'Money', 'a', 'b'], '--reference takes NAME=FILE, FOLDER or PREFIX=FOLDER, not "Money"'],
    [['check', 'schema.txt', fixture('order-v1.avsc')], 'cannot tell the schema type of schema.txt from its extension (.avsc avro, .json json, .proto protobuf): give --type'],
  ])('check usage error %j: exit 2 with the reason and the check usage line', (args, reason) => {
    const run = cli(args);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `error: ${reason}\n${CHECK_USAGE_LINE}\n` });
  });

  it.each([
    [[], 'missing command'],
    [['validate'], 'unknown command "validate"'],
    // A misspelt command is named as a command even when options follow it.
    [['chek', '--strategy', 'FULL', 'a.avsc', 'b.avsc'], 'unknown command "chek" (did you mean \'check\'?)'],
    [['Serve'], 'unknown command "Serve" (did you mean \'serve\'?)'],
    [['--verbose'], 'unknown option --verbose'],
  ])('program usage error %j: exit 2 with the reason and the program usage line', (args, reason) => {
    const run = cli(args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n').slice(0, 2)).toEqual([`error: ${reason}`, 'usage: schema-compat <command> [options]   (commands: check, diff, changelog, audit, canonical, fingerprint, explain, serve, apply, pull; --help on each)']);
  });
});

describe('schema-compat: help, version, colour', () => {
  it.each([['--help'], ['-h']])('%s prints the program help, listing every command, and exits 0', (flag) => {
    const run = cli([flag]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^usage: schema-compat <command>/);
    for (const command of ['check', 'diff', 'changelog', 'canonical', 'fingerprint', 'explain', 'serve']) expect(lines.some((line) => line.startsWith(`  ${command} `))).toBe(true);
    expect(run.stdout).toContain('Exit codes: 0 compatible, 1 incompatible, 2 bad input or usage, 3 internal error.');
  });

  it('check --help lists every strategy name, the formats and the options, and exits 0', () => {
    const run = cli(['check', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(CHECK_USAGE_LINE);
    expect(run.stdout).toContain('NONE, ALWAYS_INCOMPATIBLE, BACKWARD, BACKWARD_TRANSITIVE, FORWARD, FORWARD_TRANSITIVE, FULL, FULL_TRANSITIVE, ALWAYS_COMPATIBLE, DISABLED, BACKWARD_ALL, FORWARD_ALL, FULL_ALL, BOTH');
    for (const option of ['--history DIR', '--reference NAME=FILE', '--fail-on L', '--stop-at-first-failure', '--profile P', '--type T', '--format F']) expect(run.stdout).toContain(option);
    for (const format of ['text', 'json', 'github', 'junit', 'confluent']) expect(run.stdout).toMatch(new RegExp(`\\b${format}\\b`));
  });

  it('--version prints the version of package.json', () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(cli(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it.each([[{}], [{ NO_COLOR: '1' }]])('writes no ANSI escapes to a pipe (env %j)', (env) => {
    const run = cli(['check', '--strategy', 'BACKWARD_TRANSITIVE', example('candidate.avsc'), ...USER_HISTORY], env);
    expect(run.code).toBe(1);
    expect(run.stdout.startsWith('INCOMPATIBLE under BACKWARD_TRANSITIVE')).toBe(true);
    expect(run.stdout.includes(ESC)).toBe(false);
  });
});

describe('examples/', () => {
  it.each([
    ['v2.avsc', ['v1.avsc'], 'checked version 1'],
    ['v3.avsc', ['v1.avsc', 'v2.avsc'], 'checked versions 2, 1'],
    ['v4.avsc', ['v1.avsc', 'v2.avsc', 'v3.avsc'], 'checked versions 3, 2, 1'],
  ])('%s follows its predecessors under BACKWARD_TRANSITIVE', (candidate, history, checked) => {
    const run = cli(['check', '--strategy', 'BACKWARD_TRANSITIVE', example(candidate), ...history.map(example)]);
    expect(run).toEqual({ code: 0, stdout: `COMPATIBLE under BACKWARD_TRANSITIVE: ${checked}\n`, stderr: '' });
  });

  it('candidate.avsc breaks versions 4, 3, 2 and 1 in the ways examples/README.md lists', () => {
    const run = cli(['check', '--strategy', 'BACKWARD_TRANSITIVE', '--format', 'json', example('candidate.avsc'), ...USER_HISTORY]);
    expect(run.code).toBe(1);
    const result = json(run);
    expect(result.checked).toEqual([4, 3, 2, 1]);
    expect(result.incompatibilities.map(({ version, type, location, message }) => [version, type, location, message])).toEqual([
      [4, 'READER_FIELD_MISSING_DEFAULT_VALUE', '/fields/1', 'handle'],
      [4, 'TYPE_MISMATCH', '/fields/3/type', 'reader type: INT not compatible with writer type: LONG'],
      [4, 'MISSING_ENUM_SYMBOLS', '/fields/5/type/symbols', '[DELETED]'],
      [3, 'READER_FIELD_MISSING_DEFAULT_VALUE', '/fields/1', 'handle'],
      [3, 'MISSING_ENUM_SYMBOLS', '/fields/5/type/symbols', '[DELETED]'],
      [2, 'READER_FIELD_MISSING_DEFAULT_VALUE', '/fields/1', 'handle'],
      [1, 'READER_FIELD_MISSING_DEFAULT_VALUE', '/fields/1', 'handle'],
      [1, 'READER_FIELD_MISSING_DEFAULT_VALUE', '/fields/4', 'email'],
    ]);
    expect(new Set(result.incompatibilities.map((finding) => finding.direction))).toEqual(new Set(['BACKWARD']));
  });

  it('examples/run.mjs (npm start) prints the report and explains exit code 1, from any cwd', () => {
    const child = spawnSync(process.execPath, [fileURLToPath(new URL('../../examples/run.mjs', import.meta.url))], { cwd: '/', encoding: 'utf8' });
    expect(child.status).toBe(0);
    const lines = child.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('INCOMPATIBLE under BACKWARD_TRANSITIVE: 8 incompatibilities with versions 4, 3, 2, 1');
    expect(lines).toContain('Version 4 (examples/user/v4.avsc): 3 incompatibilities');
    // --explain: a hint and a witness under every finding.
    expect(lines).toContain('    hint: in the new schema, add alias `username` to field `handle` (a rename is a drop plus an add)');
    expect(lines.filter((line) => line.startsWith('    hint: '))).toHaveLength(8);
    expect(lines.filter((line) => line.startsWith('    witness: '))).toHaveLength(8);
    expect(lines.at(-1)).toMatch(/^schema-compat exited with 1 \(incompatible\)\. That is what this example demonstrates/);
  });
});
