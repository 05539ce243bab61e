import type { Roles } from '../../checkers/types.js';
import type { Explanation, Finding } from '../../result.js';
import { isJsonObject } from '../../util/json.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import type { JsonTypeSchema } from '../checker.js';
import type { JsonNode } from '../model.js';
import { InstanceGenerator } from '../instance/generate.js';
import { validateInstance } from '../instance/validate.js';
import { WITNESS_LIMITS, candidateCost } from '../instance/size.js';
import { jsonSchemaHint } from './hints.js';
import { locateSite } from './locate.js';
import type { Site, Step } from './locate.js';

/** Why a finding has no witness (docs/json-schema.md, "Witnesses"). */
export const JsonWitnessReason = {
  /** No instance valid under the writer could be built (it may accept none, e.g. `false` or contradictory keywords). */
  NO_WRITER_INSTANCE: 'NO_WRITER_INSTANCE',
  /** The reader accepted every writer instance tried: Confluent's rule flags a change no instance we built refutes. */
  NO_REJECTED_INSTANCE: 'NO_REJECTED_INSTANCE',
  /** Every instance tried that the reader rejects is rejected at another place too (another finding's), so none shows this finding alone. */
  REJECTED_ELSEWHERE: 'REJECTED_ELSEWHERE',
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

/**
 * How many instances are validated per finding, at most (two validations each), in `candidateCost`
 * units: an instance of a wide object counts for its size, so a finding's search is linear in it.
 * MIN_ATTEMPTS instances are always tried.
 */
const ATTEMPTS = 400;
const MIN_ATTEMPTS = 16;

/**
 * Finds instances valid under `writer` and rejected by `reader` for the findings of
 * `canRead(reader, writer)`: first at the place the finding's location names (the writer's
 * simplest and edge values there, wrapped in instances of the enclosing schemas that both sides
 * accept where they can), then among instances of the whole writer. Each witness is checked with
 * `validateInstance`, and shows its own finding: the reader rejects it at that place, so changing
 * the value there alone (to one the reader accepts, or leaving it out) makes the reader accept it.
 */
export class JsonWitnessFinder {
  private readonly generator = new InstanceGenerator();

  constructor(
    private readonly reader: JsonNode,
    private readonly writer: JsonNode,
  ) {}

  find(finding: Finding): JsonWitnessResult {
    let undecided = false;
    let elsewhere = false;
    let attempts = 0;
    let spent = 0;
    // Whether this finding's candidates (or instances memoised for earlier ones that it reuses) lost any to the size bounds.
    this.generator.size.refused = false;
    const test = (instance: JsonValue): boolean => {
      attempts++;
      const verdicts = [validateInstance(this.writer, instance), validateInstance(this.reader, instance)];
      if (verdicts.includes('undecided')) undecided = true;
      if (verdicts[0] !== 'valid' || verdicts[1] !== 'invalid') return false;
      if (this.rejectedAt(site, instance)) return true;
      elsewhere = true;
      return false;
    };
    const site = locateSite(this.generator, this.reader, this.writer, finding.location);
    for (const instance of this.embeddings(site)) {
      if (spent >= ATTEMPTS && attempts >= MIN_ATTEMPTS) break;
      const length = this.generator.size.measure(instance);
      spent += candidateCost(length);
      if (length > WITNESS_LIMITS.jsonLength) attempts++;
      else if (test(instance)) return { instance: plain(instance) };
    }
    const whole = this.generator.instances(this.writer);
    for (const instance of whole) if (test(instance)) return { instance: plain(instance) };
    if (undecided) return { reason: JsonWitnessReason.UNDECIDED };
    if (this.generator.size.refused) return { reason: JsonWitnessReason.TOO_LARGE };
    if (elsewhere) return { reason: JsonWitnessReason.REJECTED_ELSEWHERE };
    return { reason: whole.length === 0 ? JsonWitnessReason.NO_WRITER_INSTANCE : JsonWitnessReason.NO_REJECTED_INSTANCE };
  }

  /**
   * Is `instance` rejected by the reader at the site's place alone? The reader accepts it once the
   * value there is replaced by one of the reader's own values for that place, or left out (a
   * property, or the items from that index on). Without steps the place is the whole instance.
   */
  private rejectedAt(site: Site, instance: JsonValue): boolean {
    const last = site.steps[site.steps.length - 1];
    if (last === undefined) return true;
    const own = site.reader === undefined ? [] : this.generator.instances(site.reader).slice(0, 4);
    const path = site.steps.slice(0, -1).map((step) => step.token);
    const changes = [...own, undefined].map((value) => (container: JsonValue): JsonValue | undefined => changeIn(container, last.token, value));
    // A range of items (any item, items past a tuple): they are left out from where the range starts.
    const from = last.from;
    if (from !== undefined) changes.push((container) => (Array.isArray(container) ? (container as readonly JsonValue[]).slice(0, from) : undefined));
    return changes.some((change) => {
      const changed = editAt(instance, path, change);
      return changed !== undefined && validateInstance(this.reader, changed) === 'valid';
    });
  }

  /**
   * Instances of a step's writer schema that hold its token: first those merged with an instance of
   * the reader's schema there and still valid for the writer (so the reader has nothing else to
   * reject, e.g. a property it newly requires), then the writer's own.
   */
  private containers(step: Step, limit: number): JsonValue[] {
    const fits = (value: JsonValue): boolean => (typeof step.token === 'number' ? Array.isArray(value) : isJsonObject(value));
    // Through `$ref`s first: a reference met inside its own target's instances has none memoised.
    const own = this.generator.instances(resolved(step.writer)).filter(fits).slice(0, limit);
    const theirs = step.reader === undefined || typeof step.token === 'number' ? [] : this.generator.instances(resolved(step.reader)).filter(isJsonObject).slice(0, limit);
    const merged = own.flatMap((mine) => theirs.map((other) => ({ ...(mine as JsonObject), ...other }))).filter((value) => validateInstance(step.writer, value) === 'valid');
    return [...merged.slice(0, limit), ...own];
  }

  /** Each value of the site placed into instances of the enclosing schemas (the innermost varied, the outer ones the simplest). */
  private *embeddings(site: Site): Generator<JsonValue> {
    const containers = (step: Step, limit: number): JsonValue[] => this.containers(step, limit);
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

function resolved(node: JsonNode): JsonNode {
  let current = node;
  for (let hops = 0; current.kind === 'ref' && hops < 32; hops++) current = current.target();
  return current;
}

/** A copy of `instance` with the value at `path` edited (undefined if the path is not there or the edit gives nothing). */
function editAt(instance: JsonValue, path: ReadonlyArray<string | number>, edit: (value: JsonValue) => JsonValue | undefined): JsonValue | undefined {
  const [token, ...rest] = path;
  if (token === undefined) return edit(instance);
  if (typeof token === 'number') {
    if (!Array.isArray(instance) || token >= instance.length) return undefined;
    const inner = editAt((instance as readonly JsonValue[])[token] as JsonValue, rest, edit);
    return inner === undefined ? undefined : (instance as readonly JsonValue[]).map((item, i) => (i === token ? inner : item));
  }
  if (!isJsonObject(instance) || !Object.prototype.hasOwnProperty.call(instance, token)) return undefined;
  const inner = editAt(instance[token] as JsonValue, rest, edit);
  return inner === undefined ? undefined : { ...instance, [token]: inner };
}

/**
 * The container at a place with the value at `token` changed: set to `value`, or left out when it
 * is undefined (a property, or the last item). A property the container lacks (one the reader
 * requires) is given the value.
 */
function changeIn(container: JsonValue, token: string | number, value: JsonValue | undefined): JsonValue | undefined {
  if (typeof token === 'number') {
    if (!Array.isArray(container) || token >= container.length) return undefined;
    const items = container as readonly JsonValue[];
    if (value === undefined) return token === items.length - 1 ? items.slice(0, token) : undefined;
    return items.map((item, i) => (i === token ? value : item));
  }
  if (!isJsonObject(container)) return undefined;
  const out: Record<string, JsonValue> = { ...container };
  if (value === undefined) delete out[token];
  else out[token] = value;
  return out;
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
