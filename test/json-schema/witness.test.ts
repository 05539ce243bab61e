import { describe, expect, it } from 'vitest';
import { JsonSchemaChecker, JsonWitnessReason, explainJsonWitness, jsonSchemaExplainer, validateInstance } from 'schema-compat';
import type { JsonTypeSchema } from 'schema-compat';
import { ajvValidator } from './witness-ajv.js';
import type { AjvRefusal } from './witness-ajv.js';
import { parsedVectorPairs } from './witness-vectors.js';

type Doc = Extract<JsonTypeSchema, { kind: 'json-schema' }>;
const checker = new JsonSchemaChecker();
const parse = (raw: unknown): Doc => checker.parse(raw as object) as Doc;

interface Tally {
  verified: number;
  oursOnly: Map<string, number>;
  none: Map<string, string[]>;
  refused: string[];
  unparsed: number;
}

/** Every incompatibility of every vector pair: a witness (writer accepts, reader rejects, by ajv and by our validator) or a stated reason. */
function tallyVectors(): Tally {
  const tally: Tally = { verified: 0, oursOnly: new Map(), none: new Map(), refused: [], unparsed: 0 };
  const parsed = parsedVectorPairs();
  tally.unparsed = parsed.unparsed;
  for (const pair of parsed.pairs) {
    const { reader, writer } = pair.parsed;
    const result = checker.canRead(reader, writer);
    const ajvWriter = ajvValidator(writer.draft, pair.writer);
    const ajvReader = ajvValidator(reader.draft, pair.reader);
    for (const finding of result.incompatibilities) {
      const found = explainJsonWitness(reader, writer, finding);
      const label = `${pair.source} | ${pair.name} | ${finding.type} ${finding.location}`;
      if ('reason' in found) {
        tally.none.set(found.reason, [...(tally.none.get(found.reason) ?? []), label]);
        continue;
      }
      const ours = validateInstance(writer.root, found.instance) === 'valid' && validateInstance(reader.root, found.instance) === 'invalid';
      if (typeof ajvWriter !== 'function' || typeof ajvReader !== 'function') {
        if (ours) tally.oursOnly.set(refusal(ajvWriter, ajvReader), (tally.oursOnly.get(refusal(ajvWriter, ajvReader)) ?? 0) + 1);
        else tally.refused.push(`${label}: ${JSON.stringify(found.instance)} (ours)`);
      } else if (ours && ajvWriter(found.instance) && !ajvReader(found.instance)) tally.verified++;
      else tally.refused.push(`${label}: ${JSON.stringify(found.instance)} (ajv writer ${ajvWriter(found.instance)}, reader ${ajvReader(found.instance)})`);
    }
  }
  return tally;
}

function refusal(...sides: ReadonlyArray<((instance: unknown) => boolean) | AjvRefusal>): string {
  return sides.map((side) => (typeof side === 'function' ? undefined : side.refused)).find((text) => text !== undefined)?.replace(/:.*$/, '') ?? '';
}

describe('JSON Schema witnesses on the vectors', () => {
  it('gives every incompatibility a witness verified by ajv (draft 4: by our validator), or a stated reason', () => {
    const tally = tallyVectors();
    const none = [...tally.none.values()].reduce((sum, list) => sum + list.length, 0);
    const reasons = [...tally.none.entries()].map(([reason, list]) => `${reason} ${list.length}`).join(', ');
    const oursOnly = [...tally.oursOnly.entries()].map(([why, count]) => `${count} ${why}`).join(', ');
    console.log(`[json witness] verified ${tally.verified} by ajv + by our validator only: ${oursOnly || 'none'}; none ${none} (${reasons || 'no reasons'}), refused ${tally.refused.length}, unparsed pairs ${tally.unparsed}`);
    for (const [reason, list] of tally.none) for (const label of list) console.log(`  [json witness] none ${reason}: ${label}`);
    for (const label of tally.refused) console.log(`  [json witness] REFUSED ${label}`);
    expect(tally.refused).toEqual([]);
    // Most findings are refuted by an instance; the rest are Confluent rules stricter than the instances (docs/json-schema.md, "Witnesses").
    const built = tally.verified + [...tally.oursOnly.values()].reduce((sum, count) => sum + count, 0);
    expect(built / (built + none)).toBeGreaterThan(0.85);
    for (const reason of tally.none.keys()) expect(Object.values(JsonWitnessReason)).toContain(reason);
  });
});

