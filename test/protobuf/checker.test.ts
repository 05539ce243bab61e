import { describe, expect, it } from 'vitest';
import { CheckerRegistry, checkCompatibility, InvalidOptionError, parseSchema, SchemaParseError } from 'schema-compat';
import { ProtobufChangeType, ProtobufChecker, ProtobufParseRule } from 'schema-compat/protobuf';

const checker = new ProtobufChecker();
const proto3 = (body: string, header = ''): string => `syntax = "proto3";\n${header}${body}\n`;

/** Confluent's differences from `before` to `after`, as `TYPE #/path` (compatible ones marked with `~`). */
function changes(before: string, after: string, references: Record<string, string> = {}): string[] {
  return checker.diff(checker.parse(before, { references }), checker.parse(after, { references }))
    .map((difference) => `${difference.compatible ? '~' : ''}${difference.type} ${difference.location}`);
}

describe('Confluent rules, one golden list per rule', () => {
  const cases: readonly (readonly [string, string, string, readonly string[]])[] = [
    ['package changed', proto3('message M { int32 a = 1; }', 'package a;\n'), proto3('message M { int32 a = 1; }', 'package b;\n'), ['PACKAGE_CHANGED #/']],
    ['message removed, enum added', proto3('message M { int32 a = 1; }\nmessage N {}'), proto3('message M { int32 a = 1; }\nenum E { Z = 0; }'), ['MESSAGE_REMOVED #/N', '~ENUM_ADDED #/E']],
    ['field renamed', proto3('message M { int32 a = 1; }'), proto3('message M { int32 b = 1; }'), ['~FIELD_NAME_CHANGED #/M/1']],
    ['int32 to int64 and to enum: one group', proto3('message M { int32 a = 1; int32 b = 2; }'), proto3('message M { int64 a = 1; E b = 2; }\nenum E { Z = 0; }'), ['~ENUM_ADDED #/E']],
    ['sint32 to int32: another group', proto3('message M { sint32 a = 1; }'), proto3('message M { int32 a = 1; }'), ['FIELD_SCALAR_KIND_CHANGED #/M/1']],
    ['scalar to message', proto3('message M { int32 a = 1; }\nmessage N {}'), proto3('message M { N a = 1; }\nmessage N {}'), ['FIELD_KIND_CHANGED #/M/1']],
    ['map value type', proto3('message M { map<string, int32> m = 1; }'), proto3('message M { map<string, string> m = 1; }'), ['FIELD_SCALAR_KIND_CHANGED #/M/1']],
    ['numeric label', proto3('message M { optional int32 a = 1; }'), proto3('message M { repeated int32 a = 1; }'), ['FIELD_NUMERIC_LABEL_CHANGED #/M/1']],
    ['string label', proto3('message M { optional string a = 1; }'), proto3('message M { repeated string a = 1; }'), ['~FIELD_STRING_OR_BYTES_LABEL_CHANGED #/M/1']],
    ['required added and removed (proto2)', 'syntax = "proto2";\nmessage M { required int32 a = 1; }', 'syntax = "proto2";\nmessage M { required int32 b = 2; }', ['REQUIRED_FIELD_REMOVED #/M/1', 'REQUIRED_FIELD_ADDED #/M/2']],
    ['enum constants', proto3('enum E { A = 0; B = 1; C = 2; }'), proto3('enum E { A = 0; BB = 1; D = 3; }'), ['~ENUM_CONST_CHANGED #/E/1', '~ENUM_CONST_REMOVED #/E/2', '~ENUM_CONST_ADDED #/E/3']],
    ['named type changed inside a nested message', proto3('message M { N n = 1; message N { int32 x = 1; } }'), proto3('message M { N n = 1; message N { string x = 1; } }'), [
      'FIELD_SCALAR_KIND_CHANGED #/M/N/1', 'FIELD_NAMED_TYPE_CHANGED #/M/1',
    ]],
    ['two top-level fields into one oneof', proto3('message M { int32 a = 1; int32 b = 2; }'), proto3('message M { oneof o { int32 a = 1; int32 b = 2; } }'), ['MULTIPLE_FIELDS_MOVED_TO_ONEOF #/M/o', '~ONEOF_ADDED #/M/o']],
    ['oneof member removed', proto3('message M { oneof o { int32 a = 1; int32 b = 2; } }'), proto3('message M { oneof o { int32 a = 1; } }'), ['ONEOF_FIELD_REMOVED #/M/o/2']],
    ['message moved', proto3('message A {}\nmessage B {}'), proto3('message B {}\nmessage A {}'), ['~MESSAGE_MOVED #/A', '~MESSAGE_MOVED #/B']],
  ];
  for (const [name, before, after, expected] of cases) {
    it(name, () => {
      expect(changes(before, after)).toEqual(expected);
      const result = checker.canRead(checker.parse(after), checker.parse(before));
      expect(result.incompatibilities.map((finding) => `${finding.type} ${finding.location}`)).toEqual(expected.filter((line) => !line.startsWith('~')));
      expect(result.warnings).toEqual([]);
    });
  }

  it('a referenced type is diffed by its local name, whatever its package', () => {
    const v1 = { 'dep.proto': proto3('message Home { int32 id = 1; }', 'package x.one;\n') };
    const v2 = { 'dep.proto': proto3('message Home { string id = 1; }', 'package x.two;\n') };
    const before = checker.parse(proto3('message M { x.one.Home h = 1; }', 'import "dep.proto";\n'), { references: v1 });
    const after = checker.parse(proto3('message M { x.two.Home h = 1; }', 'import "dep.proto";\n'), { references: v2 });
    expect(checker.diff(before, after).map((item) => `${item.type} ${item.location}`)).toEqual(['FIELD_SCALAR_KIND_CHANGED #/Home/1', 'FIELD_NAMED_TYPE_CHANGED #/M/1']);
  });

  it("changes: 'warnings' reports the compatible differences as warnings", () => {
    const talkative = new ProtobufChecker({ changes: 'warnings' });
    const result = talkative.canRead(talkative.parse(proto3('message M { int32 a = 1; int32 b = 2; }')), talkative.parse(proto3('message M { int32 a = 1; }')));
    expect(result).toEqual({ compatible: true, incompatibilities: [], warnings: [{ type: ProtobufChangeType.FIELD_ADDED, location: '#/M/2', message: 'field b = 2 added' }] });
  });

  it('30 messages that all refer to one another: one walk per message pair, not one per path', () => {
    const text = (extra: string): string => proto3(Array.from({ length: 30 }, (_, i) =>
      `message M${i} { ${Array.from({ length: 30 }, (_, j) => `M${(i + j + 1) % 30} f${j} = ${j + 1};`).join(' ')}${i === 0 ? ` ${extra} extra = 100;` : ''} }`).join('\n'));
    const started = Date.now();
    const list = changes(text('int32'), text('string'));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(list[0]).toBe('FIELD_SCALAR_KIND_CHANGED #/M0/100');
    expect(new Set(list.map((line) => line.split(' ')[0]))).toEqual(new Set(['FIELD_SCALAR_KIND_CHANGED', 'FIELD_NAMED_TYPE_CHANGED']));
    expect(checker.canRead(checker.parse(text('string')), checker.parse(text('int32'))).compatible).toBe(false);
  });

  it('a recursive message terminates and is compatible with itself', () => {
    const text = proto3('message Node { Node next = 1; repeated Node children = 2; message Leaf { Node up = 1; } Leaf leaf = 3; }');
    expect(changes(text, text)).toEqual([]);
  });
});

