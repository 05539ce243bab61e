import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { done, isolated } from './isolated.js';

// Issue: hostile JSON Schema input. A seeded fuzz of the JSON Schema parser and checker with wide
// inputs (thousands of properties, branches, enum values), deep ones (schemas nested hundreds and
// thousands of levels, $ref chains of up to 10,000 links, looping or dangling), long ones (strings
// of a million characters as titles, names, patterns, values and references; numbers such as 1e400,
// 4e8, 2^53 + 1 and 400-digit literals as bounds) and keys that name Object.prototype's members
// (__proto__, constructor, toString ...). Each case parses a writer, then checks a candidate made
// from it (the same, retitled, reordered, or another case's writer) under a random strategy, with
// or without explain, given as text or as an object. Every outcome must be a result or a typed
// SchemaCompatError subclass, each call within a time bound, with the inputs unchanged and
// Object.prototype untouched. The cases run in batches in a child process with a heap limit
// (isolated.ts): a hang or an exhausted heap fails the batch instead of stalling the suite.

const SEED = 20261213;
const BATCHES = 6;
const PER_BATCH = 20;
/** One call's time bound (the machine is shared: generous; the slowest call takes about 2 s). */
const CALL_MS = 10_000;
const LIMITS = { timeoutMs: 90_000, heapMb: 512 };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Names that are members of Object.prototype, or special to JSON Pointer and to JSON Schema. */
const WEIRD_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', '', '~', 'a/b', '~1', '$ref', 'properties', '😀'];

/** One-level schemas, valid and not: what the wide and deep features are made of. */
const LEAVES: readonly Json[] = [
  true, false, {}, { type: 'string' }, { type: 'integer', minimum: 0 }, { type: 'number', multipleOf: 0.01 },
  { type: ['string', 'null'] }, { const: null }, { enum: [1, 'a', null, { b: [2] }] }, { type: 'string', format: 'email' },
  { type: 'string', pattern: '^(a+)+$' }, { type: 'string', pattern: '(x+x+)+y' }, { type: 'string', pattern: '^[a-z]{2,5}$' },
  { type: 'object', required: ['__proto__', 'constructor'], properties: { ['__proto__']: { type: 'string' }, constructor: { type: 'integer' } } },
  { type: 'object', additionalProperties: false, propertyNames: { maxLength: 3 } },
  { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
  { not: { type: 'null' } }, { if: { type: 'string' }, then: { minLength: 1 }, else: { type: 'number' } },
  // Not schemas: each is a SchemaParseError.
  { type: 'strin' }, { minLength: -1 }, { required: 'a' }, { properties: [] }, { pattern: '(' }, { $ref: '#/definitions/constructor' },
  { $ref: '#/__proto__' }, { $schema: '__proto__' }, { $dynamicRef: '#a' }, 7, 'string', null, [],
];

/** A small schema of a few levels over the leaves, with weird property names. */
const small: fc.Arbitrary<Json> = fc.letrec<{ node: Json }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc.constantFrom(...LEAVES),
    fc.dictionary(fc.constantFrom(...WEIRD_KEYS, 'a', 'b', 'c'), tie('node'), { maxKeys: 3 }).map((properties): Json => ({ type: 'object', properties, required: Object.keys(properties).slice(0, 1) })),
    tie('node').map((items): Json => ({ type: 'array', items })),
    fc.tuple(fc.constantFrom('anyOf', 'oneOf', 'allOf'), fc.array(tie('node'), { minLength: 1, maxLength: 3 })).map(([keyword, branches]): Json => ({ [keyword]: branches })),
  ),
})).node;

/** What a writer stresses, and its JSON text (some texts hold number literals no object can). */
interface Writer {
  readonly feature: string;
  /** The small schema it is made of, if any (for the report). */
  readonly detail: string;
  readonly text: string;
  /** The same schema with its top-level lists and names in the opposite order (the text itself where there is none). */
  readonly flipped: string;
  /** What parsing it must come to, when that is known: a rule of the SchemaParseError. */
  readonly rule?: string;
}

const writer = (feature: string, schema: Json, part?: Json, rule?: string): Writer => ({
  feature, detail: part === undefined ? '' : JSON.stringify(part), text: JSON.stringify(schema), flipped: JSON.stringify(flip(schema, 1)), ...(rule === undefined ? {} : { rule }),
});

