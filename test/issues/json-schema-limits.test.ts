import { describe, expect, it } from 'vitest';
import { done, isolated } from './isolated.js';

// Issue: hostile JSON Schema input (f04, f06, f10). Every call runs in a child process with a time
// limit and a heap limit (isolated.ts): the defective code took minutes (f04: ~210 s for 400 oneOf
// branches; f10: a 10,000-link $ref chain never finished) or exhausted the heap (f06), and that
// must fail the test, not stall or kill the suite. Each call is also timed in the child: the
// bounds are five to ten times what a check takes here on a loaded machine (the machine is shared),
// and well below what the defects took (each test's name says how long).

/** What a script's `outcome(fn)` gives (isolated.ts): the value, or the error's class, code and message. */
type Outcome<T> =
  | { readonly ok: true; readonly ms: number; readonly value: T }
  | { readonly ok: false; readonly ms: number; readonly typed: boolean; readonly className: string; readonly code: string; readonly message: string };

/** A check's verdict and findings, as the child reports them. */
interface Verdict {
  readonly compatible: boolean;
  readonly identical?: boolean;
  readonly findings: ReadonlyArray<{ readonly type: string; readonly direction: string; readonly location: string; readonly hint?: string; readonly witness?: unknown }>;
}

const BOUNDS = { timeoutMs: 60_000, heapMb: 256 };
/** One check's time bound: each of these takes under a second here. */
const CALL_MS = 5_000;

/** Runs checkCompatibility in the child for each [strategy, candidate, history, explain] and reports what came of it; each call must take at most `callMs`. */
async function checks(calls: ReadonlyArray<readonly [string, unknown, unknown[], boolean?]>, callMs = CALL_MS): Promise<Array<Outcome<Verdict>>> {
  const outcomes = done(await isolated<Array<Outcome<Verdict>>>(`
    return input.map(([strategy, candidate, history, explain]) => outcome(() => {
      const r = sc.checkCompatibility(strategy, candidate, history, { schemaType: 'JSON', explain: explain === true });
      return {
        compatible: r.compatible,
        ...(r.identical ? { identical: true } : {}),
        findings: r.incompatibilities.map((f) => ({ type: f.type, direction: f.direction, location: f.location, ...(f.hint ? { hint: f.hint } : {}), ...('witness' in f ? { witness: f.witness } : {}) })),
      };
    }));`, calls, BOUNDS));
  // Each call's own time: the whole child (start-up included) is bounded by BOUNDS.timeoutMs.
  expect(outcomes.map((outcome) => outcome.ms).filter((ms) => ms > callMs)).toEqual([]);
  return outcomes;
}

/** The value of a call that must have succeeded. */
function value<T>(outcome: Outcome<T> | undefined): T {
  if (outcome === undefined || !outcome.ok) throw new Error(`expected a value, got ${JSON.stringify(outcome)}`);
  return outcome.value;
}

