import { jsonEqual } from '../../util/json-equal.js';
import { isJsonObject } from '../../util/json.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import type { ArrayNode, JsonNode, ObjectNode } from '../model.js';
import { ANY_VALUES, numberCandidates, stringCandidates } from './generate-scalars.js';
import { sampleRegex } from './regex-sample.js';
import { SizeGuard, WITNESS_LIMITS, candidateCost } from './size.js';
import { validateInstance } from './validate.js';

/**
 * How many instances are kept per schema node, how many candidates are looked at for them (in
 * `candidateCost` units: a wide object counts for its size; PER_NODE candidates are always looked
 * at), and how deep instances nest.
 */
const PER_NODE = 16;
const MAX_EXAMINED = 1024;
const MAX_NESTING = 8;

/**
 * Builds instances valid under schema nodes: the simplest first, then variants at the keywords'
 * edges (bounds, each declared property's own variants, extra properties and items). Every
 * instance returned has been checked with `validateInstance`; recursive schemas stop at a bounded
 * nesting, and nothing larger than a witness may be (`WITNESS_LIMITS`) is built. Deterministic.
 */
export class InstanceGenerator {
  /** The size bounds; `size.refused` tells whether a candidate was turned away since it was last cleared. */
  readonly size = new SizeGuard();
  private readonly memo = new Map<JsonNode, readonly JsonValue[]>();
  /** Nodes whose instances lost a candidate to the size bounds (a later use of them says so again). */
  private readonly oversized = new Set<JsonNode>();
  private readonly busy = new Set<JsonNode>();
  private nesting = 0;

  /** The simplest instance valid under `node`, or undefined when none was found. */
  minimal(node: JsonNode): JsonValue | undefined {
    return this.instances(node)[0];
  }

  /** Up to PER_NODE distinct instances valid under `node`, simplest first. */
  instances(node: JsonNode): readonly JsonValue[] {
    const known = this.memo.get(node);
    if (known) {
      if (this.oversized.has(node)) this.size.refused = true;
      return known;
    }
    if (this.busy.has(node) || this.nesting > MAX_NESTING) return [];
    this.busy.add(node);
    this.nesting++;
    const outer = this.size.refused;
    this.size.refused = false;
    try {
      const valid = this.firstValid(node, this.candidates(node));
      this.memo.set(node, valid);
      if (this.size.refused) this.oversized.add(node);
      return valid;
    } finally {
      this.size.refused ||= outer;
      this.busy.delete(node);
      this.nesting--;
    }
  }

  /**
   * The first PER_NODE distinct candidates that are small enough and valid, in order, among those
   * MAX_EXAMINED units pay for: candidates are built only as they are needed, and a wide object's
   * cost its size, so the variants of an object of N properties cost O(N), not O(N²).
   */
  private firstValid(node: JsonNode, candidates: Iterable<JsonValue>): JsonValue[] {
    const seen = new Set<string>();
    const valid: JsonValue[] = [];
    let examined = 0;
    let spent = 0;
    for (const value of candidates) {
      if (valid.length >= PER_NODE || (spent >= MAX_EXAMINED && examined >= PER_NODE)) break;
      examined++;
      // Measured before it is written out: shared sub-values may make a candidate's text far larger than its memory.
      const length = this.size.measure(value);
      spent += candidateCost(length);
      if (length > WITNESS_LIMITS.jsonLength) continue;
      const key = JSON.stringify(value);
      if (seen.has(key)) continue;
      seen.add(key);
      if (validateInstance(node, value) === 'valid' && this.size.keep(length)) valid.push(value);
    }
    return valid;
  }

