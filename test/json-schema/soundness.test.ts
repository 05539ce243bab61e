import { generateSync } from 'json-schema-faker';
import { describe, expect, it } from 'vitest';
import { JsonSchemaChecker, validateInstance } from 'schema-compat';
import type { JsonNode, JsonTypeSchema } from 'schema-compat';
import { InstanceGenerator } from '../../src/json-schema/instance/generate.js';
import { ajvValidator } from './witness-ajv.js';
import { vectorPairs } from './witness-vectors.js';

type Doc = Extract<JsonTypeSchema, { kind: 'json-schema' }>;
const checker = new JsonSchemaChecker();
/** Instances json-schema-faker is asked for per writer schema (seeds 1..N: deterministic). */
const SAMPLES = 50;

/**
 * A `$ref` cycle that never enters a property or an item (`Value: {allOf: [{$ref: Value}, ...]}`) has
 * no well-founded meaning: ajv overflows its stack, ours answers `undecided`, and json-schema-faker
 * loops forever. Such writers are sampled with our generator only.
 */
function hasUnguardedCycle(root: JsonNode): boolean {
  const onPath = new Set<JsonNode>();
  const done = new Set<JsonNode>();
  // Entered and not finished, above a property or item: meeting it again is a guarded cycle.
  const active = new Set<JsonNode>();
  const visit = (node: JsonNode): boolean => {
    if (onPath.has(node)) return true;
    if (done.has(node) || active.has(node)) return false;
    onPath.add(node);
    active.add(node);
    const next: JsonNode[] = node.kind === 'ref' ? [node.target()] : node.kind === 'combined' ? [...node.subschemas] : node.kind === 'not' ? [node.schema]
      : node.kind === 'conditional' ? [node.if, ...(node.then ? [node.then] : []), ...(node.else ? [node.else] : [])] : [];
    const nested: JsonNode[] = node.kind === 'object' ? [...node.properties.values()] : node.kind === 'array' ? [...(node.allItems ? [node.allItems] : []), ...(node.tuple ?? [])] : [];
    const found = next.some(visit) || nested.some((child) => {
      const saved = [...onPath];
      onPath.clear();
      const inner = visit(child);
      for (const entry of saved) onPath.add(entry);
      return inner;
    });
    onPath.delete(node);
    active.delete(node);
    done.add(node);
    return found;
  };
  return visit(root);
}

/** json-schema-faker's instances (seeded) and our generator's edge instances; the caller keeps those the writer accepts. */
function samples(writer: Doc, raw: unknown): { readonly instances: unknown[]; readonly fakerErrors: number } {
  const instances: unknown[] = [...new InstanceGenerator().instances(writer.root)];
  let fakerErrors = 0;
  const fakerSamples = hasUnguardedCycle(writer.root) ? 0 : SAMPLES;
  for (let seed = 1; seed <= fakerSamples; seed++) {
    try {
      instances.push(generateSync(raw as boolean, { seed, maxDepth: 4, optionalsProbability: seed % 2 === 0 ? 1 : 0.5 }));
    } catch {
      fakerErrors++;
    }
  }
  const seen = new Set<string>();
  return { instances: instances.filter((value) => value !== undefined && !seen.has(JSON.stringify(value)) && seen.add(JSON.stringify(value)) !== undefined), fakerErrors };
}

interface Soundness {
  pairs: number;
  instances: number;
  refuted: string[];
  disagreements: string[];
  fakerErrors: number;
  ajvRefused: number;
}

function checkSoundness(): Soundness {
  const out: Soundness = { pairs: 0, instances: 0, refuted: [], disagreements: [], fakerErrors: 0, ajvRefused: 0 };
  for (const pair of vectorPairs().pairs) {
    if (process.env['SOUND_ONLY'] && !pair.name.includes(process.env['SOUND_ONLY'])) continue;
    let reader: Doc;
    let writer: Doc;
    try {
      [reader, writer] = [checker.parse(pair.reader as object) as Doc, checker.parse(pair.writer as object) as Doc];
    } catch {
      continue;
    }
    if (reader.kind !== 'json-schema' || writer.kind !== 'json-schema' || !checker.canRead(reader, writer).compatible) continue;
    out.pairs++;
    if (process.env["SOUND_DEBUG"]) console.error("pair", pair.source, pair.name);
    const ajvWriter = ajvValidator(writer.draft, pair.writer);
    const ajvReader = ajvValidator(reader.draft, pair.reader);
    // Draft 4 (no ajv-draft-04) and schemas ajv refuses: our validator judges alone.
    if (typeof ajvWriter !== 'function' || typeof ajvReader !== 'function') out.ajvRefused++;
    const writerAccepts = (value: unknown): boolean => (typeof ajvWriter === 'function' ? ajvWriter(value) : validateInstance(writer.root, value as never) === 'valid');
    const readerAccepts = (value: unknown): boolean => (typeof ajvReader === 'function' ? ajvReader(value) : validateInstance(reader.root, value as never) === 'valid');
    const { instances, fakerErrors } = samples(writer, pair.writer);
    out.fakerErrors += fakerErrors;
    for (const instance of instances) {
      const text = JSON.stringify(instance);
      for (const [side, doc, judge] of [['writer', writer, ajvWriter], ['reader', reader, ajvReader]] as const) {
        if (typeof judge !== 'function') continue;
        const ours = validateInstance(doc.root, instance as never);
        if (ours === 'undecided' || (ours === 'valid') !== judge(instance)) out.disagreements.push(`${pair.source} | ${pair.name} | ${side} ${text}: ours ${ours}, ajv ${judge(instance)}`);
      }
      if (!writerAccepts(instance)) continue;
      out.instances++;
      if (!readerAccepts(instance)) out.refuted.push(`${pair.source} | ${pair.name} | ${text}`);
    }
  }
  return out;
}

describe('JSON Schema soundness on the vectors', () => {
  it('every instance valid under the writer of a pair called compatible is accepted by the reader (ajv); our validator agrees with ajv', () => {
    const result = checkSoundness();
    console.log(`[json soundness] pairs ${result.pairs}, instances ${result.instances}, refuted ${result.refuted.length} (faker errors ${result.fakerErrors}, pairs judged by our validator alone ${result.ajvRefused}); validator vs ajv disagreements ${result.disagreements.length}`);
    for (const line of result.refuted) console.log(`  [json soundness] REFUTED ${line}`);
    for (const line of result.disagreements.slice(0, 40)) console.log(`  [json soundness] DISAGREE ${line}`);
    expect(result.pairs).toBeGreaterThan(0);
    expect(result.refuted).toEqual([]);
    expect(result.disagreements).toEqual([]);
  });
});
