import { createRequire } from 'node:module';
import protobufjs from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { CheckerRegistry, SchemaParseError, UnknownSchemaTypeError, checkCompatibility, parseSchema } from 'schema-compat';
import { ProtobufNativeChecker, ProtobufNativeFindingType } from 'schema-compat/protobuf';
import type { ProtobufNativeSchema } from 'schema-compat/protobuf';

/*
 * PROTOBUF_NATIVE as Pulsar stores it: ProtobufNativeSchemaData, the JSON of
 * {fileDescriptorSet: base64 FileDescriptorSet, rootMessageTypeName, rootFileDescriptorName}
 * (pulsar-common ProtobufNativeSchemaData; reference/pulsar.md §2.5). The descriptors are built here
 * by protobufjs (protobufjs/ext/descriptor). The cases are the facts of Pulsar's
 * ProtobufNativeSchemaCompatibilityCheckTest (mainline: the root message may not change) and of the
 * advanced checker's ProtobufNativeSchemaCompatibilityTest (accepts/fails(writer, reader), §4.6).
 */
const descriptor = createRequire(import.meta.url)('protobufjs/ext/descriptor') as { FileDescriptorSet: protobufjs.Type };

/** The FileDescriptorSet of one `.proto` file, as bytes. */
function descriptorSet(text: string, file = 'order.proto'): Uint8Array {
  const root = protobufjs.parse(text, { keepCase: true }).root;
  root.resolveAll();
  const syntax = /^\s*syntax\s*=\s*"proto3"/m.test(text) ? 'proto3' : /^\s*edition\s*=\s*"(\d+)"/m.exec(text)?.[1] ?? 'proto2';
  const set = (root as unknown as { toDescriptor(syntax: string): protobufjs.Message & { file: Array<{ name: string }> } }).toDescriptor(syntax);
  for (const each of set.file) each.name = file;
  return descriptor.FileDescriptorSet.encode(set).finish();
}

/** ProtobufNativeSchemaData JSON, as the Java client's ProtobufNativeSchema writes it. */
function nativeData(text: string, root = 'example.Order', file = 'order.proto'): string {
  return JSON.stringify({ fileDescriptorSet: Buffer.from(descriptorSet(text, file)).toString('base64'), rootMessageTypeName: root, rootFileDescriptorName: file });
}

const proto2 = (body: string, extra = ''): string => `syntax = "proto2"; package example; message Order { ${body} } ${extra}`;
const proto3 = (body: string, extra = ''): string => `syntax = "proto3"; package example; message Order { ${body} } ${extra}`;

const advanced = new ProtobufNativeChecker({ rules: 'advanced' });
const parse = (text: string): ProtobufNativeSchema => advanced.parse(nativeData(text));
/** The rule codes `reader` breaks reading data written with `writer`. */
const fails = (writer: string, reader: string): string[] => advanced.canRead(parse(reader), parse(writer)).incompatibilities.map((finding) => finding.type);

