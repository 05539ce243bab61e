import { describe, expect, it } from 'vitest';
import { CheckerRegistry, diffSchemas } from 'schema-compat';
import { ProtobufChecker } from 'schema-compat/protobuf';
import { line } from './line.js';

const registry = CheckerRegistry.withDefaults().register(new ProtobufChecker());
const proto = (body: string, head = ''): string => `syntax = "proto3";\npackage acme;\n${head}\nmessage Order {\n${body}\n}\n`;

const CASES: readonly (readonly [string, string, string, readonly string[]])[] = [
  ['a schema against itself', proto('string id = 1;'), proto('string id = 1;'), []],
  ['field added', proto('string id = 1;'), proto('string id = 1;\n  int64 amount = 2;'), ['FIELD_ADDED [new #/Order/2] #/Order/2 field amount = 2 added — safe']],
  ['field removed', proto('string id = 1;\n  int64 amount = 2;'), proto('string id = 1;'), ['FIELD_REMOVED [old #/Order/2] #/Order/2 field amount = 2 removed — safe']],
  ['field renamed', proto('string id = 1;'), proto('string key = 1;'), [
    'FIELD_NAME_CHANGED [old #/Order/1 new #/Order/1] #/Order/1 field 1 renamed from id to key — safe',
    'FIELD_JSON_NAME_CHANGED [old #/Order/1 new #/Order/1] key json_name id→key — safe',
  ]],
  ['scalar kind changed', proto('int32 amount = 1;'), proto('string amount = 1;'), ['FIELD_SCALAR_KIND_CHANGED [old #/Order/1 new #/Order/1] #/Order/1 int32 (GENERAL_NUMBER) became string (STRING_OR_BYTES) — breaks BACKWARD+FORWARD']],
  ['field moved into a new oneof', proto('string a = 1;\n  string b = 2;'), proto('oneof choice {\n    string a = 1;\n    string b = 2;\n  }'), [
    'MULTIPLE_FIELDS_MOVED_TO_ONEOF [old #/Order/choice new #/Order/choice] #/Order/choice oneof choice gathers fields that were independent (field:1, field:2) — breaks BACKWARD',
    'ONEOF_ADDED [new #/Order/choice] #/Order/choice oneof choice added — safe',
  ]],
  ['message added and removed', proto('string id = 1;') + 'message A {}\n', proto('string id = 1;') + 'message B {}\n', [
    'MESSAGE_REMOVED [old #/A] #/A message A removed — breaks BACKWARD',
    'MESSAGE_ADDED [new #/B] #/B message B added — breaks FORWARD',
  ]],
  ['enum constant added', proto('string id = 1;') + 'enum Status { UNKNOWN = 0; }\n', proto('string id = 1;') + 'enum Status { UNKNOWN = 0; DONE = 1; }\n', ['ENUM_CONST_ADDED [new #/Status/1] #/Status/1 constant DONE = 1 added — safe']],
  ['package changed', proto('string id = 1;'), proto('string id = 1;').replace('package acme;', 'package acme.v2;'), ['PACKAGE_CHANGED [old #/ new #/] #/ package "acme" became "acme.v2" — breaks BACKWARD+FORWARD']],
  ['options', proto('repeated int32 ids = 1;'), proto('repeated int32 ids = 1 [packed = false];', 'option java_package = "com.acme";'), [
    'OPTION_ADDED [new #/] the file option java_package = "com.acme" — safe',
    'OPTION_ADDED [new #/Order/1] field ids option packed = false — safe',
  ]],
];

describe('diffSchemas: Protobuf, one case per change family', () => {
  for (const [name, before, after, expected] of CASES) {
    it(name, () => {
      expect(diffSchemas('PROTOBUF', before, after, { registry }).map(line)).toEqual(expected);
    });
  }

  it("what Confluent's diff does not compare: a type within its wire group, a label, a proto2 default, reserved numbers, methods", () => {
    const before = 'syntax = "proto2";\npackage acme;\nmessage Order {\n  reserved 5;\n  optional int32 amount = 1 [default = 0];\n  optional string note = 2;\n}\nservice Orders {\n  rpc Get(Order) returns (Order);\n  rpc Drop(Order) returns (Order);\n}\n';
    const after = 'syntax = "proto2";\npackage acme;\nmessage Order {\n  optional int64 amount = 1 [default = 1];\n  repeated string note = 2;\n}\nservice Orders {\n  rpc Get(Order) returns (stream Order);\n  rpc Put(Order) returns (Order);\n}\n';
    expect(diffSchemas('PROTOBUF', before, after, { registry }).map(line)).toEqual([
      'FIELD_STRING_OR_BYTES_LABEL_CHANGED [old #/Order/2 new #/Order/2] #/Order/2 label optional became repeated — safe',
      'RESERVED_REMOVED [old #/Order] acme.Order no longer reserves 5 — safe',
      'FIELD_TYPE_CHANGED [old #/Order/1 new #/Order/1] amount int32→int64 — safe',
      'FIELD_DEFAULT_CHANGED [old #/Order/1 new #/Order/1] amount default 0→1 — safe',
      'METHOD_ADDED [new #/Orders/Put] Orders.Put(acme.Order) returns (acme.Order) — safe',
      'METHOD_REMOVED [old #/Orders/Drop] Orders.Drop — safe',
      'METHOD_CHANGED [old #/Orders/Get new #/Orders/Get] Orders.Get(acme.Order) returns (acme.Order)→(acme.Order) returns (stream acme.Order) — safe',
    ]);
    // Buf's WIRE_JSON rules grade the same changes (its findings are placed at full names: #/acme.Order/1).
    const buf = CheckerRegistry.withDefaults().register(new ProtobufChecker({ rules: 'buf-wire-json' }));
    expect(diffSchemas('PROTOBUF', before, after, { registry: buf }).map(line)).toEqual([
      'FIELD_STRING_OR_BYTES_LABEL_CHANGED [old #/Order/2 new #/Order/2] #/Order/2 label optional became repeated — breaks BACKWARD+FORWARD',
      'RESERVED_REMOVED [old #/Order] acme.Order no longer reserves 5 — breaks BACKWARD',
      'FIELD_TYPE_CHANGED [old #/Order/1 new #/Order/1] amount int32→int64 — breaks BACKWARD+FORWARD',
      'FIELD_DEFAULT_CHANGED [old #/Order/1 new #/Order/1] amount default 0→1 — breaks BACKWARD+FORWARD',
      'METHOD_ADDED [new #/Orders/Put] Orders.Put(acme.Order) returns (acme.Order) — safe',
      'METHOD_REMOVED [old #/Orders/Drop] Orders.Drop — safe',
      'METHOD_CHANGED [old #/Orders/Get new #/Orders/Get] Orders.Get(acme.Order) returns (acme.Order)→(acme.Order) returns (stream acme.Order) — breaks BACKWARD+FORWARD',
    ]);
  });

  it('without the Protobuf checker registered, says how to register it', () => {
    expect(() => diffSchemas('PROTOBUF', proto('string id = 1;'), proto('string id = 1;'))).toThrow(/ProtobufChecker/);
  });
});
