import { describe, expect, it } from 'vitest';
import { JsonSchemaChecker, checkCompatibility, parseSchema } from 'schema-compat';

// Issue 27: a history check walks each version's property list after the previous version's
// against the same candidate and compares again only where the lists differ (diff/listed.ts).
// Histories made by random edits, each a real subject's shape (properties added at the end or in
// the middle, removed, renamed, reordered, newly required, retyped, reached through `$ref`s whose
// definitions change, content models opened and closed), must give every version the findings of
// a separate check, in the same order, whatever order the versions are visited in.

type Json = Record<string, unknown>;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const KINDS: ReadonlyArray<(n: number) => unknown> = [
  (n) => ({ type: 'string', maxLength: 5 + (n % 4) }),
  (n) => ({ type: 'integer', maximum: n % 5 }),
  (n) => ({ type: 'number', minimum: -(n % 3) }),
  (n) => ({ type: 'array', items: { type: 'string', pattern: `^[a-${'bcd'[n % 3]}]+$` } }),
  (n) => ({ type: 'object', properties: { a: { type: 'string' }, b: { enum: ['x', `y${n % 2}`] } }, required: n % 2 ? ['a'] : [], additionalProperties: n % 3 === 0 }),
  (n) => ({ $ref: `#/definitions/d${n % 2}` }),
  (n) => n % 2 === 0,
  (n) => ({ oneOf: [{ type: 'null' }, { type: 'string', minLength: n % 3 }] }),
  (n) => ({ type: 'string', default: `v${n % 2}` }),
];

function edit(previous: Json, next: () => number): Json {
  const schema = structuredClone(previous) as { properties: Json; required: string[]; definitions: Json; additionalProperties?: unknown; patternProperties?: Json };
  const pick = (): string => {
    const names = Object.keys(schema.properties);
    return names[Math.floor(next() * names.length)] as string;
  };
  const fresh = (): unknown => (KINDS[Math.floor(next() * KINDS.length)] as (n: number) => unknown)(Math.floor(next() * 10));
  const edits = 1 + Math.floor(next() * 3);
  for (let k = 0; k < edits; k++) {
    const choice = Math.floor(next() * 10);
    if (choice === 0) schema.properties[`added${Math.floor(next() * 1000)}`] = fresh();
    else if (choice === 1 && Object.keys(schema.properties).length > 2) delete schema.properties[pick()];
    else if (choice === 2) {
      // Insert in the middle: rebuild the map with a new name before a chosen one.
      const before = pick();
      schema.properties = Object.fromEntries(Object.entries(schema.properties).flatMap(([name, value]) => (name === before ? [[`mid${Math.floor(next() * 1000)}`, fresh()], [name, value]] : [[name, value]])));
    } else if (choice === 3) {
      const [a, b] = [pick(), pick()];
      schema.properties = Object.fromEntries(Object.entries(schema.properties).map(([name, value]) => [name === a ? b : name === b ? a : name, name === a ? schema.properties[b] : name === b ? schema.properties[a] : value]));
    } else if (choice === 4) {
      const name = pick();
      schema.required = schema.required.includes(name) ? schema.required.filter((other) => other !== name) : [...schema.required, name];
    } else if (choice === 5) schema.definitions[`d${Math.floor(next() * 2)}`] = { type: 'string', maxLength: 1 + Math.floor(next() * 9) };
    else if (choice === 6) schema.additionalProperties = [true, false, { type: 'string' }, undefined][Math.floor(next() * 4)];
    else if (choice === 7) schema.patternProperties = next() < 0.5 ? { '^added': { type: 'string' } } : {};
    else schema.properties[pick()] = fresh();
  }
  if (schema.additionalProperties === undefined) delete schema.additionalProperties;
  schema.required = schema.required.filter((name, i, all) => all.indexOf(name) === i);
  return schema;
}

function history(seed: number, length: number): Json[] {
  const next = random(seed);
  const properties = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`p${i}`, (KINDS[i % KINDS.length] as (n: number) => unknown)(i)]));
  const versions: Json[] = [{ type: 'object', definitions: { d0: { type: 'string' }, d1: { type: 'integer' } }, properties, required: ['p0', 'p3'] }];
  while (versions.length < length) versions.push(edit(versions[versions.length - 1] as Json, next));
  return versions;
}

