// Bad input: no input crashes, hangs or is mutated. Every bad schema is a SchemaParseError that
// names the input, the JSON pointer and the rule broken.
import { describe, expect, it } from 'vitest';
import { random } from '../support/random.js';
import {
  AvroChecker, AvroParseRule, SchemaParseError, checkCompatibility, parseSchema, parsingCanonicalForm,
} from 'schema-compat';
import type { AvroEnum, AvroField, AvroRecord, AvroSchema, CompatibilityResult, Incompatibility, SchemaInput } from 'schema-compat';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

interface ParseErrorValue {
  readonly name: string;
  readonly code: string;
  readonly input: string;
  readonly pointer: string;
  readonly rule: string;
}

/** The error `run` throws, as one value; fails when it throws nothing or anything but a SchemaParseError. */
function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a SchemaParseError, nothing was thrown');
}

function parseErrorOf(run: () => unknown): ParseErrorValue {
  const error = caught(run);
  expect(error).toBeInstanceOf(SchemaParseError);
  const e = error as SchemaParseError;
  return { name: e.name, code: e.code, input: e.input, pointer: e.pointer, rule: e.rule };
}

function parseError(rule: string, pointer: string, input = 'schema'): ParseErrorValue {
  return { name: 'SchemaParseError', code: 'SCHEMA_PARSE_ERROR', input, pointer, rule };
}

const parseAvro = (input: string | object): AvroSchema => parseSchema('AVRO', input).schema as AvroSchema;

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}


function elapsed(run: () => unknown): { readonly ms: number; readonly error: unknown } {
  const start = performance.now();
  let error: unknown;
  try {
    run();
  } catch (e) {
    error = e;
  }
  return { ms: performance.now() - start, error };
}

const nestArrays = (levels: number, leaf = '"int"'): string => '{"type":"array","items":'.repeat(levels) + leaf + '}'.repeat(levels);

function nestRecordsText(levels: number): string {
  let text = '"int"';
  for (let i = 0; i < levels; i++) text = `{"type":"record","name":"R${i}","fields":[{"name":"f","type":${text}}]}`;
  return text;
}

function nestArraysObject(levels: number): object {
  let node: unknown = 'int';
  for (let i = 0; i < levels; i++) node = { type: 'array', items: node };
  return node as object;
}

function nestRecordsObject(levels: number): object {
  let node: unknown = 'int';
  for (let i = 0; i < levels; i++) node = { type: 'record', name: `R${i}`, fields: [{ name: 'f', type: node }] };
  return node as object;
}

const USER = {
  type: 'record', name: 'User', namespace: 'com.acme',
  fields: [
    { name: 'id', type: 'long' },
    { name: 'name', type: 'string', default: '' },
    { name: 'tags', type: { type: 'array', items: 'string' }, default: [] },
    { name: 'attrs', type: { type: 'map', values: ['null', 'int'] }, default: { a: null, b: 1 } },
    { name: 'kind', type: { type: 'enum', name: 'Kind', symbols: ['A', 'B'], default: 'A' }, default: 'B' },
    { name: 'hash', type: { type: 'fixed', name: 'Hash', size: 4 } },
    { name: 'at', type: { type: 'long', logicalType: 'timestamp-millis' }, default: 0, 'x-meta': { owner: 'team', ids: [1, 2] } },
  ],
};

// ---------------------------------------------------------------------------------------------
// Invalid JSON text
// ---------------------------------------------------------------------------------------------

describe('invalid JSON text', () => {
  it('is INVALID_JSON at the whole document', () => {
    for (const text of ['', ' ', '{', '{"type":', '{"type":"int",}', "{'type':'int'}", '{"type":"int"}}', 'int', 'nul', '"int', '[1,]']) {
      expect(parseErrorOf(() => parseSchema('AVRO', text))).toEqual(parseError('INVALID_JSON', ''));
    }
  });

  // Positions as a person (and Jackson) reports them: the 1-based line and column of the bad character.
  const positioned: ReadonlyArray<readonly [string, string, number, number]> = [
    ['a missing comma', '{\n  "type": "record"\n  "name": "A"\n}', 3, 3],
    ['a missing value in an array', '{\n  "type": "record",\n  "name": "A",\n  "fields": [,]\n}', 4, 14],
    ['a single-quoted string', '{\n  "type": \'int\'\n}', 2, 11],
    ['a bare word', '{\n  "type": "array",\n  "items": int\n}', 3, 12],
    ['a trailing comma in an object', '{\n  "type": "int",\n}', 3, 1],
  ];
  for (const [what, text, line, column] of positioned) {
    it(`gives the line and column of ${what} in a multi-line text`, () => {
      const error = caught(() => parseSchema('AVRO', text));
      expect(error).toBeInstanceOf(SchemaParseError);
      const e = error as SchemaParseError;
      expect({ code: e.code, input: e.input, pointer: e.pointer, rule: e.rule, line: e.line, column: e.column }).toEqual({
        code: 'SCHEMA_PARSE_ERROR', input: 'schema', pointer: '', rule: 'INVALID_JSON', line, column,
      });
      expect(e.message).toMatch(new RegExp(`^schema: at line ${line}, column ${column}: not valid JSON: .* \\[INVALID_JSON\\]$`, 's'));
    });
  }

  it('refuses a text starting with a byte-order mark, as Java\'s Schema.Parser.parse(String) does', () => {
    for (const text of ['\uFEFF"int"', '\uFEFF{"type":"record","name":"R","fields":[]}']) {
      const e = caught(() => parseSchema('AVRO', text)) as SchemaParseError;
      expect({ rule: e.rule, pointer: e.pointer, line: e.line, column: e.column }).toEqual({ rule: 'INVALID_JSON', pointer: '', line: 1, column: 1 });
      expect(e.message).toMatch(/byte-order mark \(U\+FEFF\)/);
      expect(parseErrorOf(() => checkCompatibility('BACKWARD', '"int"', [text]))).toEqual(parseError('INVALID_JSON', '', 'history[0]'));
    }
    // Anywhere else it is an ordinary character: inside a string it is text, between tokens it is no JSON.
    expect(parseAvro('{"type":"int","doc":"\uFEFF"}').root.kind).toBe('int');
    expect(parseErrorOf(() => parseSchema('AVRO', ' \uFEFF"int"'))).toEqual(parseError('INVALID_JSON', ''));
  });

  it('accepts // and /* */ comments, as Java\'s Jackson parser (ALLOW_COMMENTS) does', () => {
    const text = [
      '// a user record',
      '{',
      '  "type": /* inline */ "record",',
      '  "name": "R", // trailing',
      '  "doc": "see http://example.com/*not a comment*/ and // neither",',
      '  /* a block',
      '     over lines */',
      '  "fields": [{"name": "a", "type": "int"}]',
      '}',
    ].join('\n');
    const schema = parseAvro(text);
    expect(parsingCanonicalForm(schema)).toBe('{"name":"R","type":"record","fields":[{"name":"a","type":"int"}]}');
    expect((schema.root as AvroRecord).doc).toBe('see http://example.com/*not a comment*/ and // neither');
    expect(checkCompatibility('FULL', text, ['{"type":"record","name":"R","fields":[{"name":"a","type":"int"}]}'])).toEqual({
      compatible: true, strategy: 'FULL', identical: { version: 1 }, checked: [], incompatibilities: [], warnings: [],
    });
  });

  it('rejects a text that is only comments, and an unterminated comment', () => {
    for (const text of ['// nothing', '/* nothing */', '// a\n/* b */\n', '/* open {"type":"int"}']) {
      expect(parseErrorOf(() => parseSchema('AVRO', text))).toEqual(parseError('INVALID_JSON', ''));
    }
  });

  it('rejects anything after the schema, comments included (Java 1.12: "dangling content after end of schema")', () => {
    // Java reads one JSON value, then fails on any non-blank text Jackson has not consumed.
    for (const text of ['{"type":"int"} x', '"int" "long"', '{"type": "int"} /* open', '{"type":"int"} // trailing', '"int"\n/* a note */\n']) {
      expect(parseErrorOf(() => parseSchema('AVRO', text))).toEqual(parseError('INVALID_JSON', ''));
    }
    expect(parseAvro('{"type":"int"} \n\t ').root.kind).toBe('int');
  });
});

