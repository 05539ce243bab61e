import { describe, expect, it } from 'vitest';
import { AUDITED_STRATEGIES, CheckerRegistry, InvalidOptionError, SchemaParseError, auditHistory, checkCompatibility, parseSchema } from 'schema-compat';
import type { Audit, SchemaInput, StrategyViolation } from 'schema-compat';
import { ProtobufChecker } from 'schema-compat/protobuf';
import { thrown } from '../support/thrown.js';
import { USER_AUDIT_READS } from '../support/user-audit.js';

// Issue 16, item 2: auditHistory. The matrices below are derived by hand from Avro's resolution rules
// (spec 1.12, "Schema Resolution"), JSON Schema's instance sets and Protobuf's wire rules; the
// strategies are then checked against checkCompatibility run on every prefix of the history.

const record = (fields: readonly object[]): string => JSON.stringify({ type: 'record', name: 'R', fields });
const id = (type: string): object => ({ name: 'id', type });

/** v1 {id:int}; v2 adds name without default; v3 widens id to long; v4 removes name and adds an optional email. */
const FOUR = [
  record([id('int')]),
  record([id('int'), { name: 'name', type: 'string' }]),
  record([id('long'), { name: 'name', type: 'string' }]),
  record([id('long'), { name: 'email', type: ['null', 'string'], default: null }]),
];

/** What checkCompatibility says of each version after its predecessors, as an audit should: the first refused version and the versions it fails against. */
function violationsByCheck(history: readonly SchemaInput[], options: Parameters<typeof checkCompatibility>[3] = {}): { satisfied: string[]; violations: StrategyViolation[] } {
  const satisfied: string[] = [];
  const violations: StrategyViolation[] = [];
  for (const strategy of AUDITED_STRATEGIES) {
    let violation: StrategyViolation | undefined;
    for (let k = 1; k < history.length && violation === undefined; k++) {
      const result = checkCompatibility(strategy, history[k] as SchemaInput, history.slice(0, k), options);
      if (!result.compatible) violation = { strategy, version: k, against: [...new Set(result.incompatibilities.map((finding) => finding.version - 1))].sort((a, b) => a - b) };
    }
    if (violation === undefined) satisfied.push(strategy);
    else violations.push(violation);
  }
  return { satisfied, violations };
}

const cells = (audit: Audit): string[] => audit.findings.map((cell) => `${audit.versions[cell.reader]} reads ${audit.versions[cell.writer]}: ${cell.incompatibilities.map((f) => `${f.type} ${f.location}`).join(', ')}${cell.warnings.length > 0 ? ` (warnings: ${cell.warnings.map((f) => f.type).join(', ')})` : ''}`);