/** A value with its arrays and the names of its objects in the opposite order, `levels` below the top too. */
function flip(value: Json, levels: number): Json {
  const inner = (item: Json): Json => (levels > 0 ? flip(item, levels - 1) : item);
  if (Array.isArray(value)) return [...value].reverse().map(inner);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, inner(item)]));
}
const leaf = fc.constantFrom(...LEAVES);
const width = fc.constantFrom(1_000, 2_000, 5_000);

/** Property names: plain, Object.prototype's members first, very long, or JSON Pointer's escapes. */
function keyAt(style: string, i: number): string {
  if (style === 'weird') return WEIRD_KEYS[i] ?? `k${i}`;
  if (style === 'long') return `${'k'.repeat(200)}${i}`;
  if (style === 'pointer') return `a/b~${i}~1`;
  return `p${i}`;
}

const wideProperties = fc.record({ n: width, style: fc.constantFrom('plain', 'weird', 'long', 'pointer'), value: leaf, closed: fc.boolean() }).map(({ n, style, value, closed }) => {
  const names = Array.from({ length: n }, (_, i) => keyAt(style, i));
  return writer(`${n} properties (${style} names)`, { type: 'object', properties: Object.fromEntries(names.map((name) => [name, value])), required: names.slice(0, 20), additionalProperties: !closed }, value);
});

/** `n` branches told apart by a constant, a property's constant, a reference, or not at all (duplicates). */
const wideBranches = fc.record({ n: fc.constantFrom(100, 400, 1_000, 3_000), keyword: fc.constantFrom('anyOf', 'oneOf', 'allOf'), kind: fc.constantFrom('const', 'object', 'ref', 'same'), value: leaf }).map(({ n, keyword, kind, value }) => {
  const branch = (i: number): Json => {
    if (kind === 'const') return { const: i };
    if (kind === 'object') return { type: 'object', required: ['k'], properties: { k: { const: i }, v: value } };
    if (kind === 'ref') return { $ref: `#/definitions/b${i}` };
    return value;
  };
  const definitions = kind === 'ref' ? { definitions: Object.fromEntries(Array.from({ length: n }, (_, i) => [`b${i}`, { const: i, title: `${i}` }])) } : {};
  return writer(`${keyword} of ${n} (${kind})`, { [keyword]: Array.from({ length: n }, (_, i) => branch(i)), ...definitions }, value);
});

const wideEnum = fc.record({ n: fc.constantFrom(1_000, 10_000, 30_000), kind: fc.constantFrom('integers', 'strings', 'objects', 'mixed') }).map(({ n, kind }) => {
  const item = (i: number): Json => {
    if (kind === 'integers') return i;
    if (kind === 'strings') return `${'s'.repeat(i % 50)}${i}`;
    if (kind === 'objects') return { a: i, ['__proto__']: [i], constructor: null };
    return [i, null, `${i}`, { i }, i % 2 === 0][i % 5] as Json;
  };
  return writer(`enum of ${n} ${kind}`, { enum: Array.from({ length: n }, (_, i) => item(i)) });
});

/** A schema nested `depth` levels through one keyword, written as text (no object that deep is built here); past 256 levels parsing refuses it (TOO_DEEP). */
const NESTINGS: Readonly<Record<string, readonly [string, string]>> = {
  properties: ['{"type":"object","properties":{"__proto__":', '}}'],
  items: ['{"type":"array","items":', '}'],
  allOf: ['{"allOf":[', ']}'],
  anyOf: ['{"anyOf":[{"type":"null"},', ']}'],
  not: ['{"not":', '}'],
  additionalProperties: ['{"additionalProperties":', '}'],
  then: ['{"if":true,"then":', '}'],
};

const deep = fc.record({ depth: fc.constantFrom(10, 100, 250, 256, 257, 300, 10_000, 100_000), via: fc.constantFrom(...Object.keys(NESTINGS)), inner: leaf }).map(({ depth, via, inner }): Writer => {
  const [open, close] = NESTINGS[via] as readonly [string, string];
  const text = `${open.repeat(depth)}${JSON.stringify(inner)}${close.repeat(depth)}`;
  return { feature: `${depth} levels of ${via}`, detail: JSON.stringify(inner), text, flipped: text, ...(depth >= 300 ? { rule: 'TOO_DEEP' } : {}) };
});