// ---------------------------------------------------------------------------------------------
// JSON that is not a schema
// ---------------------------------------------------------------------------------------------

describe('JSON that is not a schema', () => {
  it('numbers, booleans and null are NOT_A_SCHEMA, as text and as values', () => {
    for (const text of ['42', '-1.5', 'true', 'false', 'null']) {
      expect(parseErrorOf(() => parseSchema('AVRO', text))).toEqual(parseError('NOT_A_SCHEMA', ''));
    }
    for (const value of [42, true, null, undefined]) {
      expect(parseErrorOf(() => parseSchema('AVRO', value as unknown as object))).toEqual(parseError('NOT_A_SCHEMA', ''));
      expect(parseErrorOf(() => checkCompatibility('BACKWARD', value as unknown as object, []))).toEqual(parseError('NOT_A_SCHEMA', '', 'candidate'));
    }
  });

  it('an empty union is a valid schema (Java accepts it)', () => {
    const schema = parseAvro('[]');
    expect(schema.root).toMatchObject({ kind: 'union', branches: [] });
    expect(parsingCanonicalForm('[]')).toBe('[]');
    expect(new AvroChecker().canRead(schema, parseAvro([]))).toEqual({ compatible: true, incompatibilities: [], warnings: [] });
    expect(checkCompatibility('FULL', [], ['[]'])).toEqual({
      compatible: true, strategy: 'FULL', identical: { version: 1 }, checked: [], incompatibilities: [], warnings: [],
    });
    // The empty union reads no data; data of the empty union is read by anything.
    expect(checkCompatibility('FULL', '["null"]', ['[]'])).toEqual({
      compatible: false, strategy: 'FULL', checked: [1],
      incompatibilities: [{
        type: 'MISSING_UNION_BRANCH', direction: 'FORWARD', version: 1, location: '/0', message: 'reader union lacking writer type: NULL',
        description: "The old schema is missing a type inside a union field at path '/0' in the new schema",
      }],
      warnings: [],
    });
  });

  it('{} and a non-string type are MISSING_TYPE (Java requires a string "type")', () => {
    expect(parseErrorOf(() => parseSchema('AVRO', '{}'))).toEqual(parseError('MISSING_TYPE', ''));
    expect(parseErrorOf(() => parseSchema('AVRO', {}))).toEqual(parseError('MISSING_TYPE', ''));
    expect(parseErrorOf(() => parseSchema('AVRO', '{"type":{"type":"int"}}'))).toEqual(parseError('MISSING_TYPE', ''));
    expect(parseErrorOf(() => parseSchema('AVRO', '{"type":["int"]}'))).toEqual(parseError('MISSING_TYPE', ''));
    expect(parseErrorOf(() => parseSchema('AVRO', '{"type":null}'))).toEqual(parseError('MISSING_TYPE', ''));
  });

  it('inherited properties are not read: an object with another prototype is not a JSON object', () => {
    expect(parseErrorOf(() => parseSchema('AVRO', Object.create({ type: 'int' }) as object))).toEqual(parseError('NOT_A_SCHEMA', ''));
    expect(parseErrorOf(() => parseSchema('AVRO', { type: 'array', items: Object.create({ type: 'int' }) as object }))).toEqual(parseError('NOT_A_SCHEMA', '/items'));
    // A null-prototype object is a plain JSON object.
    const bare = Object.assign(Object.create(null) as object, { type: 'array', items: 'int' });
    expect(parsingCanonicalForm(bare)).toBe('{"type":"array","items":"int"}');
  });

  it('a union directly inside a union is NESTED_UNION', () => {
    expect(parseErrorOf(() => parseSchema('AVRO', '["null",["int"]]'))).toEqual(parseError('NESTED_UNION', '/1'));
    expect(parseErrorOf(() => parseSchema('AVRO', '[[]]'))).toEqual(parseError('NESTED_UNION', '/0'));
    expect(parseErrorOf(() => parseSchema('AVRO', {
      type: 'record', name: 'R', fields: [{ name: 'a', type: ['null', ['int', 'string']] }],
    }))).toEqual(parseError('NESTED_UNION', '/fields/0/type/1'));
  });

  it('an unknown type name is UNDEFINED_NAME at the reference', () => {
    expect(parseErrorOf(() => parseSchema('AVRO', '"Nope"'))).toEqual(parseError('UNDEFINED_NAME', ''));
    expect(parseErrorOf(() => parseSchema('AVRO', '"INT"'))).toEqual(parseError('UNDEFINED_NAME', ''));
    expect(parseErrorOf(() => parseSchema('AVRO', '{"type":"record","name":"R","fields":[{"name":"a","type":"int"},{"name":"b","type":"Nope"}]}')))
      .toEqual(parseError('UNDEFINED_NAME', '/fields/1/type'));
    expect(parseErrorOf(() => parseSchema('AVRO', '{"type":"array","items":{"type":"map","values":"com.x.Missing"}}')))
      .toEqual(parseError('UNDEFINED_NAME', '/items/values'));
    expect(parseErrorOf(() => parseSchema('AVRO', '["null","Missing"]'))).toEqual(parseError('UNDEFINED_NAME', '/1'));
  });
});

