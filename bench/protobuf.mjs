// npm run bench (Protobuf part): a 100-message, 1,000-field .proto file pair (messages refer to one
// another, nested types, enums, maps and oneofs). Ratios against protobufjs' own parse of the same two
// texts in the same process (bench/measure.mjs), never bare times. docs/protobuf.md records the figures.
import protobuf from 'protobufjs';
import { checkCompatibility, CheckerRegistry } from '../dist/index.js';
import { ProtobufChecker, ProtobufReferenceCache } from '../dist/protobuf.js';
import { compare, formatRatio } from './measure.mjs';
import { measureSnapshot } from './protobuf-snapshot.mjs';

const SCALARS = ['int32', 'int64', 'string', 'bool', 'double', 'bytes', 'uint32', 'sint64', 'fixed32', 'float'];

/**
 * 100 messages of 10 fields (99 numbered ones and a shared `Nested`); `evolved` widens int32 to
 * int64, adds a field to every 10th message and renames a few (all compatible under Confluent's rules).
 */
function protoText(evolved) {
  const lines = ['syntax = "proto3";', 'package bench.v1;', 'import "google/protobuf/timestamp.proto";', ''];
  lines.push('enum Status { STATUS_UNSPECIFIED = 0; ACTIVE = 1; INACTIVE = 2; }', '');
  lines.push(`message Nested {\n${SCALARS.map((type, i) => `  repeated ${type} value_${i + 1} = ${i + 1};`).join('\n')}\n}`, '');
  for (let m = 0; m < 99; m++) {
    lines.push(`message Message${m} {`);
    for (let f = 1; f <= 10; f++) {
      const name = evolved && f === 3 && m % 7 === 0 ? `renamed_${m}_${f}` : `field_${m}_${f}`;
      if (f === 7) lines.push(`  google.protobuf.Timestamp at_${f} = ${f};`);
      else if (f === 8) lines.push(`  ${m > 0 ? `Message${m - 1}` : 'Nested'} ref_${f} = ${f};`);
      else if (f === 9) lines.push(`  map<string, Nested> map_${f} = ${f};`);
      else if (f === 10) lines.push(`  oneof choice { Status status_${f} = ${f}; }`);
      else {
        const type = SCALARS[(m + f) % SCALARS.length];
        lines.push(`  ${evolved && type === 'int32' ? 'int64' : type} ${name} = ${f};`);
      }
    }
    if (evolved && m % 10 === 0) lines.push(`  string added_${m} = 12;`);
    lines.push('}', '');
  }
  return lines.join('\n');
}

const v1Text = protoText(false);
const v2Text = protoText(true);

const checker = new ProtobufChecker();
const v1 = checker.parse(v1Text);
const v2 = checker.parse(v2Text);
const messages = v1.file.definitions.filter((definition) => definition.kind === 'message');
const fields = messages.reduce((sum, message) => sum + message.fields.length, 0);
const registry = CheckerRegistry.withDefaults().register(checker);
const bufWire = new ProtobufChecker({ rules: 'buf-wire-json' });
const [b1, b2] = [bufWire.parse(v1Text), bufWire.parse(v2Text)];
const protobufjsParse = () => {
  protobuf.parse(v1Text, new protobuf.Root(), { keepCase: true });
  protobuf.parse(v2Text, new protobuf.Root(), { keepCase: true });
};

const r = compare(protobufjsParse, {
  parse: () => { checker.parse(v1Text); checker.parse(v2Text); },
  canRead: () => checker.canRead(v2, v1),
  bufWireJson: () => bufWire.canRead(b2, b1),
  checkText: () => checkCompatibility('FULL', v2Text, [v1Text], { schemaType: 'PROTOBUF', registry }),
}, { rounds: 11, batchMs: 100 });
const verdict = checker.canRead(v2, v1);
console.log(`Protobuf: ${messages.length} messages and ${fields} fields in v1 (${v1Text.length + v2Text.length} bytes of .proto text); v2 reads v1: ${verdict.compatible ? 'compatible' : 'INCOMPATIBLE'}, ${checker.diff(v1, v2).length} Confluent differences`);
console.log('  yardstick: protobufjs.parse of the two texts (keepCase) = 1×');
console.log(`  ProtobufChecker.parse of the two texts            ${formatRatio(r.parse.ratio)}`);
console.log(`  canRead on parsed schemas (Confluent rules)       ${formatRatio(r.canRead.ratio)}`);
console.log(`  canRead on parsed schemas (buf-wire-json)         ${formatRatio(r.bufWireJson.ratio)}`);
console.log(`  checkCompatibility FULL on the two texts          ${formatRatio(r.checkText.ratio)}`);

// Issue 17, item 5: a 30-file snapshot pair sharing a 5,000-line import (bench/protobuf-snapshot.mjs).
measureSnapshot({ ProtobufChecker, ProtobufReferenceCache });
