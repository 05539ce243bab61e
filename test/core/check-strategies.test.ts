import { describe, expect, it } from 'vitest';
import {
  CheckerRegistry, DefaultChecker, InvalidOptionError, SchemaCompatError, SchemaParseError, UnknownSchemaTypeError,
  checkCompatibility, parseSchema,
} from 'schema-compat';
import type {
  CompatibilityResult, Direction, Finding, Incompatibility, PairResult, ParseOptions, Roles, SchemaChecker, SchemaInput, Strategy, StrategyName,
} from 'schema-compat';

// ---------------------------------------------------------------------------------------------
// A history of three Avro record versions whose answers are known by Avro's resolution rules.
//   v1: id:int, nickname:string
//   v2: id:int, nickname:string = "", name:string = ""
//   v3: id:int, nickname:string = "", name:string = "", email:[null,string] = null
// Every step is FULL compatible (each version reads the one before, and the one before reads it).
// ---------------------------------------------------------------------------------------------

const ID = { name: 'id', type: 'int' };
const NICKNAME_REQUIRED = { name: 'nickname', type: 'string' };
const NICKNAME = { name: 'nickname', type: 'string', default: '' };
const NAME = { name: 'name', type: 'string', default: '' };
const EMAIL = { name: 'email', type: ['null', 'string'], default: null };

const record = (fields: readonly object[]): object => ({ type: 'record', name: 'User', namespace: 'com.acme', fields });

const V1 = record([ID, NICKNAME_REQUIRED]);
const V2 = record([ID, NICKNAME, NAME]);
const V3 = record([ID, NICKNAME, NAME, EMAIL]);
const SCHEMAS = { v1: V1, v2: V2, v3: V3 } as const;
type VersionName = keyof typeof SCHEMAS;

/** The histories of the matrix: their items are schemas v1..v3, oldest first. */
const HISTORIES: Readonly<Record<string, readonly VersionName[]>> = {
  empty: [],
  'one version (v1)': ['v1'],
  'three versions (v1, v2, v3)': ['v1', 'v2', 'v3'],
};

/** What a pairwise check finds, per history schema and direction, before the core places it. */
type PairFindings = Readonly<Record<VersionName, Readonly<Record<Direction, readonly Finding[]>>>>;

const missingDefault = (index: number, field: string): Finding => ({ type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: `/fields/${index}`, message: field });
const intReadsLong: Finding = { type: 'TYPE_MISMATCH', location: '/fields/0/type', message: 'reader type: INT not compatible with writer type: LONG' };
const none = { BACKWARD: [], FORWARD: [] } as const;

interface Candidate {
  readonly schema: object;
  readonly findings: PairFindings;
}

/** Candidates, each designed so that the strategies disagree about it. */
const CANDIDATES: Readonly<Record<string, Candidate>> = {
  // v3 plus a field with a default: compatible both ways with every version.
  'adds a field with a default': {
    schema: record([ID, NICKNAME, NAME, EMAIL, { name: 'age', type: 'int', default: 0 }]),
    findings: { v1: none, v2: none, v3: none },
  },
  // v3 plus a field without a default: the candidate cannot read any old data; old readers skip the field.
  'adds a field without a default': {
    schema: record([ID, NICKNAME, NAME, EMAIL, { name: 'age', type: 'int' }]),
    findings: {
      v1: { BACKWARD: [missingDefault(4, 'age')], FORWARD: [] },
      v2: { BACKWARD: [missingDefault(4, 'age')], FORWARD: [] },
      v3: { BACKWARD: [missingDefault(4, 'age')], FORWARD: [] },
    },
  },
  // v3 without `id`, which no version has a default for: every old reader misses it.
  'removes a field without a default in the old schemas': {
    schema: record([NICKNAME, NAME, EMAIL]),
    findings: {
      v1: { BACKWARD: [], FORWARD: [missingDefault(0, 'id')] },
      v2: { BACKWARD: [], FORWARD: [missingDefault(0, 'id')] },
      v3: { BACKWARD: [], FORWARD: [missingDefault(0, 'id')] },
    },
  },
  // v3 without `nickname`: it has a default since v2, so only v1 cannot read the candidate's data
  // (FORWARD passes, FORWARD_TRANSITIVE fails).
  'removes a field that only v1 requires': {
    schema: record([ID, NAME, EMAIL]),
    findings: {
      v1: { BACKWARD: [], FORWARD: [missingDefault(1, 'nickname')] },
      v2: none,
      v3: none,
    },
  },
  // v3 with `email` required: the candidate reads v3 data but not v1 or v2 data
  // (BACKWARD passes, BACKWARD_TRANSITIVE fails).
  'drops the default of a field v3 added': {
    schema: record([ID, NICKNAME, NAME, { name: 'email', type: ['null', 'string'] }]),
    findings: {
      v1: { BACKWARD: [missingDefault(3, 'email')], FORWARD: [] },
      v2: { BACKWARD: [missingDefault(3, 'email')], FORWARD: [] },
      v3: none,
    },
  },
  // id widened to long (old int readers cannot read it) and a required field added (the candidate
  // cannot read old data): incompatible in both directions with every version.
  'fails in both directions': {
    schema: record([{ name: 'id', type: 'long' }, NICKNAME, NAME, EMAIL, { name: 'age', type: 'int' }]),
    findings: {
      v1: { BACKWARD: [missingDefault(4, 'age')], FORWARD: [intReadsLong] },
      v2: { BACKWARD: [missingDefault(4, 'age')], FORWARD: [intReadsLong] },
      v3: { BACKWARD: [missingDefault(4, 'age')], FORWARD: [intReadsLong] },
    },
  },
};

