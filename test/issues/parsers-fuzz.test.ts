import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DIST } from './isolated.js';

// Issue: hostile input to the parsers. A seeded fuzz of the Avro and Protobuf parsers and checkers
// with wide inputs (thousands of fields, symbols, aliases, branches, enum values, messages), deep
// ones (records, arrays, maps and unions nested to the depth limit and past it; messages nested and
// chained) and long ones (huge names, huge numbers, names such as __proto__ and constructor). Avro
// schemas go in as objects (deep-frozen: a write throws) and as text, Protobuf as text. Every
// outcome must be a value or one of the library's typed errors, each call within a time bound, in a
// worker whose heap is limited; inputs are never mutated; where the generator knows the answer
// (a valid schema, a flaw at a known place, a known number of changes), the answer is checked.

const SEED = 20261302;
/** One call's time bound (the machine is shared and loaded: generous; a linear parse of these inputs takes milliseconds). */
const CALL_MS = 10_000;
/** The worker is given up on (and the run fails) after this long for one case. */
const HANG_MS = 30_000;
const HEAP_MB = 512;
/** The Avro parser's depth limit (src/avro/build-state.ts, MAX_JSON_DEPTH). */
const AVRO_MAX_DEPTH = 1000;
/** protobufjs' parser refuses messages nested deeper than this ("max depth exceeded"). */
const PROTOBUFJS_MAX_NESTING = 32;
/** Typed errors a parse or a check may end in; anything else (a TypeError, a RangeError) fails. */
const TYPED_ERRORS = ['SchemaParseError', 'CheckTooDeepError'];

/** Names that are keys of Object.prototype (valid Avro and .proto identifiers all). */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'propertyIsEnumerable'] as const;

/** What the generator knows of a case's answer. */
interface Expected {
  /** `ok`: the parse must succeed; `error`: it must fail with `rule` (at `pointer`, Avro, when given); `any`: either. */
  readonly parse: 'ok' | 'error' | 'any';
  readonly rule?: string;
  readonly pointer?: string;
  /** What a successful parse must give (the names declared: none dropped); undefined: anything. */
  readonly summary?: unknown;
  /** The verdict of the check (and the number of findings of each type), when the schema parses. */
  readonly check?: { readonly compatible: boolean; readonly findings?: Readonly<Record<string, number>> };
}

interface Case {
  readonly family: string;
  readonly language: 'avro' | 'protobuf';
  /** The schema as text (an Avro object is JSON.parse of it, made in the worker, so that keys such as __proto__ are own keys). */
  readonly text: string;
  /** The candidate checked (FULL) against the schema as the history's one version. */
  readonly other: string;
  readonly expected: Expected;
}

// ---------------------------------------------------------------------------------------------
// Avro

const AVRO_PRIMITIVES = ['null', 'boolean', 'int', 'long', 'float', 'double', 'bytes', 'string'] as const;

/** A flaw put at a place of a wide list (a fraction of its length), or none. */
const flaws = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.record({ what: fc.constantFrom('duplicate' as const, 'number' as const), at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }) }) },
);