describe('schema against itself gives []', () => {
  const texts = [
    proto3('message M { int32 a = 1; map<string, M> m = 2; oneof o { string s = 3; bytes b = 4; } optional int64 c = 5; }\nenum E { option allow_alias = true; A = 0; B = 1; C = 1; }', 'package p.q;\nimport "google/protobuf/timestamp.proto";\n'),
    'syntax = "proto2";\nmessage M { required int32 a = 1; optional string s = 2 [default = "x"]; repeated M r = 3; extensions 100 to 200; }',
    'edition = "2023";\nmessage M { int32 a = 1 [features.field_presence = IMPLICIT]; }',
  ];
  for (const rules of ['confluent', 'buf-wire', 'buf-wire-json'] as const) {
    it(rules, () => {
      const each = new ProtobufChecker({ rules });
      for (const text of texts) {
        const schema = each.parse(text);
        expect(each.canRead(schema, schema)).toEqual({ compatible: true, incompatibilities: [], warnings: [] });
        expect(each.canRead(each.parse(text), schema).incompatibilities).toEqual([]);
        expect(each.isIdentical(each.parse(text), schema)).toBe(true);
      }
    });
  }
});

describe("Buf's categories", () => {
  const wire = new ProtobufChecker({ rules: 'buf-wire' });
  const wireJson = new ProtobufChecker({ rules: 'buf-wire-json' });
  const findings = (with_: ProtobufChecker, before: string, after: string): string[] =>
    with_.canRead(with_.parse(after), with_.parse(before)).incompatibilities.map((finding) => `${finding.type} ${finding.location}`);

  it('a deleted field must have its number reserved (WIRE) and its name too (WIRE_JSON)', () => {
    const before = proto3('message M { int32 a = 1; int32 b = 2; }', 'package p;\n');
    const after = proto3('message M { reserved 2; int32 a = 1; }', 'package p;\n');
    expect(findings(wire, before, after)).toEqual([]);
    expect(findings(wireJson, before, after)).toEqual(['FIELD_NO_DELETE_UNLESS_NAME_RESERVED #/p.M']);
  });

  it('a rename is wire-compatible but not JSON-compatible; int32 to int64 only on the wire', () => {
    const before = proto3('message M { int32 a = 1; }');
    const after = proto3('message M { int64 b = 1; }');
    expect(findings(wire, before, after)).toEqual([]);
    expect(findings(wireJson, before, after)).toEqual(['FIELD_SAME_NAME #/M/1', 'FIELD_SAME_JSON_NAME #/M/1', 'FIELD_WIRE_JSON_COMPATIBLE_TYPE #/M/1']);
  });

  it("says renames in Buf's sentences (bufbreakingcheck: FIELD_SAME_NAME leaves the name out of the field's description, ENUM_VALUE_SAME_NAME quotes the sorted names)", () => {
    const sentences = (before: string, after: string): string[] => wireJson.canRead(wireJson.parse(after), wireJson.parse(before)).incompatibilities.filter((finding) => finding.type.endsWith('_SAME_NAME')).map((finding) => finding.message);
    expect(sentences(proto3('message M { int32 a = 1; }'), proto3('message M { int32 b = 1; }'))).toEqual(['Field "1" on message "M" changed name from "a" to "b".']);
    expect(sentences(proto3('enum E { E_ZERO = 0; E_ONE = 1; }'), proto3('enum E { E_ZERO = 0; E_UNO = 1; }'))).toEqual(['Enum value "1" on enum "E" changed name from "E_ONE" to "E_UNO".']);
    const aliased = (body: string): string => proto3(`enum E { option allow_alias = true; E_ZERO = 0; ${body} }`);
    expect(sentences(aliased('E_B = 1; E_A = 1;'), aliased('E_C = 1; E_D = 1;'))).toEqual([
      'Enum value "1" on enum "E" changed names from "E_A", "E_B" to "E_C", "E_D".',
      'Enum value "1" on enum "E" changed names from "E_A", "E_B" to "E_C", "E_D".',
    ]);
  });

  it('package changes are FILE_SAME_PACKAGE; reserved ranges may not shrink', () => {
    expect(findings(wire, proto3('message M { reserved 5 to 9; }', 'package a;\n'), proto3('message M { reserved 5 to 8; }', 'package b;\n'))).toEqual(['FILE_SAME_PACKAGE #/']);
    expect(findings(wire, proto3('message M { reserved 5 to 9; }'), proto3('message M { reserved 5 to 8; }'))).toEqual(['RESERVED_MESSAGE_NO_DELETE #/M']);
  });
});