describe('f04: oneOf/anyOf/enum comparison is near-linear', () => {
  /** `n` object branches told apart by the constant of `k` (the reproduction's schema). */
  const oneOf = (n: number, extra: object = {}): object => ({ ...extra, oneOf: Array.from({ length: n }, (_, i) => ({ type: 'object', properties: { k: { const: i } } })) });

  it('a 400-branch oneOf whose only change is a title is compatible both ways (the old code took ~210 s)', async () => {
    const [backward, full] = await checks([
      ['BACKWARD', oneOf(400, { title: 'v2' }), [oneOf(400)]],
      ['FULL', oneOf(400, { title: 'v2' }), [oneOf(400)]],
    ]);
    expect([value(backward), value(full)]).toEqual([{ compatible: true, findings: [] }, { compatible: true, findings: [] }]);
  });

  it('removing one of 400 oneOf branches, or adding one to 1,000 anyOf constants, is found at once', async () => {
    const anyOf = (n: number): object => ({ anyOf: Array.from({ length: n }, (_, i) => ({ const: i })) });
    const dropped = { oneOf: Array.from({ length: 399 }, (_, i) => ({ type: 'object', properties: { k: { const: i + 1 } } })) };
    const outcomes = await checks([
      ['BACKWARD', dropped, [oneOf(400)]],
      ['BACKWARD', anyOf(1001), [anyOf(1000)]],
      ['FORWARD', anyOf(1001), [anyOf(1000)]],
    ]);
    expect(outcomes.map(value)).toEqual([
      { compatible: false, findings: [{ type: 'SUM_TYPE_NARROWED', direction: 'BACKWARD', location: '#/' }] },
      { compatible: true, findings: [] },
      { compatible: false, findings: [{ type: 'SUM_TYPE_NARROWED', direction: 'FORWARD', location: '#/' }] },
    ]);
  });

  it('an enum of 20,000 objects is compared as a set: one value more is compatible BACKWARD, not FORWARD; reordered, compatible', async () => {
    const values = (n: number): object[] => Array.from({ length: n }, (_, i) => ({ a: i, b: `v${i}` }));
    // The same values with their keys in the other order, in the other order: equal instances (JSON Schema core §4.2.2).
    const shuffled = { enum: values(20_000).reverse().map((v) => ({ b: (v as { b: string }).b, a: (v as { a: number }).a })) };
    const outcomes = await checks([
      ['FULL', { enum: values(20_001) }, [{ enum: values(20_000) }]],
      ['FULL', shuffled, [{ enum: values(20_000) }]],
    ]);
    expect(outcomes.map(value)).toEqual([
      { compatible: false, findings: [{ type: 'ENUM_ARRAY_NARROWED', direction: 'FORWARD', location: '#/enum' }] },
      { compatible: true, findings: [] },
    ]);
  });

  it('past the branch-work budget a branch is never assumed to match: reordered and retitled branches are reported, not called compatible', async () => {
    // Every branch's text changed (a new title) and the order reversed: no branch pairs by its text or
    // position, so matching must try pairs. 100 branches fit the budget (diff/budget.ts); 1,000 need
    // about 500,000 tries, past the 100,000 + one per character of the two documents, and the
    // unmatched branch is reported (docs/json-schema.md, "Limits").
    const pair = (n: number): [object, object] => [
      { anyOf: Array.from({ length: n }, (_, i) => ({ const: n - 1 - i, title: 'b' })) },
      { anyOf: Array.from({ length: n }, (_, i) => ({ const: i, title: 'a' })) },
    ];
    const [small, large] = [pair(100), pair(1_000)];
    const outcomes = await checks([
      ['BACKWARD', small[0], [small[1]]],
      ['BACKWARD', large[0], [large[1]]],
    ]);
    expect(outcomes.map(value)).toEqual([
      { compatible: true, findings: [] },
      { compatible: false, findings: [{ type: 'COMBINED_TYPE_SUBSCHEMAS_CHANGED', direction: 'BACKWARD', location: '#/' }] },
    ]);
  });
});