describe('auditHistory on Avro', () => {
  it('gives the exact matrix, findings, strategies and upgrade order of a four-version history', () => {
    const audit = auditHistory(FOUR);
    expect(audit.versions).toEqual(['v1', 'v2', 'v3', 'v4']);
    expect(audit.reads).toEqual([
      [true, true, false, false], // v1 (id:int) cannot read a long id
      [false, true, false, false], // v2 needs name (no default) and an int id
      [false, true, true, false], // v3 promotes int to long, needs name
      [true, true, true, true], // v4 promotes, ignores name, defaults email
    ]);
    expect(cells(audit)).toEqual([
      'v1 reads v3: TYPE_MISMATCH /fields/0/type',
      'v1 reads v4: TYPE_MISMATCH /fields/0/type',
      'v2 reads v1: READER_FIELD_MISSING_DEFAULT_VALUE /fields/1',
      'v2 reads v3: TYPE_MISMATCH /fields/0/type',
      'v2 reads v4: TYPE_MISMATCH /fields/0/type, READER_FIELD_MISSING_DEFAULT_VALUE /fields/1',
      'v3 reads v1: READER_FIELD_MISSING_DEFAULT_VALUE /fields/1',
      'v3 reads v4: READER_FIELD_MISSING_DEFAULT_VALUE /fields/1',
    ]);
    // The newer of the two versions is "new" in the sentence, whichever side reads.
    expect(audit.findings[0]?.incompatibilities[0]?.description).toMatch(/old/);
    expect(audit.satisfied).toEqual(['NONE']);
    expect(audit.violations).toEqual([
      { strategy: 'BACKWARD', version: 1, against: [0] },
      { strategy: 'BACKWARD_TRANSITIVE', version: 1, against: [0] },
      { strategy: 'FORWARD', version: 2, against: [1] },
      { strategy: 'FORWARD_TRANSITIVE', version: 2, against: [0, 1] },
      { strategy: 'FULL', version: 1, against: [0] },
      { strategy: 'FULL_TRANSITIVE', version: 1, against: [0] },
    ]);
    expect(audit.upgrade).toEqual({ order: 'consumers', fromPrevious: 'consumers', newestReads: [0, 1, 2], readNewest: [] });
    expect({ satisfied: audit.satisfied, violations: audit.violations }).toEqual(violationsByCheck(FOUR));
  });

  it('tells BACKWARD from BACKWARD_TRANSITIVE: a default dropped two versions later', () => {
    const history = [record([id('int')]), record([id('int'), { name: 'b', type: 'string', default: '' }]), record([id('int'), { name: 'b', type: 'string' }])];
    const audit = auditHistory(history);
    expect(audit.reads).toEqual([[true, true, true], [true, true, true], [false, true, true]]);
    expect(audit.satisfied).toEqual(['NONE', 'BACKWARD', 'FORWARD', 'FORWARD_TRANSITIVE', 'FULL']);
    expect(audit.violations).toEqual([{ strategy: 'BACKWARD_TRANSITIVE', version: 2, against: [0] }, { strategy: 'FULL_TRANSITIVE', version: 2, against: [0] }]);
    expect(audit.upgrade).toEqual({ order: 'producers', fromPrevious: 'any', newestReads: [1], readNewest: [0, 1] });
    expect({ satisfied: audit.satisfied, violations: audit.violations }).toEqual(violationsByCheck(history));
  });

  it('accepts a version identical to an earlier one under every strategy, as registries de-duplicate', () => {
    const x = record([id('int')]);
    const history = [x, record([id('int'), { name: 'b', type: 'string' }]), x];
    const audit = auditHistory(history);
    expect(audit.reads).toEqual([[true, true, true], [false, true, false], [true, true, true]]);
    // v3 cannot be read by v2, yet FORWARD holds: v3 equals v1, which a registry accepts without a check.
    expect(audit.satisfied).toEqual(['NONE', 'FORWARD', 'FORWARD_TRANSITIVE']);
    expect({ satisfied: audit.satisfied, violations: audit.violations }).toEqual(violationsByCheck(history));
  });

  it('agrees with checkCompatibility on examples/user and the Avro profiles', async () => {
    const { readFileSync } = await import('node:fs');
    const history = ['v1', 'v2', 'v3', 'v4', 'candidate'].map((name) => readFileSync(`examples/user/${name}.avsc`, 'utf8'));
    for (const profile of ['confluent', 'pulsar', 'strict'] as const) {
      const audit = auditHistory(history, { avro: { profile } });
      expect({ profile, satisfied: audit.satisfied, violations: audit.violations }).toEqual({ profile, ...violationsByCheck(history, { avro: { profile } }) });
      expect(audit.reads.map((row, i) => row[i])).toEqual([true, true, true, true, true]);
    }
    // v4 promotes loginCount to long, which v1..v3 cannot read; the candidate needs handle (no default) and drops DELETED.
    const audit = auditHistory(history);
    expect(audit.reads).toEqual(USER_AUDIT_READS);
    expect(audit.satisfied).toEqual(['NONE']);
    expect(audit.upgrade).toEqual({ order: 'none', fromPrevious: 'none', newestReads: [], readNewest: [] });
    expect(auditHistory(history.slice(0, 4)).satisfied).toEqual(['NONE', 'BACKWARD', 'BACKWARD_TRANSITIVE']);
  });

  it('labels versions from options, from ParsedSchema versions, else v1..vN; reports warnings; explains when asked', () => {
    const parsed = FOUR.slice(0, 2).map((text, i) => parseSchema('AVRO', text, { version: i + 7 }));
    expect(auditHistory(parsed).versions).toEqual(['v7', 'v8']);
    expect(auditHistory(FOUR.slice(0, 2), { labels: ['old', 'new'] }).versions).toEqual(['old', 'new']);
    const explained = auditHistory(FOUR.slice(0, 2), { explain: true });
    expect(explained.findings[0]?.incompatibilities[0]).toMatchObject({ type: 'READER_FIELD_MISSING_DEFAULT_VALUE', witness: 'any' });
    expect(explained.findings[0]?.incompatibilities[0]?.hint).toMatch(/default/);
    // long → float is a lossy promotion: a warning, not a failing cell.
    const lossy = auditHistory([record([id('long')]), record([id('float')])]);
    expect(lossy.reads).toEqual([[true, false], [true, true]]);
    expect(cells(lossy)).toEqual(['v1 reads v2: TYPE_MISMATCH /fields/0/type', 'v2 reads v1:  (warnings: LOSSY_PROMOTION)']);
  });

  it('a schema against itself, an empty history and a single version', () => {
    expect(auditHistory([])).toEqual({ versions: [], reads: [], findings: [], satisfied: AUDITED_STRATEGIES, violations: [], upgrade: { order: 'any', fromPrevious: 'any', newestReads: [], readNewest: [] } });
    expect(auditHistory([FOUR[3] as string])).toEqual({ versions: ['v1'], reads: [[true]], findings: [], satisfied: AUDITED_STRATEGIES, violations: [], upgrade: { order: 'any', fromPrevious: 'any', newestReads: [], readNewest: [] } });
  });

  it('refuses bad input with typed errors naming it, and never mutates the history', () => {
    const history = [...FOUR];
    auditHistory(history);
    expect(history).toEqual(FOUR);
    expect(thrown(() => auditHistory([FOUR[0] as string, '{"type":"recrod"}']))).toBeInstanceOf(SchemaParseError);
    expect((thrown(() => auditHistory([FOUR[0] as string, '{'])) as Error).message).toMatch(/history\[1\]/);
    expect(thrown(() => auditHistory('nope' as unknown as string[]))).toBeInstanceOf(InvalidOptionError);
    expect((thrown(() => auditHistory(FOUR, { labels: ['a'] })) as Error).message).toMatch(/1 labels for 4 versions/);
    expect((thrown(() => auditHistory(FOUR, { labels: ['a', 'b', 'c', 4] as unknown as string[] })) as Error).message).toMatch(/labels\[3\] is 4/);
    expect(thrown(() => auditHistory(FOUR, { explain: 'yes' as unknown as boolean }))).toBeInstanceOf(InvalidOptionError);
  });

  it('a version of another schema type reads nothing and is read by nothing, except under NONE', () => {
    const json = parseSchema('JSON', '{"type":"object"}');
    const history = [FOUR[0] as string, json];
    const audit = auditHistory(history);
    expect(audit.reads).toEqual([[true, false], [false, true]]);
    expect(cells(audit)).toEqual(['v1 reads v2: SCHEMA_TYPE_CHANGED /', 'v2 reads v1: SCHEMA_TYPE_CHANGED /']);
    expect(audit.satisfied).toEqual(['NONE']);
    expect({ satisfied: audit.satisfied, violations: audit.violations }).toEqual(violationsByCheck(history));
  });
});

