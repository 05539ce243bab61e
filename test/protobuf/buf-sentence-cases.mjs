// Buf's sentences, one case per template our buf-wire / buf-wire-json checker writes, each expected
// text written out from the template in Buf's source (bufbuild/buf @ c9a5b265,
// private/bufpkg/bufcheck/bufcheckserver/internal/bufcheckserverhandle: breaking.go,
// breaking_util.go, tag_ranges.go, field_default.go). Buf's expected.json holds no sentences, so these
// cases are the sentence corpus: test/protobuf/buf-sentences.test.ts checks them, and they can be run
// against another build (`node test/protobuf/buf-sentences-agreement.mjs <dist folder>`).
const proto3 = (body, header = '') => `syntax = "proto3";\n${header}${body}\n`;
const proto2 = (body, header = '') => `syntax = "proto2";\n${header}${body}\n`;
const WIRE_RULES = 'See https://developers.google.com/protocol-buffers/docs/proto3#updating for wire compatibility rules.';
const WIRE_JSON_RULES = 'See https://developers.google.com/protocol-buffers/docs/proto3#updating for wire compatibility rules and https://developers.google.com/protocol-buffers/docs/proto3#json for JSON compatibility rules.';
const REQUIRED = 'Required fields must always be sent, so if one side does not know about the required field, this will result in a breakage.';
const extension = (field) => proto2(`extend google.protobuf.FieldOptions { ${field} }`, 'package p;\nimport "google/protobuf/descriptor.proto";\n');