  /** Instances that may be valid under `node` (the caller filters); an object's are built as they are asked for. */
  private candidates(node: JsonNode): Iterable<JsonValue> {
    switch (node.kind) {
      case 'true': case 'empty': case 'not': return [...ANY_VALUES];
      case 'false': return [];
      case 'ref': return [...this.instances(node.target())];
      case 'boolean': return [false, true];
      case 'null': return [null];
      case 'enum': return [...node.values];
      case 'const': return [node.value];
      case 'string': return [...stringCandidates(node, this.size), ...(node.requiresString ? [] : ANY_VALUES)];
      case 'number': return [...numberCandidates(node), ...(node.requiresNumber ? [] : ANY_VALUES)];
      case 'object': return this.objectsThenAny(node);
      case 'array': return [...this.arrays(node), ...(node.requiresArray ? [] : ANY_VALUES)];
      case 'combined':
        return node.criterion === 'allOf' ? this.conjunction(node.subschemas) : node.subschemas.flatMap((sub) => this.instances(sub));
      case 'conditional':
        return [...this.conjunction(node.then ? [node.if, node.then] : [node.if]), ...this.instances(node.else ?? node.if), ...ANY_VALUES];
    }
  }

  /** Instances of every part: each part's own, and objects merged from the parts' objects. */
  private conjunction(parts: readonly JsonNode[]): JsonValue[] {
    let pool: JsonValue[] = [...(parts[0] ? this.instances(parts[0]) : [])];
    for (const part of parts.slice(1)) {
      const theirs = this.instances(part);
      const merged: JsonValue[] = [];
      for (const mine of pool.slice(0, 8)) {
        for (const other of theirs.slice(0, 8)) {
          if (isJsonObject(mine) && isJsonObject(other)) merged.push({ ...mine, ...other }, { ...other, ...mine });
          else if (jsonEqual(mine, other)) merged.push(mine);
        }
      }
      pool = [...merged, ...pool, ...theirs];
    }
    return pool;
  }

  private *objectsThenAny(node: ObjectNode): Generator<JsonValue> {
    yield* this.objects(node);
    if (!node.requiresObject) yield* ANY_VALUES;
  }

  private *objects(node: ObjectNode): Generator<JsonObject> {
    // An object needs `minProperties` properties: past the size bound none is built (Validation 2020-12 §6.5.2).
    if (!this.size.properties(Math.max(node.minProperties ?? 0, node.required.length))) return;
    const base: Record<string, JsonValue> = {};
    for (const name of node.required) {
      const value = this.propertyValues(node, name)[0];
      if (value !== undefined) base[name] = value;
    }
    this.satisfyDependencies(node, base);
    const padded = this.padProperties(node, base);
    yield padded;
    const full: Record<string, JsonValue> = { ...padded };
    for (const name of node.properties.keys()) {
      const value = this.propertyValues(node, name)[0];
      if (value !== undefined && !(name in full)) full[name] = value;
    }
    this.satisfyDependencies(node, full);
    yield full;
    // Variants of `full` (one property changed or left out) are built only when it is within the size
    // bound: copying an object of thousands of properties once per property would cost their square.
    const variants = this.size.small(full);
    const required = new Set(node.required);
    for (const name of node.properties.keys()) {
      for (const value of this.propertyValues(node, name).slice(1, 6)) {
        yield { ...padded, [name]: value };
        if (variants) yield { ...full, [name]: value };
      }
      if (variants && !required.has(name)) yield omit(full, name);
    }
    for (const key of this.extraKeys(node)) for (const value of this.propertyValues(node, key).slice(0, 3)) yield { ...padded, [key]: value };
  }

  /** Instances a property may hold: its declared schema and every matching pattern, else the extra schema, else anything. */
  propertyValues(node: ObjectNode, name: string): readonly JsonValue[] {
    const schemas = [node.properties.get(name), ...node.patternProperties.filter((entry) => entry.regex.test(name)).map((entry) => entry.schema)].filter((schema): schema is JsonNode => schema !== undefined);
    if (schemas.length === 0) {
      const extra = node.additionalProperties.kind !== 'absent' ? node.additionalProperties : node.unevaluatedProperties;
      if (extra.kind === 'schema') return this.instances(extra.schema);
      return extra.kind === 'boolean' && !extra.value ? [] : ANY_VALUES;
    }
    if (schemas.length === 1) return this.instances(schemas[0] as JsonNode);
    return this.conjunction(schemas).filter((value) => schemas.every((schema) => validateInstance(schema, value) === 'valid'));
  }