const names = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/** Wide: a record of thousands of fields, an enum of thousands of symbols, thousands of aliases, a union of thousands of records. */
const avroWide: fc.Arbitrary<Case> = fc.record({
  kind: fc.constantFrom('fields' as const, 'symbols' as const, 'aliases' as const, 'union' as const),
  n: fc.integer({ min: 500, max: 4_000 }),
  flaw: flaws,
  /** How many entries the other version drops at the end, and (fields) how many it adds without a default. */
  drop: fc.integer({ min: 0, max: 50 }),
  add: fc.integer({ min: 0, max: 50 }),
}).map(({ kind, n, flaw, drop, add }): Case => {
  // The flawed entry: never the first (a duplicate needs one before it).
  const at = flaw === undefined ? -1 : 1 + Math.floor(flaw.at * (n - 1));
  const entry = <T>(i: number, good: T, duplicate: T): T | number => (i !== at ? good : flaw?.what === 'duplicate' ? duplicate : 12345);
  const avro = (text: unknown, other: unknown, expected: Expected): Case => ({ family: 'avro wide', language: 'avro', text: JSON.stringify(text), other: JSON.stringify(other), expected });
  switch (kind) {
    case 'fields': {
      const fields = Array.from({ length: n }, (_, i) => ({ name: entry(i, `f${i}`, 'f0'), type: AVRO_PRIMITIVES[i % AVRO_PRIMITIVES.length] }));
      const other = [...fields.slice(0, n - drop), ...names('new', add).map((name) => ({ name, type: 'int' }))];
      // FULL: the candidate reads the old data (its added fields have no default: one finding each),
      // the old schema reads the candidate's (the dropped fields have no default: one finding each).
      const missing = add + drop;
      return avro({ type: 'record', name: 'R', fields }, { type: 'record', name: 'R', fields: other }, flaw === undefined
        ? { parse: 'ok', summary: { kind: 'record', fullName: 'R', fields: names('f', n) }, check: { compatible: missing === 0, findings: missing === 0 ? {} : { READER_FIELD_MISSING_DEFAULT_VALUE: missing } } }
        : { parse: 'error', rule: flaw.what === 'duplicate' ? 'DUPLICATE_FIELD' : 'MISSING_FIELD_NAME', pointer: `/fields/${at}/name` });
    }
    case 'symbols': {
      const symbols = Array.from({ length: n }, (_, i) => entry(i, `S${i}`, 'S0'));
      // The candidate lacks the last `drop` symbols and has no default: it cannot read them (one finding).
      return avro({ type: 'enum', name: 'E', symbols }, { type: 'enum', name: 'E', symbols: symbols.slice(0, n - drop) }, flaw === undefined
        ? { parse: 'ok', summary: { kind: 'enum', fullName: 'E', symbols: names('S', n) }, check: { compatible: drop === 0, findings: drop === 0 ? {} : { MISSING_ENUM_SYMBOLS: 1 } } }
        : { parse: 'error', rule: flaw.what === 'duplicate' ? 'DUPLICATE_SYMBOL' : 'INVALID_SYMBOL', pointer: `/symbols/${at}` });
    }
    case 'aliases': {
      const aliases = Array.from({ length: n }, (_, i) => entry(i, `A${i}`, 'A0'));
      const record = (extra: readonly unknown[]): unknown => ({ type: 'record', name: 'R', namespace: 'ns', aliases, fields: [{ name: 'f', type: 'int', aliases }, ...extra] });
      // Equal aliases keep the first (Java's LinkedHashSet): n - 1 distinct with a duplicate.
      const distinct = flaw?.what === 'duplicate' ? n - 1 : n;
      // The other version adds a field with a default: compatible both ways.
      return avro(record([]), record([{ name: 'g', type: 'int', default: 0 }]), flaw?.what === 'number'
        ? { parse: 'error', rule: 'INVALID_ALIASES', pointer: `/aliases/${at}` }
        : { parse: 'ok', summary: { kind: 'record', fullName: 'ns.R', fields: ['f'], aliases: distinct, fieldAliases: distinct }, check: { compatible: true, findings: {} } });
    }
    case 'union': {
      const branches = Array.from({ length: n }, (_, i) => entry<unknown>(i, { type: 'record', name: `B${i}`, fields: [] }, 'int'));
      if (flaw?.what === 'duplicate') branches[0] = 'int';
      // The candidate lacks the last `drop` branches: it cannot read data written in them.
      return avro(branches, branches.slice(0, n - drop), flaw === undefined
        ? { parse: 'ok', summary: { kind: 'union', branches: n }, check: { compatible: drop === 0 } }
        : { parse: 'error', rule: flaw.what === 'duplicate' ? 'DUPLICATE_UNION_BRANCH' : 'NOT_A_SCHEMA', pointer: `/${at}` });
    }
  }
});

type Layer = 'record' | 'array' | 'map' | 'union';