/** { name, rules, rule, previous, current, expected }: the sentences of `rule` when `current` follows `previous`. */
export const BUF_SENTENCE_CASES = [
  { name: 'field renamed', rules: 'buf-wire-json', rule: 'FIELD_SAME_NAME', previous: proto3('message M { int32 a = 1; }'), current: proto3('message M { int32 b = 1; }'),
    expected: ['Field "1" on message "M" changed name from "a" to "b".'] },
  { name: 'enum value renamed', rules: 'buf-wire-json', rule: 'ENUM_VALUE_SAME_NAME', previous: proto3('enum E { E_ZERO = 0; E_ONE = 1; }'), current: proto3('enum E { E_ZERO = 0; E_UNO = 1; }'),
    expected: ['Enum value "1" on enum "E" changed name from "E_ONE" to "E_UNO".'] },
  { name: 'aliased enum values renamed', rules: 'buf-wire-json', rule: 'ENUM_VALUE_SAME_NAME',
    previous: proto3('enum E { option allow_alias = true; E_ZERO = 0; E_B = 1; E_A = 1; }'), current: proto3('enum E { option allow_alias = true; E_ZERO = 0; E_C = 1; E_D = 1; }'),
    expected: ['Enum value "1" on enum "E" changed names from "E_A", "E_B" to "E_C", "E_D".', 'Enum value "1" on enum "E" changed names from "E_A", "E_B" to "E_C", "E_D".'] },
  { name: 'scalar to message (kind change)', rules: 'buf-wire', rule: 'FIELD_WIRE_COMPATIBLE_TYPE', previous: proto3('message M { int32 a = 1; }\nmessage N {}'), current: proto3('message M { N a = 1; }\nmessage N {}'),
    expected: [`Field "1" with name "a" on message "M" changed type from "int32" to "message". ${WIRE_RULES}`] },
  { name: 'enum to string (kind change)', rules: 'buf-wire', rule: 'FIELD_WIRE_COMPATIBLE_TYPE', previous: proto3('message M { E a = 1; }\nenum E { Z = 0; }'), current: proto3('message M { string a = 1; }\nenum E { Z = 0; }'),
    expected: [`Field "1" with name "a" on message "M" changed type from "enum" to "string". ${WIRE_RULES}`] },
  { name: 'bytes to string', rules: 'buf-wire', rule: 'FIELD_WIRE_COMPATIBLE_TYPE', previous: proto3('message M { bytes a = 1; }'), current: proto3('message M { string a = 1; }'),
    expected: [`Field "1" with name "a" on message "M" changed type from "bytes" to "string". ${WIRE_RULES} Note that while string and bytes are compatible if the data is valid UTF-8, there is no way to enforce that a bytes field is UTF-8, so these fields may be incompatible.`] },
  { name: 'int32 to int64 under WIRE_JSON', rules: 'buf-wire-json', rule: 'FIELD_WIRE_JSON_COMPATIBLE_TYPE', previous: proto3('message M { int32 a = 1; }'), current: proto3('message M { int64 a = 1; }'),
    expected: [`Field "1" with name "a" on message "M" changed type from "int32" to "int64". ${WIRE_JSON_RULES}`] },
  { name: 'message to enum under WIRE_JSON', rules: 'buf-wire-json', rule: 'FIELD_WIRE_JSON_COMPATIBLE_TYPE', previous: proto3('message M { N a = 1; }\nmessage N {}\nenum E { Z = 0; }'), current: proto3('message M { E a = 1; }\nmessage N {}\nenum E { Z = 0; }'),
    expected: [`Field "1" with name "a" on message "M" changed type from "message" to "enum". ${WIRE_JSON_RULES}`] },
  { name: 'another message type', rules: 'buf-wire', rule: 'FIELD_WIRE_COMPATIBLE_TYPE', previous: proto3('message M { N a = 1; }\nmessage N {}\nmessage O {}', 'package p;\n'), current: proto3('message M { O a = 1; }\nmessage N {}\nmessage O {}', 'package p;\n'),
    expected: ['Field "1" with name "a" on message "M" changed type from "p.N" to "p.O".'] },
  { name: 'extension type changed', rules: 'buf-wire', rule: 'FIELD_WIRE_COMPATIBLE_TYPE', previous: extension('optional int32 rules = 1160;'), current: extension('optional string rules = 1160;'),
    expected: [`Extension "1160" with name "p.rules" on message "google.protobuf.FieldOptions" changed type from "int32" to "string". ${WIRE_RULES}`] },
  { name: 'extension renamed', rules: 'buf-wire-json', rule: 'FIELD_SAME_NAME', previous: extension('optional int32 rules = 1160;'), current: extension('optional int32 checks = 1160;'),
    expected: ['Extension "1160" on message "google.protobuf.FieldOptions" changed name from "p.rules" to "p.checks".'] },
  { name: 'extension cardinality changed', rules: 'buf-wire', rule: 'FIELD_WIRE_COMPATIBLE_CARDINALITY', previous: extension('optional int32 rules = 1160;'), current: extension('repeated int32 rules = 1160;'),
    expected: ['Extension "1160" with name "p.rules" on message "google.protobuf.FieldOptions" changed cardinality from "optional with explicit presence" to "repeated".'] },
  { name: 'reserved number deleted', rules: 'buf-wire', rule: 'RESERVED_MESSAGE_NO_DELETE', previous: proto3('message M { reserved 2; int32 a = 1; }'), current: proto3('message M { int32 a = 1; }'),
    expected: ['Previously present reserved range "[2]" on message "M" is missing values: [2] were removed.'] },
  { name: 'reserved range shrunk', rules: 'buf-wire', rule: 'RESERVED_MESSAGE_NO_DELETE', previous: proto3('message M { reserved 5 to 9; }'), current: proto3('message M { reserved 5 to 8; }'),
    expected: ['Previously present reserved range "[5,9]" on message "M" is missing values: [9] were removed.'] },
  { name: 'reserved range split', rules: 'buf-wire', rule: 'RESERVED_MESSAGE_NO_DELETE', previous: proto3('message M { reserved 1 to 10; }'), current: proto3('message M { reserved 1, 4 to 5, 9; }'),
    expected: ['Previously present reserved range "[1,10]" on message "M" is missing values: [2,3], [6,8], [10] were removed.'] },
  { name: 'reserved range to max shrunk', rules: 'buf-wire', rule: 'RESERVED_MESSAGE_NO_DELETE', previous: proto3('message M { reserved 100 to max; }'), current: proto3('message M { reserved 200 to max; }'),
    expected: ['Previously present reserved range "[100,max]" on message "M" is missing values: [100,199] were removed.'] },
  { name: 'enum reserved range to max shrunk', rules: 'buf-wire', rule: 'RESERVED_ENUM_NO_DELETE', previous: proto3('enum E { A = 0; reserved 3 to max; }'), current: proto3('enum E { A = 0; reserved 5 to max; }'),
    expected: ['Previously present reserved range "[3,max]" on enum "E" is missing values: [3,4] were removed.'] },
  { name: 'reserved name deleted', rules: 'buf-wire', rule: 'RESERVED_MESSAGE_NO_DELETE', previous: proto3('message M { reserved "x"; }'), current: proto3('message M { }'),
    expected: ['Previously present reserved name "x" on message "M" was deleted.'] },
  { name: 'package changed', rules: 'buf-wire', rule: 'FILE_SAME_PACKAGE', previous: proto3('message M {}', 'package a;\n'), current: proto3('message M {}', 'package b;\n'),
    expected: ['File package changed from "a" to "b".'] },
  { name: 'required field no longer required', rules: 'buf-wire', rule: 'MESSAGE_SAME_REQUIRED_FIELDS', previous: proto2('message M { required int32 a = 1; }'), current: proto2('message M { optional int32 a = 1; }'),
    expected: [`Message "M" had required field "1" deleted. ${REQUIRED}`] },
  { name: 'required field added', rules: 'buf-wire', rule: 'MESSAGE_SAME_REQUIRED_FIELDS', previous: proto2('message M { optional int32 a = 1; }'), current: proto2('message M { optional int32 a = 1; required int32 b = 2; }'),
    expected: [`Message "M" had required field "2" added. ${REQUIRED}`] },
  { name: 'field deleted, number not reserved', rules: 'buf-wire', rule: 'FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED', previous: proto3('message M { int32 a = 1; int32 b = 2; }'), current: proto3('message M { int32 a = 1; }'),
    expected: ['Previously present field "2" with name "b" on message "M" was deleted without reserving the number "2".'] },
  { name: 'field deleted, name not reserved', rules: 'buf-wire-json', rule: 'FIELD_NO_DELETE_UNLESS_NAME_RESERVED', previous: proto3('message M { int32 a = 1; int32 b = 2; }'), current: proto3('message M { reserved 2; int32 a = 1; }'),
    expected: ['Previously present field "2" with name "b" on message "M" was deleted without reserving the name "b".'] },
  { name: 'enum value deleted, number not reserved', rules: 'buf-wire', rule: 'ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED', previous: proto3('enum E { A = 0; B = 1; }'), current: proto3('enum E { A = 0; }'),
    expected: ['Previously present enum value "1" on enum "E" was deleted without reserving the number "1".'] },
  { name: 'aliased enum values deleted, names not reserved', rules: 'buf-wire-json', rule: 'ENUM_VALUE_NO_DELETE_UNLESS_NAME_RESERVED',
    previous: proto3('enum E { option allow_alias = true; A = 0; E_B = 1; E_A = 1; }'), current: proto3('enum E { option allow_alias = true; A = 0; reserved 1; }'),
    expected: ['Previously present enum value "1" on enum "E" was deleted without reserving the names "E_A", "E_B".'] },
  { name: 'json_name changed', rules: 'buf-wire-json', rule: 'FIELD_SAME_JSON_NAME', previous: proto3('message M { int32 a = 1; }'), current: proto3('message M { int32 a = 1 [json_name = "x"]; }'),
    expected: ['Field "1" with name "a" on message "M" changed option "json_name" from "a" to "x".'] },
  { name: 'field moved into a oneof', rules: 'buf-wire', rule: 'FIELD_SAME_ONEOF', previous: proto3('message M { int32 a = 1; }'), current: proto3('message M { oneof o { int32 a = 1; } }'),
    expected: ['Field "1" with name "a" on message "M" moved from outside to inside a oneof.'] },
  { name: 'oneof renamed (Buf writes a stray "q")', rules: 'buf-wire', rule: 'FIELD_SAME_ONEOF', previous: proto3('message M { oneof o { int32 a = 1; } }'), current: proto3('message M { oneof p { int32 a = 1; } }'),
    expected: ['Field "1" with name "a" on message "M"q moved from oneof "o" to oneof "p".'] },
  { name: 'defaults changed', rules: 'buf-wire', rule: 'FIELD_SAME_DEFAULT',
    previous: proto2('message M { optional int32 a = 1 [default = 1]; optional string b = 2 [default = "x"]; optional E c = 3 [default = A]; optional double d = 4 [default = 1e6]; optional bool e = 5 [default = true]; }\nenum E { A = 0; B = 1; }'),
    current: proto2('message M { optional int32 a = 1 [default = 2]; optional string b = 2 [default = "y\\n"]; optional E c = 3 [default = B]; optional double d = 4 [default = 2.5]; optional bool e = 5 [default = false]; }\nenum E { A = 0; B = 1; }'),
    expected: [
      'Field "1" with name "a" on message "M" changed default value from 1 to 2.',
      'Field "2" with name "b" on message "M" changed default value from "x" to "y\\n".',
      'Field "3" with name "c" on message "M" changed default value from E.A to E.B.',
      'Field "4" with name "d" on message "M" changed default value from 1e+06 to 2.5.',
      'Field "5" with name "e" on message "M" changed default value from true to false.',
    ] },
  { name: 'cardinality changed', rules: 'buf-wire', rule: 'FIELD_WIRE_COMPATIBLE_CARDINALITY', previous: proto3('message M { int32 a = 1; }'), current: proto3('message M { repeated int32 a = 1; }'),
    expected: ['Field "1" with name "a" on message "M" changed cardinality from "optional with implicit presence" to "repeated".'] },
  { name: 'JSON format dropped (proto3 to proto2)', rules: 'buf-wire-json', rule: 'MESSAGE_SAME_JSON_FORMAT', previous: proto3('message M { optional int32 a = 1; }'), current: proto2('message M { optional int32 a = 1; }'),
    expected: ['Message "M" JSON format support changed from ALLOW to LEGACY_BEST_EFFORT.'] },
  { name: 'RPC changes', rules: 'buf-wire', rule: 'RPC_SAME_REQUEST_TYPE',
    previous: proto3('service S { rpc Get(A) returns (B); }\nmessage A {}\nmessage B {}', 'package p;\n'), current: proto3('service S { rpc Get(B) returns (B); }\nmessage A {}\nmessage B {}', 'package p;\n'),
    expected: ['RPC "Get" on service "S" changed request type from "p.A" to "p.B".'] },
  { name: 'RPC streaming', rules: 'buf-wire', rule: 'RPC_SAME_CLIENT_STREAMING',
    previous: proto3('service S { rpc Get(A) returns (A); }\nmessage A {}'), current: proto3('service S { rpc Get(stream A) returns (A); }\nmessage A {}'),
    expected: ['RPC "Get" on service "S" changed from client unary to client streaming.'] },
  { name: 'RPC idempotency', rules: 'buf-wire', rule: 'RPC_SAME_IDEMPOTENCY_LEVEL',
    previous: proto3('service S { rpc Get(A) returns (A); }\nmessage A {}'), current: proto3('service S { rpc Get(A) returns (A) { option idempotency_level = NO_SIDE_EFFECTS; } }\nmessage A {}'),
    expected: ['RPC "Get" on service "S" changed option "idempotency_level" from "IDEMPOTENCY_UNKNOWN" to "NO_SIDE_EFFECTS".'] },
];

/** Our sentences for one case, with a checker class of some build. */
export function oursFor(ProtobufChecker, item) {
  const checker = new ProtobufChecker({ rules: item.rules });
  const found = checker.canRead(checker.parse(item.current), checker.parse(item.previous)).incompatibilities;
  return found.filter((finding) => finding.type === item.rule).map((finding) => finding.message);
}

/** Sentences equal to Buf's, of all expected ones (a missing or extra finding counts as a miss). */
export function agreement(ProtobufChecker) {
  let equal = 0;
  let total = 0;
  const misses = [];
  for (const item of BUF_SENTENCE_CASES) {
    let ours;
    try {
      ours = oursFor(ProtobufChecker, item);
    } catch (error) {
      ours = [`(error: ${error.message})`];
    }
    total += Math.max(item.expected.length, ours.length);
    const sorted = [...ours].sort();
    const matched = [...item.expected].sort().filter((sentence, i) => sorted[i] === sentence).length;
    equal += matched;
    if (matched !== item.expected.length || ours.length !== item.expected.length) misses.push({ name: item.name, expected: item.expected, ours });
  }
  return { equal, total, misses };
}