// Mixed case compiles only through a cast (the types take upper and lower case), and works at run time.
const STRATEGIES: ReadonlyArray<readonly [Strategy, StrategyName]> = [
  ['NONE', 'ALWAYS_COMPATIBLE'],
  ['ALWAYS_INCOMPATIBLE', 'disabled'],
  ['BACKWARD', 'backward'],
  ['BACKWARD_TRANSITIVE', 'BACKWARD_ALL'],
  ['FORWARD', 'Forward' as StrategyName],
  ['FORWARD_TRANSITIVE', 'forward_all'],
  ['FULL', 'BOTH'],
  ['FULL_TRANSITIVE', 'Full_All' as StrategyName],
];

// Confluent's sentences for the two Avro finding types used here, "new" and "old" by direction.
function describeFinding(finding: Finding, direction: Direction): string {
  const [reader, writer] = direction === 'BACKWARD' ? ['new', 'old'] : ['old', 'new'];
  if (finding.type === 'READER_FIELD_MISSING_DEFAULT_VALUE') {
    return `The field '${finding.message}' at path '${finding.location}' in the ${reader} schema has no default value and is missing in the ${writer} schema`;
  }
  return `The type (path '${finding.location}') of a field in the ${reader} schema does not match with the ${writer} schema`;
}

function place(finding: Finding, direction: Direction, version: number): Incompatibility {
  return { ...finding, direction, version, description: describeFinding(finding, direction) };
}

function alwaysIncompatible(version: number): Incompatibility {
  return {
    type: 'ALWAYS_INCOMPATIBLE', direction: 'BACKWARD', version, location: '/',
    message: 'Schema compatibility strategy is ALWAYS_INCOMPATIBLE',
    description: `The ALWAYS_INCOMPATIBLE strategy rejects every new schema after version ${version}; only a schema identical to an existing version is accepted`,
  };
}

function typeChanged(direction: Direction, version: number, from: string, to: string): Incompatibility {
  return {
    type: 'SCHEMA_TYPE_CHANGED', direction, version, location: '/',
    message: 'Incompatible because of different schema type',
    description: `The schema type changed from ${from} (version ${version}) to ${to}`,
  };
}

const COMPATIBLE_EMPTY = { compatible: true, checked: [], incompatibilities: [], warnings: [] } as const;

/** DESIGN §2, rules 1 and 3–5, restated for a candidate that is identical to no version. */
function expectedResult(strategy: Strategy, history: readonly VersionName[], candidate: Candidate): CompatibilityResult {
  if (history.length === 0 || strategy === 'NONE') return { ...COMPATIBLE_EMPTY, strategy };
  const labelled = history.map((name, i) => ({ name, label: i + 1 }));
  const newestFirst = [...labelled].reverse();
  if (strategy === 'ALWAYS_INCOMPATIBLE') {
    const latest = newestFirst[0]!.label;
    return { compatible: false, strategy, checked: [latest], incompatibilities: [alwaysIncompatible(latest)], warnings: [] };
  }
  const scope = strategy.endsWith('_TRANSITIVE') ? newestFirst : newestFirst.slice(0, 1);
  const directions: Direction[] = strategy.startsWith('BACKWARD') ? ['BACKWARD'] : strategy.startsWith('FORWARD') ? ['FORWARD'] : ['FORWARD', 'BACKWARD'];
  const incompatibilities = scope.flatMap(({ name, label }) =>
    directions.flatMap((direction) => candidate.findings[name][direction].map((finding) => place(finding, direction, label))));
  return { compatible: incompatibilities.length === 0, strategy, checked: scope.map(({ label }) => label), incompatibilities, warnings: [] };
}

const historyOf = (names: readonly VersionName[]): object[] => names.map((name) => SCHEMAS[name]);

describe('the history fixture', () => {
  it('is a FULL_TRANSITIVE compatible chain', () => {
    expect(checkCompatibility('FULL_TRANSITIVE', V2, [V1])).toEqual({ ...COMPATIBLE_EMPTY, strategy: 'FULL_TRANSITIVE', checked: [1] });
    expect(checkCompatibility('FULL_TRANSITIVE', V3, [V1, V2])).toEqual({ ...COMPATIBLE_EMPTY, strategy: 'FULL_TRANSITIVE', checked: [2, 1] });
  });

  it('each schema is compatible with itself (when not de-duplicated: a doc-only change)', () => {
    for (const schema of [V1, V2, V3]) {
      const withDoc = { ...schema, doc: 'changed' };
      expect(checkCompatibility('FULL', withDoc, [schema])).toEqual({ ...COMPATIBLE_EMPTY, strategy: 'FULL', identical: { version: 1 } });
    }
  });
});

