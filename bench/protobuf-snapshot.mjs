// A snapshot pair of 30 .proto files that all import one generated 5,000-line file (as real
// repositories import validate.proto), checked file by file: parse the 30 previous and 30 current
// files, then canRead each pair (issue 17, item 5: under 100 ms). Used by bench/protobuf.mjs;
// standalone against any build:
//
//   node bench/protobuf-snapshot.mjs [--dist <dist folder>] [--check]
//
// Ratios are to a cold single-file pair of the same snapshot (both files parsed afresh, their
// import included, and checked once), timed in the same process.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compare, formatRatio } from './measure.mjs';
import { atMost, reportTargets } from './targets.mjs';

const SCALARS = ['int32', 'int64', 'string', 'bool', 'double', 'bytes', 'uint32', 'sint64', 'fixed32', 'float'];
export const SHARED_NAME = 'validate/validate.proto';

/** The shared import: custom options on FieldOptions and rule messages, 5,000 lines. */
export function sharedImport(lines = 5000) {
  const out = ['syntax = "proto2";', 'package validate;', 'import "google/protobuf/descriptor.proto";', '', 'extend google.protobuf.FieldOptions { optional FieldRules rules = 1071; }', ''];
  out.push('message FieldRules {', '  optional bool required = 1;');
  let rule = 0;
  const body = [];
  while (out.length + body.length + 2 < lines) {
    const name = `Rules${rule}`;
    body.push(`message ${name} {`);
    for (let f = 1; f <= 9; f++) body.push(`  optional ${SCALARS[(rule + f) % SCALARS.length]} check_${f} = ${f};`);
    body.push(`  enum Mode { MODE_${rule}_UNSPECIFIED = 0; MODE_${rule}_STRICT = 1; }`, `  optional Mode mode = 10;`, '}');
    out.push(`  optional ${name} rules_${rule} = ${rule + 2};`);
    rule++;
  }
  return [...out, '}', '', ...body].join('\n');
}

/** File `i` of a snapshot: a few messages using the shared rules; `evolved` adds fields and widens one (compatible). */
export function snapshotFile(i, evolved) {
  const lines = ['syntax = "proto3";', `package app.v1.f${i};`, `import "${SHARED_NAME}";`, ''];
  for (let m = 0; m < 4; m++) {
    lines.push(`message Entity${m} {`);
    lines.push(`  string id = 1 [(validate.rules).required = true];`);
    lines.push(`  ${evolved && m === 0 ? 'int64' : 'int32'} count = 2;`);
    lines.push(`  validate.Rules${(i * 4 + m) % 50} rules = 3;`, `  repeated string tags = 4;`, `  map<string, string> labels = 5;`);
    if (evolved) lines.push(`  string added_${m} = 6;`);
    lines.push('}', '');
  }
  return lines.join('\n');
}

/** Checks a snapshot pair file by file; `referenceCache` (one per run) shares the parsed import. */
export function checkSnapshot(checker, snapshot, referenceCache) {
  const options = referenceCache === undefined ? { references: snapshot.references } : { references: snapshot.references, referenceCache };
  const previous = snapshot.previous.map((text) => checker.parse(text, options));
  const current = snapshot.current.map((text) => checker.parse(text, options));
  return current.map((schema, i) => checker.canRead(schema, previous[i]).compatible).every(Boolean);
}

export function makeSnapshot(files = 30) {
  const shared = sharedImport();
  return {
    shared,
    references: { [SHARED_NAME]: shared },
    previous: Array.from({ length: files }, (_, i) => snapshotFile(i, false)),
    current: Array.from({ length: files }, (_, i) => snapshotFile(i, true)),
  };
}

/** Times the snapshot pair with a build's checker: with one ProtobufReferenceCache per run when the build has it, and without. */
export function measureSnapshot({ ProtobufChecker, ProtobufReferenceCache }, print = console.log) {
  const snapshot = makeSnapshot();
  const checker = new ProtobufChecker();
  const single = { references: snapshot.references, previous: snapshot.previous.slice(0, 1), current: snapshot.current.slice(0, 1) };
  if (!checkSnapshot(checker, snapshot)) throw new Error('the snapshot pair should be compatible');
  const subjects = { uncached: () => checkSnapshot(checker, snapshot) };
  if (ProtobufReferenceCache !== undefined) {
    // warm: the cache of a history walk, where the shared file was parsed for an earlier snapshot; cold: a new cache per run.
    const kept = new ProtobufReferenceCache();
    subjects.warm = () => checkSnapshot(checker, snapshot, kept);
    subjects.cold = () => checkSnapshot(checker, snapshot, new ProtobufReferenceCache());
  }
  const r = compare(() => checkSnapshot(new ProtobufChecker(), single), subjects, { rounds: 7, batchMs: 300 });
  const ms = (ns) => `${(ns / 1e6).toFixed(1)} ms`;
  // The issue sets a time (under 100 ms), so the target is on the median time; its noise is the ratio's spread in the yardstick's time.
  const target = (label, subject) => atMost(label, subject.ns / 1e6, 100, (subject.spread * r.yardstick.ns) / 1e6, ' ms');
  print(`Protobuf snapshot pair: 30 files a side, each importing one ${snapshot.shared.split('\n').length.toLocaleString('en-US')}-line file; parse all 60, canRead each pair (issue 17: under 100 ms)`);
  print(`  yardstick: one cold single-file pair of it (both files and their import parsed, checked once) = 1× (${ms(r.yardstick.ns)})`);
  if (r.warm) print(`  30-file pair, cache kept from an earlier snapshot  ${formatRatio(r.warm.ratio)} (${ms(r.warm.ns)}) ${target('Protobuf 30-file snapshot pair, cache kept', r.warm)}`);
  if (r.cold) print(`  30-file pair, new ProtobufReferenceCache           ${formatRatio(r.cold.ratio)} (${ms(r.cold.ns)}) ${target('Protobuf 30-file snapshot pair, new cache', r.cold)}`);
  print(`  30-file pair, no cache (imports parsed per file)   ${formatRatio(r.uncached.ratio)} (${ms(r.uncached.ns)})`);
  return r;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const at = process.argv.indexOf('--dist');
  const dist = resolve(at === -1 ? new URL('../dist', import.meta.url).pathname : process.argv[at + 1]);
  console.log(`(build ${dist})`);
  measureSnapshot(await import(pathToFileURL(join(dist, 'protobuf.js')).href));
  reportTargets();
}