// ---------------------------------------------------------------------------------------------
// Every AvroParseRule, with its pointer
// ---------------------------------------------------------------------------------------------

const record = (fields: unknown[], extra: object = {}): object => ({ type: 'record', name: 'R', ...extra, fields });

function sharedTwice(levels: number): object {
  let inner: object | string = 'int';
  for (let i = 0; i < levels; i++) inner = { type: 'array', items: ['null', { type: 'map', values: inner }, { type: 'array', items: inner }] };
  return inner as object;
}

const RULE_CASES: ReadonlyArray<readonly [string, string | object, string]> = [
  ['INVALID_JSON', '{"type":', ''],
  ['NOT_JSON', { type: 'int', custom: () => 1 }, '/custom'],
  ['TOO_DEEP', nestArrays(1001), '/items'.repeat(1000)],
  // An object whose every level uses one inner schema object twice: 2^21 schemas once expanded.
  ['TOO_LARGE', sharedTwice(21), '/items/1/values'.repeat(3) + '/items/2/items'.repeat(16) + '/items/2'],
  ['NOT_A_SCHEMA', '42', ''],
  ['NOT_A_SCHEMA', '["null", 5]', '/1'],
  ['NOT_A_SCHEMA', '{"type":"array","items":true}', '/items'],
  ['MISSING_TYPE', '{}', ''],
  ['MISSING_TYPE', record([{ name: 'a', type: {} }]), '/fields/0/type'],
  ['UNDEFINED_NAME', record([{ name: 'a', type: 'Nope' }]), '/fields/0/type'],
  ['MISSING_NAME', '{"type":"record","fields":[]}', '/name'],
  ['MISSING_NAME', '{"type":"enum","symbols":["A"]}', '/name'],
  ['MISSING_NAME', '{"type":"fixed","name":5,"size":1}', '/name'],
  ['INVALID_NAME', '{"type":"record","name":"1x","fields":[]}', '/name'],
  ['INVALID_NAME', '{"type":"fixed","name":"F","namespace":"a.1b","size":1}', '/name'],
  ['INVALID_NAME', '{"type":"enum","name":"a-b","symbols":[]}', '/name'],
  ['PRIMITIVE_NAME', '{"type":"fixed","name":"int","size":1}', '/name'],
  ['REDEFINED_NAME', record([{ name: 'a', type: { type: 'fixed', name: 'F', size: 1 } }, { name: 'b', type: { type: 'fixed', name: 'F', size: 2 } }]), '/fields/1/type/name'],
  ['REDEFINED_NAME', record([{ name: 'a', type: { type: 'record', name: 'R', fields: [] } }]), '/fields/0/type/name'],
  ['MISSING_FIELDS', '{"type":"record","name":"R"}', '/fields'],
  ['MISSING_FIELDS', '{"type":"record","name":"R","fields":{}}', '/fields'],
  ['MISSING_FIELD_NAME', record([{ type: 'int' }]), '/fields/0/name'],
  ['MISSING_FIELD_NAME', record([{ name: 'a', type: 'int' }, 5]), '/fields/1'],
  ['MISSING_FIELD_TYPE', record([{ name: 'a' }]), '/fields/0/type'],
  ['INVALID_FIELD_NAME', record([{ name: 'a-b', type: 'int' }]), '/fields/0/name'],
  ['INVALID_FIELD_NAME', record([{ name: '', type: 'int' }]), '/fields/0/name'],
  ['DUPLICATE_FIELD', record([{ name: 'a', type: 'int' }, { name: 'a', type: 'long' }]), '/fields/1/name'],
  ['INVALID_ORDER', record([{ name: 'a', type: 'int', order: 'up' }]), '/fields/0/order'],
  ['INVALID_DEFAULT', record([{ name: 'a', type: 'int', default: 'x' }]), '/fields/0/default'],
  ['INVALID_DEFAULT', record([{ name: 'a', type: 'int' }, { name: 'b', type: ['null', 'int'], default: 'x' }]), '/fields/1/default'],
  ['MISSING_SYMBOLS', '{"type":"enum","name":"E"}', '/symbols'],
  ['INVALID_SYMBOL', '{"type":"enum","name":"E","symbols":["A","1"]}', '/symbols/1'],
  ['INVALID_SYMBOL', '{"type":"enum","name":"E","symbols":[null]}', '/symbols/0'],
  ['DUPLICATE_SYMBOL', '{"type":"enum","name":"E","symbols":["A","B","A"]}', '/symbols/2'],
  ['INVALID_ENUM_DEFAULT', '{"type":"enum","name":"E","symbols":["A"],"default":"Z"}', '/default'],
  ['INVALID_SIZE', '{"type":"fixed","name":"F","size":-1}', '/size'],
  ['INVALID_SIZE', '{"type":"fixed","name":"F","size":"4"}', '/size'],
  ['INVALID_SIZE', '{"type":"fixed","name":"F"}', '/size'],
  ['MISSING_ITEMS', '{"type":"array"}', '/items'],
  ['MISSING_VALUES', '{"type":"map"}', '/values'],
  ['NESTED_UNION', '["null",["int"]]', '/1'],
  ['DUPLICATE_UNION_BRANCH', '["int","int"]', '/1'],
  ['DUPLICATE_UNION_BRANCH', '["null",{"type":"array","items":"int"},{"type":"array","items":"long"}]', '/2'],
  ['INVALID_ALIASES', '{"type":"record","name":"R","aliases":"x","fields":[]}', '/aliases'],
  ['INVALID_ALIASES', '{"type":"record","name":"R","aliases":["x",1],"fields":[]}', '/aliases/1'],
  ['INVALID_ALIASES', record([{ name: 'a', type: 'int', aliases: 'b' }]), '/fields/0/aliases'],
];

