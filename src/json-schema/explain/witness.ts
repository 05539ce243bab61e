import type { Roles } from '../../checkers/types.js';
import type { Explanation, Finding } from '../../result.js';
import { isJsonObject } from '../../util/json.js';
import type { JsonValue } from '../../util/json.js';
import type { JsonTypeSchema } from '../checker.js';
import type { JsonNode } from '../model.js';
import { InstanceGenerator } from '../instance/generate.js';
import { validateInstance } from '../instance/validate.js';
import { jsonSchemaHint } from './hints.js';
import { locateSite } from './locate.js';
import type { Site, Step } from './locate.js';

/** Why a finding has no witness (docs/json-schema.md, "Witnesses"). */
export const JsonWitnessReason = {
  /** No instance valid under the writer could be built (it may accept none, e.g. `false` or contradictory keywords). */
  NO_WRITER_INSTANCE: 'NO_WRITER_INSTANCE',
  /** The reader accepted every writer instance tried: Confluent's rule flags a change no instance we built refutes. */
  NO_REJECTED_INSTANCE: 'NO_REJECTED_INSTANCE',
  /** A schema recursed past the validator's depth bound without consuming the instance. */
  UNDECIDED: 'UNDECIDED',
  /** An instance that could show the finding is larger than a witness may be (its JSON text over 65,536 characters), so none was built. */
  TOO_LARGE: 'TOO_LARGE',
  /** Not a JSON Schema finding (Pulsar's Avro-defined JSON, or a schema format change). */
  NOT_JSON_SCHEMA: 'NOT_JSON_SCHEMA',
} as const;
export type JsonWitnessReason = (typeof JsonWitnessReason)[keyof typeof JsonWitnessReason];

/** A witness instance, or the reason there is none. */
export type JsonWitnessResult = { readonly instance: JsonValue } | { readonly reason: JsonWitnessReason };

/** How many instances are validated per finding, at most (two validations each). */
const ATTEMPTS = 400;

/**
 * Finds instances valid under `writer` and rejected by `reader` for the findings of
 * `canRead(reader, writer)`: first at the place the finding's location names (the writer's
 * simplest and edge values there, wrapped in a simplest instance of the enclosing schemas), then
 * among instances of the whole writer. Each witness is checked with `validateInstance`.
 */
export class JsonWitnessFinder {
  private readonly generator = new InstanceGenerator();

  constructor(
    private readonly reader: JsonNode,
    private readonly writer: JsonNode,
  ) {}

  find(finding: Finding): JsonWitnessResult {
    let undecided = false;
    let attempts = 0;
    // Whether this finding's candidates (or instances memoised for earlier ones that it reuses) lost any to the size bounds.
    this.generator.size.refused = false;
    const test = (instance: JsonValue): boolean => {
      attempts++;
      const verdicts = [validateInstance(this.writer, instance), validateInstance(this.reader, instance)];
      if (verdicts.includes('undecided')) undecided = true;
      return verdicts[0] === 'valid' && verdicts[1] === 'invalid';
    };
    const site = locateSite(this.generator, this.reader, this.writer, finding.location);
    for (const instance of this.embeddings(site)) {
      if (attempts >= ATTEMPTS) break;
      if (!this.generator.size.small(instance)) attempts++;
      else if (test(instance)) return { instance: plain(instance) };
    }
    const whole = this.generator.instances(this.writer);
    for (const instance of whole) if (test(instance)) return { instance: plain(instance) };
    if (undecided) return { reason: JsonWitnessReason.UNDECIDED };
    if (this.generator.size.refused) return { reason: JsonWitnessReason.TOO_LARGE };
    return { reason: whole.length === 0 ? JsonWitnessReason.NO_WRITER_INSTANCE : JsonWitnessReason.NO_REJECTED_INSTANCE };
  }

  /** Each value of the site placed into instances of the enclosing schemas (the innermost varied, the outer ones the simplest). */
  private *embeddings(site: Site): Generator<JsonValue> {
    const containers = (step: Step, limit: number): JsonValue[] => this.generator.instances(step.writer).filter((value) => (typeof step.token === 'number' ? Array.isArray(value) : isJsonObject(value))).slice(0, limit);
    const outer = site.steps.slice(0, -1).map((step) => containers(step, 1)[0]);
    const last = site.steps[site.steps.length - 1];
    const innermost = last === undefined ? [undefined] : [...containers(last, 4), typeof last.token === 'number' ? [] : {}];
    // The simplest container first with every value, so the witness differs from it only where the finding points.
    for (const inner of innermost) {
      for (const value of site.values) {
        // A tuple position past the size bound cannot be reached by a small instance.
        if (site.steps.some((step) => typeof step.token === 'number' && !this.generator.size.items(step.token + 1))) return;
        let instance = last === undefined ? value : place(inner, last.token, value);
        for (let i = site.steps.length - 2; i >= 0; i--) instance = place(outer[i] ?? (typeof site.steps[i]?.token === 'number' ? [] : {}), (site.steps[i] as Step).token, instance);
        yield instance;
      }
    }
  }
}

/** A fresh copy with ordinary prototypes (values taken from the schema documents may have none). */
function plain(instance: JsonValue): JsonValue {
  return JSON.parse(JSON.stringify(instance)) as JsonValue;
}

/** `container` with `value` at `token`; arrays are padded with their last item. */
function place(container: JsonValue | undefined, token: string | number, value: JsonValue): JsonValue {
  if (typeof token === 'number') {
    const items = Array.isArray(container) ? [...(container as readonly JsonValue[])] : [];
    while (items.length < token) items.push(items[items.length - 1] ?? value);
    items[token] = value;
    return items;
  }
  const object = isJsonObject(container) ? { ...container } : {};
  return { ...object, [token]: value };
}

/**
 * Explains the findings of `canRead(reader, writer)` for the JSON type: a repair hint for each, and
 * an instance valid under the writer that the reader rejects, verified by this library's validator.
 * Findings with no witness get the hint alone (`explainJsonWitness` says why).
 */
export function jsonSchemaExplainer(reader: JsonTypeSchema, writer: JsonTypeSchema, roles?: Roles): (finding: Finding) => Explanation {
  const finder = reader.kind === 'json-schema' && writer.kind === 'json-schema' ? new JsonWitnessFinder(reader.root, writer.root) : undefined;
  return (finding) => {
    const repair = jsonSchemaHint(finding, roles);
    const found = finder && finding.location.startsWith('#') ? finder.find(finding) : undefined;
    const witness = found && 'instance' in found ? { witness: { json: found.instance } } : {};
    // The only finding without a witness that says so in its hint: the one whose witness would be too large to show.
    const hint = repair !== undefined && found !== undefined && 'reason' in found && found.reason === JsonWitnessReason.TOO_LARGE ? `${repair}${/[.!?]$/.test(repair) ? '' : '.'} ${TOO_LARGE_NOTE}` : repair;
    return { ...(hint === undefined ? {} : { hint }), ...witness };
  };
}

const TOO_LARGE_NOTE = 'No witness is given: an instance showing this would be larger than 65,536 characters of JSON (docs/json-schema.md, "Witnesses").';

/** The witness for one finding, or the reason there is none. */
export function explainJsonWitness(reader: JsonTypeSchema, writer: JsonTypeSchema, finding: Finding): JsonWitnessResult {
  if (reader.kind !== 'json-schema' || writer.kind !== 'json-schema' || !finding.location.startsWith('#')) return { reason: JsonWitnessReason.NOT_JSON_SCHEMA };
  return new JsonWitnessFinder(reader.root, writer.root).find(finding);
}