const explain = (reader: unknown, writer: unknown, roles?: { reader: 'new' | 'old'; writer: 'new' | 'old' }): unknown[] => {
  const [r, w] = [parse(reader), parse(writer)];
  const explainer = jsonSchemaExplainer(r, w, roles);
  return checker.canRead(r, w).incompatibilities.map((finding) => ({ type: finding.type, location: finding.location, ...explainer(finding) }));
};

describe('jsonSchemaExplainer', () => {
  it('builds the witness from the finding: the writer\'s maxLength, wrapped in the simplest enclosing object', () => {
    const writer = { type: 'object', properties: { a: { type: 'string', maxLength: 5 } } };
    const reader = { type: 'object', properties: { a: { type: 'string', maxLength: 3 } } };
    expect(explain(reader, writer)).toEqual([{
      type: 'MAX_LENGTH_DECREASED', location: '#/properties/a/maxLength',
      hint: 'Raise or remove "maxLength" at #/properties/a/maxLength in the reader: it must allow at least what the writer allows.',
      witness: { json: { a: 'aaaaa' } },
    }]);
  });

  it('a required property the writer may omit: the simplest writer instance lacks it; the hint says defaults do not help', () => {
    const writer = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a'] };
    const reader = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer', default: 0 } }, required: ['a', 'b'] };
    expect(explain(reader, writer, { reader: 'new', writer: 'old' })).toEqual([{
      type: 'REQUIRED_ATTRIBUTE_WITH_DEFAULT_ADDED', location: '#/required/b',
      hint: 'Drop "b" from "required" in the new schema: instances of the old schema may lack it, and a "default" does not help because validators never fill it in.',
      witness: { json: { a: '' } },
    }]);
  });

  it('in a FORWARD check (the reader is the old schema) the hint changes the new schema back', () => {
    const explanations = explain({ type: 'string', maxLength: 3 }, { type: 'string' }, { reader: 'old', writer: 'new' });
    expect(explanations).toEqual([{
      type: 'MAX_LENGTH_ADDED', location: '#/maxLength',
      hint: 'Raise or remove "maxLength" at #/maxLength in the old schema: it must allow at least what the new schema allows; or, as the old schema is already registered, make the new schema accept no more than the old one there.',
      witness: { json: 'aaaa' },
    }]);
  });

  it('tells apart instance types, numeric bounds, enums, closed content models and array lengths', () => {
    const witnesses = (reader: unknown, writer: unknown): unknown[] => explain(reader, writer).map((entry) => [(entry as { type: string }).type, (entry as { witness?: { json: unknown } }).witness?.json]);
    expect(witnesses({ type: 'string' }, { type: ['string', 'null'] })).toEqual([['TYPE_CHANGED', null]]);
    expect(witnesses({ type: 'number', maximum: 10 }, { type: 'number' })).toEqual([['MAXIMUM_ADDED', 1000000]]);
    expect(witnesses({ enum: ['a'] }, { enum: ['a', 'b'] })).toEqual([['ENUM_ARRAY_NARROWED', 'b']]);
    expect(witnesses({ type: 'object', properties: { a: {} }, additionalProperties: false }, { type: 'object', properties: { a: {}, b: { type: 'string' } }, additionalProperties: false })).toEqual([['PROPERTY_REMOVED_FROM_CLOSED_CONTENT_MODEL', { b: '' }]]);
    expect(witnesses({ type: 'array', maxItems: 1 }, { type: 'array', items: { type: 'integer' } })).toEqual([['MAX_ITEMS_ADDED', [0, 0]]]);
  });

  it('gives no witness and says why when the writer accepts nothing or no built instance refutes the finding', () => {
    const checkerPair = (reader: unknown, writer: unknown): unknown[] => {
      const [r, w] = [parse(reader), parse(writer)];
      return checker.canRead(r, w).incompatibilities.map((finding) => explainJsonWitness(r, w, finding));
    };
    expect(checkerPair(false, { not: {} })).toEqual([{ reason: JsonWitnessReason.NO_WRITER_INSTANCE }]);
    // "a*" matches every string: Confluent's rule flags the new pattern, no instance refutes it.
    expect(checkerPair({ type: 'string', pattern: 'a*' }, { type: 'string' })).toEqual([{ reason: JsonWitnessReason.NO_REJECTED_INSTANCE }]);
  });

  it('a schema against itself has no findings, and every instance our generator builds for it is valid', () => {
    const schema = parse({ type: 'object', properties: { a: { type: 'array', items: { $ref: '#' } }, b: { type: 'string', pattern: '^[a-z]{2}\\d$' } }, required: ['b'] });
    expect(checker.canRead(schema, schema).incompatibilities).toEqual([]);
    const finding = { type: 'TYPE_CHANGED', location: '#/', message: '' };
    expect(explainJsonWitness(schema, schema, finding)).toEqual({ reason: JsonWitnessReason.NO_REJECTED_INSTANCE });
  });

  it('bad input: locations that point nowhere fall back to the whole writer; non-JSON-Schema findings get neither hint nor witness', () => {
    const [r, w] = [parse({ type: 'string' }), parse({ type: 'integer' })];
    const explainer = jsonSchemaExplainer(r, w);
    expect(explainer({ type: 'TYPE_CHANGED', location: '#/properties/nowhere/items/7/maxLength', message: '' }).witness).toEqual({ json: 0 });
    expect(explainer({ type: 'SCHEMA_FORMAT_CHANGED', location: '/', message: '' })).toEqual({});
    const avro = checker.parse({ type: 'record', name: 'R', fields: [] });
    expect(explainJsonWitness(avro, avro, { type: 'TYPE_CHANGED', location: '#/', message: '' })).toEqual({ reason: JsonWitnessReason.NOT_JSON_SCHEMA });
    expect(jsonSchemaExplainer(avro, avro)({ type: 'READER_FIELD_MISSING_DEFAULT_VALUE', location: '/fields/0', message: '' })).toEqual({});
  });
});