describe('JSON Schema history walk (changes between consecutive versions)', () => {
  const checker = new JsonSchemaChecker();

  it('gives every version the findings of a separate check, visited newest first, oldest first and again', () => {
    let compared = 0;
    const verdicts = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const texts = history(seed, 14);
      const stored = texts.map((schema) => checker.parse(schema));
      const next = random(seed * 7919);
      const candidates = [edit(texts[texts.length - 1] as Json, next), edit(texts[0] as Json, next), edit(edit(texts[6] as Json, next), next)].map((schema) => checker.parse(schema));
      for (const candidate of candidates) {
        const session = checker.openSession({ candidate, versions: stored });
        const orders = [[...stored].reverse(), stored, [...stored].reverse()];
        for (const order of orders) {
          for (const version of order) {
            const backward = checker.canRead(candidate, version);
            const forward = checker.canRead(version, candidate);
            expect(session.canRead(candidate, version)).toEqual(backward);
            expect(session.canRead(version, candidate)).toEqual(forward);
            verdicts.add(JSON.stringify(backward.incompatibilities.map((finding) => finding.type)));
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(30 * 3 * 3 * 14);
    // The edits reach many kinds of findings, so that the comparison is not of empty lists.
    expect(verdicts.size).toBeGreaterThan(40);
  });

  it('gives checkCompatibility the findings of one check per version, in order, on a second check of the same stored versions too', () => {
    for (let seed = 31; seed <= 40; seed++) {
      const texts = history(seed, 20);
      const stored = texts.map((schema) => parseSchema('JSON', schema));
      // A property no version has: the candidate is identical to none (that would end the check before any pair).
      const edited = edit(texts[texts.length - 1] as Json, random(seed)) as { properties: Json };
      const candidate = { ...edited, properties: { ...edited.properties, candidateOnly: { type: 'string' } } };
      const separate = [...texts].reverse().flatMap((schema, i) =>
        checkCompatibility('FULL', candidate, [schema], { schemaType: 'JSON' }).incompatibilities.map((finding) => ({ ...finding, version: texts.length - i })),
      );
      for (let round = 0; round < 2; round++) {
        const whole = checkCompatibility('FULL_TRANSITIVE', parseSchema('JSON', candidate), stored);
        expect(whole.incompatibilities).toEqual(separate);
      }
    }
  });

  it('reports a required property the candidate adds to each version that lacks it, in a history that only ever appends', () => {
    // A subject's usual shape: each version appends a property, the candidate requires them all in
    // a closed model. Walking newest first, each older version lacks one more of the candidate's names.
    const names = Array.from({ length: 12 }, (_, i) => `f${i}`);
    const version = (n: number): object => ({ type: 'object', properties: Object.fromEntries(names.slice(0, n).map((name) => [name, { type: 'string' }])), required: names.slice(0, n), additionalProperties: false });
    const stored = Array.from({ length: 10 }, (_, i) => checker.parse(version(i + 2)));
    const candidate = checker.parse(version(12));
    const session = checker.openSession({ candidate, versions: stored });
    for (const order of [[...stored].reverse(), stored]) {
      for (const stored of order) {
        expect(session.canRead(candidate, stored)).toEqual(checker.canRead(candidate, stored));
        expect(session.canRead(stored, candidate)).toEqual(checker.canRead(stored, candidate));
      }
    }
    const oldest = session.canRead(candidate, stored[0] as never);
    expect(oldest.incompatibilities.map((finding) => finding.location)).toEqual(names.slice(2).map((name) => `#/properties/${name}`));
  });

  it('compares again a property whose result went through a `$ref` of the candidate, which the session remembers', () => {
    // The candidate's a1 and a2 are one definition; a version's pattern covers the names it does not
    // declare. A pair met again through a reference reports only its first incompatibility past 16
    // differences (diff/session.ts): where a version lacks both, a2 meets the pair a1 met and is
    // reported short; where it declares a1, a2 is compared in full.
    const fields = (type: string): object => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`x${i}`, { type }])), additionalProperties: false });
    const candidate = checker.parse({ type: 'object', definitions: { shared: fields('string') }, properties: { a1: { $ref: '#/definitions/shared' }, a2: { $ref: '#/definitions/shared' } } });
    const version = (declared: object): object => ({ type: 'object', properties: declared, patternProperties: { '^a': fields('integer') } });
    const stored = [{ a1: fields('integer') }, {}, { a1: fields('integer') }, {}].map((declared) => checker.parse(version(declared)));
    const session = checker.openSession({ candidate, versions: stored });
    const lengths: number[] = [];
    for (const each of [...stored].reverse()) {
      const alone = checker.canRead(candidate, each);
      expect(session.canRead(candidate, each)).toEqual(alone);
      lengths.push(alone.incompatibilities.length);
    }
    expect(lengths).toEqual([23, 41, 23, 41]);
  });

  it('tells a candidate identical to a version by its JSON, whatever its key order, and never by its property count alone', () => {
    // isIdentical first compares the root property counts, then the written properties (checker.ts).
    const base = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a'] };
    const reordered = { required: ['a'], properties: { b: { type: 'integer' }, a: { type: 'string' } }, type: 'object' };
    const oneMore = { ...base, properties: { ...base.properties, c: { type: 'string' } } };
    const sameCount = { ...base, properties: { a: { type: 'string' }, c: { type: 'integer' } } };
    const stored = [oneMore, sameCount, base].map((schema) => parseSchema('JSON', schema));
    expect(checkCompatibility('BACKWARD_TRANSITIVE', reordered, stored, { schemaType: 'JSON' }).identical).toEqual({ version: 3 });
    expect(checkCompatibility('BACKWARD_TRANSITIVE', reordered, stored.slice(0, 2), { schemaType: 'JSON' }).identical).toBeUndefined();
    expect(checker.isIdentical(checker.parse(oneMore), checker.parse(base))).toBe(false);
    expect(checker.isIdentical(checker.parse(sameCount), checker.parse(base))).toBe(false);
    expect(checker.isIdentical(checker.parse(reordered), checker.parse(base))).toBe(true);
  });
});
