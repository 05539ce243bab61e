import { describe, expect, it } from 'vitest';
import { JsonSchemaChecker, JsonWitnessReason, explainJsonWitness } from 'schema-compat';
import type { JsonTypeSchema } from 'schema-compat';
import { ajvErrors, instancePattern, rejectedAt } from './witness-location.js';
import { parsedVectorPairs, vectorPairs } from './witness-vectors.js';

type Doc = Extract<JsonTypeSchema, { kind: 'json-schema' }>;
const checker = new JsonSchemaChecker();
const parse = (raw: unknown): Doc => checker.parse(raw as object) as Doc;

interface Agreement {
  witnesses: number;
  located: number;
  /** Witnesses ajv gives no errors for: draft 4 schemas, or schemas ajv refuses. */
  unjudged: number;
  elsewhere: string[];
}

/** Every witness of the vector pairs, validated by ajv under the reader: are its errors at the finding's place? */
function measure(): Agreement {
  const out: Agreement = { witnesses: 0, located: 0, unjudged: 0, elsewhere: [] };
  for (const pair of parsedVectorPairs().pairs) {
    const { reader, writer } = pair.parsed;
    const judge = ajvErrors(reader.draft, pair.reader);
    for (const finding of checker.canRead(reader, writer).incompatibilities) {
      const found = explainJsonWitness(reader, writer, finding);
      if (!('instance' in found)) continue;
      out.witnesses++;
      if (typeof judge !== 'function') {
        out.unjudged++;
        continue;
      }
      const errors = judge(found.instance);
      if (errors === undefined) {
        out.unjudged++;
        continue;
      }
      if (rejectedAt(errors, instancePattern(finding.location))) out.located++;
      else out.elsewhere.push(`${pair.source} | ${pair.name} | ${finding.type} ${finding.location}: ${JSON.stringify(found.instance)} rejected at ${errors.map((error) => `/${error.path.join('/')} (${error.keyword})`).join(', ') || 'nothing'}`);
    }
  }
  return out;
}

describe('witnesses show their own finding', () => {
  it('the reader (ajv, every error) rejects each witness of the vector pairs at its finding\'s place', () => {
    if (!vectorPairs().confluentPresent) console.log('[witness location] confluent json-schema-provider vectors SKIPPED (../shared/vectors not present)');
    const agreement = measure();
    const judged = agreement.witnesses - agreement.unjudged;
    console.log(`[witness location] agreement ${agreement.located}/${judged} (${((100 * agreement.located) / judged).toFixed(1)}%) of the witnesses ajv judges; ${agreement.unjudged} more not judged (draft 4, refused by ajv, or a $ref cycle ajv overflows on)`);
    for (const line of agreement.elsewhere) console.log(`  [witness location] ELSEWHERE ${line}`);
    expect(agreement.elsewhere).toEqual([]);
  });
});

describe('witnesses of pairs with several changes', () => {
  const witnesses = (reader: unknown, writer: unknown): Array<[string, string, unknown]> => {
    const [r, w] = [parse(reader), parse(writer)];
    return checker.canRead(r, w).incompatibilities.map((finding) => {
      const found = explainJsonWitness(r, w, finding);
      return [finding.type, finding.location, 'instance' in found ? found.instance : found.reason];
    });
  };

  it('each witness is rejected for its own finding, not for a property the reader newly requires', () => {
    const writer = { type: 'object', properties: { amount: { type: 'number' }, note: { type: 'string', maxLength: 200 } } };
    const reader = { type: 'object', properties: { amount: { type: 'integer' }, note: { type: 'string', maxLength: 100 }, currency: { type: 'string' } }, required: ['currency'] };
    const found = witnesses(reader, writer);
    expect(found.map(([type, location]) => `${type} ${location}`)).toEqual(['TYPE_NARROWED #/properties/amount', 'MAX_LENGTH_DECREASED #/properties/note/maxLength', 'REQUIRED_PROPERTY_ADDED_TO_OPEN_CONTENT_MODEL #/properties/currency']);
    const judge = ajvErrors('draft-07', reader);
    if (typeof judge !== 'function') throw new Error('ajv refused the reader');
    for (const [, location, instance] of found) {
      expect(rejectedAt(judge(instance) ?? [], instancePattern(location)), `${location}: ${JSON.stringify(instance)}`).toBe(true);
      expect(ajvErrors('draft-07', writer)).toBeTypeOf('function');
    }
    expect(found[0]?.[2]).toEqual({ currency: '', amount: 0.5 });
    expect((found[1]?.[2] as { note: string }).note).toHaveLength(200);
  });

  it('says REJECTED_ELSEWHERE when every rejected instance is also rejected at another finding\'s place', () => {
    // Position 1 needs an item at position 0, where writer and reader disagree on every value.
    expect(witnesses({ type: 'array', items: [{ type: 'string' }, { type: 'integer' }] }, { type: 'array', items: [{ type: 'integer' }, { type: 'string' }] }))
      .toEqual([['TYPE_CHANGED', '#/items/0', [0]], ['TYPE_CHANGED', '#/items/1', JsonWitnessReason.REJECTED_ELSEWHERE]]);
  });
});

describe('witnesses under patternProperties and additionalProperties', () => {
  const only = (reader: unknown, writer: unknown): unknown => {
    const [r, w] = [parse(reader), parse(writer)];
    const findings = checker.canRead(r, w).incompatibilities;
    expect(findings).toHaveLength(1);
    const found = explainJsonWitness(r, w, findings[0] as never);
    return 'instance' in found ? found.instance : found.reason;
  };
  const inner = { type: 'object', properties: { b: { type: 'boolean' } } };

  it('a changed pattern schema: a name the pattern matches holds the changed value', () => {
    expect(only({ type: 'object', patternProperties: { '^x': inner } }, { type: 'object', patternProperties: { '^x': { type: 'object' } } })).toEqual({ x: { b: {} } });
    expect(only({ type: 'object', patternProperties: { '_id$': { type: 'object', properties: { n: { type: 'integer', maximum: 3 } } } } }, { type: 'object', patternProperties: { '_id$': { type: 'object', properties: { n: { type: 'integer' } } } } }))
      .toEqual({ _id: { n: 7 } });
  });

  it('a changed additionalProperties schema: a name no property or pattern covers', () => {
    expect(only({ type: 'object', additionalProperties: inner }, { type: 'object', additionalProperties: { type: 'object' } })).toEqual({ extra: { b: {} } });
    expect(only({ type: 'object', properties: { extra: {} }, patternProperties: { '^x': {} }, additionalProperties: inner }, { type: 'object', properties: { extra: {} }, patternProperties: { '^x': {} }, additionalProperties: { type: 'object' } }))
      .toEqual({ z9: { b: {} } });
  });

  it('a pattern only the reader has: a name the closed writer allows', () => {
    expect(only({ type: 'object', patternProperties: { '^x': { type: 'string' }, 'x$': { type: 'integer' } }, additionalProperties: false }, { type: 'object', patternProperties: { '^x': { type: 'string' } }, additionalProperties: false }))
      .toEqual({ x: '' });
  });
});
