import { describe, expect, it } from 'vitest';
import { JsonSchemaChecker, JsonWitnessReason, explainJsonWitness, jsonSchemaExplainer, validateInstance } from 'schema-compat';
import type { JsonTypeSchema } from 'schema-compat';
import { ajvValidator } from './witness-ajv.js';
import type { AjvRefusal } from './witness-ajv.js';
import { vectorPairs } from './witness-vectors.js';

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
  for (const pair of vectorPairs().pairs) {
    let reader: Doc;
    let writer: Doc;
    try {
      [reader, writer] = [parse(pair.reader), parse(pair.writer)];
    } catch {
      tally.unparsed++;
      continue;
    }
    if (reader.kind !== 'json-schema' || writer.kind !== 'json-schema') continue;
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
    for (const reason of tally.none.keys()) expect(Object.values(JsonWitnessReason)).toContain(reason);
  });
});