describe('every AvroParseRule, with the pointer of the problem', () => {
  it('the cases cover every rule code', () => {
    expect([...new Set(RULE_CASES.map(([rule]) => rule))].sort()).toEqual(Object.values(AvroParseRule).sort());
  });

  for (const [rule, input, pointer] of RULE_CASES) {
    const shown = typeof input === 'string' ? input.slice(0, 70) : JSON.stringify(input)?.slice(0, 70) ?? String(input);
    it(`${rule} at '${pointer.slice(0, 40)}': ${shown}`, () => {
      expect(parseErrorOf(() => parseSchema('AVRO', input))).toEqual(parseError(rule, pointer));
      // The same input as a history item or the candidate is named so.
      expect(parseErrorOf(() => checkCompatibility('FULL', '"int"', ['"int"', '"long"', input]))).toEqual(parseError(rule, pointer, 'history[2]'));
      expect(parseErrorOf(() => checkCompatibility('FULL', input, ['"int"']))).toEqual(parseError(rule, pointer, 'candidate'));
    });
  }

  it('the message names the input, the pointer and the rule', () => {
    const error = caught(() => checkCompatibility('BACKWARD', '"int"', ['"int"', '"int"', '{"type":"record","fields":[]}']));
    expect(error).toBeInstanceOf(SchemaParseError);
    const e = error as SchemaParseError;
    expect({ code: e.code, input: e.input, pointer: e.pointer, rule: e.rule, message: e.message }).toEqual({
      code: 'SCHEMA_PARSE_ERROR', input: 'history[2]', pointer: '/name', rule: 'MISSING_NAME',
      message: `history[2]: at '/name': ${e.detail} [MISSING_NAME]`,
    });
  });

  it('the candidate is parsed before the history', () => {
    expect(parseErrorOf(() => checkCompatibility('BACKWARD', '{"type":"map"}', ['{"type":"array"}']))).toEqual(parseError('MISSING_VALUES', '/values', 'candidate'));
  });
});

// ---------------------------------------------------------------------------------------------
// Names that are also names of Object.prototype members
// ---------------------------------------------------------------------------------------------

const PROTO_TEXT = `{
  "type": "record", "name": "__proto__", "namespace": "constructor",
  "__proto__": "p", "constructor": {"toString": 1}, "hasOwnProperty": [1], "prototype": null, "toString": "t",
  "fields": [
    {"name": "__proto__", "type": "int", "__proto__": {"polluted": "yes"}},
    {"name": "constructor", "type": {"type": "enum", "name": "prototype",
      "symbols": ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"], "default": "constructor"}},
    {"name": "toString", "type": {"type": "map", "values": "int"},
      "default": {"__proto__": 1, "constructor": 2, "toString": 3, "hasOwnProperty": 4, "prototype": 5}},
    {"name": "hasOwnProperty", "type": {"type": "record", "name": "toString",
      "fields": [{"name": "prototype", "type": "string", "default": "x"}, {"name": "__proto__", "type": "int", "default": 0}]},
      "default": {"__proto__": 7}},
    {"name": "prototype", "type": "constructor.prototype", "default": "__proto__"},
    {"name": "next", "type": ["null", "__proto__"], "default": null}
  ]
}`;

const PROTO_PCF = '{"name":"constructor.__proto__","type":"record","fields":['
  + '{"name":"__proto__","type":"int"},'
  + '{"name":"constructor","type":{"name":"constructor.prototype","type":"enum","symbols":["__proto__","constructor","prototype","toString","hasOwnProperty"]}},'
  + '{"name":"toString","type":{"type":"map","values":"int"}},'
  + '{"name":"hasOwnProperty","type":{"name":"constructor.toString","type":"record","fields":[{"name":"prototype","type":"string"},{"name":"__proto__","type":"int"}]}},'
  + '{"name":"prototype","type":"constructor.prototype"},'
  + '{"name":"next","type":["null","constructor.__proto__"]}]}';

function prototypeSnapshot(): unknown {
  return { names: Object.getOwnPropertyNames(Object.prototype).sort(), symbols: Object.getOwnPropertySymbols(Object.prototype).length, proto: Object.getPrototypeOf(Object.prototype) };
}