  /** Names not declared: a sample of each `patternProperties` pattern, then plain fresh names. */
  extraKeys(node: ObjectNode): string[] {
    const keys = node.patternProperties.map((entry) => sampleRegex(entry.source)).filter((key): key is string => key !== undefined && !node.properties.has(key));
    for (const fresh of ['extra', 'x', 'z9']) if (!node.properties.has(fresh)) keys.push(fresh);
    return keys;
  }

  private padProperties(node: ObjectNode, base: Record<string, JsonValue>): JsonObject {
    const out = { ...base };
    const wanted = node.minProperties ?? 0;
    let count = Object.keys(out).length;
    const fresh = Array.from({ length: wanted }, (_, i) => `k${i}`);
    const candidates = [...node.properties.keys(), ...this.extraKeys(node), ...fresh];
    for (const name of candidates) {
      if (count >= wanted) break;
      const value = this.propertyValues(node, name)[0];
      if (value !== undefined && !(name in out)) {
        out[name] = value;
        count++;
      }
    }
    return out;
  }

  private satisfyDependencies(node: ObjectNode, object: Record<string, JsonValue>): void {
    for (const [name, dependency] of node.dependencies) {
      if (!(name in object)) continue;
      if (dependency.kind === 'names') {
        for (const other of dependency.names) {
          const value = this.propertyValues(node, other)[0];
          if (!(other in object) && value !== undefined) object[other] = value;
        }
      } else {
        const extra = this.instances(dependency.schema).find(isJsonObject);
        if (extra) for (const [key, value] of Object.entries(extra)) if (!(key in object)) object[key] = value;
      }
    }
  }

  private arrays(node: ArrayNode): JsonValue[][] {
    const prefix: JsonValue[] = [];
    for (const item of node.tuple ?? []) {
      const value = this.instances(item)[0];
      if (value === undefined) break;
      prefix.push(value);
    }
    const rest = this.restValues(node);
    const contains = node.contains ? this.instances(node.contains) : [];
    // Arrays of `minItems` (or `minContains`) items: past the size bound none is built (Validation 2020-12 §6.4).
    if (!this.size.items(Math.max(node.minItems ?? 0, contains.length > 0 ? prefix.length + (node.minContains ?? 1) : 0))) return [];
    const fill = (items: JsonValue[], length: number): JsonValue[] => {
      if (!this.size.items(length)) return items;
      const out = [...items];
      for (let i = 0; out.length < length && i < length + rest.length; i++) {
        const value = node.uniqueItems ? rest[i] : rest[0];
        if (value === undefined) break;
        if (!node.uniqueItems || !out.some((item) => jsonEqual(item, value))) out.push(value);
      }
      return out;
    };
    const start = contains.length > 0 && (node.minContains ?? 1) > 0 ? [...prefix, ...Array<JsonValue>(node.minContains ?? 1).fill(contains[0] as JsonValue)] : prefix;
    const minimal = fill(start, node.minItems ?? 0);
    const out: JsonValue[][] = [minimal];
    if (node.maxItems !== undefined && this.size.items(node.maxItems)) out.push(fill(minimal, node.maxItems));
    for (const value of rest.slice(0, 6)) out.push([...minimal, value], fill([...prefix, value], node.minItems ?? 0));
    for (const value of contains.slice(1, 4)) out.push([...prefix, value]);
    node.tuple?.forEach((item, i) => {
      for (const value of this.instances(item).slice(1, 4)) out.push(minimal.map((old, j) => (j === i ? value : old)));
    });
    out.push(fill(minimal, Math.max(minimal.length, node.minItems ?? 0) + 2));
    return out;
  }

  /** Instances an item after the tuple (or any item, without one) may hold. */
  private restValues(node: ArrayNode): readonly JsonValue[] {
    if (node.allItems) return this.instances(node.allItems);
    const extra = node.tuple && node.additionalItems.kind !== 'absent' ? node.additionalItems : node.unevaluatedItems;
    if (extra.kind === 'schema') return this.instances(extra.schema);
    return extra.kind === 'boolean' && !extra.value ? [] : ANY_VALUES;
  }
}

function omit(object: JsonObject, name: string): JsonObject {
  const out: Record<string, JsonValue> = { ...object };
  delete out[name];
  return out;
}