/**
 * How much deeper than a layer the Avro parser counts the schema it wraps: a record's field type is
 * 3 levels in (the record, its fields, the field), the others 1; a union directly inside a union
 * is not allowed, so it is wrapped in an array (one more).
 */
function layerDepth(chain: readonly Layer[], i: number): number {
  const layer = chain[i] as Layer;
  if (layer === 'record') return 3;
  return layer === 'union' && chain[i - 1] === 'union' ? 2 : 1;
}

/** Deep: records, arrays, maps and unions with null nested around an int, to the depth limit and past it. */
const avroDeep: fc.Arbitrary<Case> = fc.record({
  layers: fc.array(fc.constantFrom<Layer>('record', 'array', 'map', 'union'), { minLength: 1, maxLength: 40 }),
  /** The pattern of layers is repeated (innermost first) to about this depth. */
  depth: fc.oneof(fc.integer({ min: 1, max: 1_200 }), fc.integer({ min: AVRO_MAX_DEPTH - 5, max: AVRO_MAX_DEPTH + 5 })),
}).map(({ layers, depth }): Case => {
  const chain: Layer[] = [];
  // The outermost schema is at depth 1; the innermost layer's depth is 1 plus what each layer around it adds.
  let innermost = 1;
  while (innermost < depth) {
    chain.push(layers[chain.length % layers.length] as Layer);
    if (chain.length > 1) innermost += layerDepth(chain, chain.length - 1);
  }
  if (chain.length === 0) chain.push(layers[0] as Layer);
  const build = (leaf: string): string => {
    let schema = JSON.stringify(leaf);
    chain.forEach((layer, i) => {
      if (layer === 'record') schema = `{"type":"record","name":"R${i}","fields":[{"name":"f","type":${schema}}]}`;
      else if (layer === 'array') schema = `{"type":"array","items":${schema}}`;
      else if (layer === 'map') schema = `{"type":"map","values":${schema}}`;
      else schema = chain[i - 1] === 'union' ? `["null",{"type":"array","items":${schema}}]` : `["null",${schema}]`;
    });
    return schema;
  };
  const outer = chain.length - 1;
  const summary = { record: { kind: 'record', fullName: `R${outer}`, fields: ['f'] }, array: { kind: 'array' }, map: { kind: 'map' }, union: { kind: 'union', branches: 2 } }[chain[outer] as Layer];
  // int to long: the candidate reads the old data (a promotion), the old schema cannot read a long.
  return {
    family: 'avro deep', language: 'avro', text: build('int'), other: build('long'),
    expected: innermost <= AVRO_MAX_DEPTH ? { parse: 'ok', summary, check: { compatible: false } } : { parse: 'error', rule: 'TOO_DEEP' },
  };
});

/** A long name: valid, as Avro's and protobuf's grammars allow any length. */
const longNames = fc.integer({ min: 1_000, max: 50_000 }).map((length) => `N${'n'.repeat(length - 1)}`);
const identifiers = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_NAMES) },
  { weight: 1, arbitrary: longNames },
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/) },
);
const dottedNames = fc.array(identifiers, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'));
/** Numbers at and past every limit: 32-bit, 2^53, 2^63, the largest doubles and past them, fractional; three times in four one in range. */
const HUGE_NUMBERS = ['2147483648', '4294967296', '9007199254740993', '9223372036854775807', '18446744073709551616', '1e308', '-1e308', '1e400', '5e-324', '1.5', '123456789012345678901234567890'];
const numbers = (inRange: readonly string[]): fc.Arbitrary<string> => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...inRange) }, { weight: 1, arbitrary: fc.constantFrom(...HUGE_NUMBERS) });

