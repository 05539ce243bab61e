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
});