describe('every strategy × history × candidate (DESIGN §2)', () => {
  for (const [strategy, alias] of STRATEGIES) {
    describe(strategy, () => {
      for (const [historyName, history] of Object.entries(HISTORIES)) {
        for (const [candidateName, candidate] of Object.entries(CANDIDATES)) {
          it(`${historyName}: candidate ${candidateName}`, () => {
            const expected = expectedResult(strategy, history, candidate);
            expect(checkCompatibility(strategy, candidate.schema, historyOf(history))).toEqual(expected);
            // The alias gives the same result, with the canonical name.
            expect(checkCompatibility(alias, candidate.schema, historyOf(history))).toEqual(expected);
          });
        }
      }
    });
  }
});

describe('the differences between strategies, written out', () => {
  const history = [V1, V2, V3];

  it('BACKWARD passes and BACKWARD_TRANSITIVE fails for a candidate that reads only the latest version', () => {
    const candidate = CANDIDATES['drops the default of a field v3 added']!.schema;
    expect(checkCompatibility('BACKWARD', candidate, history)).toEqual({
      compatible: true, strategy: 'BACKWARD', checked: [3], incompatibilities: [], warnings: [],
    });
    expect(checkCompatibility('BACKWARD_TRANSITIVE', candidate, history)).toEqual({
      compatible: false,
      strategy: 'BACKWARD_TRANSITIVE',
      checked: [3, 2, 1],
      incompatibilities: [
        {
          type: 'READER_FIELD_MISSING_DEFAULT_VALUE', direction: 'BACKWARD', version: 2, location: '/fields/3', message: 'email',
          description: "The field 'email' at path '/fields/3' in the new schema has no default value and is missing in the old schema",
        },
        {
          type: 'READER_FIELD_MISSING_DEFAULT_VALUE', direction: 'BACKWARD', version: 1, location: '/fields/3', message: 'email',
          description: "The field 'email' at path '/fields/3' in the new schema has no default value and is missing in the old schema",
        },
      ],
      warnings: [],
    });
    expect(checkCompatibility('FORWARD_TRANSITIVE', candidate, history)).toEqual({
      compatible: true, strategy: 'FORWARD_TRANSITIVE', checked: [3, 2, 1], incompatibilities: [], warnings: [],
    });
  });

  it('FORWARD passes and FORWARD_TRANSITIVE fails when only the oldest version cannot read the candidate', () => {
    const candidate = CANDIDATES['removes a field that only v1 requires']!.schema;
    expect(checkCompatibility('FORWARD', candidate, history)).toEqual({
      compatible: true, strategy: 'FORWARD', checked: [3], incompatibilities: [], warnings: [],
    });
    expect(checkCompatibility('FORWARD_TRANSITIVE', candidate, history)).toEqual({
      compatible: false,
      strategy: 'FORWARD_TRANSITIVE',
      checked: [3, 2, 1],
      incompatibilities: [{
        type: 'READER_FIELD_MISSING_DEFAULT_VALUE', direction: 'FORWARD', version: 1, location: '/fields/1', message: 'nickname',
        description: "The field 'nickname' at path '/fields/1' in the old schema has no default value and is missing in the new schema",
      }],
      warnings: [],
    });
    expect(checkCompatibility('FULL', candidate, history)).toEqual({
      compatible: true, strategy: 'FULL', checked: [3], incompatibilities: [], warnings: [],
    });
  });

  it('BACKWARD fails and FORWARD passes for an added required field', () => {
    const candidate = CANDIDATES['adds a field without a default']!.schema;
    expect(checkCompatibility('BACKWARD', candidate, history)).toEqual({
      compatible: false,
      strategy: 'BACKWARD',
      checked: [3],
      incompatibilities: [{
        type: 'READER_FIELD_MISSING_DEFAULT_VALUE', direction: 'BACKWARD', version: 3, location: '/fields/4', message: 'age',
        description: "The field 'age' at path '/fields/4' in the new schema has no default value and is missing in the old schema",
      }],
      warnings: [],
    });
    expect(checkCompatibility('FORWARD', candidate, history)).toEqual({
      compatible: true, strategy: 'FORWARD', checked: [3], incompatibilities: [], warnings: [],
    });
  });

  it('FULL_TRANSITIVE: newest version first, and per version FORWARD findings before BACKWARD ones', () => {
    const candidate = CANDIDATES['fails in both directions']!.schema;
    const forward = (version: number): Incompatibility => ({
      type: 'TYPE_MISMATCH', direction: 'FORWARD', version, location: '/fields/0/type', message: 'reader type: INT not compatible with writer type: LONG',
      description: "The type (path '/fields/0/type') of a field in the old schema does not match with the new schema",
    });
    const backward = (version: number): Incompatibility => ({
      type: 'READER_FIELD_MISSING_DEFAULT_VALUE', direction: 'BACKWARD', version, location: '/fields/4', message: 'age',
      description: "The field 'age' at path '/fields/4' in the new schema has no default value and is missing in the old schema",
    });
    expect(checkCompatibility('FULL_TRANSITIVE', candidate, history)).toEqual({
      compatible: false,
      strategy: 'FULL_TRANSITIVE',
      checked: [3, 2, 1],
      incompatibilities: [forward(3), backward(3), forward(2), backward(2), forward(1), backward(1)],
      warnings: [],
    });
    expect(checkCompatibility('FULL', candidate, history)).toEqual({
      compatible: false, strategy: 'FULL', checked: [3], incompatibilities: [forward(3), backward(3)], warnings: [],
    });
  });
});