/** Long: huge and prototype-key names, namespaces and properties, huge numbers for a size and defaults, a huge doc. */
const avroLong: fc.Arbitrary<Case> = fc.record({
  name: identifiers,
  namespace: fc.option(dottedNames, { nil: undefined }),
  fields: fc.uniqueArray(identifiers, { minLength: 1, maxLength: 6 }),
  symbols: fc.uniqueArray(identifiers, { minLength: 1, maxLength: 6 }),
  size: numbers(['0', '-0', '16', '2147483647']),
  defaults: fc.tuple(numbers(['0', '-1', '2147483647', '-2147483648']), numbers(['0', '9007199254740991', '-9007199254740991']), numbers(['0', '-0', '1e-300', '1.7976931348623157e308'])),
  propertyKey: fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), longNames),
  doc: fc.integer({ min: 0, max: 200_000 }),
}).map(({ name, namespace, fields, symbols, size, defaults: [int, long, double], propertyKey, doc }): Case => {
  const key = JSON.stringify(propertyKey);
  const declared = [...fields, 'i_', 'l_', 'd_', 'x_', 'e_'];
  // Written as text: the numbers stay as written (1e400, 2^64), and property keys such as __proto__ are own keys once parsed.
  const record = (extra: readonly string[]): string => `{"type":"record","name":${JSON.stringify(name)}${namespace === undefined ? '' : `,"namespace":${JSON.stringify(namespace)}`},` +
    `"doc":${JSON.stringify('d'.repeat(doc))},${key}:{${key}:[${long}]},"fields":[${[
      ...fields.map((field, i) => `{"name":${JSON.stringify(field)},"type":"${AVRO_PRIMITIVES[i % AVRO_PRIMITIVES.length]}"}`),
      `{"name":"i_","type":"int","default":${int}}`,
      `{"name":"l_","type":"long","default":${long}}`,
      `{"name":"d_","type":"double","default":${double}}`,
      `{"name":"x_","type":{"type":"fixed","name":"F_","size":${size}}}`,
      `{"name":"e_","type":{"type":"enum","name":"E_","symbols":${JSON.stringify(symbols)},"default":${JSON.stringify(symbols[0])}}}`,
      ...extra,
    ].join(',')}]}`;
  const summary = { kind: 'record', fullName: namespace === undefined ? name : `${namespace}.${name}`, fields: declared };
  return { family: 'avro long', language: 'avro', text: record([]), other: record(['{"name":"added_","type":"string","default":""}']), expected: { parse: 'any', summary } };
});

// ---------------------------------------------------------------------------------------------
// Protobuf

const proto3 = (body: string): string => `syntax = "proto3";\n${body}\n`;