describe("Pulsar's PROTOBUF_NATIVE rule", () => {
  const pulsar = new ProtobufChecker({ registry: 'pulsar' });
  it('only the root message may not change: the first message, or rootMessage', () => {
    const a = pulsar.parse(proto3('message Order { int32 id = 1; }\nmessage Item {}', 'package shop;\n'));
    const b = pulsar.parse(proto3('message Order { string id = 1; }\nmessage Item {}', 'package shop;\n'));
    const c = pulsar.parse(proto3('message Item {}\nmessage Order { int32 id = 1; }', 'package shop;\n'));
    expect(pulsar.canRead(b, a)).toEqual({ compatible: true, incompatibilities: [], warnings: [] });
    expect(pulsar.canRead(c, a).incompatibilities).toEqual([{ type: 'ROOT_MESSAGE_CHANGED', location: '#/shop.Item', message: "Protobuf root message isn't allow change!" }]);
    const named = pulsar.parse(proto3('message Item {}\nmessage Order { int32 id = 1; }', 'package shop;\n'), { rootMessage: 'shop.Order' });
    expect(pulsar.canRead(named, a).incompatibilities).toEqual([]);
  });
});

describe('with checkCompatibility', () => {
  const registry = CheckerRegistry.withDefaults().register(checker);
  const v1 = proto3('message M { int32 a = 1; }');
  const v2 = proto3('message M { string a = 1; }');
  it('FULL reports both directions with Confluent-style sentences', () => {
    const result = checkCompatibility('FULL', v2, [v1], { schemaType: 'PROTOBUF', registry });
    expect(result.incompatibilities.map((item) => [item.direction, item.type, item.location, item.description])).toEqual([
      ['FORWARD', 'FIELD_SCALAR_KIND_CHANGED', '#/M/1', "The kind of a SCALAR field at path '#/M/1' in the old schema does not match its kind in the new schema"],
      ['BACKWARD', 'FIELD_SCALAR_KIND_CHANGED', '#/M/1', "The kind of a SCALAR field at path '#/M/1' in the new schema does not match its kind in the old schema"],
    ]);
  });
  it('an identical schema (comments and spacing aside) is deduplicated', () => {
    const result = checkCompatibility('FULL', `// v1 again\n${v1.replace('{ ', '{\n  ')}`, [v1], { schemaType: 'PROTOBUF', registry });
    expect(result.identical).toEqual({ version: 1 });
  });
});

