import { describe, expect, it } from 'vitest';
import { JsonSchemaChecker, checkCompatibility, parseSchema } from 'schema-compat';

// Issue 17 item 4: a history check shares results of self-contained sub-schema pairs between its
// versions (diff/shared.ts); each version's verdict and findings must be those of a separate check.
const property = (i: number, n: number): object => (i % 3 === 0 ? { type: 'string', maxLength: 5 + (n % 4) } : i % 3 === 1 ? { type: 'integer', maximum: n % 5 } : { type: 'array', items: { type: 'string', pattern: `^[a-${'bcd'[n % 3]}]+$` } });
const version = (n: number, extra: object = {}): object => ({
  type: 'object',
  properties: { ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${i}`, property(i, n + i)])), ...extra },
  required: ['p0'],
});
// The candidate is identical to no version (an identical one would end the check before any pair).
const candidateText = JSON.stringify(version(7, { added: { type: 'string' } }));

describe('JSON Schema history session', () => {
  const checker = new JsonSchemaChecker();
  const versions = Array.from({ length: 30 }, (_, n) => checker.parse(version(n)));
  const candidate = checker.parse(candidateText);

  it('gives each version the findings of a separate canRead, in both directions', () => {
    const session = checker.openSession({ candidate, versions });
    for (const stored of versions) {
      expect(session.canRead(candidate, stored)).toEqual(checker.canRead(candidate, stored));
      expect(session.canRead(stored, candidate)).toEqual(checker.canRead(stored, candidate));
    }
    // Some versions differ from the candidate in ways it cannot read, so shared results are not all empty.
    expect(versions.some((stored) => !checker.canRead(candidate, stored).compatible)).toBe(true);
  });

  it('gives checkCompatibility the same findings as one check per version', () => {
    const texts = versions.map((_, n) => JSON.stringify(version(n)));
    const whole = checkCompatibility('FULL_TRANSITIVE', parseSchema('JSON', candidateText), texts.map((text) => parseSchema('JSON', text)));
    const separate = texts.flatMap((text) => checkCompatibility('FULL', candidateText, [text], { schemaType: 'JSON' }).incompatibilities.map((finding) => [finding.type, finding.location]));
    expect(whole.incompatibilities.map((finding) => [finding.type, finding.location]).sort()).toEqual(separate.sort());
  });

  it('agrees with canRead when versions reorder, drop, add and newly require properties, some reached through $ref or boolean', () => {
    // Each shape exercises another way of telling alike properties: the property lists of a history
    // check (aligned or not), the written JSON of two reference-free objects, or the nodes themselves.
    const shapes = (n: number): object => {
      const names = Array.from({ length: 8 }, (_, i) => `q${i}`);
      const order = n % 3 === 0 ? names : n % 3 === 1 ? [...names].reverse() : names.filter((_, i) => i !== n % 8);
      const schemaOf = (i: number): object | boolean => (i === 5 ? n % 2 === 0 : i === 6 ? { $ref: '#/definitions/shared' } : { type: i % 2 ? 'integer' : 'string', ...(i === n % 8 ? { maximum: n } : {}) });
      return {
        type: 'object',
        definitions: { shared: { type: 'string', maxLength: 3 + (n % 3) } },
        properties: Object.fromEntries([...order.map((name) => [name, schemaOf(Number(name.slice(1)))]), ...(n % 4 === 0 ? [[`extra${n}`, { type: 'string', default: 'x' }]] : [])]),
        required: n % 5 === 0 ? ['q0', `extra${n}`] : ['q0', `q${1 + (n % 3)}`],
        additionalProperties: n % 2 === 0,
      };
    };
    const stored = Array.from({ length: 24 }, (_, n) => checker.parse(shapes(n)));
    for (const candidate of [checker.parse(shapes(100)), checker.parse(shapes(101)), checker.parse(shapes(103))]) {
      const session = checker.openSession({ candidate, versions: stored });
      for (const version of stored) {
        expect(session.canRead(candidate, version)).toEqual(checker.canRead(candidate, version));
        expect(session.canRead(version, candidate)).toEqual(checker.canRead(version, candidate));
      }
    }
    // The versions differ from the candidate in many ways, so the compared findings are not all alike.
    const candidate = checker.parse(shapes(100));
    const findingLists = new Set(stored.map((version) => JSON.stringify(checker.canRead(candidate, version).incompatibilities)));
    expect(findingLists.size).toBeGreaterThan(5);
  });
});