describe('empty history (rule 1)', () => {
  for (const [strategy, alias] of STRATEGIES) {
    it(`${strategy}: compatible, nothing checked`, () => {
      expect(checkCompatibility(strategy, V1, [])).toEqual({ compatible: true, strategy, checked: [], incompatibilities: [], warnings: [] });
      expect(checkCompatibility(alias, '"string"', [])).toEqual({ compatible: true, strategy, checked: [], incompatibilities: [], warnings: [] });
    });
  }
});

describe('de-duplication first (rule 2)', () => {
  const history = [V1, V2, V3];
  // v2 as text: another key order, other whitespace, docs added.
  const v2Text = `
    {
      "fields" : [
        { "type": "int", "name": "id", "doc": "the id" },
        { "default": "", "name": "nickname", "type": "string" },
        { "name": "name",    "default": "", "type": "string", "doc": "a name" }
      ],
      "doc": "A user of the system",
      "namespace": "com.acme",
      "type": "record",
      "name": "User"
    }`;

  for (const [strategy, alias] of STRATEGIES) {
    it(`${strategy}: a candidate identical to a version is accepted with identical, nothing checked`, () => {
      const identical = (version: number): CompatibilityResult => ({ compatible: true, strategy, identical: { version }, checked: [], incompatibilities: [], warnings: [] });
      expect(checkCompatibility(strategy, V3, history)).toEqual(identical(3));
      expect(checkCompatibility(strategy, V2, history)).toEqual(identical(2));
      expect(checkCompatibility(alias, V1, history)).toEqual(identical(1));
      expect(checkCompatibility(strategy, v2Text, history)).toEqual(identical(2));
      expect(checkCompatibility(strategy, JSON.stringify(V1), [V1])).toEqual(identical(1));
    });
  }

  it('a changed default is not identical (defaults change meaning)', () => {
    const otherDefault = record([ID, NICKNAME, { name: 'name', type: 'string', default: 'x' }]);
    expect(checkCompatibility('ALWAYS_INCOMPATIBLE', otherDefault, [V1, V2])).toEqual({
      compatible: false, strategy: 'ALWAYS_INCOMPATIBLE', checked: [2], incompatibilities: [alwaysIncompatible(2)], warnings: [],
    });
    expect(checkCompatibility('FULL', otherDefault, [V1, V2])).toEqual({
      compatible: true, strategy: 'FULL', checked: [2], incompatibilities: [], warnings: [],
    });
  });

  it('the newest identical version is named when several are identical', () => {
    expect(checkCompatibility('BACKWARD', V1, [V1, V2, V1])).toEqual({
      compatible: true, strategy: 'BACKWARD', identical: { version: 3 }, checked: [], incompatibilities: [], warnings: [],
    });
  });

  it('only a version of the same schema type can be identical', () => {
    const string = parseSchema('STRING', '');
    expect(checkCompatibility('FULL', '"string"', [string])).toEqual({
      compatible: false, strategy: 'FULL', checked: [1],
      incompatibilities: [typeChanged('FORWARD', 1, 'STRING', 'AVRO'), typeChanged('BACKWARD', 1, 'STRING', 'AVRO')],
      warnings: [],
    });
  });
});

describe('ALWAYS_INCOMPATIBLE', () => {
  it('rejects every new schema with one finding for the latest version', () => {
    const candidate = CANDIDATES['adds a field with a default']!.schema;
    expect(checkCompatibility('ALWAYS_INCOMPATIBLE', candidate, [V1, V2, V3])).toEqual({
      compatible: false, strategy: 'ALWAYS_INCOMPATIBLE', checked: [3], incompatibilities: [alwaysIncompatible(3)], warnings: [],
    });
    expect(checkCompatibility('DISABLED', candidate, [V1])).toEqual({
      compatible: false, strategy: 'ALWAYS_INCOMPATIBLE', checked: [1], incompatibilities: [alwaysIncompatible(1)], warnings: [],
    });
  });

  it('also with stopAtFirstFailure', () => {
    expect(checkCompatibility('ALWAYS_INCOMPATIBLE', V3, [V1, V2], { stopAtFirstFailure: true })).toEqual({
      compatible: false, strategy: 'ALWAYS_INCOMPATIBLE', checked: [2], incompatibilities: [alwaysIncompatible(2)], warnings: [],
    });
  });
});

describe('NONE', () => {
  it('is compatible with anything, checking nothing, even a schema type change', () => {
    const expected: CompatibilityResult = { compatible: true, strategy: 'NONE', checked: [], incompatibilities: [], warnings: [] };
    expect(checkCompatibility('NONE', '"int"', [V1, V2, V3])).toEqual(expected);
    expect(checkCompatibility('NONE', CANDIDATES['fails in both directions']!.schema, [V1, V2, V3])).toEqual(expected);
    expect(checkCompatibility('NONE', V1, [parseSchema('STRING', '')])).toEqual(expected);
    expect(checkCompatibility('ALWAYS_COMPATIBLE', parseSchema('INT32', ''), [V1, parseSchema('STRING', '')])).toEqual(expected);
  });
});