describe('found by the JSON Schema fuzz test (json-schema-parser-fuzz.test.ts): wide against wide stays near-linear', () => {
  it('1,000 const branches against an enum of 50,000 values: the enum is hashed once, not once per branch (was 45 s)', async () => {
    const anyOf = { anyOf: Array.from({ length: 1_000 }, (_, i) => ({ const: i })) };
    const values = { enum: Array.from({ length: 50_000 }, (_, i) => i) };
    const outcomes = await checks([
      ['FORWARD', anyOf, [values]],
      ['BACKWARD', anyOf, [values]],
    ]);
    expect(outcomes.map(value)).toEqual([
      { compatible: true, findings: [] },
      { compatible: false, findings: [{ type: 'TYPE_CHANGED', direction: 'BACKWARD', location: '#/' }] },
    ]);
  });

  it('2,000 branches tried against an object of 20,000 properties cost its width each, within the budget (was 22 s)', async () => {
    const branches = { oneOf: Array.from({ length: 2_000 }, (_, i) => ({ type: 'object', required: ['k'], properties: { k: { const: i }, v: { const: null } } })) };
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`p${i}`, { type: 'string' }])) };
    const [outcome] = await checks([['BACKWARD', branches, [wide]]]);
    // No branch accepts the old objects (they need not have `k`): TYPE_CHANGED, found or assumed past the budget.
    expect(value(outcome)).toEqual({ compatible: false, findings: [{ type: 'TYPE_CHANGED', direction: 'BACKWARD', location: '#/' }] });
  });

  it('explaining a finding on an object of 15,000 properties does not copy it once per property (was 49 s)', async () => {
    const names = Array.from({ length: 15_000 }, (_, i) => `a/b~${i}~1`);
    const item = { type: 'object', additionalProperties: false, propertyNames: { maxLength: 3 } };
    const wide = { type: 'object', properties: Object.fromEntries(names.map((name) => [name, item])), required: names.slice(0, 20) };
    // About 2.5 s here on a loaded machine (parsing 15,000 properties is most of it), 49 s before.
    const [outcome] = await checks([['BACKWARD', { type: 'string' }, [wide], true]], 15_000);
    expect(value(outcome)).toEqual({
      compatible: false,
      findings: [{
        type: 'TYPE_CHANGED', direction: 'BACKWARD', location: '#/',
        hint: 'Let the new schema accept the types the old schema accepts at #/ (add them to "type", or as "anyOf" branches).',
        witness: { json: Object.fromEntries(names.slice(0, 20).map((name) => [name, {}])) },
      }],
    });
  });

  it('two dependency lists of 100,000 names compare as sets (was 22 s)', async () => {
    const names = (extra: string): string[] => [...Array.from({ length: 100_000 }, (_, i) => `p${i}`), extra];
    const [outcome] = await checks([['BACKWARD', { type: 'object', dependencies: { a: names('x') } }, [{ type: 'object', dependencies: { a: names('y') } }]]]);
    expect(value(outcome)).toEqual({ compatible: false, findings: [{ type: 'DEPENDENCY_ARRAY_CHANGED', direction: 'BACKWARD', location: '#/dependencies/a' }] });
  });
});

describe('found by the JSON Schema fuzz test: a oneOf that repeats a branch is compatible with itself retitled', () => {
  it('an old alternative written twice has no instance of its own, so it cannot overlap another new branch', async () => {
    // Each string matches both copies of {"type": "string"}, which oneOf rejects: the old schema accepts only numbers.
    const schema = (extra: object = {}): object => ({ ...extra, oneOf: [{ type: 'string' }, { type: 'string' }, { type: 'number' }] });
    const outcomes = await checks([
      ['FULL', schema({ title: 'v2' }), [schema()]],
      // A new copy where the old schema had one still narrows: old strings match two new branches.
      ['BACKWARD', schema(), [{ oneOf: [{ type: 'string' }, { type: 'number' }] }]],
    ]);
    expect(outcomes.map(value)).toEqual([
      { compatible: true, findings: [] },
      { compatible: false, findings: [{ type: 'ONE_OF_BRANCHES_OVERLAP', direction: 'BACKWARD', location: '#/' }] },
    ]);
  });
});