describe('ProtobufNativeChecker (mainline): ProtobufNativeSchemaCompatibilityCheckTest', () => {
  const SUB = 'syntax = "proto3"; package example; message SubMessage { string foo = 1; double bar = 2; }';
  const TEST = 'syntax = "proto3"; package example; message TestMessage { string stringField = 1; double doubleField = 2; int32 intField = 6; }';

  it('SubMessage → TestMessage under FULL: incompatible, with Pulsar\'s message', () => {
    const registry = CheckerRegistry.withDefaults().register(new ProtobufNativeChecker());
    const result = checkCompatibility('FULL', nativeData(TEST, 'example.TestMessage'), [nativeData(SUB, 'example.SubMessage')], { schemaType: 'PROTOBUF_NATIVE', registry });
    expect(result.incompatibilities.map(({ type, direction, location, message }) => ({ type, direction, location, message }))).toEqual([
      { type: 'ROOT_MESSAGE_CHANGED', direction: 'FORWARD', location: '/example.SubMessage', message: "Protobuf root message isn't allow change!" },
      { type: 'ROOT_MESSAGE_CHANGED', direction: 'BACKWARD', location: '/example.TestMessage', message: "Protobuf root message isn't allow change!" },
    ]);
  });

  it('checks nothing but the root name (issue #19385: int32 → int64 passes), and a schema against itself is identical', () => {
    const registry = CheckerRegistry.withDefaults().register(new ProtobufNativeChecker());
    const v1 = nativeData(proto3('int32 id = 1;'));
    expect(checkCompatibility('FULL', nativeData(proto3('int64 id = 1;')), [v1], { schemaType: 'PROTOBUF_NATIVE', registry }).compatible).toBe(true);
    expect(checkCompatibility('FULL', v1, [v1], { schemaType: 'PROTOBUF_NATIVE', registry }).identical).toEqual({ version: 1 });
  });

  it('reads a binary descriptor set and .proto text with a root message', () => {
    const checker = new ProtobufNativeChecker();
    const binary = checker.parse(descriptorSet(proto2('optional int32 id = 1;')), { rootMessage: 'example.Order' });
    const text = checker.parse(proto2('optional int32 id = 1;'), { rootMessage: 'example.Order' });
    expect([binary.rootMessage, binary.rootFile, text.rootMessage]).toEqual(['example.Order', 'order.proto', 'example.Order']);
    expect(checker.canRead(binary, text).compatible).toBe(true);
  });

  it('bad input is a SchemaParseError naming the field and the rule', () => {
    const rule = (input: string | object): [string, string] => {
      try {
        advanced.parse(input, { label: 'candidate' });
      } catch (error) {
        expect(error).toBeInstanceOf(SchemaParseError);
        return [(error as SchemaParseError).pointer, (error as SchemaParseError).rule];
      }
      throw new Error('parsed');
    };
    expect(rule({ fileDescriptorSet: 'AAAA', rootFileDescriptorName: 'order.proto' })).toEqual(['/rootMessageTypeName', 'NOT_A_NATIVE_SCHEMA']);
    expect(rule({ fileDescriptorSet: 'AAAA', rootMessageTypeName: 'example.Order', rootFileDescriptorName: 7 })).toEqual(['/rootFileDescriptorName', 'NOT_A_NATIVE_SCHEMA']);
    expect(rule({ fileDescriptorSet: '!!', rootMessageTypeName: 'a.B', rootFileDescriptorName: 'b.proto' })).toEqual(['/fileDescriptorSet', 'INVALID_DESCRIPTOR']);
    const data = JSON.parse(nativeData(proto2('optional int32 id = 1;'))) as Record<string, string>;
    expect(rule({ ...data, rootMessageTypeName: 'example.Missing' })).toEqual(['/rootMessageTypeName', 'ROOT_MESSAGE_NOT_FOUND']);
    expect(rule({ ...data, rootFileDescriptorName: 'other.proto' })).toEqual(['/rootFileDescriptorName', 'ROOT_MESSAGE_NOT_FOUND']);
  });

  it('without its checker, PROTOBUF_NATIVE is UNKNOWN_SCHEMA_TYPE saying which checker to register', () => {
    expect(() => parseSchema('PROTOBUF_NATIVE', nativeData(proto2('optional int32 id = 1;')))).toThrow(UnknownSchemaTypeError);
    expect(() => parseSchema('PROTOBUF_NATIVE', '{}')).toThrow(/register its checker: CheckerRegistry\.withDefaults\(\)\.register\(new ProtobufNativeChecker\(\)\), with ProtobufNativeChecker from 'schema-compat\/protobuf'/);
  });
});