describe('auditHistory on JSON Schema and Protobuf', () => {
  it('JSON Schema: integer widened to number, then changed to string', () => {
    const property = (type: string): string => JSON.stringify({ type: 'object', properties: { a: { type } } });
    const history = [property('integer'), property('number'), property('string')];
    const audit = auditHistory(history, { schemaType: 'JSON' });
    // An integer is a number: v2 reads v1's data, not the other way; strings and numbers share nothing.
    expect(audit.reads).toEqual([[true, false, false], [true, true, false], [false, false, true]]);
    expect(audit.findings.map((cell) => [cell.reader, cell.writer, cell.incompatibilities.map((f) => `${f.type} ${f.location}`)])).toEqual([
      [0, 1, ['TYPE_NARROWED #/properties/a']],
      [0, 2, ['TYPE_CHANGED #/properties/a']],
      [1, 2, ['TYPE_CHANGED #/properties/a']],
      [2, 0, ['TYPE_CHANGED #/properties/a']],
      [2, 1, ['TYPE_CHANGED #/properties/a']],
    ]);
    expect({ satisfied: audit.satisfied, violations: audit.violations }).toEqual(violationsByCheck(history, { schemaType: 'JSON' }));
    expect(audit.satisfied).toEqual(['NONE']);
  });

  it('Protobuf: a field added (compatible both ways), then a field kind changed', () => {
    const registry = CheckerRegistry.withDefaults();
    registry.register(new ProtobufChecker());
    const proto = (fields: string): string => `syntax = "proto3";\nmessage M {\n${fields}\n}\n`;
    const history = [proto('int32 a = 1;'), proto('int32 a = 1;\n string b = 2;'), proto('string a = 1;\n string b = 2;')];
    const audit = auditHistory(history, { schemaType: 'PROTOBUF', registry });
    expect(audit.reads).toEqual([[true, true, false], [true, true, false], [false, false, true]]);
    expect(audit.satisfied).toEqual(['NONE']);
    expect(audit.violations.map((v) => [v.strategy, v.version, v.against])).toEqual([
      ['BACKWARD', 2, [1]], ['BACKWARD_TRANSITIVE', 2, [0, 1]], ['FORWARD', 2, [1]], ['FORWARD_TRANSITIVE', 2, [0, 1]], ['FULL', 2, [1]], ['FULL_TRANSITIVE', 2, [0, 1]],
    ]);
    expect(audit.upgrade).toEqual({ order: 'none', fromPrevious: 'none', newestReads: [], readNewest: [] });
    expect({ satisfied: audit.satisfied, violations: audit.violations }).toEqual(violationsByCheck(history, { schemaType: 'PROTOBUF', registry }));
  });
});