/** Wide: a message of thousands of fields, an enum of thousands of values, thousands of messages, a oneof of thousands of fields. */
const protobufWide: fc.Arbitrary<Case> = fc.record({
  kind: fc.constantFrom('fields' as const, 'values' as const, 'messages' as const, 'oneof' as const),
  n: fc.integer({ min: 500, max: 2_000 }),
  flaw: flaws,
  /** Every `step`th int32 field (or message's field) is a string in the other version. */
  step: fc.integer({ min: 1, max: 200 }),
}).map(({ kind, n, flaw, step }): Case => {
  const at = flaw === undefined ? -1 : 1 + Math.floor(flaw.at * (n - 1));
  // A duplicate name (protobufjs: DUPLICATE_NAME) or a duplicate number ("duplicate id": a SYNTAX_ERROR).
  const nameOf = (prefix: string, i: number): string => (i === at && flaw?.what === 'duplicate' ? `${prefix}0` : `${prefix}${i}`);
  const numberOf = (i: number, first: number): number => (i === at && flaw?.what === 'number' ? first : first + i);
  const flawed: Expected = { parse: 'error', rule: flaw?.what === 'duplicate' ? 'DUPLICATE_NAME' : 'SYNTAX_ERROR' };
  // Every fifth field is a string, the others int32; in the other version every `step`th int32 becomes a string.
  const typeOf = (i: number, other: boolean): string => (i % 5 === 4 || (other && i % step === 0) ? 'string' : 'int32');
  const changed = names('', n).filter((_, i) => typeOf(i, false) !== typeOf(i, true)).length;
  // FULL: Confluent's FIELD_SCALAR_KIND_CHANGED for each, in both directions.
  const kindChanges = { compatible: changed === 0, findings: changed === 0 ? {} : { FIELD_SCALAR_KIND_CHANGED: 2 * changed } };
  const protobuf = (body: (other: boolean) => string, expected: Expected): Case => ({ family: 'protobuf wide', language: 'protobuf', text: body(false), other: body(true), expected });
  switch (kind) {
    case 'fields':
    case 'oneof': {
      const body = (other: boolean): string => {
        const fields = Array.from({ length: n }, (_, i) => `${typeOf(i, other)} ${nameOf('f', i)} = ${numberOf(i, 1)};`).join(' ');
        return proto3(kind === 'fields' ? `message M { ${fields} }` : `message M { oneof o { ${fields} } }`);
      };
      return protobuf(body, flaw === undefined ? { parse: 'ok', summary: [['M', names('f', n)]], check: kindChanges } : flawed);
    }
    case 'values': {
      // The other version drops the last value: Confluent's ENUM_CONST_REMOVED is a compatible change.
      const body = (other: boolean): string => proto3(`enum E { ${Array.from({ length: other ? n - 1 : n }, (_, i) => `${nameOf('V', i)} = ${numberOf(i, 0)};`).join(' ')} }`);
      return protobuf(body, flaw === undefined ? { parse: 'ok', summary: [['E', names('V', n)]], check: { compatible: true, findings: {} } } : flawed);
    }
    case 'messages': {
      // Each message has one field (a duplicate number is not possible there).
      const body = (other: boolean): string => proto3(Array.from({ length: n }, (_, i) => `message ${nameOf('M', i)} { ${typeOf(i, other)} a = 1; }`).join('\n'));
      return protobuf(body, flaw?.what === 'duplicate' ? flawed : { parse: 'ok', summary: names('M', n).map((name) => [name, ['a']]), check: kindChanges });
    }
  }
});

/** Deep: messages nested to protobufjs' limit and past it, and chains of thousands of messages each holding the next. */
const protobufDeep: fc.Arbitrary<Case> = fc.oneof(
  fc.integer({ min: 1, max: PROTOBUFJS_MAX_NESTING + 8 }).map((depth): Case => {
    const body = (leaf: string): string => proto3(`${names('message N', depth).map((open) => `${open} {`).join(' ')} ${leaf} a = 1; ${' }'.repeat(depth)}`);
    // Every message, nested ones by full name; the innermost holds the field.
    const summary = names('N', depth).map((_, i, all) => [all.slice(0, i + 1).join('.'), i === depth - 1 ? ['a'] : []]);
    // FULL: the innermost field changed kind.
    const expected: Expected = depth <= PROTOBUFJS_MAX_NESTING ? { parse: 'ok', summary, check: { compatible: false } } : { parse: 'error', rule: 'SYNTAX_ERROR' };
    return { family: 'protobuf deep', language: 'protobuf', text: body('int32'), other: body('string'), expected };
  }),
  fc.integer({ min: 1, max: 2_500 }).map((length): Case => {
    const body = (leaf: string): string => proto3(`${names('', length).map((_, i) => `message C${i} { C${i + 1} next = 1; }`).join('\n')}\nmessage C${length} { ${leaf} a = 1; }`);
    const summary = names('C', length + 1).map((name, i) => [name, [i === length ? 'a' : 'next']]);
    // Compared message by message: the verdict, or a CheckTooDeepError when the chain is longer than the stack allows.
    return { family: 'protobuf deep', language: 'protobuf', text: body('int32'), other: body('string'), expected: { parse: 'ok', summary } };
  }),
);

/** Field numbers at and past protobuf's limits (1 to 2^29 - 1; 19000 to 19999 reserved) and past what a double holds exactly. */
const FIELD_NUMBERS = ['1', '2', '536870911', '536870912', '19000', '4294967296', '99999999999999999999', '0x1FFFFFFF', '0', '-1', '1e30', '1.5'];

/** Long: huge and prototype-key names for the package, the message, fields, the enum, values and the oneof; huge field numbers. */
const protobufLong: fc.Arbitrary<Case> = fc.record({
  packageName: fc.option(dottedNames, { nil: undefined }),
  message: identifiers,
  fields: fc.uniqueArray(identifiers, { minLength: 1, maxLength: 5 }),
  numbers: fc.array(fc.constantFrom(...FIELD_NUMBERS), { minLength: 5, maxLength: 5 }),
  enumName: identifiers,
  values: fc.uniqueArray(identifiers, { minLength: 1, maxLength: 5 }),
  oneof: identifiers,
  jsonName: fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), longNames),
}).map(({ packageName, message, fields, numbers, enumName, values, oneof, jsonName }): Case => {
  const enumType = enumName === message ? `${enumName}_` : enumName;
  const body = (extra: string): string => proto3([
    packageName === undefined ? '' : `package ${packageName};`,
    `message ${message} {`,
    ...fields.map((field, i) => `  ${i === 0 ? enumType : 'string'} ${field} = ${numbers[i] ?? i + 1} [json_name = ${JSON.stringify(jsonName)}];`),
    `  oneof ${oneof} { string one_ = 100; }`,
    extra,
    '}',
    `enum ${enumType} { ${values.map((value, i) => `${value} = ${i};`).join(' ')} }`,
  ].join('\n'));
  const scope = packageName === undefined ? '' : `${packageName}.`;
  const words = [...(packageName?.split('.') ?? []), message, ...fields, enumType, ...values, oneof];
  // protoc accepts __proto__; protobufjs would drop what it names, so it is refused (UNSUPPORTED_NAME).
  const expected: Expected = words.includes('__proto__')
    ? { parse: 'error', rule: 'UNSUPPORTED_NAME' }
    : { parse: 'any', summary: [[`${scope}${message}`, [...fields, 'one_']], [`${scope}${enumType}`, values]] };
  return { family: 'protobuf long', language: 'protobuf', text: body(''), other: body('  string added_ = 101;'), expected };
});