/** `n` definitions that lead each to the next: by `$ref` alone, through a property, in a loop, or to nowhere. */
const chain = fc.record({ n: fc.constantFrom(1, 100, 1_000, 10_000), form: fc.constantFrom('refs', 'nested', 'loop', 'dangling'), end: leaf }).map(({ n, form, end }) => {
  const definitions: Record<string, Json> = {};
  for (let i = 0; i < n; i++) definitions[`d${i}`] = form === 'nested' ? { type: 'object', properties: { x: { $ref: `#/definitions/d${i + 1}` } } } : { $ref: `#/definitions/d${i + 1}` };
  if (form === 'loop') definitions[`d${n}`] = { $ref: '#/definitions/d0' };
  else if (form !== 'dangling') definitions[`d${n}`] = end;
  const rule = form === 'loop' ? 'REF_CYCLE' : form === 'dangling' ? 'DANGLING_REF' : undefined;
  return writer(`${form} chain of ${n}`, { $ref: '#/definitions/d0', definitions }, end, rule);
});

/** A string of 10,000 or 1,000,000 characters where a schema holds one. */
const LONG_PLACES = ['title', 'const', 'enum', 'name', 'pattern', 'ref', 'id', 'format', 'default'] as const;

function withLong(where: (typeof LONG_PLACES)[number], text: string): Json {
  switch (where) {
    case 'title': return { title: text, type: 'string' };
    case 'const': return { const: text };
    case 'enum': return { enum: [text, `${text}b`] };
    case 'name': return { type: 'object', properties: { [text]: { type: 'string' } }, required: [text] };
    case 'pattern': return { type: 'string', pattern: text };
    case 'ref': return { $ref: `#/definitions/${text}`, definitions: { [text]: { type: 'integer' } } };
    case 'id': return { $id: `https://example.com/${text}`, type: 'string' };
    case 'format': return { type: 'string', format: text };
    case 'default': return { type: 'string', default: text };
  }
}

const long = fc.record({ length: fc.constantFrom(10_000, 1_000_000), where: fc.constantFrom(...LONG_PLACES) })
  .map(({ length, where }) => writer(`${where} of ${length} characters`, withLong(where, 'a'.repeat(length))));

/** Number literals as bounds, written as text: some no object can hold (1e400 is Infinity, 1e-400 is 0). */
const numbers = fc.record({ keyword: fc.constantFrom('maxLength', 'minLength', 'maxItems', 'minItems', 'minProperties', 'maxProperties', 'minimum', 'maximum', 'multipleOf', 'exclusiveMinimum'), literal: fc.constantFrom('1e20', '4e8', '1e9', '9007199254740993', '1e308', '1e400', '-1e400', '1e-400', '5e-324', '-0', '0.5', '-1', `1${'0'.repeat(400)}`) }).map(({ keyword, literal }) => ({
  feature: `${keyword} ${literal.length > 20 ? `${literal.slice(0, 4)}... (${literal.length} digits)` : literal}`,
  detail: '',
  text: `{"type":["string","array","object","number"],"${keyword}":${literal},"properties":{"a":{"${keyword}":${literal}}}}`,
  flipped: `{"properties":{"a":{"${keyword}":${literal}}},"${keyword}":${literal},"type":["number","object","array","string"]}`,
}));

const writers: fc.Arbitrary<Writer> = fc.oneof(
  wideProperties, wideBranches, wideEnum, deep, chain, long, numbers,
  small.map((schema) => writer('small', schema, schema)),
);

/** The candidate checked against a writer: the same text, a title added, arrays and properties reordered, or another writer. */
type Change = 'same' | 'title' | 'reverse' | 'other';

function candidateText(w: Writer, change: Change, other: Writer): string {
  if (change === 'same') return w.text;
  if (change === 'other') return other.text;
  if (change === 'reverse') return w.flipped;
  return w.text.startsWith('{') ? `{"title":"v2"${w.text === '{}' ? '' : ','}${w.text.slice(1)}` : w.text;
}