describe('f06: explain builds a witness only when it is small (its JSON text at most 65,536 characters)', () => {
  const NOTE = 'No witness is given: an instance showing this would be larger than 65,536 characters of JSON (docs/json-schema.md, "Witnesses").';
  const raise = (keyword: string): string => `Raise or remove "${keyword}" at #/${keyword} in the new schema: it must allow at least what the old schema allows.`;
  const lower = (keyword: string): string => `Lower or remove "${keyword}" at #/${keyword} in the new schema: it must allow at least what the old schema allows.`;
  /** The finding of BACKWARD(reader ← writer) with explain, as the child reports it. */
  const finding = (type: string, keyword: string, hint: string, witness?: unknown): Verdict => ({
    compatible: false,
    findings: [{ type, direction: 'BACKWARD', location: `#/${keyword}`, hint, ...(witness === undefined ? {} : { witness: { json: witness } }) }],
  });

  it('bounds of 4e8, 1e9, 1e20 and 100,000 give a finding at once, without a witness, and say why (within a 256 MB heap)', async () => {
    const result = await isolated<Array<Outcome<Verdict>>>(`
      return input.map(([reader, writer]) => outcome(() => {
        const r = sc.checkCompatibility('BACKWARD', reader, [writer], { schemaType: 'JSON', explain: true });
        return { compatible: r.compatible, findings: r.incompatibilities.map((f) => ({ type: f.type, direction: f.direction, location: f.location, hint: f.hint, ...('witness' in f ? { witness: f.witness } : {}) })) };
      }));`, [
      [{ type: 'string', maxLength: 4e8 }, { type: 'string' }],
      [{ type: 'string', maxLength: 1e20 }, { type: 'string' }],
      [{ type: 'array', maxItems: 1e9 }, { type: 'array' }],
      [{ type: 'array', minItems: 1e9 + 1 }, { type: 'array', minItems: 1e9 }],
      [{ type: 'object', minProperties: 1e5 + 1 }, { type: 'object', minProperties: 1e5 }],
    ], BOUNDS);
    if (result.status !== 'done') throw new Error(`${result.status}: ${result.detail}`);
    expect(result.value.filter((outcome) => outcome.ms > CALL_MS)).toEqual([]);
    expect(result.peakRssMb).toBeLessThan(512);
    expect(result.value.map(value)).toEqual([
      finding('MAX_LENGTH_ADDED', 'maxLength', `${raise('maxLength')} ${NOTE}`),
      finding('MAX_LENGTH_ADDED', 'maxLength', `${raise('maxLength')} ${NOTE}`),
      finding('MAX_ITEMS_ADDED', 'maxItems', `${raise('maxItems')} ${NOTE}`),
      finding('MIN_ITEMS_INCREASED', 'minItems', `${lower('minItems')} ${NOTE}`),
      finding('MIN_PROPERTIES_INCREASED', 'minProperties', `${lower('minProperties')} ${NOTE}`),
    ]);
  });

  it('a huge bound that a small instance refutes still gets that witness; small bounds get theirs', async () => {
    const outcomes = await checks([
      // The reproduction's pairs: the writer allows 1e20 characters or 1e9 items, the reader 2 or 1.
      ['BACKWARD', { type: 'string', maxLength: 2 }, [{ type: 'string', maxLength: 1e20 }], true],
      ['BACKWARD', { type: 'array', maxItems: 1 }, [{ type: 'array', maxItems: 1e9 }], true],
      ['BACKWARD', { type: 'array', minItems: 3 }, [{ type: 'array', minItems: 2 }], true],
      ['BACKWARD', { type: 'object', minProperties: 4 }, [{ type: 'object', minProperties: 3 }], true],
    ]);
    expect(outcomes.map(value)).toEqual([
      finding('MAX_LENGTH_DECREASED', 'maxLength', raise('maxLength'), 'xxx'),
      finding('MAX_ITEMS_DECREASED', 'maxItems', raise('maxItems'), [{}, {}]),
      finding('MIN_ITEMS_INCREASED', 'minItems', lower('minItems'), [{}, {}]),
      finding('MIN_PROPERTIES_INCREASED', 'minProperties', lower('minProperties'), { extra: {}, x: {}, z9: {} }),
    ]);
  });

  it('the bound is exact: a string of 65,534 characters (65,536 with its quotes) is a witness, one of 65,535 is not', async () => {
    const result = done(await isolated<Array<Outcome<{ length?: number; reason?: string }>>>(`
      const checker = new sc.JsonSchemaChecker();
      return input.map((maxLength) => outcome(() => {
        const writer = checker.parse({ type: 'string' });
        const reader = checker.parse({ type: 'string', maxLength });
        const [finding] = checker.canRead(reader, writer).incompatibilities;
        const found = sc.explainJsonWitness(reader, writer, finding);
        return 'instance' in found ? { length: found.instance.length } : { reason: found.reason };
      }));`, [65_533, 65_534], BOUNDS));
    expect(result.map(value)).toEqual([{ length: 65_534 }, { reason: 'TOO_LARGE' }]);
  });
});