describe('the schema type gate (rule 3)', () => {
  const string = (): SchemaInput => parseSchema('STRING', '');

  it('a version of another type is incompatible under every strategy but NONE (FULL: one finding per direction)', () => {
    const results = Object.fromEntries(STRATEGIES.map(([strategy]) => [strategy, checkCompatibility(strategy, V1, [string()])]));
    const failed = (strategy: Strategy, incompatibilities: Incompatibility[]): CompatibilityResult => ({ compatible: false, strategy, checked: [1], incompatibilities, warnings: [] });
    expect(results).toEqual({
      NONE: { compatible: true, strategy: 'NONE', checked: [], incompatibilities: [], warnings: [] },
      ALWAYS_INCOMPATIBLE: failed('ALWAYS_INCOMPATIBLE', [typeChanged('BACKWARD', 1, 'STRING', 'AVRO'), alwaysIncompatible(1)]),
      BACKWARD: failed('BACKWARD', [typeChanged('BACKWARD', 1, 'STRING', 'AVRO')]),
      BACKWARD_TRANSITIVE: failed('BACKWARD_TRANSITIVE', [typeChanged('BACKWARD', 1, 'STRING', 'AVRO')]),
      FORWARD: failed('FORWARD', [typeChanged('FORWARD', 1, 'STRING', 'AVRO')]),
      FORWARD_TRANSITIVE: failed('FORWARD_TRANSITIVE', [typeChanged('FORWARD', 1, 'STRING', 'AVRO')]),
      FULL: failed('FULL', [typeChanged('FORWARD', 1, 'STRING', 'AVRO'), typeChanged('BACKWARD', 1, 'STRING', 'AVRO')]),
      FULL_TRANSITIVE: failed('FULL_TRANSITIVE', [typeChanged('FORWARD', 1, 'STRING', 'AVRO'), typeChanged('BACKWARD', 1, 'STRING', 'AVRO')]),
    });
  });

  it('only the versions of another type get SCHEMA_TYPE_CHANGED; the others are checked by the Avro rules', () => {
    expect(checkCompatibility('BACKWARD_TRANSITIVE', V3, [string(), V1, V2])).toEqual({
      compatible: false, strategy: 'BACKWARD_TRANSITIVE', checked: [3, 2, 1],
      incompatibilities: [typeChanged('BACKWARD', 1, 'STRING', 'AVRO')], warnings: [],
    });
    expect(checkCompatibility('FULL_TRANSITIVE', V3, [string(), V1, V2])).toEqual({
      compatible: false, strategy: 'FULL_TRANSITIVE', checked: [3, 2, 1],
      incompatibilities: [typeChanged('FORWARD', 1, 'STRING', 'AVRO'), typeChanged('BACKWARD', 1, 'STRING', 'AVRO')], warnings: [],
    });
    // Outside the scope of a non-transitive strategy, the old type does not matter.
    expect(checkCompatibility('FULL', V3, [string(), V1, V2])).toEqual({
      compatible: true, strategy: 'FULL', checked: [3], incompatibilities: [], warnings: [],
    });
  });

  it('a candidate of another type than the history', () => {
    expect(checkCompatibility('FORWARD', parseSchema('STRING', ''), [V1, V2])).toEqual({
      compatible: false, strategy: 'FORWARD', checked: [2], incompatibilities: [typeChanged('FORWARD', 2, 'AVRO', 'STRING')], warnings: [],
    });
  });
});

describe('reporting every version, or stopping at the first failure (rule 5)', () => {
  const history = [V1, V2, V3];

  it('reports every version in scope by default; stopAtFirstFailure stops after the first failing version', () => {
    const candidate = CANDIDATES['drops the default of a field v3 added']!.schema;
    const emailMissing = (version: number): Incompatibility => place(missingDefault(3, 'email'), 'BACKWARD', version);
    expect(checkCompatibility('BACKWARD_TRANSITIVE', candidate, history)).toEqual({
      compatible: false, strategy: 'BACKWARD_TRANSITIVE', checked: [3, 2, 1], incompatibilities: [emailMissing(2), emailMissing(1)], warnings: [],
    });
    expect(checkCompatibility('BACKWARD_TRANSITIVE', candidate, history, { stopAtFirstFailure: true })).toEqual({
      compatible: false, strategy: 'BACKWARD_TRANSITIVE', checked: [3, 2], incompatibilities: [emailMissing(2)], warnings: [],
    });
    expect(checkCompatibility('BACKWARD_TRANSITIVE', candidate, history, { stopAtFirstFailure: false })).toEqual(
      checkCompatibility('BACKWARD_TRANSITIVE', candidate, history),
    );
  });

  it('stopAtFirstFailure keeps both directions of the failing version', () => {
    const candidate = CANDIDATES['fails in both directions']!.schema;
    expect(checkCompatibility('FULL_TRANSITIVE', candidate, history, { stopAtFirstFailure: true })).toEqual({
      compatible: false, strategy: 'FULL_TRANSITIVE', checked: [3],
      incompatibilities: [place(intReadsLong, 'FORWARD', 3), place(missingDefault(4, 'age'), 'BACKWARD', 3)], warnings: [],
    });
  });

  it('stopAtFirstFailure changes nothing when the failure is the oldest version or there is none', () => {
    const late = CANDIDATES['removes a field that only v1 requires']!.schema;
    expect(checkCompatibility('FORWARD_TRANSITIVE', late, history, { stopAtFirstFailure: true })).toEqual(checkCompatibility('FORWARD_TRANSITIVE', late, history));
    const good = CANDIDATES['adds a field with a default']!.schema;
    expect(checkCompatibility('FULL_TRANSITIVE', good, history, { stopAtFirstFailure: true })).toEqual({
      compatible: true, strategy: 'FULL_TRANSITIVE', checked: [3, 2, 1], incompatibilities: [], warnings: [],
    });
  });
});