interface Case {
  readonly feature: string;
  /** One line that says what the case is (fast-check reports it instead of the texts, which run to megabytes). */
  readonly what: string;
  readonly rule?: string;
  readonly change: Change;
  readonly writer: string;
  readonly candidate: string;
  readonly asText: boolean;
  readonly strategy: 'BACKWARD' | 'FORWARD' | 'FULL';
  readonly explain: boolean;
}

const cases: fc.Arbitrary<Case> = fc.record({
  w: writers,
  other: writers,
  change: fc.constantFrom<Change>('same', 'title', 'title', 'reverse', 'other'),
  asText: fc.boolean(),
  strategy: fc.constantFrom<Case['strategy']>('BACKWARD', 'FORWARD', 'FULL'),
  explain: fc.boolean(),
}).map(({ w, other, change, asText, strategy, explain }) => {
  const what = `${w.feature}${w.detail && ` of ${w.detail}`}, ${change === 'other' ? `against ${other.feature}${other.detail && ` of ${other.detail}`}` : change}, ${strategy}${explain ? ', explain' : ''}${asText ? ', as text' : ''}`;
  return {
    feature: w.feature, what, ...(w.rule === undefined ? {} : { rule: w.rule }), change, asText, strategy, explain,
    writer: w.text, candidate: candidateText(w, change, other),
    [fc.toStringMethod]: () => what,
  };
});

/** A call's outcome as the child reports it: a value, or the error's class and rule. */
type Call<T> =
  | { readonly ok: true; readonly ms: number; readonly value: T }
  | { readonly ok: false; readonly ms: number; readonly typed: boolean; readonly className: string | undefined; readonly rule: string | undefined; readonly message: string };

interface Seen {
  readonly parse: Call<string>;
  readonly check: Call<{ readonly compatible: boolean; readonly identical: boolean; readonly findings: number; readonly witnesses: number }>;
  /** The writer and candidate objects deep-equal fresh copies after both calls. */
  readonly intact: boolean;
  /** Object.prototype's own property names changed. */
  readonly polluted: boolean;
}

/** The child's script: parses each writer and checks its candidate, timing each call, and compares the inputs with copies afterwards. */
const BATCH = `
  // Deep equality of two values, iteratively (a document may nest 100,000 levels): the same own keys in the same order, prototypes, extensibility and primitives.
  const same = (a, b) => {
    for (const stack = [[a, b]]; stack.length > 0;) {
      const [x, y] = stack.pop();
      if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') {
        if (!Object.is(x, y)) return false;
        continue;
      }
      const keys = Reflect.ownKeys(x);
      if (Object.getPrototypeOf(x) !== Object.getPrototypeOf(y) || Object.isExtensible(x) !== Object.isExtensible(y) || keys.map(String).join('\\0') !== Reflect.ownKeys(y).map(String).join('\\0')) return false;
      for (const key of keys) stack.push([x[key], y[key]]);
    }
    return true;
  };
  const members = () => Object.getOwnPropertyNames(Object.prototype).sort().join();
  const before = members();
  const brief = (o) => o.ok ? o : { ok: false, ms: o.ms, typed: o.typed, className: o.className, rule: (/\\[([A-Z_]+)\\]$/.exec(String(o.message)) || [])[1], message: String(o.message).slice(0, 300) };
  return JSON.parse(input).map((c) => {
    const writer = c.asText ? c.writer : JSON.parse(c.writer);
    const candidate = c.asText ? c.candidate : JSON.parse(c.candidate);
    const parse = outcome(() => sc.parseSchema('JSON', writer).schemaType);
    const check = outcome(() => {
      const r = sc.checkCompatibility(c.strategy, candidate, [writer], { schemaType: 'JSON', explain: c.explain });
      return { compatible: r.compatible, identical: r.identical !== undefined, findings: r.incompatibilities.length, witnesses: r.incompatibilities.filter((f) => 'witness' in f).length };
    });
    const intact = c.asText || (same(writer, JSON.parse(c.writer)) && same(candidate, JSON.parse(c.candidate)));
    return { parse: brief(parse), check: brief(check), intact, polluted: members() !== before };
  });`;