/** The same schema built as objects, with `__proto__` own keys made by Object.defineProperty. */
function protoSchemaObject(): object {
  const own = <T extends object>(target: T, key: string, value: unknown): T => {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    return target;
  };
  const root: Record<string, unknown> = { type: 'record', name: '__proto__', namespace: 'constructor' };
  own(root, '__proto__', 'p');
  Object.assign(root, { constructor: { toString: 1 }, hasOwnProperty: [1], prototype: null, toString: 't' });
  const mapDefault = own({}, '__proto__', 1);
  Object.assign(mapDefault, { constructor: 2, toString: 3, hasOwnProperty: 4, prototype: 5 });
  root.fields = [
    own({ name: '__proto__', type: 'int' }, '__proto__', { polluted: 'yes' }),
    { name: 'constructor', type: { type: 'enum', name: 'prototype', symbols: ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'], default: 'constructor' } },
    { name: 'toString', type: { type: 'map', values: 'int' }, default: mapDefault },
    {
      name: 'hasOwnProperty',
      type: { type: 'record', name: 'toString', fields: [{ name: 'prototype', type: 'string', default: 'x' }, { name: '__proto__', type: 'int', default: 0 }] },
      default: own({}, '__proto__', 7),
    },
    { name: 'prototype', type: 'constructor.prototype', default: '__proto__' },
    { name: 'next', type: ['null', '__proto__'], default: null },
  ];
  return root;
}

describe('__proto__, constructor, prototype, toString and hasOwnProperty as names and keys', () => {
  const inputs: ReadonlyArray<readonly [string, () => string | object]> = [
    ['JSON text', () => PROTO_TEXT],
    ['JSON.parse of the text (own __proto__ keys)', () => JSON.parse(PROTO_TEXT) as object],
    ['objects made with Object.defineProperty', protoSchemaObject],
  ];

  for (const [how, make] of inputs) {
    it(`parse correctly from ${how}`, () => {
      const before = prototypeSnapshot();
      const schema = parseAvro(make());
      expect(parsingCanonicalForm(schema)).toBe(PROTO_PCF);
      const root = schema.root as AvroRecord;
      expect(root.fullName).toBe('constructor.__proto__');
      expect(root.fields.map((field: AvroField) => field.name)).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'next']);
      expect([...schema.named.keys()].sort()).toEqual(['constructor.__proto__', 'constructor.prototype', 'constructor.toString']);
      // Custom properties keep their keys as own keys.
      expect(Object.keys(root.props).sort()).toEqual(['__proto__', 'constructor', 'hasOwnProperty', 'prototype', 'toString']);
      expect(JSON.stringify(root.props)).toBe(JSON.stringify(JSON.parse('{"__proto__":"p","constructor":{"toString":1},"hasOwnProperty":[1],"prototype":null,"toString":"t"}')));
      const [protoField, enumField, mapField, recordField, prototypeField, nextField] = root.fields as [AvroField, AvroField, AvroField, AvroField, AvroField, AvroField];
      expect(JSON.stringify(protoField.props)).toBe('{"__proto__":{"polluted":"yes"}}');
      expect((enumField.type as AvroEnum).symbols).toEqual(['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']);
      expect((enumField.type as AvroEnum).default).toBe('constructor');
      expect(mapField.hasDefault).toBe(true);
      expect(Object.keys(mapField.default as object)).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype']);
      expect(JSON.stringify(mapField.default)).toBe('{"__proto__":1,"constructor":2,"toString":3,"hasOwnProperty":4,"prototype":5}');
      expect(JSON.stringify(recordField.default)).toBe('{"__proto__":7}');
      expect(prototypeField.type).toBe(enumField.type);
      expect(nextField.type).toMatchObject({ kind: 'union' });
      // Nothing leaked into Object.prototype.
      expect(prototypeSnapshot()).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    });

    it(`is compatible with itself, from ${how}`, () => {
      const schema = parseAvro(make());
      expect(new AvroChecker().canRead(schema, schema)).toEqual({ compatible: true, incompatibilities: [], warnings: [] });
      expect(new AvroChecker().canRead(schema, parseAvro(PROTO_TEXT))).toEqual({ compatible: true, incompatibilities: [], warnings: [] });
      expect(checkCompatibility('FULL_TRANSITIVE', make(), [PROTO_TEXT, make()])).toEqual({
        compatible: true, strategy: 'FULL_TRANSITIVE', identical: { version: 2 }, checked: [], incompatibilities: [], warnings: [],
      });
    });
  }

  it('a reader field named like an Object.prototype member, missing in the writer, needs a default', () => {
    for (const name of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']) {
      const writer = { type: 'record', name: 'R', fields: [{ name: 'a', type: 'int' }] };
      const reader = { type: 'record', name: 'R', fields: [{ name: 'a', type: 'int' }, { name, type: 'int' }] };
      expect(checkCompatibility('BACKWARD', reader, [writer])).toEqual({
        compatible: false, strategy: 'BACKWARD', checked: [1],
        incompatibilities: [{
          type: 'READER_FIELD_MISSING_DEFAULT_VALUE', direction: 'BACKWARD', version: 1, location: '/fields/1', message: name,
          description: `The field '${name}' at path '/fields/1' in the new schema has no default value and is missing in the old schema`,
        }],
        warnings: [],
      });
    }
  });

  it('enum symbols named like Object.prototype members are compared as symbols', () => {
    const writer = { type: 'enum', name: 'E', symbols: ['A', 'toString', 'constructor', '__proto__', 'hasOwnProperty'] };
    const reader = { type: 'enum', name: 'E', symbols: ['A'] };
    expect(checkCompatibility('FULL', reader, [writer])).toEqual({
      compatible: false, strategy: 'FULL', checked: [1],
      incompatibilities: [{
        type: 'MISSING_ENUM_SYMBOLS', direction: 'BACKWARD', version: 1, location: '/symbols', message: '[__proto__, constructor, hasOwnProperty, toString]',
        description: "The new schema is missing enum symbols '[__proto__, constructor, hasOwnProperty, toString]' at path '/symbols' in the old schema",
      }],
      warnings: [],
    });
  });

  it('a record default without a key named like a prototype member is not read from the prototype', () => {
    // `constructor` is inherited by every object: a default {} lacks it, and the field has no default.
    const text = '{"type":"record","name":"O","fields":[{"name":"r","type":{"type":"record","name":"I","fields":[{"name":"constructor","type":"string"}]},"default":{}}]}';
    expect(parseErrorOf(() => parseSchema('AVRO', text))).toEqual(parseError('INVALID_DEFAULT', '/fields/0/default'));
    const map = '{"type":"record","name":"O","fields":[{"name":"m","type":{"type":"map","values":"int"},"default":{"toString":"x"}}]}';
    expect(parseErrorOf(() => parseSchema('AVRO', map))).toEqual(parseError('INVALID_DEFAULT', '/fields/0/default'));
  });
});

// ---------------------------------------------------------------------------------------------
// Deep nesting and cycles
// ---------------------------------------------------------------------------------------------