// ---------------------------------------------------------------------------------------------
// The worker: parses and checks each case with the built package, and says what came of it.

type CallOutcome =
  | { readonly kind: 'value'; readonly ms: number; readonly value: unknown }
  | { readonly kind: 'error' | 'untyped'; readonly ms: number; readonly name: string; readonly exported: boolean; readonly rule?: string; readonly input?: string; readonly pointer?: string; readonly message: string };

interface Report {
  readonly parse: CallOutcome;
  /** Avro: the same schema given as an object (deep-frozen). */
  readonly parseObject?: CallOutcome;
  readonly check: CallOutcome;
  /** Avro: the object after the calls differs from a fresh JSON.parse of the text. */
  readonly mutated: boolean;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { isDeepStrictEqual } = require('node:util');
const sc = require(workerData.dist + 'index.cjs');
const pb = require(workerData.dist + 'protobuf.cjs');
const avro = new sc.AvroChecker();
const protobuf = new pb.ProtobufChecker();
const registry = sc.CheckerRegistry.withDefaults().register(protobuf);
const deepFreeze = (root) => {
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) continue;
    Object.freeze(value);
    for (const key of Object.keys(value)) stack.push(value[key]);
  }
  return root;
};
const call = (run) => {
  const start = performance.now();
  try { const value = run(); return { kind: 'value', ms: performance.now() - start, value }; }
  catch (e) {
    const ms = performance.now() - start;
    const name = String(e && e.name);
    const exported = e !== null && typeof e === 'object' && (sc[name] === e.constructor || pb[name] === e.constructor);
    return { kind: e instanceof sc.SchemaCompatError ? 'error' : 'untyped', ms, name, exported, rule: e && e.rule, input: e && e.input, pointer: e && e.pointer, message: String(e && (e.stack || e.message)).slice(0, 2000) };
  }
};
/** The root's kind and what it declares: a record's full name and field names (and how many aliases), an enum's symbols, a union's size. */
const avroSummary = ({ root }) => {
  if (root.kind === 'union') return { kind: 'union', branches: root.branches.length };
  if (root.kind === 'enum') return { kind: 'enum', fullName: root.fullName, symbols: root.symbols };
  if (root.kind !== 'record') return { kind: root.kind };
  const aliases = root.aliases.length === 0 ? {} : { aliases: root.aliases.length, fieldAliases: root.fields[0].aliases.length };
  return { kind: 'record', fullName: root.fullName, fields: root.fields.map((field) => field.name), ...aliases };
};
/** Every message and enum (nested too) as [full name, its field or value names]. */
const protobufSummary = (schema) => {
  const out = [];
  const visit = (definitions) => { for (const d of definitions) { out.push([d.fullName, (d.kind === 'message' ? d.fields : d.values).map((item) => item.name)]); if (d.kind === 'message') visit(d.nested); } };
  visit(schema.file.definitions);
  return out;
};
const verdict = (result) => {
  const findings = {};
  for (const finding of result.incompatibilities) findings[finding.type] = (findings[finding.type] || 0) + 1;
  return { compatible: result.compatible, findings };
};
parentPort.on('message', ({ language, text, other }) => {
  if (language === 'avro') {
    const object = deepFreeze(JSON.parse(text));
    const parseObject = call(() => avroSummary(avro.parse(object)));
    const parse = call(() => avroSummary(avro.parse(text)));
    const check = call(() => verdict(sc.checkCompatibility('FULL', other, [object])));
    parentPort.postMessage({ parse, parseObject, check, mutated: !isDeepStrictEqual(object, JSON.parse(text)) });
  } else {
    const options = Object.freeze({ registry, schemaType: 'PROTOBUF' });
    const parse = call(() => protobufSummary(protobuf.parse(text)));
    const check = call(() => verdict(sc.checkCompatibility('FULL', other, [text], options)));
    parentPort.postMessage({ parse, check, mutated: false });
  }
});
`;

/** A worker with a heap limit that runs one case at a time; a case that hangs or exhausts the heap is a failed case, and the next one gets a new worker. */
class Runner {
  private worker: Worker | undefined;

  async run(c: Case): Promise<Report | { readonly failed: string }> {
    const worker = (this.worker ??= new Worker(WORKER, { eval: true, workerData: { dist: DIST }, resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } }));
    worker.postMessage({ language: c.language, text: c.text, other: c.other });
    try {
      // `once` rejects on the worker's 'error' (a crash, an exhausted heap) and when the signal aborts (a hang).
      const [report] = (await once(worker, 'message', { signal: AbortSignal.timeout(HANG_MS) })) as [Report];
      return report;
    } catch (error) {
      this.worker = undefined;
      void worker.terminate();
      return { failed: error instanceof Error && error.name === 'AbortError' ? `no answer after ${HANG_MS} ms` : `the worker crashed: ${String(error)}` };
    }
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
  }
}

const runner = new Runner();
afterAll(() => runner.close());

/** A call's outcome without its timing and trace, to compare. */
function shape(outcome: CallOutcome): unknown {
  return outcome.kind === 'value' ? { kind: 'value', value: outcome.value } : { kind: outcome.kind, name: outcome.name, rule: outcome.rule, pointer: outcome.pointer };
}

/** Asserts one call: a value or a typed error the package exports, within the time bound; returns it. */
function typed(outcome: CallOutcome, label: string): CallOutcome {
  const seen = outcome.kind === 'value' ? { kind: 'value' } : { kind: outcome.kind, name: outcome.name, exported: outcome.exported, message: outcome.message };
  expect(seen, label).toEqual(outcome.kind === 'value' ? { kind: 'value' } : { kind: 'error', name: expect.toBeOneOf(TYPED_ERRORS), exported: true, message: expect.any(String) });
  expect(outcome.ms, `${label}: ms`).toBeLessThan(CALL_MS);
  return outcome;
}

function checkCase(c: Case, report: Report): void {
  const label = `${c.family} (${c.text.length} chars)`;
  const parse = typed(report.parse, `${label}: parse`);
  const check = typed(report.check, `${label}: check`);
  expect(report.mutated, `${label}: the object was mutated`).toBe(false);
  if (report.parseObject !== undefined) {
    // An object is judged as its JSON text is.
    typed(report.parseObject, `${label}: parse as an object`);
    expect(shape(report.parseObject), `${label}: the object and the text disagree`).toEqual(shape(parse));
  }
  // A check parses the candidate and the history: an error names which.
  if (check.kind !== 'value' && check.name === 'SchemaParseError') expect(check.input, label).toMatch(/^(candidate|history\[0\])$/);
  const { expected } = c;
  if (expected.parse === 'ok') expect(parse.kind, `${label}: ${parse.kind === 'value' ? '' : parse.message}`).toBe('value');
  if (expected.parse === 'error') {
    const where = (rule: string | undefined, pointer: string | undefined): unknown => ({ rule, ...(expected.pointer === undefined ? {} : { pointer }) });
    expect(parse.kind === 'value' ? 'a value' : where(parse.rule, parse.pointer), label).toEqual(where(expected.rule, expected.pointer));
  }
  if (parse.kind !== 'value') return;
  if (expected.summary !== undefined) expect(parse.value, `${label}: the parsed schema`).toEqual(expected.summary);
  if (expected.check !== undefined) {
    const verdict = check.kind === 'value' ? (check.value as { compatible: boolean; findings: Record<string, number> }) : check.message;
    expect(verdict, `${label}: the check`).toEqual(expected.check.findings === undefined ? expect.objectContaining({ compatible: expected.check.compatible }) : expected.check);
  }
}

interface Tally {
  cases: number;
  values: number;
  errors: Map<string, number>;
  slowestMs: number;
  longestInput: number;
}

const FAMILIES: readonly (readonly [string, fc.Arbitrary<Case>, number])[] = [
  ['avro wide', avroWide, 30],
  ['avro deep', avroDeep, 60],
  ['avro long', avroLong, 60],
  ['protobuf wide', protobufWide, 20],
  ['protobuf deep', protobufDeep, 30],
  ['protobuf long', protobufLong, 100],
];

describe('fuzz: the Avro and Protobuf parsers and checkers take wide, deep and long input to a value or a typed error, in bounded time, without mutating it', () => {
  it.each(FAMILIES)('%s', async (family, arbitrary, runs) => {
    // A counterexample is printed by its start and size, not as megabytes of schema.
    const cases = arbitrary.map((c) => ({ ...c, [fc.toStringMethod]: () => `${c.family}: ${JSON.stringify(c.text.slice(0, 300))}... (${c.text.length} chars)` }));
    const tally: Tally = { cases: 0, values: 0, errors: new Map(), slowestMs: 0, longestInput: 0 };
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const report = await runner.run(c);
        if ('failed' in report) throw new Error(`${c.family} (${c.text.length} chars): ${report.failed}`);
        checkCase(c, report);
        tally.cases++;
        const outcomes = [report.parse, report.check, ...(report.parseObject ? [report.parseObject] : [])];
        tally.slowestMs = Math.max(tally.slowestMs, ...outcomes.map((outcome) => outcome.ms));
        tally.longestInput = Math.max(tally.longestInput, c.text.length);
        if (report.parse.kind === 'value') tally.values++;
        else tally.errors.set(report.parse.rule ?? report.parse.name, (tally.errors.get(report.parse.rule ?? report.parse.name) ?? 0) + 1);
      }),
      { seed: SEED, numRuns: runs, endOnFailure: true },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(`[parsers-fuzz] ${family}: ${tally.cases} cases in ${seconds} s (seed ${SEED}): ${tally.values} parsed, errors ${JSON.stringify(Object.fromEntries(tally.errors))}, slowest call ${tally.slowestMs.toFixed(0)} ms, longest input ${tally.longestInput} chars`);
    expect(tally.cases).toBe(runs);
  }, 120_000);
});
