import { describe, expect, it } from 'vitest';
import { findingFingerprint } from 'schema-compat';
import { USER_HISTORY, cli, example, fixture, parseAnnotation } from './support.js';

describe('check --format github', () => {
  it('annotates each finding on the line of the reader schema it points into, then prints a summary', () => {
    const run = cli(['check', '--strategy', 'FULL', '--format', 'github', example('candidate.avsc'), ...USER_HISTORY]);
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    const annotations = lines.filter((line) => line.startsWith('::')).map(parseAnnotation);
    expect(annotations.map(({ level, properties }) => [level, properties['file'], properties['line'], properties['col'], properties['title']])).toEqual([
      // FORWARD: version 4 is the reader, so the location /fields/1 is in v4.avsc (line of its `{ "name": "username" ...`).
      ['error', 'examples/user/v4.avsc', '8', '5', 'READER_FIELD_MISSING_DEFAULT_VALUE (FORWARD, version 4)'],
      ['error', 'examples/user/candidate.avsc', '8', '5', 'READER_FIELD_MISSING_DEFAULT_VALUE (BACKWARD, version 4)'],
      ['error', 'examples/user/candidate.avsc', '10', '29', 'TYPE_MISMATCH (BACKWARD, version 4)'],
      ['error', 'examples/user/candidate.avsc', '17', '9', 'MISSING_ENUM_SYMBOLS (BACKWARD, version 4)'],
    ]);
    // A fingerprint names the subject: without a registry subject, the candidate's path.
    const fingerprint = findingFingerprint({ direction: 'BACKWARD', type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/1', message: 'handle' }, 'examples/user/candidate.avsc');
    expect(annotations[1]?.message.split('\n')).toEqual([
      "The field 'handle' at path '/fields/1' in the new schema has no default value and is missing in the old schema",
      'BACKWARD: the candidate reads data written with version 4; at /fields/1.',
      'detail: handle',
      `fingerprint: ${fingerprint}`,
    ]);
    expect(lines.at(-1)).toBe('schema-compat: INCOMPATIBLE under FULL: examples/user/candidate.avsc against versions [4]: 4 incompatibilities, 0 warnings');
  });

  it('points at the lines the JSON pointers name', () => {
    const run = cli(['check', '--format', 'github', example('candidate.avsc'), '--history', 'examples/user']);
    const byTitle = new Map(run.stdout.split('\n').filter((line) => line.startsWith('::')).map(parseAnnotation).map((a) => [a.properties['title'], a.properties]));
    // /fields/3/type is the "type" key of loginCount; /fields/5/type/symbols the "symbols" key of UserStatus.
    expect(byTitle.get('TYPE_MISMATCH (BACKWARD, version 4)')?.['line']).toBe('10');
    expect(byTitle.get('MISSING_ENUM_SYMBOLS (BACKWARD, version 4)')?.['line']).toBe('17');
  });

  it('adds the hint to the message with --explain, and escapes newlines', () => {
    const run = cli(['check', '--explain', '--format', 'github', example('candidate.avsc'), example('v4.avsc')]);
    const first = run.stdout.split('\n')[0] as string;
    expect(first).not.toContain('\n');
    expect(parseAnnotation(first).message.split('\n').slice(-2)).toEqual([
      'hint: in the new schema, add alias `username` to field `handle` (a rename is a drop plus an add)',
      `fingerprint: ${findingFingerprint({ direction: 'BACKWARD', type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/1', message: 'handle' }, 'examples/user/candidate.avsc')}`,
    ]);
  });

  it('makes warnings ::warning, or ::error with --fail-on warning', () => {
    const pair = [fixture('price-v2.avsc'), fixture('price-v1.avsc')];
    const plain = cli(['check', '--format', 'github', ...pair]);
    expect(plain.code).toBe(0);
    const [warning] = plain.stdout.split('\n').map((line) => (line.startsWith('::') ? parseAnnotation(line) : undefined)).filter((a) => a !== undefined);
    expect(warning).toMatchObject({ level: 'warning', properties: { file: 'test/fixtures/cli/price-v2.avsc', line: '5', title: 'DECIMAL_MISMATCH (BACKWARD, version 1)' } });
    const failing = cli(['check', '--format', 'github', '--fail-on', 'warning', ...pair]);
    expect(failing.code).toBe(1);
    expect(failing.stdout.startsWith('::error file=test/fixtures/cli/price-v2.avsc,line=5,')).toBe(true);
  });

  it('prints only the summary for a compatible candidate', () => {
    const run = cli(['check', '--format', 'github', fixture('order-compatible.avsc'), fixture('order-v1.avsc'), fixture('order-v2.avsc')]);
    expect(run).toEqual({ code: 0, stdout: 'schema-compat: COMPATIBLE under BACKWARD: test/fixtures/cli/order-compatible.avsc against versions [2]: 0 incompatibilities, 0 warnings\n', stderr: '' });
  });
});

describe('check --format junit', () => {
  it('has one test case per version checked, failing with that version\'s findings', () => {
    const run = cli(['check', '--strategy', 'BACKWARD_TRANSITIVE', '--format', 'junit', example('candidate.avsc'), ...USER_HISTORY]);
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(lines[1]).toBe('<testsuites name="schema-compat" tests="4" failures="4" errors="0">');
    expect(lines[2]).toBe('  <testsuite name="schema-compat check examples/user/candidate.avsc (BACKWARD_TRANSITIVE)" tests="4" failures="4" errors="0" skipped="0">');
    expect(lines.filter((line) => line.startsWith('    <testcase ')).map((line) => /name="([^"]*)"/.exec(line)?.[1])).toEqual([
      'version 4 (examples/user/v4.avsc)', 'version 3 (examples/user/v3.avsc)', 'version 2 (examples/user/v2.avsc)', 'version 1 (examples/user/v1.avsc)',
    ]);
    expect(lines).toContain('      <failure message="2 findings: READER_FIELD_MISSING_DEFAULT_VALUE" type="READER_FIELD_MISSING_DEFAULT_VALUE">READER_FIELD_MISSING_DEFAULT_VALUE at /fields/1 (BACKWARD: the candidate reads data written with version 1)');
    expect(lines).toContain('The field &apos;email&apos; at path &apos;/fields/4&apos; in the new schema has no default value and is missing in the old schema');
    expect(lines.at(-1)).toBe('</testsuites>');
  });

  it('passes with one self-closing case per version when compatible, and lists warnings as system-out', () => {
    const run = cli(['check', '--format', 'junit', fixture('price-v2.avsc'), fixture('price-v1.avsc')]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[1]).toBe('<testsuites name="schema-compat" tests="1" failures="0" errors="0">');
    expect(lines).toContain('    <testcase name="version 1 (test/fixtures/cli/price-v1.avsc)" classname="schema-compat.BACKWARD">');
    expect(lines.some((line) => line.startsWith('      <system-out>warning: DECIMAL_MISMATCH at /fields/0/type'))).toBe(true);
    const failing = cli(['check', '--format', 'junit', '--fail-on', 'warning', fixture('price-v2.avsc'), fixture('price-v1.avsc')]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('<failure message="1 finding: DECIMAL_MISMATCH" type="DECIMAL_MISMATCH">');
  });

  it('reports an identical candidate as one passing case', () => {
    const run = cli(['check', '--format', 'junit', fixture('order-v2.avsc'), fixture('order-v1.avsc'), fixture('order-v2.avsc')]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('    <testcase name="identical to version 2: accepted, nothing checked" classname="schema-compat.BACKWARD"/>');
  });
});

describe('check --format confluent', () => {
  it('prints Confluent\'s verbose REST answer: the newest failing version\'s messages, its version and schema, the tail', () => {
    const run = cli(['check', '--strategy', 'BACKWARD_TRANSITIVE', '--format', 'confluent', example('candidate.avsc'), ...USER_HISTORY]);
    expect(run.code).toBe(1);
    const answer = JSON.parse(run.stdout) as { is_compatible: boolean; messages: string[] };
    expect(answer.is_compatible).toBe(false);
    expect(answer.messages.slice(0, 4)).toEqual([
      "{errorType:'READER_FIELD_MISSING_DEFAULT_VALUE', description:'The field 'handle' at path '/fields/1' in the new schema has no default value and is missing in the old schema', additionalInfo:'handle'}",
      "{errorType:'TYPE_MISMATCH', description:'The type (path '/fields/3/type') of a field in the new schema does not match with the old schema', additionalInfo:'reader type: INT not compatible with writer type: LONG'}",
      "{errorType:'MISSING_ENUM_SYMBOLS', description:'The new schema is missing enum symbols '[DELETED]' at path '/fields/5/type/symbols' in the old schema', additionalInfo:'[DELETED]'}",
      '{oldSchemaVersion: 4}',
    ]);
    expect(answer.messages[4]).toMatch(/^\{oldSchema: '\{"type":"record","name":"User",/);
    expect(answer.messages.at(-1)).toBe("{validateFields: 'false', compatibility: 'BACKWARD_TRANSITIVE'}");
    expect(answer.messages).toHaveLength(6);
  });

  it('answers is_compatible true with no messages', () => {
    const run = cli(['check', '--format', 'confluent', fixture('order-compatible.avsc'), fixture('order-v2.avsc')]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ is_compatible: true, messages: [] });
  });
});