describe('validateInstance', () => {
  it('judges each keyword family as the drafts define it', () => {
    const verdicts = (schema: unknown, instances: unknown[]): string[] => instances.map((instance) => validateInstance(parse(schema).root, instance as never));
    expect(verdicts({ $schema: 'http://json-schema.org/draft-04/schema#', maximum: 5, exclusiveMaximum: true }, [4, 5, 'x'])).toEqual(['valid', 'invalid', 'valid']);
    expect(verdicts({ $schema: 'https://json-schema.org/draft/2020-12/schema', allOf: [{ properties: { a: {} } }], unevaluatedProperties: false }, [{ a: 1 }, { a: 1, b: 2 }])).toEqual(['valid', 'invalid']);
    expect(verdicts({ $schema: 'https://json-schema.org/draft/2020-12/schema', prefixItems: [{ type: 'integer' }], items: false }, [[1], [1, 2], ['x']])).toEqual(['valid', 'invalid', 'invalid']);
    expect(verdicts({ type: 'string', minLength: 2, format: 'date' }, ['2024-02-29', '2023-02-29', '😀'])).toEqual(['valid', 'invalid', 'invalid']);
    expect(verdicts({ oneOf: [{ type: 'integer' }, { type: 'number' }] }, [1, 1.5])).toEqual(['invalid', 'valid']);
    expect(verdicts({ dependencies: { a: ['b'] }, propertyNames: { maxLength: 1 } }, [{ a: 1, b: 2 }, { a: 1 }, { ab: 1 }])).toEqual(['valid', 'invalid', 'invalid']);
    expect(verdicts({ type: 'array', contains: { const: 1 }, uniqueItems: true }, [[1, 2], [2], [1, 1]])).toEqual(['valid', 'invalid', 'invalid']);
  });

  it('answers undecided for a $ref cycle that never consumes the instance, instead of overflowing', () => {
    const schema = parse({ $schema: 'https://json-schema.org/draft/2020-12/schema', $defs: { V: { allOf: [{ $ref: '#/$defs/V' }, { type: 'string' }] } }, $ref: '#/$defs/V' });
    expect(validateInstance(schema.root, 'x')).toBe('undecided');
  });
});