describe('f10: $ref chains resolve in linear time; a $ref cycle is a typed parse error', () => {
  /** `n` definitions, each a `$ref` to the next, ending at `end`; the root refers to the first. */
  const chain = (n: number, end: object): object => {
    const definitions: Record<string, object> = {};
    for (let i = 0; i < n; i++) definitions[`d${i}`] = { $ref: `#/definitions/d${i + 1}` };
    definitions[`d${n}`] = end;
    return { $ref: '#/definitions/d0', definitions };
  };

  it('a 10,000-link chain parses (as an object and as text) and checks, with findings and a witness at its end', async () => {
    const long = chain(10_000, { type: 'string', maxLength: 5 });
    const parsed = done(await isolated<Array<Outcome<string>>>(`
      return [input, JSON.stringify(input)].map((schema) => outcome(() => sc.parseSchema('JSON', schema).schemaType));`, long, BOUNDS));
    expect(parsed.filter((outcome) => outcome.ms > CALL_MS)).toEqual([]);
    expect(parsed.map(value)).toEqual(['JSON', 'JSON']);
    const outcomes = await checks([
      ['FULL', long, [long]],
      ['BACKWARD', chain(10_000, { type: 'integer' }), [long]],
      ['BACKWARD', chain(10_000, { type: 'string', maxLength: 3 }), [long], true],
    ]);
    const hint = 'Raise or remove "maxLength" at #/maxLength in the new schema: it must allow at least what the old schema allows.';
    expect(outcomes.map(value)).toEqual([
      { compatible: true, identical: true, findings: [] },
      { compatible: false, findings: [{ type: 'TYPE_CHANGED', direction: 'BACKWARD', location: '#/' }] },
      { compatible: false, findings: [{ type: 'MAX_LENGTH_DECREASED', direction: 'BACKWARD', location: '#/maxLength', hint, witness: { json: 'aaaaa' } }] },
    ]);
  });

  it('a $ref that leads only to $refs in a loop (itself, or back through 10,000 links) is a SchemaParseError REF_CYCLE naming the input', async () => {
    const loop = chain(10_000, { $ref: '#/definitions/d0' });
    const outcomes = await checks([
      ['BACKWARD', { type: 'string' }, [loop]],
      ['BACKWARD', { $ref: '#' }, [{ type: 'string' }]],
      ['BACKWARD', { type: 'object', properties: { a: { $ref: '#/definitions/a' } }, definitions: { a: { $ref: '#/definitions/a' } } }, [{ type: 'object' }]],
    ]);
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.value : [outcome.typed, outcome.className, outcome.code, outcome.message]))).toEqual([
      [true, 'SchemaParseError', 'SCHEMA_PARSE_ERROR', 'history[0]: at \'/\': $ref "#/definitions/d0" leads only to $refs in a loop [REF_CYCLE]'],
      [true, 'SchemaParseError', 'SCHEMA_PARSE_ERROR', 'candidate: at \'/\': $ref "#" leads only to $refs in a loop [REF_CYCLE]'],
      [true, 'SchemaParseError', 'SCHEMA_PARSE_ERROR', 'candidate: at \'/properties/a\': $ref "#/definitions/a" leads only to $refs in a loop [REF_CYCLE]'],
    ]);
  });

  it('a cycle through a property is recursion, not an error: compared, and a change inside it is found at each place', async () => {
    const list = (type: string): object => ({ type: 'object', properties: { v: { type }, next: { $ref: '#' } } });
    const outcomes = await checks([
      ['BACKWARD', list('number'), [list('integer')]],
      ['BACKWARD', list('integer'), [list('number')]],
    ]);
    expect(outcomes.map(value)).toEqual([
      { compatible: true, findings: [] },
      { compatible: false, findings: [
        { type: 'TYPE_NARROWED', direction: 'BACKWARD', location: '#/properties/v' },
        { type: 'TYPE_NARROWED', direction: 'BACKWARD', location: '#/properties/next/properties/v' },
      ] },
    ]);
  });
});