describe('ProtobufNativeChecker (advanced): ProtobufNativeSchemaCompatibilityTest', () => {
  const ID = 'optional int32 id = 1;';
  it('labels: a required reader field needs a writer that guarantees it', () => {
    expect(fails(proto2(ID), proto2('required int32 id = 1;'))).toEqual(['REQUIRED_FIELD_NOT_GUARANTEED']);
    expect(fails(proto2('required int32 id = 1;'), proto2(ID))).toEqual([]);
    expect(fails(proto2(ID), proto2(`${ID} optional string note = 2;`))).toEqual([]);
    expect(fails(proto2(`${ID} optional string note = 2;`), proto2(ID))).toEqual([]);
  });

  it('types, numbers and cardinality: exact wire types, renames allowed', () => {
    expect(fails(proto2(ID), proto2('optional int64 id = 1;'))).toEqual(['TYPE_CHANGED']);
    expect(fails(proto2('optional int64 id = 1;'), proto2(ID))).toEqual(['TYPE_CHANGED']);
    expect(fails(proto2(ID), proto2('optional int32 identifier = 1;'))).toEqual([]);
    expect(fails(proto2(ID), proto2('optional int32 id = 2;'))).toEqual(['FIELD_NUMBER_CHANGED']);
    expect(fails(proto2(ID), proto2('repeated int32 id = 1;'))).toEqual(['CARDINALITY_CHANGED']);
    expect(fails(proto2('repeated int32 id = 1;'), proto2(ID))).toEqual(['CARDINALITY_CHANGED']);
    expect(fails(proto2('repeated int32 id = 1 [packed = true];'), proto2('repeated int32 id = 1;'))).toEqual([]);
    expect(fails(proto2('repeated int32 id = 1;'), proto2('repeated int32 id = 1 [packed = true];'))).toEqual([]);
  });

  it('defaults: the value an absent field reads as may not change (floats bitwise)', () => {
    expect(fails(proto2(ID), proto2('optional int32 id = 1 [default = 0];'))).toEqual([]);
    expect(fails(proto2(ID), proto2('optional int32 id = 1 [default = 1];'))).toEqual(['DEFAULT_CHANGED']);
    // protobufjs writes a descriptor's default -0 as "0" (String(-0)), so this pair goes through .proto text.
    const text = (body: string): ProtobufNativeSchema => advanced.parse(proto2(body), { rootMessage: 'example.Order' });
    expect(advanced.canRead(text('optional float f = 1 [default = -0];'), text('optional float f = 1 [default = 0];')).incompatibilities.map((finding) => finding.message)).toEqual([
      'DEFAULT_CHANGED: path=example.Order.f, field=1, writer=0, reader=-0',
    ]);
    expect(fails(proto2('optional bytes b = 1 [default = "abc"];'), proto2('optional bytes b = 1 [default = "abd"];'))).toEqual(['DEFAULT_CHANGED']);
    const e = (values: string, field = 'optional E e = 1;'): string => proto2(field, `enum E { ${values} }`);
    expect(fails(e('A = 0; B = 1;'), e('B = 1; A = 0;'))).toEqual(['DEFAULT_CHANGED']);
    expect(fails(e('A = 0; B = 1;', 'optional E e = 1 [default = A];'), e('B = 1; A = 0;', 'optional E e = 1 [default = A];'))).toEqual([]);
  });

  it('oneofs, maps and recursion', () => {
    const both = proto2('optional int32 a = 1; optional int32 b = 2;');
    const oneof = proto2('oneof choice { int32 a = 1; int32 b = 2; }');
    expect(fails(both, oneof)).toEqual(['ONEOF_CONFLICT']);
    expect(fails(oneof, both)).toEqual([]);
    const recursive = proto2('optional int32 id = 1; optional Order next = 2;');
    expect(fails(recursive, recursive)).toEqual([]);
    const map = proto3('map<string, int32> m = 1;');
    expect(fails(map, proto3('map<int32, int32> m = 1;'))).toEqual(['TYPE_CHANGED']);
    expect(fails(map, proto3('map<string, string> m = 1;'))).toEqual(['TYPE_CHANGED']);
    expect(fails(map, proto3('repeated Entry m = 1; message Entry { string key = 1; int32 value = 2; }'))).toEqual(['MAP_CHANGED']);
  });

  it('enums: a closed reader must know every value; a name may not change number; aliases are fine', () => {
    const closed = (values: string): string => proto2('optional E e = 1;', `enum E { ${values} }`);
    const open = proto3('E e = 1;', 'enum E { A = 0; B = 1; }');
    expect(fails(closed('A = 0; B = 1;'), open)).toEqual([]);
    expect(fails(open, closed('A = 0; B = 1;'))).toEqual(['ENUM_VALUE_NOT_READABLE']);
    expect(fails(closed('A = 0; B = 1;'), closed('A = 0;'))).toEqual(['ENUM_VALUE_NOT_READABLE']);
    expect(fails(closed('A = 0; B = 1;'), closed('A = 0; B = 2;'))).toEqual(['ENUM_VALUE_NOT_READABLE']);
    expect(fails(closed('A = 0; B = 1;'), closed('option allow_alias = true; A = 0; B = 1; C = 1;'))).toEqual([]);
  });

  it('UTF-8 validation added (proto2 string read as proto3) fails; removed is fine', () => {
    expect(fails(proto2('optional string s = 1;'), proto3('optional string s = 1;'))).toEqual(['UTF8_VALIDATION_ADDED']);
    expect(fails(proto3('optional string s = 1;'), proto2('optional string s = 1;'))).toEqual([]);
  });

  it('nested types compared by structure: renamed is fine, a changed field type is not; java_package is ignored', () => {
    const nested = (name: string, type: string): string => proto2(`optional ${name} payload = 1;`, `message ${name} { optional ${type} id = 1; }`);
    expect(fails(nested('OldPayload', 'int32'), nested('NewPayload', 'int32'))).toEqual([]);
    expect(fails(nested('OldPayload', 'int32'), nested('NewPayload', 'string'))).toEqual(['TYPE_CHANGED']);
    expect(fails(`option java_package = "a"; ${proto2(ID)}`, `option java_package = "b"; ${proto2(ID)}`)).toEqual([]);
  });

  it('proto3 plain and `optional` fields read each other', () => {
    expect(fails(proto3('int32 id = 1;'), proto3('optional int32 id = 1;'))).toEqual([]);
    expect(fails(proto3('optional int32 id = 1;'), proto3('int32 id = 1;'))).toEqual([]);
  });

  it('an extension range reachable from the root is UNSUPPORTED_FEATURE; an unreachable one is ignored', () => {
    expect(fails(proto2(`${ID} extensions 100 to 200;`), proto2(ID))).toEqual(['UNSUPPORTED_FEATURE']);
    expect(fails(proto2(ID, 'message Other { extensions 100 to 200; }'), proto2(ID))).toEqual([]);
  });

  it('the root message may not change, with the rule\'s message format', () => {
    const result = advanced.canRead(advanced.parse(nativeData(proto2(ID).replace('Order', 'Invoice'), 'example.Invoice')), parse(proto2(ID)));
    expect(result.incompatibilities).toEqual([{
      type: ProtobufNativeFindingType.ROOT_MESSAGE_CHANGED, location: '/example.Invoice', message: 'ROOT_MESSAGE_CHANGED: path=example.Invoice, field=0, writer=example.Order, reader=example.Invoice',
    }]);
  });

  it('every finding names the rule, path, field, writer and reader; the work budget ends a huge comparison', () => {
    expect(advanced.canRead(parse(proto2('optional int64 id = 1;')), parse(proto2(ID))).incompatibilities).toEqual([
      { type: 'TYPE_CHANGED', location: '/example.Order.id', message: 'TYPE_CHANGED: path=example.Order.id, field=1, writer=int32, reader=int64' },
    ]);
    // 16 steps per element of the two graphs: a budget never runs out on a schema compared with itself.
    const wide = proto2(Array.from({ length: 300 }, (_, i) => `optional int32 f${i} = ${i + 1};`).join(' '));
    expect(fails(wide, wide)).toEqual([]);
  });

  it('under checkCompatibility with a registry: BACKWARD_TRANSITIVE against every version (SchemaServiceTest, §4.7)', () => {
    const registry = CheckerRegistry.withDefaults().register(advanced);
    const v1 = nativeData(proto2('optional int32 id = 1;'));
    const v2 = nativeData(proto2(''));
    const v3 = nativeData(proto2('optional string id = 1;'));
    expect(checkCompatibility('BACKWARD', v3, [v1, v2], { schemaType: 'PROTOBUF_NATIVE', registry }).compatible).toBe(true);
    const all = checkCompatibility('BACKWARD_TRANSITIVE', v3, [v1, v2], { schemaType: 'PROTOBUF_NATIVE', registry });
    expect(all.incompatibilities.map(({ type, version }) => [type, version])).toEqual([['TYPE_CHANGED', 1]]);
  });

  it('as a KeyValue side: KeyValueSchemaCompatibilityCheckTest\'s native cases (§4.4)', () => {
    const registry = CheckerRegistry.withDefaults().register(advanced);
    const kv = (key: string, value: string, keyType = 'PROTOBUF_NATIVE', valueType = 'STRING'): object => ({ key: { type: keyType, schema: key }, value: { type: valueType, schema: value } });
    const check = (strategy: 'BACKWARD' | 'BACKWARD_TRANSITIVE', candidate: object, history: object[]): string[] =>
      checkCompatibility(strategy, candidate, history, { schemaType: 'KEY_VALUE', registry }).incompatibilities.map((finding) => `${finding.type} ${finding.location}`);
    const int32 = nativeData(proto2('optional int32 id = 1;'));
    const string = nativeData(proto2('optional string id = 1;'));
    const empty = nativeData(proto2(''));
    expect(check('BACKWARD', kv(string, ''), [kv(int32, '')])).toEqual(['TYPE_CHANGED /key/example.Order.id']);
    expect(check('BACKWARD', kv('', string, 'STRING', 'PROTOBUF_NATIVE'), [kv('', int32, 'STRING', 'PROTOBUF_NATIVE')])).toEqual(['TYPE_CHANGED /value/example.Order.id']);
    expect(check('BACKWARD', kv(string, ''), [kv(empty, '')])).toEqual([]);
    expect(check('BACKWARD_TRANSITIVE', kv(string, ''), [kv(int32, ''), kv(empty, '')])).toEqual(['TYPE_CHANGED /key/example.Order.id']);
  });
});