/** The errors a JSON Schema parse or check may throw (docs/json-schema.md): a bad document, or a comparison nested past the stack. */
const TYPED = ['SchemaParseError', 'CheckTooDeepError'];

describe('fuzz: the JSON Schema parser and checker take wide, deep and long input with typed errors, in bounded time and memory', () => {
  it(`${BATCHES * PER_BATCH} seeded cases (seed ${SEED})`, async () => {
    const tally = { cases: 0, parsed: 0, compatible: 0, incompatible: 0, witnesses: 0, errors: new Map<string, number>(), slowest: { ms: 0, what: '' }, peakRssMb: 0, features: new Set<string>() };
    const count = (key: string): void => {
      tally.errors.set(key, (tally.errors.get(key) ?? 0) + 1);
    };
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(cases, { minLength: PER_BATCH, maxLength: PER_BATCH }), async (batch) => {
        const result = await isolated<Seen[]>(BATCH, JSON.stringify(batch), LIMITS);
        const seen = done(result);
        if (result.status === 'done') tally.peakRssMb = Math.max(tally.peakRssMb, result.peakRssMb);
        const problems: string[] = [];
        batch.forEach((c, i) => {
          const { parse, check, intact, polluted } = seen[i] as Seen;
          const problem = (text: string): number => problems.push(`${c.what}: ${text}`);
          // Each call: a value or a typed error of a known class, in time; nothing mutated or polluted.
          for (const [name, call] of [['parse', parse], ['check', check]] as const) {
            if (!call.ok && !(call.typed && TYPED.includes(String(call.className)))) problem(`${name} threw an untyped ${String(call.className)}: ${call.message}`);
            if (call.ms > CALL_MS) problem(`${name} took ${call.ms} ms`);
          }
          if (!intact) problem('an input object was changed');
          if (polluted) problem("Object.prototype's members changed");
          // What is known of the case: its parse error, and that the same schema or one retitled is compatible.
          if (c.rule !== undefined && (parse.ok || parse.rule !== c.rule)) problem(`parse: expected ${c.rule}, got ${parse.ok ? 'a schema' : `${String(parse.rule)}: ${parse.message}`}`);
          // (A comparison that follows a chain of about a thousand distinct definitions is a CheckTooDeepError: docs/json-schema.md, "Limits".)
          const deepChain = !check.ok && check.className === 'CheckTooDeepError' && c.feature.startsWith('nested chain');
          if (parse.ok && (c.change === 'same' || c.change === 'title') && !(check.ok && check.value.compatible) && !deepChain) problem(`not compatible with itself: ${JSON.stringify(check)}`);
          if (parse.ok && c.change === 'same' && !(check.ok && check.value.identical)) problem('not identical to itself');
          tally.cases++;
          tally.features.add(c.feature.replace(/[\d,.]+/g, 'n'));
          if (parse.ok) tally.parsed++;
          else count(`parse ${String(parse.className)} ${String(parse.rule)}`);
          if (check.ok) {
            tally[check.value.compatible ? 'compatible' : 'incompatible']++;
            tally.witnesses += check.value.witnesses;
          } else count(`check ${String(check.className)}${check.rule === undefined ? '' : ` ${check.rule}`}`);
          for (const [call, ms] of [['parse', parse.ms], ['check', check.ms]] as const) if (ms > tally.slowest.ms) tally.slowest = { ms, what: `${call} of ${c.what}` };
        });
        if (problems.length > 0) throw new Error(`${problems.length} of ${batch.length} cases failed:\n${problems.join('\n')}`);
      }),
      { seed: SEED, numRuns: BATCHES, endOnFailure: true },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(`[json-schema-parser-fuzz] ${tally.cases} cases in ${seconds} s (seed ${SEED}): ${tally.parsed} writers parsed; checks ${tally.compatible} compatible, ${tally.incompatible} incompatible (${tally.witnesses} witnesses); errors ${JSON.stringify(Object.fromEntries([...tally.errors].sort()))}; slowest call ${tally.slowest.ms} ms (${tally.slowest.what}); peak RSS ${tally.peakRssMb} MB; ${tally.features.size} feature kinds`);
    expect(tally.cases).toBe(BATCHES * PER_BATCH);
  }, 600_000);
});