describe('version labels', () => {
  // Pulsar counts versions from 0.
  const pulsarHistory = (): SchemaInput[] => [V1, V2, V3].map((schema, version) => parseSchema('AVRO', schema, { version }));

  it('uses the version of a ParsedSchema in checked and in each finding', () => {
    const candidate = CANDIDATES['drops the default of a field v3 added']!.schema;
    expect(checkCompatibility('BACKWARD_TRANSITIVE', candidate, pulsarHistory())).toEqual({
      compatible: false, strategy: 'BACKWARD_TRANSITIVE', checked: [2, 1, 0],
      incompatibilities: [place(missingDefault(3, 'email'), 'BACKWARD', 1), place(missingDefault(3, 'email'), 'BACKWARD', 0)], warnings: [],
    });
    expect(checkCompatibility('ALWAYS_INCOMPATIBLE', candidate, pulsarHistory())).toEqual({
      compatible: false, strategy: 'ALWAYS_INCOMPATIBLE', checked: [2], incompatibilities: [alwaysIncompatible(2)], warnings: [],
    });
  });

  it('uses the version of a ParsedSchema in identical', () => {
    expect(checkCompatibility('FULL', V1, pulsarHistory())).toEqual({
      compatible: true, strategy: 'FULL', identical: { version: 0 }, checked: [], incompatibilities: [], warnings: [],
    });
  });

  it('uses the version in SCHEMA_TYPE_CHANGED', () => {
    expect(checkCompatibility('BACKWARD', V1, [parseSchema('STRING', '', { version: 0 })])).toEqual({
      compatible: false, strategy: 'BACKWARD', checked: [0], incompatibilities: [typeChanged('BACKWARD', 0, 'STRING', 'AVRO')], warnings: [],
    });
  });

  it('falls back to the 1-based position for inputs without a version', () => {
    const candidate = CANDIDATES['fails in both directions']!.schema;
    const history = [JSON.stringify(V1), parseSchema('AVRO', V2, { version: 7 }), V3];
    expect(checkCompatibility('FORWARD_TRANSITIVE', candidate, history)).toEqual({
      compatible: false, strategy: 'FORWARD_TRANSITIVE', checked: [3, 7, 1],
      incompatibilities: [place(intReadsLong, 'FORWARD', 3), place(intReadsLong, 'FORWARD', 7), place(intReadsLong, 'FORWARD', 1)], warnings: [],
    });
  });

  it('rejects a version label that is not a non-negative integer', () => {
    for (const version of [-1, 1.5, Number.NaN]) {
      let caught: unknown;
      try {
        parseSchema('AVRO', V1, { version });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(InvalidOptionError);
      const e = caught as InvalidOptionError;
      expect({ code: e.code, option: e.option, message: e.message }).toEqual({
        code: 'INVALID_OPTION', option: 'version', message: `Invalid option version: ${String(version)} is not a non-negative integer`,
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// A user-registered checker: the core builds every strategy from canRead without knowing the
// schema language. A TOY schema is an integer level; a reader reads every level up to its own.
// ---------------------------------------------------------------------------------------------

interface Toy {
  readonly level: number;
}

class ToyChecker implements SchemaChecker<Toy> {
  readonly schemaType = 'TOY';

  parse(input: string | object, options?: ParseOptions): Toy {
    const level = typeof input === 'string' ? Number(input) : (input as { level?: unknown }).level;
    if (typeof input === 'string' && input.trim() === '') throw this.invalid(options);
    if (typeof level !== 'number' || !Number.isInteger(level)) throw this.invalid(options);
    return { level };
  }

  canRead(reader: Toy, writer: Toy): PairResult {
    const warnings: Finding[] = reader.level - writer.level > 10 ? [{ type: 'TOY_BIG_JUMP', location: '/', message: `${writer.level} to ${reader.level} is a big jump` }] : [];
    if (reader.level >= writer.level) return { compatible: true, incompatibilities: [], warnings };
    return { compatible: false, incompatibilities: [{ type: 'TOY_TOO_OLD', location: '/', message: `level ${reader.level} cannot read level ${writer.level}` }], warnings };
  }

  isIdentical(a: Toy, b: Toy): boolean {
    return a.level === b.level;
  }

  describe(finding: Finding, roles: Roles): string {
    return `The ${roles.reader} toy cannot read the ${roles.writer} toy: ${finding.message}`;
  }

  private invalid(options?: ParseOptions): SchemaParseError {
    return new SchemaParseError({ input: options?.label ?? 'schema', pointer: '', rule: 'TOY_NOT_A_LEVEL', detail: 'a toy schema is an integer level' });
  }
}

const toyRegistry = (): CheckerRegistry => new CheckerRegistry().register(new ToyChecker());

describe('a user-registered checker (the core knows no schema language)', () => {
  const options = () => ({ registry: toyRegistry(), schemaType: 'TOY' });
  const tooOld = (direction: Direction, version: number, reader: number, writer: number, roles: string): Incompatibility => ({
    type: 'TOY_TOO_OLD', direction, version, location: '/', message: `level ${reader} cannot read level ${writer}`,
    description: `The ${roles} toy: level ${reader} cannot read level ${writer}`,
  });

  it('BACKWARD vs BACKWARD_TRANSITIVE', () => {
    expect(checkCompatibility('BACKWARD', '2', ['1', '3'], options())).toEqual({
      compatible: false, strategy: 'BACKWARD', checked: [2], incompatibilities: [tooOld('BACKWARD', 2, 2, 3, 'new toy cannot read the old')], warnings: [],
    });
    expect(checkCompatibility('BACKWARD_TRANSITIVE', '2', ['3', '1'], options())).toEqual({
      compatible: false, strategy: 'BACKWARD_TRANSITIVE', checked: [2, 1], incompatibilities: [tooOld('BACKWARD', 1, 2, 3, 'new toy cannot read the old')], warnings: [],
    });
  });

  it('FORWARD: the old schema is the reader, and FULL_TRANSITIVE orders FORWARD before BACKWARD per version', () => {
    expect(checkCompatibility('FORWARD_TRANSITIVE', '5', ['1', '3', '4'], options())).toEqual({
      compatible: false, strategy: 'FORWARD_TRANSITIVE', checked: [3, 2, 1],
      incompatibilities: [
        tooOld('FORWARD', 3, 4, 5, 'old toy cannot read the new'),
        tooOld('FORWARD', 2, 3, 5, 'old toy cannot read the new'),
        tooOld('FORWARD', 1, 1, 5, 'old toy cannot read the new'),
      ],
      warnings: [],
    });
    expect(checkCompatibility('FULL_TRANSITIVE', '3', ['1', '5'], options())).toEqual({
      compatible: false, strategy: 'FULL_TRANSITIVE', checked: [2, 1],
      incompatibilities: [tooOld('BACKWARD', 2, 3, 5, 'new toy cannot read the old'), tooOld('FORWARD', 1, 1, 3, 'old toy cannot read the new')],
      warnings: [],
    });
  });

  it('warnings are placed like incompatibilities and do not change the verdict', () => {
    expect(checkCompatibility('BACKWARD_TRANSITIVE', '20', ['1', '15'], options())).toEqual({
      compatible: true, strategy: 'BACKWARD_TRANSITIVE', checked: [2, 1], incompatibilities: [],
      warnings: [{
        type: 'TOY_BIG_JUMP', direction: 'BACKWARD', version: 1, location: '/', message: '1 to 20 is a big jump',
        description: 'The new toy cannot read the old toy: 1 to 20 is a big jump',
      }],
    });
  });

  it('de-duplicates with the checker\'s isIdentical, under every strategy', () => {
    for (const [strategy] of STRATEGIES) {
      expect(checkCompatibility(strategy, { level: 3 }, ['3', '9'], options())).toEqual({
        compatible: true, strategy, identical: { version: 1 }, checked: [], incompatibilities: [], warnings: [],
      });
    }
  });

  it('parses with the registry, case-insensitively, and carries the version label', () => {
    const registry = toyRegistry();
    const parsed = parseSchema('toy', '4', { registry, version: 0 });
    expect(parsed).toMatchObject({ schemaType: 'TOY', schema: { level: 4 }, version: 0 });
    expect(checkCompatibility('FULL', parseSchema('TOY', '2', { registry }), [parsed], { registry })).toEqual({
      compatible: false, strategy: 'FULL', checked: [0],
      incompatibilities: [tooOld('BACKWARD', 0, 2, 4, 'new toy cannot read the old')], warnings: [],
    });
  });

  it('a checker\'s parse error names the input', () => {
    let caught: unknown;
    try {
      checkCompatibility('BACKWARD', '3', ['1', 'x'], options());
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SchemaParseError);
    const e = caught as SchemaParseError;
    expect({ code: e.code, input: e.input, pointer: e.pointer, rule: e.rule }).toEqual({
      code: 'SCHEMA_PARSE_ERROR', input: 'history[1]', pointer: '', rule: 'TOY_NOT_A_LEVEL',
    });
  });

  it('the type gate works between user checkers', () => {
    const registry = toyRegistry().register(new DefaultChecker('STRING'));
    expect(checkCompatibility('BACKWARD', '3', [parseSchema('STRING', '', { registry })], { registry, schemaType: 'TOY' })).toEqual({
      compatible: false, strategy: 'BACKWARD', checked: [1], incompatibilities: [typeChanged('BACKWARD', 1, 'STRING', 'TOY')], warnings: [],
    });
  });
});

describe('UnknownSchemaTypeError', () => {
  function unknownTypeOf(run: () => unknown): unknown {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(UnknownSchemaTypeError);
      expect(error).toBeInstanceOf(SchemaCompatError);
      const e = error as UnknownSchemaTypeError;
      return { name: e.name, code: e.code, schemaType: e.schemaType, knownTypes: [...e.knownTypes], message: e.message };
    }
    throw new Error('expected UnknownSchemaTypeError, nothing was thrown');
  }

  it('a registry with only the toy checker does not know AVRO', () => {
    const expected = {
      name: 'UnknownSchemaTypeError', code: 'UNKNOWN_SCHEMA_TYPE', schemaType: 'AVRO', knownTypes: ['TOY'],
      message: 'No checker is registered for schema type "AVRO". Registered types: TOY. To check this type, register a SchemaChecker for it on a CheckerRegistry and pass it as the `registry` option',
    };
    expect(unknownTypeOf(() => checkCompatibility('BACKWARD', '"int"', [], { registry: toyRegistry() }))).toEqual(expected);
    expect(unknownTypeOf(() => parseSchema('AVRO', '"int"', { registry: toyRegistry() }))).toEqual(expected);
  });

  it('the default registry does not know an unregistered type (the message lists the registered ones)', () => {
    const expected = {
      name: 'UnknownSchemaTypeError', code: 'UNKNOWN_SCHEMA_TYPE', schemaType: 'TOY',
      knownTypes: expect.arrayContaining(['AVRO', 'STRING', 'INT32', 'BYTES']),
      message: expect.stringMatching(/^No checker is registered for schema type "TOY"\. Registered types: AVRO, .*STRING/),
    };
    expect(unknownTypeOf(() => checkCompatibility('BACKWARD', '3', [], { schemaType: 'TOY' }))).toEqual(expected);
    expect(unknownTypeOf(() => parseSchema('TOY', '3'))).toEqual(expected);
  });
});

describe('DefaultChecker (Pulsar primitive types)', () => {
  it("STRING '' against STRING '' is identical under every strategy", () => {
    for (const [strategy] of STRATEGIES) {
      expect(checkCompatibility(strategy, parseSchema('STRING', ''), [parseSchema('STRING', '')])).toEqual({
        compatible: true, strategy, identical: { version: 1 }, checked: [], incompatibilities: [], warnings: [],
      });
      expect(checkCompatibility(strategy, '', ['', ''], { schemaType: 'string' })).toEqual({
        compatible: true, strategy, identical: { version: 2 }, checked: [], incompatibilities: [], warnings: [],
      });
    }
  });

  it("STRING 'null' (the Python client's schema data) is accepted", () => {
    expect(parseSchema('STRING', 'null')).toMatchObject({ schemaType: 'STRING', schema: { schemaType: 'STRING', definition: 'null' } });
    expect(checkCompatibility('ALWAYS_INCOMPATIBLE', 'null', ['null'], { schemaType: 'STRING' })).toEqual({
      compatible: true, strategy: 'ALWAYS_INCOMPATIBLE', identical: { version: 1 }, checked: [], incompatibilities: [], warnings: [],
    });
  });

  it('INT32 with non-empty schema data is a SchemaParseError (PRIMITIVE_DATA_NOT_EMPTY)', () => {
    const errorOf = (run: () => unknown): unknown => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(SchemaParseError);
        const e = error as SchemaParseError;
        return { code: e.code, input: e.input, pointer: e.pointer, rule: e.rule, detail: e.detail };
      }
      throw new Error('expected SchemaParseError, nothing was thrown');
    };
    const detail = 'Invalid schema definition data for INT32 schema: the data of a INT32 schema must be empty';
    expect(errorOf(() => parseSchema('INT32', '{"type":"int"}'))).toEqual({ code: 'SCHEMA_PARSE_ERROR', input: 'schema', pointer: '', rule: 'PRIMITIVE_DATA_NOT_EMPTY', detail });
    expect(errorOf(() => checkCompatibility('FULL', '', ['', '1'], { schemaType: 'INT32' }))).toEqual({ code: 'SCHEMA_PARSE_ERROR', input: 'history[1]', pointer: '', rule: 'PRIMITIVE_DATA_NOT_EMPTY', detail });
    expect(errorOf(() => checkCompatibility('FULL', 'null', [], { schemaType: 'INT32' }))).toEqual({ code: 'SCHEMA_PARSE_ERROR', input: 'candidate', pointer: '', rule: 'PRIMITIVE_DATA_NOT_EMPTY', detail });
  });

  it('ALWAYS_INCOMPATIBLE (Pulsar\'s default for primitive types) accepts the same primitive schema again', () => {
    expect(checkCompatibility('ALWAYS_INCOMPATIBLE', '', [''], { schemaType: 'INT64' })).toEqual({
      compatible: true, strategy: 'ALWAYS_INCOMPATIBLE', identical: { version: 1 }, checked: [], incompatibilities: [], warnings: [],
    });
  });
});