describe('bad input', () => {
  const parseError = (text: unknown, options = {}): Record<string, unknown> => {
    try {
      checker.parse(text as string, options);
    } catch (error) {
      expect(error).toBeInstanceOf(SchemaParseError);
      const { rule, line, column, input } = error as SchemaParseError;
      return { rule, line, column, input };
    }
    throw new Error('no error');
  };
  it('names the rule, line and column', () => {
    expect(parseError('syntax = "proto3";\nmessage A {\n  int32 x = ;\n}')).toEqual({ rule: ProtobufParseRule.SYNTAX_ERROR, line: 3, column: 13, input: 'schema' });
    expect(parseError('syntax = "proto3";\nmessage A {\n  Missing x = 1;\n}')).toEqual({ rule: ProtobufParseRule.UNRESOLVED_TYPE, line: 3, column: 3, input: 'schema' });
    expect(parseError('syntax = "proto4";')).toEqual({ rule: ProtobufParseRule.UNSUPPORTED_SYNTAX, line: 1, column: 11, input: 'schema' });
    expect(parseError('edition = "2099";')).toEqual({ rule: ProtobufParseRule.UNSUPPORTED_EDITION, line: 1, column: 12, input: 'schema' });
    expect(parseError('syntax = "proto3";\nimport "nope.proto";')).toEqual({ rule: ProtobufParseRule.UNRESOLVED_IMPORT, line: 2, column: 8, input: 'schema' });
    expect(parseError('syntax = "proto3";\nmessage A {}\nmessage A {}')).toEqual({ rule: ProtobufParseRule.DUPLICATE_NAME, line: 3, column: 9, input: 'schema' });
    expect(parseError('syntax = "proto3";\nimport "a.proto";', { references: { 'a.proto': 'syntax = "proto3";\nimport "b.proto";', 'b.proto': 'syntax = "proto3";\nimport "a.proto";' } }))
      .toEqual({ rule: ProtobufParseRule.IMPORT_CYCLE, line: 2, column: 8, input: 'schema reference "b.proto"' });
    expect(parseError({ type: 'record' })).toEqual({ rule: ProtobufParseRule.NOT_TEXT, line: undefined, column: undefined, input: 'schema' });
    expect(parseError(proto3('message A {}'), { rootMessage: 'B' })).toEqual({ rule: ProtobufParseRule.UNKNOWN_ROOT_MESSAGE, line: undefined, column: undefined, input: 'schema' });
  });
  it('names the history input in a check', () => {
    const registry = CheckerRegistry.withDefaults().register(checker);
    expect(() => checkCompatibility('BACKWARD', proto3('message A {}'), ['syntax = "proto3"; message {'], { schemaType: 'PROTOBUF', registry })).toThrow(/^history\[0\]: at line 1/);
    expect(() => parseSchema('PROTOBUF', 'message', { registry })).toThrow(SchemaParseError);
  });
  it('rejects unknown options', () => {
    expect(() => new ProtobufChecker({ rules: 'buf-file' as 'buf-wire' })).toThrow(InvalidOptionError);
    expect(() => new ProtobufChecker({ registry: 'pulsar', rules: 'buf-wire' })).toThrow(InvalidOptionError);
    expect(() => new ProtobufChecker({ changes: 'all' as 'warnings' })).toThrow(InvalidOptionError);
  });
  it('does not mutate a frozen parsed schema', () => {
    const schema = checker.parse(proto3('message M { int32 a = 1; }'));
    const frozen = Object.freeze(schema);
    expect(checker.canRead(frozen, frozen).compatible).toBe(true);
  });
});
