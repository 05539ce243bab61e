import { describe, expect, it } from 'vitest';
import {
  AvroChecker, checkCompatibility, InvalidOptionError, JsonSchemaChecker, parseSchema, SchemaCompatError, SchemaParseError, UnknownStrategyError,
} from 'schema-compat';
import type { SchemaInput } from 'schema-compat';
import { ProtobufChecker } from 'schema-compat/protobuf';
import { DIST, done, isolated } from './isolated.js';

// Issue: hostile input to the parsers and the core (f05, f08, f09, f12, f16, f17). What could hang
// runs in a child process on the built package with a time and heap limit (isolated.ts), so that a
// hang fails the test instead of stalling the suite. Time bounds are 5 to 20 times what a run takes
// here, and far below what the defects took (measured on the code before the fix, same machine:
// f05 27 s per parse, f08 19 s, f09 3.5 to 5.5 s, f16 50 to 90 s).

const LIMITS = { timeoutMs: 60_000, heapMb: 512 };

/**
 * `attempt(fn)` in a child: fn's value and how long it took, or its error as the library describes
 * it (a SchemaCompatError's class, input, pointer and rule).
 */
const ATTEMPT = `
const attempt = (run) => {
  const start = performance.now();
  try { const value = run(); return { ok: true, ms: performance.now() - start, value }; }
  catch (e) {
    return { ok: false, ms: performance.now() - start, typed: e instanceof sc.SchemaCompatError, name: e && e.name, input: e && e.input, pointer: e && e.pointer, rule: e && e.rule, message: String(e && e.message) };
  }
};
`;

type Attempt<T> =
  | { readonly ok: true; readonly ms: number; readonly value: T }
  | { readonly ok: false; readonly ms: number; readonly typed: boolean; readonly name: string; readonly input?: string; readonly pointer?: string; readonly rule?: string; readonly message: string };

/** The value of an attempt that must have succeeded within `ms`. */
function succeeded<T>(attempt: Attempt<T>, ms: number): T {
  if (!attempt.ok) throw new Error(`expected a value, got ${attempt.name}: ${attempt.message}`);
  expect(attempt.ms).toBeLessThan(ms);
  return attempt.value;
}