describe('deep nesting: a TOO_DEEP SchemaParseError or a result, never a RangeError, within seconds', () => {
  const deepInputs: ReadonlyArray<readonly [string, () => string | object, string]> = [
    ['10,000 nested arrays as text', () => nestArrays(10_000), '/items'.repeat(1000)],
    ['10,000 nested arrays as objects', () => nestArraysObject(10_000), '/items'.repeat(1000)],
    ['10,000 nested records as text', () => nestRecordsText(10_000), '/fields/0/type'.repeat(334)],
    ['10,000 nested records as objects', () => nestRecordsObject(10_000), '/fields/0/type'.repeat(334)],
  ];

  for (const [what, make, pointer] of deepInputs) {
    it(what, () => {
      const input = make();
      const parse = elapsed(() => parseSchema('AVRO', input));
      expect(parse.ms).toBeLessThan(5000);
      expect(parse.error).toBeInstanceOf(SchemaParseError);
      const e = parse.error as SchemaParseError;
      expect({ code: e.code, input: e.input, pointer: e.pointer, rule: e.rule }).toEqual({ code: 'SCHEMA_PARSE_ERROR', input: 'schema', pointer, rule: 'TOO_DEEP' });
      const check = elapsed(() => checkCompatibility('FULL', '"int"', [input]));
      expect(check.ms).toBeLessThan(5000);
      expect(parseErrorOf(() => { throw check.error; })).toEqual(parseError('TOO_DEEP', pointer, 'history[0]'));
    });
  }

  it('Jackson\'s limit: a document 1,000 levels deep is read, 1,001 levels is TOO_DEEP', () => {
    expect(parseAvro(nestArrays(1000)).root.kind).toBe('array');
    expect(parseErrorOf(() => parseSchema('AVRO', nestArrays(1001)))).toEqual(parseError('TOO_DEEP', '/items'.repeat(1000)));
  });

  it('a schema just under the limit is checked without a RangeError', () => {
    const writer = nestArrays(998, '"int"');
    const reader = nestArrays(998, '"long"');
    const run = elapsed(() => checkCompatibility('FULL', reader, [writer]));
    expect(run.ms).toBeLessThan(5000);
    expect(run.error).toBeUndefined();
    expect(checkCompatibility('FULL', reader, [writer])).toEqual({
      compatible: false, strategy: 'FULL', checked: [1],
      incompatibilities: [{
        type: 'TYPE_MISMATCH', direction: 'FORWARD', version: 1, location: '/items'.repeat(998), message: 'reader type: INT not compatible with writer type: LONG',
        description: `The type (path '${'/items'.repeat(998)}') of a field in the old schema does not match with the new schema`,
      }],
      warnings: [],
    });
    const records = nestRecordsText(300);
    const location = '/fields/0/type'.repeat(300);
    const forward = (version: number): Incompatibility => ({
      type: 'TYPE_MISMATCH', direction: 'FORWARD', version, location, message: 'reader type: INT not compatible with writer type: LONG',
      description: `The type (path '${location}') of a field in the old schema does not match with the new schema`,
    });
    expect(checkCompatibility('FULL_TRANSITIVE', records.replace('"int"', '"long"'), [records, records])).toEqual({
      compatible: false, strategy: 'FULL_TRANSITIVE', checked: [2, 1], incompatibilities: [forward(2), forward(1)], warnings: [],
    });
  });

  // Jackson counts unclosed objects and arrays and fails past 1,000: the property value below sits at
  // depth 2, its element '/x' + '/0' * k at depth 2 + k, so the first one too deep is k = 999.
  it('10,000-deep nesting inside a custom property or a default is TOO_DEEP, not a RangeError', () => {
    const deepValue = '['.repeat(10_000) + ']'.repeat(10_000);
    const inProperty = elapsed(() => parseSchema('AVRO', `{"type":"int","x":${deepValue}}`));
    expect(inProperty.ms).toBeLessThan(5000);
    expect(parseErrorOf(() => { throw inProperty.error; })).toEqual(parseError('TOO_DEEP', '/x' + '/0'.repeat(999)));
    // The default array sits at depth 4 (root object, fields array, field object, default).
    const inDefault = elapsed(() => parseSchema('AVRO', `{"type":"record","name":"R","fields":[{"name":"a","type":{"type":"array","items":"int"},"default":${deepValue}}]}`));
    expect(inDefault.ms).toBeLessThan(5000);
    expect(parseErrorOf(() => { throw inDefault.error; })).toEqual(parseError('TOO_DEEP', '/fields/0/default' + '/0'.repeat(997)));
  });

  it('Jackson\'s limit inside a property: a document 1,000 levels deep is read, 1,001 levels is TOO_DEEP', () => {
    const property = (levels: number): string => `{"type":"int","x":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    expect(parseAvro(property(999)).root.kind).toBe('int');
    expect(parseErrorOf(() => parseSchema('AVRO', property(1000)))).toEqual(parseError('TOO_DEEP', '/x' + '/0'.repeat(999)));
  });

  // Not deep JSON, but a deep type: each record refers to the one before. Checking a union of such
  // records tries every reader branch for every writer branch; the walk must stay polynomial and
  // small. (At 1,000 branches, a 90 KB text, an exhaustive walk exhausts the heap.)
  it('a union of 300 chained records is checked within seconds', () => {
    const chain = (bottom: string, n: number): string => {
      const branches = [`{"type":"record","name":"A0","fields":[{"name":"x","type":"${bottom}"}]}`];
      for (let i = 1; i < n; i++) branches.push(`{"type":"record","name":"A${i}","fields":[{"name":"f","type":"A${i - 1}"}]}`);
      return `[${branches.join(',')}]`;
    };
    const reader = parseSchema('AVRO', chain('long', 300));
    const writer = parseSchema('AVRO', chain('int', 300));
    let result: CompatibilityResult | undefined;
    const run = elapsed(() => {
      result = checkCompatibility('BACKWARD', reader, [writer]);
    });
    expect(run.error).toBeUndefined();
    expect(result).toEqual({ compatible: true, strategy: 'BACKWARD', checked: [1], incompatibilities: [], warnings: [] });
    expect(run.ms).toBeLessThan(3000);
  });

  it('a cyclic JavaScript object is a SchemaParseError, not a hang or a RangeError', () => {
    const cyclicSchema: Record<string, unknown> = { type: 'array' };
    cyclicSchema.items = cyclicSchema;
    const a = elapsed(() => parseSchema('AVRO', cyclicSchema));
    expect(a.ms).toBeLessThan(5000);
    // A cycle is both "not JSON" and "too deep": either rule names it.
    expect(parseErrorOf(() => { throw a.error; })).toEqual({
      ...parseError('', ''), rule: expect.stringMatching(/^(NOT_JSON|TOO_DEEP)$/), pointer: expect.stringMatching(/^(\/items)+$/),
    });

    const cyclicProperty: Record<string, unknown> = { type: 'int' };
    cyclicProperty.x = cyclicProperty;
    const b = elapsed(() => checkCompatibility('BACKWARD', cyclicProperty, []));
    expect(b.ms).toBeLessThan(5000);
    expect(parseErrorOf(() => { throw b.error; })).toEqual({
      ...parseError('', '', 'candidate'), rule: expect.stringMatching(/^(NOT_JSON|TOO_DEEP)$/), pointer: expect.stringMatching(/^(\/x)+$/),
    });

    const list: unknown[] = [];
    list.push(list);
    const cyclicDefault = { type: 'record', name: 'R', fields: [{ name: 'a', type: { type: 'array', items: { type: 'array', items: 'int' } }, default: list }] };
    const c = elapsed(() => parseSchema('AVRO', cyclicDefault));
    expect(c.ms).toBeLessThan(5000);
    expect(parseErrorOf(() => { throw c.error; })).toEqual({
      ...parseError('', ''), rule: expect.stringMatching(/^(NOT_JSON|TOO_DEEP)$/), pointer: expect.stringMatching(/^\/fields\/0\/default(\/0)+$/),
    });

    const cyclicFields: Record<string, unknown> = { type: 'record', name: 'R' };
    cyclicFields.fields = [{ name: 'self', type: cyclicFields }];
    const d = elapsed(() => parseSchema('AVRO', cyclicFields));
    expect(d.ms).toBeLessThan(5000);
    // The nested object redefines R.
    expect(parseErrorOf(() => { throw d.error; })).toEqual(parseError('REDEFINED_NAME', '/fields/0/type/name'));
  });
});

// ---------------------------------------------------------------------------------------------
// Values that are not JSON inside a schema object
// ---------------------------------------------------------------------------------------------

describe('values that are not JSON inside a schema object are NOT_JSON with a pointer', () => {
  const withDefault = (type: unknown, value: unknown): object => ({ type: 'record', name: 'R', fields: [{ name: 'a', type: 'int' }, { name: 'b', type, default: value }] });
  const cases: ReadonlyArray<readonly [string, object, string]> = [
    ['a function as a property', { type: 'int', custom: () => 1 }, '/custom'],
    ['undefined in an array property', { type: 'string', custom: [1, undefined, 3] }, '/custom/1'],
    ['NaN in a property', { type: 'long', custom: { n: Number.NaN } }, '/custom/n'],
    ['Infinity in a property', { type: 'long', custom: Number.POSITIVE_INFINITY }, '/custom'],
    ['a Date in a property', { type: 'int', custom: { when: new Date(0) } }, '/custom/when'],
    ['a Map in a property', { type: 'int', custom: new Map([['a', 1]]) }, '/custom'],
    ['a bigint in a property', { type: 'int', custom: 1n }, '/custom'],
    ['a symbol in a property', { type: 'int', custom: Symbol('x') }, '/custom'],
    ['a property of a field', { type: 'record', name: 'R', fields: [{ name: 'a', type: 'int', meta: { f: () => 0 } }] }, '/fields/0/meta/f'],
    ['a property of a nested array schema', { type: 'array', items: { type: 'map', values: 'int', 'x/y': new Date(0) } }, '/items/x~1y'],
    ['a function as a default', withDefault('int', () => 1), '/fields/1/default'],
    ['NaN as a default', withDefault('double', Number.NaN), '/fields/1/default'],
    ['-Infinity as a default', withDefault('float', Number.NEGATIVE_INFINITY), '/fields/1/default'],
    ['undefined in an array default', withDefault({ type: 'array', items: 'int' }, [1, undefined]), '/fields/1/default/1'],
    ['a Date as a default', withDefault('string', new Date(0)), '/fields/1/default'],
    ['a Map as a map default', withDefault({ type: 'map', values: 'int' }, new Map([['a', 1]])), '/fields/1/default'],
    ['a Map inside a record default', withDefault({ type: 'record', name: 'I', fields: [{ name: 'm', type: { type: 'map', values: 'int' } }] }, { m: new Map() }), '/fields/1/default/m'],
    ['a bigint as a long default', withDefault('long', 5n), '/fields/1/default'],
  ];

  for (const [what, input, pointer] of cases) {
    it(what, () => {
      expect(parseErrorOf(() => parseSchema('AVRO', input))).toEqual(parseError('NOT_JSON', pointer));
      expect(parseErrorOf(() => checkCompatibility('FULL', '"int"', ['"int"', input]))).toEqual(parseError('NOT_JSON', pointer, 'history[1]'));
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Inputs are never mutated
// ---------------------------------------------------------------------------------------------

describe('frozen and mutated inputs', () => {
  const v1 = { type: 'record', name: 'User', namespace: 'com.acme', fields: [{ name: 'id', type: 'long' }] };
  const compatibleCandidate = USER;
  const incompatibleCandidate = {
    ...USER,
    fields: [...USER.fields.filter((field) => field.name !== 'id'), { name: 'id', type: 'int' }, { name: 'extra', type: { type: 'enum', name: 'Kind2', symbols: ['X'] } }],
  };
  const histories = (): SchemaInput[][] => [[v1], [v1, structuredClone(USER)], [structuredClone(USER), v1]];

  for (const [what, candidate] of [['compatible', compatibleCandidate], ['incompatible', incompatibleCandidate]] as const) {
    it(`deep-frozen candidate and history (${what}): no TypeError, the same result, nothing changed`, () => {
      for (const strategy of ['FULL_TRANSITIVE', 'BACKWARD', 'FORWARD_TRANSITIVE', 'ALWAYS_INCOMPATIBLE', 'NONE'] as const) {
        for (const history of histories()) {
          const expected = checkCompatibility(strategy, structuredClone(candidate), structuredClone(history));
          const frozenCandidate = deepFreeze(structuredClone(candidate));
          const frozenHistory = deepFreeze(structuredClone(history));
          const before = structuredClone({ frozenCandidate, frozenHistory });
          const run = elapsed(() => checkCompatibility(strategy, frozenCandidate, frozenHistory, deepFreeze({ stopAtFirstFailure: false })));
          expect(run.error).toBeUndefined();
          expect(checkCompatibility(strategy, frozenCandidate, frozenHistory)).toEqual(expected);
          expect({ frozenCandidate, frozenHistory }).toEqual(before);
        }
      }
    });
  }

  it('the incompatible candidate really is incompatible', () => {
    const result: CompatibilityResult = checkCompatibility('FULL', incompatibleCandidate, [USER]);
    expect(result.compatible).toBe(false);
    // id moved to the end and narrowed to int (int cannot read long), and a required enum added.
    expect(result.incompatibilities.map((finding: Incompatibility) => [finding.direction, finding.type, finding.location, finding.message])).toEqual([
      ['BACKWARD', 'TYPE_MISMATCH', '/fields/6/type', 'reader type: INT not compatible with writer type: LONG'],
      ['BACKWARD', 'READER_FIELD_MISSING_DEFAULT_VALUE', '/fields/7', 'extra'],
    ]);
  });

  it('unfrozen inputs are not mutated either', () => {
    const candidate = structuredClone(incompatibleCandidate);
    const history = [structuredClone(v1), structuredClone(USER), JSON.stringify(USER)];
    const before = structuredClone({ candidate, history });
    checkCompatibility('FULL_TRANSITIVE', candidate, history);
    parseSchema('AVRO', candidate);
    parsingCanonicalForm(candidate);
    expect({ candidate, history }).toEqual(before);
  });

  it('a deep-frozen ParsedSchema can be checked, again and again', () => {
    const parsedHistory = deepFreeze([parseSchema('AVRO', v1, { version: 0 }), parseSchema('AVRO', USER, { version: 1 })]);
    const parsedCandidate = deepFreeze(parseSchema('AVRO', incompatibleCandidate));
    const expected = checkCompatibility('FULL_TRANSITIVE', incompatibleCandidate, [parseSchema('AVRO', v1, { version: 0 }), parseSchema('AVRO', USER, { version: 1 })]);
    const first = elapsed(() => checkCompatibility('FULL_TRANSITIVE', parsedCandidate, parsedHistory));
    expect(first.error).toBeUndefined();
    expect(checkCompatibility('FULL_TRANSITIVE', parsedCandidate, parsedHistory)).toEqual(expected);
    expect(checkCompatibility('FULL_TRANSITIVE', parsedCandidate, parsedHistory)).toEqual(expected);
  });

  it('a deep-frozen ParsedSchema of a large record, parsed with reuse (field trees), can be checked', () => {
    const big = (extra: number): object => ({ type: 'record', name: 'Big', fields: Array.from({ length: 40 + extra }, (_, i) => ({ name: `f${i}`, type: i % 2 ? ['null', 'long'] : ['null', 'double'], default: null })) });
    const history = [parseSchema('AVRO', big(0), { reuse: true }), parseSchema('AVRO', big(1), { reuse: true })];
    const expected = checkCompatibility('FULL_TRANSITIVE', big(2), history);
    const frozen = deepFreeze(history);
    const run = elapsed(() => checkCompatibility('FULL_TRANSITIVE', deepFreeze(parseSchema('AVRO', big(2), { reuse: true })), frozen));
    expect(run.error).toBeUndefined();
    expect(checkCompatibility('FULL_TRANSITIVE', big(2), frozen)).toEqual(expected);
  });

  it('a ParsedSchema does not change when the object it was parsed from is mutated afterwards', () => {
    const original = structuredClone(USER) as { name: string; fields: Array<Record<string, unknown>>; [key: string]: unknown };
    const parsed = parseSchema('AVRO', original);
    const candidates = [structuredClone(USER), incompatibleCandidate, { ...USER, fields: USER.fields.slice(0, 3) }];
    const before = candidates.map((candidate) => checkCompatibility('FULL', candidate, [parsed]));
    const canonicalBefore = parsingCanonicalForm(parsed);

    original.name = 'Other';
    original.fields[0]!.type = 'string';
    original.fields[1]!.default = 'changed';
    (original.fields[2]!.default as unknown[]).push('x');
    (original.fields[3]!.default as Record<string, unknown>).c = 3;
    (original.fields[4]!.type as Record<string, unknown>).symbols = ['Z'];
    ((original.fields[6]!['x-meta'] as Record<string, unknown>).ids as number[]).push(3);
    original.fields.push({ name: 'late', type: 'int' });
    original.fields.reverse();

    expect(candidates.map((candidate) => checkCompatibility('FULL', candidate, [parsed]))).toEqual(before);
    expect(before[0]).toEqual({ compatible: true, strategy: 'FULL', identical: { version: 1 }, checked: [], incompatibilities: [], warnings: [] });
    expect(parsingCanonicalForm(parsed)).toBe(canonicalBefore);
    const root = (parsed.schema as AvroSchema).root as AvroRecord;
    expect(JSON.stringify(root.fields.map((field: AvroField) => [field.name, field.default ?? null, field.props]))).toBe(JSON.stringify([
      ['id', null, {}], ['name', '', {}], ['tags', [], {}], ['attrs', { a: null, b: 1 }, {}], ['kind', 'B', {}], ['hash', null, {}],
      ['at', 0, { 'x-meta': { owner: 'team', ids: [1, 2] } }],
    ]));
  });
});

// ---------------------------------------------------------------------------------------------
// Random garbage
// ---------------------------------------------------------------------------------------------

describe('random garbage is a SchemaParseError or a schema, never another error', () => {
  const base = JSON.stringify(USER, null, 1);
  const alphabet = '{}[]":,\\/*-+.0123456789eEtrufalsn \n\tabcxyz_é\u0000\uD800😀';

  function mutate(text: string, next: () => number): string {
    let out = text;
    const edits = 1 + Math.floor(next() * 4);
    for (let i = 0; i < edits; i++) {
      const at = Math.floor(next() * out.length);
      const len = 1 + Math.floor(next() * 8);
      const choice = next();
      if (choice < 0.35) out = out.slice(0, at) + out.slice(at + len);
      else if (choice < 0.6) out = out.slice(0, at) + out.slice(at, at + len) + out.slice(at);
      else if (choice < 0.9) out = out.slice(0, at) + alphabet.charAt(Math.floor(next() * alphabet.length)) + out.slice(at + 1);
      else out = out.slice(0, at) + out.slice(Math.floor(next() * out.length)).slice(0, len) + out.slice(at);
    }
    return out;
  }

  interface Outcome {
    readonly parsed: number;
    readonly parseErrors: number;
    readonly otherErrors: readonly string[];
  }

  function run(texts: readonly string[]): Outcome {
    let parsed = 0;
    let parseErrors = 0;
    const otherErrors: string[] = [];
    const rules = new Set<string>(Object.values(AvroParseRule));
    for (const text of texts) {
      try {
        const schema = parseSchema('AVRO', text);
        parsed++;
        // A schema that parses can be checked both ways against the original.
        const result = checkCompatibility('FULL_TRANSITIVE', schema, [base, base]);
        if (typeof result.compatible !== 'boolean') otherErrors.push(`no verdict for ${JSON.stringify(text)}`);
        parsingCanonicalForm(schema);
      } catch (error) {
        if (error instanceof SchemaParseError && error.code === 'SCHEMA_PARSE_ERROR' && error.input === 'schema' && rules.has(error.rule)) parseErrors++;
        else otherErrors.push(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)} for ${JSON.stringify(text)}`);
      }
    }
    return { parsed, parseErrors, otherErrors };
  }

  it('500 seeded mutations of a valid schema text', () => {
    const next = random(20240601);
    const texts = Array.from({ length: 500 }, () => mutate(base, next));
    const start = performance.now();
    const outcome = run(texts);
    expect(performance.now() - start).toBeLessThan(20_000);
    expect(outcome.otherErrors).toEqual([]);
    expect(outcome.parsed + outcome.parseErrors).toBe(500);
    // The mutations reach both outcomes.
    expect(outcome.parsed).toBeGreaterThan(0);
    expect(outcome.parseErrors).toBeGreaterThan(0);
  });

  it('200 seeded random strings', () => {
    const next = random(7);
    const texts = Array.from({ length: 200 }, () => Array.from({ length: Math.floor(next() * 60) }, () => alphabet.charAt(Math.floor(next() * alphabet.length))).join(''));
    const outcome = run(texts);
    expect(outcome.otherErrors).toEqual([]);
    expect(outcome.parsed + outcome.parseErrors).toBe(200);
  });

  it('the base text itself parses and is identical to its object', () => {
    expect(checkCompatibility('FULL', base, [USER])).toEqual({
      compatible: true, strategy: 'FULL', identical: { version: 1 }, checked: [], incompatibilities: [], warnings: [],
    });
  });
});