/** The error of class `kind` a call throws; a value, or an error of another class, fails the test. */
function errorOf<E extends Error>(kind: abstract new (...args: never[]) => E, run: () => unknown): E {
  let error: unknown;
  try {
    run();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(kind);
  return error as E;
}

/** Where and why a call's SchemaParseError says the input cannot be parsed, to compare with toEqual. */
function parseFailure(run: () => unknown): { input: string; pointer: string; rule: string; message: string } {
  const { input, pointer, rule, message } = errorOf(SchemaParseError, run);
  return { input, pointer, rule, message };
}

describe('f05: a .proto message with 15,000 fields parses and checks in near-linear time', () => {
  it('parses in under 5 s and checks against another version in under 10 s (it took 27 s and 60 s), with every field right', async () => {
    const result = done(await isolated<{ parse: Attempt<{ fields: number; sample: unknown; last: unknown }>; check: Attempt<{ compatible: boolean; count: number; types: string[]; first: unknown; last: unknown }> }>(`${ATTEMPT}
      const pb = require(input.dist + 'protobuf.cjs');
      const checker = new pb.ProtobufChecker();
      const text = (type) => 'syntax = "proto3"; message M { ' + Array.from({ length: 15000 }, (_, i) => type(i) + ' f' + i + ' = ' + (i + 1) + ';').join(' ') + ' }';
      const before = text(() => 'int32');
      // Every odd field (numbers 2, 4, ...) becomes a string: Confluent's FIELD_SCALAR_KIND_CHANGED for each.
      const after = text((i) => (i % 2 === 1 ? 'string' : 'int32'));
      const parse = attempt(() => {
        const message = checker.parse(before).file.definitions[0];
        const pick = (field) => ({ name: field.name, number: field.number, type: field.type });
        return { fields: message.fields.length, sample: pick(message.fields[7499]), last: pick(message.fields[14999]) };
      });
      const registry = sc.CheckerRegistry.withDefaults().register(checker);
      const check = attempt(() => {
        const result = sc.checkCompatibility('BACKWARD', after, [before], { registry, schemaType: 'PROTOBUF' });
        const found = result.incompatibilities;
        const brief = (finding) => ({ type: finding.type, location: finding.location, message: finding.message });
        return { compatible: result.compatible, count: found.length, types: [...new Set(found.map((finding) => finding.type))], first: brief(found[0]), last: brief(found[found.length - 1]) };
      });
      return { parse, check };`, { dist: DIST }, LIMITS));
    expect(succeeded(result.parse, 5_000)).toEqual({
      fields: 15_000,
      sample: { name: 'f7499', number: 7500, type: { kind: 'scalar', scalar: 'int32' } },
      last: { name: 'f14999', number: 15_000, type: { kind: 'scalar', scalar: 'int32' } },
    });
    const changed = { type: 'FIELD_SCALAR_KIND_CHANGED', message: 'int32 (GENERAL_NUMBER) became string (STRING_OR_BYTES)' };
    expect(succeeded(result.check, 10_000)).toEqual({
      compatible: false, count: 7_500, types: ['FIELD_SCALAR_KIND_CHANGED'], first: { ...changed, location: '#/M/2' }, last: { ...changed, location: '#/M/15000' },
    });
  });
});

describe('f08: an Avro record with 20,000 new fields without defaults is checked in near-linear time, every finding reported', () => {
  it('20,000 READER_FIELD_MISSING_DEFAULT_VALUE findings in under 3 s (it took 19 s)', async () => {
    const result = done(await isolated<Attempt<{ compatible: boolean; count: number; types: string[]; locations: boolean; samples: unknown[] }>>(`${ATTEMPT}
      const candidate = { type: 'record', name: 'R', fields: Array.from({ length: 20000 }, (_, i) => ({ name: 'f' + i, type: 'int' })) };
      return attempt(() => {
        const result = sc.checkCompatibility('BACKWARD', candidate, [{ type: 'record', name: 'R', fields: [] }]);
        const found = result.incompatibilities;
        return {
          compatible: result.compatible,
          count: found.length,
          types: [...new Set(found.map((finding) => finding.type))],
          // One finding per field, in field order.
          locations: found.every((finding, i) => finding.location === '/fields/' + i && finding.message === 'f' + i),
          samples: [found[0], found[12345]],
        };
      });`, {}, LIMITS));
    const sample = (i: number): unknown => ({
      type: 'READER_FIELD_MISSING_DEFAULT_VALUE', direction: 'BACKWARD', version: 1, location: `/fields/${i}`, message: `f${i}`,
      description: `The field 'f${i}' at path '/fields/${i}' in the new schema has no default value and is missing in the old schema`,
    });
    expect(succeeded(result, 3_000)).toEqual({ compatible: false, count: 20_000, types: ['READER_FIELD_MISSING_DEFAULT_VALUE'], locations: true, samples: [sample(0), sample(12345)] });
  });
});

describe('f09: 50,000 record aliases and 50,000 field aliases parse in near-linear time', () => {
  it('as an object and as text, each in under 1.5 s (it took 5.5 s and 3.5 s); equal aliases keep the first, in document order, as Java does', async () => {
    type Parsed = { recordAliases: number; firstRecordAliases: string[]; lastRecordAlias: string; fieldAliases: number; lastFieldAliases: string[] };
    const result = done(await isolated<{ object: Attempt<Parsed>; text: Attempt<Parsed>; check: Attempt<unknown> }>(`${ATTEMPT}
      const names = (prefix) => Array.from({ length: 50000 }, (_, i) => prefix + i);
      // 50,000 distinct aliases, then the first three again and one repeated at once: 50,004 entries.
      const withDuplicates = (prefix) => { const list = names(prefix); list.splice(1, 0, prefix + '0'); return [...list, prefix + '2', prefix + '1', prefix + '0']; };
      const schema = { type: 'record', name: 'Reader', namespace: 'ns', aliases: withDuplicates('A'), fields: [{ name: 'f', type: 'int', aliases: withDuplicates('g') }] };
      const checker = new sc.AvroChecker();
      const summary = (parsed) => {
        const record = parsed.root;
        const field = record.fields[0];
        return { recordAliases: record.aliases.length, firstRecordAliases: record.aliases.slice(0, 3), lastRecordAlias: record.aliases[record.aliases.length - 1], fieldAliases: field.aliases.length, lastFieldAliases: field.aliases.slice(-2) };
      };
      const object = attempt(() => summary(checker.parse(schema)));
      const text = attempt(() => summary(checker.parse(JSON.stringify(schema))));
      // The writer is named by the reader's last record alias and its field by the reader's last field alias.
      const writer = { type: 'record', name: 'A49999', namespace: 'ns', fields: [{ name: 'g49999', type: 'int' }] };
      const check = attempt(() => sc.checkCompatibility('BACKWARD', schema, [writer]).compatible);
      return { object, text, check };`, {}, LIMITS));
    const expected: Parsed = { recordAliases: 50_000, firstRecordAliases: ['ns.A0', 'ns.A1', 'ns.A2'], lastRecordAlias: 'ns.A49999', fieldAliases: 50_000, lastFieldAliases: ['g49998', 'g49999'] };
    expect(succeeded(result.object, 1_500)).toEqual(expected);
    expect(succeeded(result.text, 1_500)).toEqual(expected);
    expect(succeeded(result.check, 3_000)).toBe(true);
  });
});

describe('f12: an option the library cannot use is an InvalidOptionError naming it, never a TypeError', () => {
  const schema = '{"type":"record","name":"R","fields":[{"name":"a","type":"int"}]}';
  const throwing = (key: string): object => Object.defineProperty({}, key, { enumerable: true, get: () => { throw new Error('option getter boom'); } });
  const cases: readonly (readonly [string, () => unknown, string, string])[] = [
    ['checkCompatibility options = null', () => checkCompatibility('BACKWARD', schema, [schema], null as never), 'options', 'null is not an object of options'],
    ['options.registry = {}', () => checkCompatibility('BACKWARD', schema, [schema], { registry: {} as never }), 'registry', 'an object is not a CheckerRegistry'],
    ['options.avro.warnings = 1n', () => checkCompatibility('BACKWARD', schema, [schema], { avro: { warnings: 1n as never } }), 'warnings', '1n is not a boolean'],
    ['options.schemaType = Object.create(null)', () => checkCompatibility('BACKWARD', schema, [schema], { schemaType: Object.create(null) as never }), 'schemaType', 'an object is not a string'],
    ['options.stopAtFirstFailure = "yes"', () => checkCompatibility('BACKWARD', schema, [schema], { stopAtFirstFailure: 'yes' as never }), 'stopAtFirstFailure', '"yes" is not a boolean'],
    ['options.avro = 5', () => checkCompatibility('BACKWARD', schema, [schema], { avro: 5 as never }), 'avro', '5 is not an object of options'],
    ['an option whose getter throws', () => checkCompatibility('BACKWARD', schema, [schema], throwing('explain')), 'options.explain', 'reading it threw Error: option getter boom'],
    ['history a string', () => checkCompatibility('BACKWARD', schema, 'x' as never), 'history', 'must be an array of schemas, oldest first'],
    ['parseSchema label = 5', () => parseSchema('AVRO', schema, { label: 5 as never }), 'label', '5 is not a string'],
    ['parseSchema references = null', () => parseSchema('AVRO', schema, { references: null as never }), 'references', 'null is not an object of schemas by reference name'],
    ['parseSchema version = 1n', () => parseSchema('AVRO', schema, { version: 1n as never }), 'version', '1n is not a non-negative integer'],
    ['Protobuf references whose getter throws', () => new ProtobufChecker().parse('syntax = "proto3";', { references: throwing('dep.proto') as never }), 'references.dep.proto', 'reading it threw Error: option getter boom'],
    ['ProtobufChecker rules = 5', () => new ProtobufChecker({ rules: 5 as never }), 'rules', '5 is not one of confluent, buf-wire, buf-wire-json'],
  ];
  it.each(cases)('%s', (_, run, option, detail) => {
    const error = errorOf(InvalidOptionError, run);
    expect({ option: error.option, message: error.message }).toEqual({ option, message: `Invalid option ${option}: ${detail}` });
  });

  it('a history with a hole is a SchemaParseError naming the missing version', () => {
    const holes: SchemaInput[] = [schema, schema];
    holes.length = 3;
    expect(parseFailure(() => checkCompatibility('BACKWARD', schema, holes))).toEqual({
      input: 'history[2]', pointer: '', rule: 'NOT_A_SCHEMA', message: "history[2]: at '/': no schema: a hole of a sparse array [NOT_A_SCHEMA]",
    });
  });
});

describe('f16: a sparse array in a schema object is refused as its JSON text is, and is never walked hole by hole', () => {
  const avro = new AvroChecker();
  const sparse = <T>(items: readonly T[], hole: number): T[] => {
    const out = [...items];
    delete out[hole];
    return out;
  };
  const cases: readonly (readonly [string, object, string])[] = [
    ['enum symbols', { type: 'enum', name: 'E', symbols: sparse(['A', 'X', 'B'], 1) }, '/symbols/1'],
    ['record aliases', { type: 'record', name: 'R', aliases: sparse(['a', 'x', 'b'], 1), fields: [] }, '/aliases/1'],
    ['field aliases', { type: 'record', name: 'R', fields: [{ name: 'f', type: 'int', aliases: sparse(['x', 'y', 'z'], 1) }] }, '/fields/0/aliases/1'],
    ['record fields', { type: 'record', name: 'R', fields: sparse([{ name: 'f', type: 'int' }, {}, { name: 'g', type: 'int' }], 1) }, '/fields/1'],
    ['union branches', { type: 'record', name: 'R', fields: [{ name: 'f', type: sparse(['null', 'x', 'int'], 1) }] }, '/fields/0/type/1'],
  ];
  it.each(cases)('a hole in %s: refused at its pointer, as the same schema given as text (where the hole is null)', (_, schema, pointer) => {
    const asObject = parseFailure(() => avro.parse(schema));
    const asText = parseFailure(() => avro.parse(JSON.stringify(schema)));
    expect(asObject).toEqual({ input: 'schema', pointer, rule: 'NOT_JSON', message: `schema: at '${pointer}': index 1 is a hole of a sparse array: a JSON array has none [NOT_JSON]` });
    expect(asText.pointer).toBe(pointer);
  });

  it('arrays of length 2^32-1 with holes (symbols, aliases, fields, a union, the history) are refused at their first hole at once', async () => {
    // The defect walked such an array index by index in a native loop (50 to 90 s) that not even
    // Worker.terminate() interrupts: a child process, which can be killed.
    const result = done(await isolated<Record<string, Attempt<unknown>>>(`${ATTEMPT}
      const huge = (items) => { const out = [...items]; out.length = 2 ** 32 - 1; return out; };
      const avro = new sc.AvroChecker();
      return {
        symbols: attempt(() => avro.parse({ type: 'enum', name: 'E', symbols: huge(['A']) })),
        aliases: attempt(() => avro.parse({ type: 'record', name: 'R', aliases: huge(['a', 'b']), fields: [] })),
        fields: attempt(() => avro.parse({ type: 'record', name: 'R', fields: huge([]) })),
        union: attempt(() => avro.parse(huge(['null', 'int']))),
        history: attempt(() => sc.checkCompatibility('BACKWARD', '"int"', huge(['"int"']))),
      };`, {}, { timeoutMs: 30_000, heapMb: 256 }));
    const refused = (input: string, pointer: string, rule: string): unknown => ({ ok: false, typed: true, name: 'SchemaParseError', input, pointer, rule, message: expect.any(String), ms: expect.any(Number) });
    expect(result).toEqual({
      symbols: refused('schema', '/symbols/1', 'NOT_JSON'),
      aliases: refused('schema', '/aliases/2', 'NOT_JSON'),
      fields: refused('schema', '/fields/0', 'NOT_JSON'),
      union: refused('schema', '/2', 'NOT_JSON'),
      history: refused('history[1]', '', 'NOT_A_SCHEMA'),
    });
    expect(Object.values(result).filter((attempt) => attempt.ms > 2_000)).toEqual([]);
  });
});

describe('f17: the caller\'s exceptions (getters, Proxy traps, toString) are typed errors naming the input and the pointer', () => {
  const boom = (what: string): never => {
    throw new Error(`${what} boom`);
  };
  const fieldWithThrowingType = (): object => Object.defineProperty({ name: 'a' }, 'type', { enumerable: true, get: () => boom('getter') });
  const record = (field: object): object => ({ type: 'record', name: 'R', fields: [field] });

  it.each([
    ['schema', (schema: object) => new AvroChecker().parse(schema)],
    ['candidate', (schema: object) => checkCompatibility('BACKWARD', schema as SchemaInput, ['"int"'])],
    ['history[1]', (schema: object) => checkCompatibility('BACKWARD', '"int"', ['"int"', schema as SchemaInput])],
  ] as const)('an Avro field whose getter throws: a SchemaParseError naming %s and the pointer', (input, run) => {
    expect(parseFailure(() => run(record(fieldWithThrowingType())))).toEqual({
      input, pointer: '/fields/0/type', rule: 'NOT_JSON', message: `${input}: at '/fields/0/type': reading it threw Error: getter boom [NOT_JSON]`,
    });
  });

  it.each([
    ['ownKeys', record(new Proxy({}, { ownKeys: () => boom('ownKeys') })), '/fields/0'],
    ['get', new Proxy({ type: 'record', name: 'R', fields: [] }, { get: () => boom('get') }), '/type'],
    ['getPrototypeOf', record({ name: 'a', type: new Proxy({}, { getPrototypeOf: () => boom('getPrototypeOf') }) }), '/fields/0/type'],
  ] as const)('an Avro schema with a Proxy whose %s trap throws: NOT_JSON at its pointer', (trap, schema, pointer) => {
    expect(parseFailure(() => new AvroChecker().parse(schema))).toEqual({
      input: 'schema', pointer, rule: 'NOT_JSON', message: `schema: at '${pointer}': reading it threw Error: ${trap} boom [NOT_JSON]`,
    });
  });

  it('a revoked Proxy in an Avro schema: NOT_JSON at its pointer', () => {
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    const failure = parseFailure(() => new AvroChecker().parse(record({ name: 'a', type: revocable.proxy })));
    expect([failure.pointer, failure.rule]).toEqual(['/fields/0/type', 'NOT_JSON']);
  });

  it('a JSON Schema whose Proxy ownKeys trap throws: a SchemaParseError at its pointer', () => {
    const schema = { type: 'object', properties: new Proxy({}, { ownKeys: () => boom('ownKeys') }) };
    expect(parseFailure(() => new JsonSchemaChecker().parse(schema))).toEqual({
      input: 'schema', pointer: '/properties', rule: 'NOT_A_SCHEMA', message: "schema: at '/properties': reading it threw Error: ownKeys boom [NOT_A_SCHEMA]",
    });
  });

  it('a Protobuf schema given as a Proxy is NOT_TEXT, without running its traps', () => {
    const schema = new Proxy({}, { get: () => boom('get'), ownKeys: () => boom('ownKeys'), getPrototypeOf: () => boom('getPrototypeOf') });
    expect(parseFailure(() => new ProtobufChecker().parse(schema)).rule).toBe('NOT_TEXT');
  });

  it.each([
    ['toString', { toString: () => boom('toString') }],
    ['Symbol.toPrimitive', { [Symbol.toPrimitive]: () => boom('Symbol.toPrimitive') }],
  ] as const)('a strategy whose %s throws: an UnknownStrategyError that says so', (what, strategy) => {
    const error = errorOf(UnknownStrategyError, () => checkCompatibility(strategy as never, '"int"', ['"int"']));
    expect(error.message).toMatch(new RegExp(`^Unknown compatibility strategy "an object" \\(it could not be read as text: Error: ${what.replace('.', '\\.')} boom\\)\\. Valid names`));
    expect(error).toBeInstanceOf(SchemaCompatError);
  });
});

describe('found by the parsers fuzz (parsers-fuzz.test.ts)', () => {
  const protobuf = new ProtobufChecker();

  it('a .proto name __proto__ is refused where it stands (protobufjs dropped the declaration, so any change to it passed)', () => {
    const refused = (text: string): unknown => {
      const { rule, line, column, message } = errorOf(SchemaParseError, () => protobuf.parse(text));
      return { rule, line, column, message };
    };
    const detail = 'the name "__proto__" is not supported: protobufjs keeps declarations in objects keyed by name, where this one would be dropped';
    expect(refused('syntax = "proto3";\npackage a.__proto__;\nmessage M { int32 x = 1; }')).toEqual({ rule: 'UNSUPPORTED_NAME', line: 2, column: 11, message: `schema: at line 2, column 11: ${detail} [UNSUPPORTED_NAME]` });
    for (const declaration of ['message __proto__ {}', 'enum __proto__ { A = 0; }', 'enum E { __proto__ = 0; }', 'message M { int32 __proto__ = 1; }', 'message M { oneof __proto__ { int32 x = 1; } }', 'message M { map<string, int32> __proto__ = 1; }', 'service __proto__ {}']) {
      expect(refused(`syntax = "proto3";\n${declaration}`)).toMatchObject({ rule: 'UNSUPPORTED_NAME', line: 2 });
    }
    // In a string or a comment, or inside a longer name, it is only text; other Object.prototype names are names like any.
    const kept = protobuf.parse('syntax = "proto3";\n// __proto__\nmessage constructor { string x__proto__ = 1 [json_name = "__proto__"]; int32 toString = 2; }');
    expect(kept.file.definitions.map((definition) => [definition.name, definition.kind === 'message' ? definition.fields.map((field) => [field.name, field.jsonName]) : []]))
      .toEqual([['constructor', [['x__proto__', '__proto__'], ['toString', 'toString']]]]);
  });

  it('Protobuf diffs stay near-linear: a chain of 6,000 messages, 40,000 messages, 40,000 oneofs (they took over 30 s, 24 s, 33 s)', async () => {
    type Timed = Attempt<{ count: number; types: string[] }>;
    const result = done(await isolated<{ chain: Timed; messages: Timed; oneofs: Timed }>(`${ATTEMPT}
      const pb = require(input.dist + 'protobuf.cjs');
      const checker = new pb.ProtobufChecker();
      const proto3 = (body) => 'syntax = "proto3";\\n' + body;
      const list = (n, item) => Array.from({ length: n }, (_, i) => item(i)).join('\\n');
      // The diff alone is timed (each parse is linear, f05).
      const diff = (before, after) => {
        const [a, b] = [checker.parse(proto3(before)), checker.parse(proto3(after))];
        return attempt(() => {
          const found = checker.diff(a, b);
          return { count: found.length, types: [...new Set(found.map((difference) => difference.type))].sort() };
        });
      };
      const chain = (leaf) => list(6000, (i) => 'message C' + i + ' { C' + (i + 1) + ' next = 1; }') + '\\nmessage C6000 { ' + leaf + ' a = 1; }';
      return {
        chain: diff(chain('int32'), chain('string')),
        messages: diff(list(40000, (i) => 'message M' + i + ' { int32 a = 1; }'), list(40000, (i) => 'message M' + i + ' { string a = 1; }')),
        oneofs: diff('message M { ' + list(40000, (i) => 'oneof o' + i + ' { int32 a' + i + ' = ' + (i + 1) + '; }') + ' }', 'message M { ' + list(40000, (i) => 'oneof p' + i + ' { int32 a' + i + ' = ' + (i + 1) + '; }') + ' }'),
      };`, { dist: DIST }, LIMITS));
    // The chain: the last field changed kind, and every message holding the next changed incompatibly.
    const chain = result.chain;
    if (!chain.ok && chain.name === 'CheckTooDeepError') expect(chain.ms).toBeLessThan(10_000);
    else expect(succeeded(chain, 10_000)).toEqual({ count: 6_001, types: ['FIELD_NAMED_TYPE_CHANGED', 'FIELD_SCALAR_KIND_CHANGED'] });
    expect(succeeded(result.messages, 12_000)).toEqual({ count: 40_000, types: ['FIELD_SCALAR_KIND_CHANGED'] });
    expect(succeeded(result.oneofs, 8_000)).toEqual({ count: 80_000, types: ['ONEOF_ADDED', 'ONEOF_REMOVED'] });
  });

  it('an Avro union of 4,000 records is checked in near-linear time both ways (it took over a minute)', async () => {
    type Verdict = Attempt<{ compatible: boolean; findings: unknown[] }>;
    const result = done(await isolated<{ confluent: Verdict; pulsar: Verdict }>(`${ATTEMPT}
      const union = (n) => Array.from({ length: n }, (_, i) => ({ type: 'record', name: 'B' + i, fields: [] }));
      const check = (profile) => attempt(() => {
        const result = sc.checkCompatibility('FULL', union(3990), [union(4000)], { avro: { profile } });
        return { compatible: result.compatible, findings: result.incompatibilities.map((finding) => [finding.direction, finding.type, finding.location]) };
      });
      return { confluent: check('confluent'), pulsar: check('pulsar') };`, {}, LIMITS));
    // The candidate lacks the last 10 records: it cannot read data written in them (Java's MISSING_UNION_BRANCH at each branch).
    const missing = Array.from({ length: 10 }, (_, i) => ['BACKWARD', 'MISSING_UNION_BRANCH', `/${3990 + i}`]);
    expect(succeeded(result.confluent, 5_000)).toEqual({ compatible: false, findings: missing });
    // Pulsar's runtime resolution reads a missing record into the first record branch of the same
    // structure (Java's firstMatchingBranch, names unchecked): these records have no fields, so all match.
    expect(succeeded(result.pulsar, 5_000)).toEqual({ compatible: true, findings: [] });
  });
});
