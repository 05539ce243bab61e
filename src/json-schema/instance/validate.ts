import { jsonEqual } from '../../util/json-equal.js';
import { isJsonObject } from '../../util/json.js';
import { stableJson } from '../../util/stable-json.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import type { ArrayNode, CombinedNode, Extra, JsonNode, NumberNode, ObjectNode, StringNode } from '../model.js';
import { matchesFormat } from './formats.js';

/** `valid`/`invalid`, or `undecided` when the schema recursed past the depth bound without consuming the instance. */
export type InstanceVerdict = 'valid' | 'invalid' | 'undecided';

/** How deep the validator follows schemas (`$ref` cycles like `allOf: [{$ref: '#'}]` stop here). */
export const MAX_VALIDATION_DEPTH = 200;

/** What a successful validation evaluated, for `unevaluatedProperties`/`unevaluatedItems` (2019-09 Core §9.3). */
interface Evaluated {
  readonly names: ReadonlySet<string>;
  /** Items evaluated from index 0; `Infinity` when all. */
  readonly items: number;
}

const NOTHING: Evaluated = { names: new Set(), items: 0 };
type Outcome = Evaluated | undefined;

class TooDeep extends Error {}

/** Is `instance` valid under `node`? Every keyword the node model holds is checked; never throws. */
export function validateInstance(node: JsonNode, instance: JsonValue): InstanceVerdict {
  try {
    return new InstanceValidator().check(node, instance, 0) ? 'valid' : 'invalid';
  } catch (error) {
    if (error instanceof TooDeep || error instanceof RangeError) return 'undecided';
    throw error;
  }
}

/** Validates instances against nodes; compiled patterns are kept per validator. */
class InstanceValidator {
  private readonly patterns = new Map<string, RegExp>();

  check(node: JsonNode, instance: JsonValue, depth: number): Outcome {
    if (depth > MAX_VALIDATION_DEPTH) throw new TooDeep();
    const next = depth + 1;
    switch (node.kind) {
      case 'true': case 'empty': return NOTHING;
      case 'false': return undefined;
      case 'ref': return this.check(node.target(), instance, next);
      case 'boolean': return typeof instance === 'boolean' ? NOTHING : undefined;
      case 'null': return instance === null ? NOTHING : undefined;
      case 'enum': return node.values.some((value) => jsonEqual(value, instance)) ? NOTHING : undefined;
      case 'const': return jsonEqual(node.value, instance) ? NOTHING : undefined;
      case 'not': return this.check(node.schema, instance, next) ? undefined : NOTHING;
      case 'string': return this.string(node, instance) ? NOTHING : undefined;
      case 'number': return this.number(node, instance) ? NOTHING : undefined;
      case 'object': return this.object(node, instance, NOTHING, next);
      case 'array': return this.array(node, instance, NOTHING, next);
      case 'combined': return this.combined(node, instance, next);
      case 'conditional': {
        const condition = this.check(node.if, instance, next);
        const branch = condition ? node.then : node.else;
        const result = branch === undefined ? NOTHING : this.check(branch, instance, next);
        return result && merge(condition ?? NOTHING, result);
      }
    }
  }

  private combined(node: CombinedNode, instance: JsonValue, depth: number): Outcome {
    if (node.criterion === 'allOf' && node.origin === 'mixed') return this.mixed(node, instance, depth);
    const results = node.subschemas.map((sub) => this.check(sub, instance, depth));
    const passed = results.filter((result): result is Evaluated => result !== undefined);
    if (node.criterion === 'allOf' && passed.length !== results.length) return undefined;
    if (node.criterion === 'anyOf' && passed.length === 0) return undefined;
    if (node.criterion === 'oneOf' && passed.length !== 1) return undefined;
    return passed.reduce(merge, NOTHING);
  }

  /** One schema object split by keyword family: the object and array parts see what their siblings evaluated. */
  private mixed(node: CombinedNode, instance: JsonValue, depth: number): Outcome {
    let evaluated = NOTHING;
    const late: JsonNode[] = [];
    for (const part of node.subschemas) {
      if (part.kind === 'object' || part.kind === 'array') late.push(part);
      else {
        const result = this.check(part, instance, depth);
        if (!result) return undefined;
        evaluated = merge(evaluated, result);
      }
    }
    for (const part of late) {
      const result = part.kind === 'object' ? this.object(part, instance, evaluated, depth) : this.array(part as ArrayNode, instance, evaluated, depth);
      if (!result) return undefined;
      evaluated = merge(evaluated, result);
    }
    return evaluated;
  }

  private string(node: StringNode, instance: JsonValue): boolean {
    if (typeof instance !== 'string') return !node.requiresString;
    // Lengths count Unicode code points (Validation §6.3.1).
    const length = [...instance].length;
    if (node.minLength !== undefined && length < node.minLength) return false;
    if (node.maxLength !== undefined && length > node.maxLength) return false;
    if (node.pattern !== undefined && !this.regex(node.pattern).test(instance)) return false;
    return node.format === undefined || matchesFormat(node.format, instance);
  }

  private number(node: NumberNode, instance: JsonValue): boolean {
    if (typeof instance !== 'number') return !node.requiresNumber;
    if (node.requiresInteger && !Number.isInteger(instance)) return false;
    if (node.minimum !== undefined && instance < node.minimum) return false;
    if (node.maximum !== undefined && instance > node.maximum) return false;
    if (node.exclusiveMinimum !== undefined && instance <= node.exclusiveMinimum) return false;
    if (node.exclusiveMaximum !== undefined && instance >= node.exclusiveMaximum) return false;
    return node.multipleOf === undefined || Number.isInteger(instance / node.multipleOf);
  }

  private object(node: ObjectNode, instance: JsonValue, siblings: Evaluated, depth: number): Outcome {
    if (!isJsonObject(instance)) return node.requiresObject ? undefined : NOTHING;
    const keys = Object.keys(instance);
    if (node.minProperties !== undefined && keys.length < node.minProperties) return undefined;
    if (node.maxProperties !== undefined && keys.length > node.maxProperties) return undefined;
    if (node.required.some((name) => !has(instance, name))) return undefined;
    const names = new Set(siblings.names);
    for (const key of keys) {
      const value = instance[key] as JsonValue;
      if (node.propertyNames && !this.check(node.propertyNames, key, depth)) return undefined;
      const declared = node.properties.get(key);
      const patterns = node.patternProperties.filter((entry) => entry.regex.test(key));
      if (declared && !this.check(declared, value, depth)) return undefined;
      if (patterns.some((entry) => !this.check(entry.schema, value, depth))) return undefined;
      if (declared || patterns.length > 0) names.add(key);
      else if (node.additionalProperties.kind !== 'absent') {
        if (!this.extra(node.additionalProperties, value, depth)) return undefined;
        names.add(key);
      }
    }
    for (const [name, dependency] of node.dependencies) {
      if (!has(instance, name)) continue;
      if (dependency.kind === 'names' && dependency.names.some((other) => !has(instance, other))) return undefined;
      if (dependency.kind === 'schema') {
        const result = this.check(dependency.schema, instance, depth);
        if (!result) return undefined;
        for (const key of result.names) names.add(key);
      }
    }
    if (node.unevaluatedProperties.kind !== 'absent') {
      for (const key of keys) {
        if (!names.has(key) && !this.extra(node.unevaluatedProperties, instance[key] as JsonValue, depth)) return undefined;
      }
      return { names: new Set(keys), items: siblings.items };
    }
    return { names, items: siblings.items };
  }

  private array(node: ArrayNode, instance: JsonValue, siblings: Evaluated, depth: number): Outcome {
    if (!Array.isArray(instance)) return node.requiresArray ? undefined : NOTHING;
    const items = instance as readonly JsonValue[];
    if (node.minItems !== undefined && items.length < node.minItems) return undefined;
    if (node.maxItems !== undefined && items.length > node.maxItems) return undefined;
    if (node.uniqueItems && !allDistinct(items)) return undefined;
    let evaluated = siblings.items;
    if (node.allItems) {
      if (!items.every((item) => this.check(node.allItems as JsonNode, item, depth))) return undefined;
      evaluated = Infinity;
    } else if (node.tuple) {
      const tuple = node.tuple;
      if (!items.every((item, i) => (i < tuple.length ? this.check(tuple[i] as JsonNode, item, depth) : this.extra(node.additionalItems, item, depth)))) return undefined;
      evaluated = Math.max(evaluated, node.additionalItems.kind === 'absent' ? tuple.length : Infinity);
    }
    if (node.contains) {
      const hits = items.filter((item) => this.check(node.contains as JsonNode, item, depth)).length;
      if (hits < (node.minContains ?? 1)) return undefined;
      if (node.maxContains !== undefined && hits > node.maxContains) return undefined;
    }
    if (node.unevaluatedItems.kind !== 'absent') {
      for (let i = evaluated; i < items.length; i++) if (!this.extra(node.unevaluatedItems, items[i] as JsonValue, depth)) return undefined;
      return { names: siblings.names, items: Infinity };
    }
    return { names: siblings.names, items: evaluated };
  }

  private extra(extra: Extra, value: JsonValue, depth: number): boolean {
    if (extra.kind === 'absent') return true;
    if (extra.kind === 'boolean') return extra.value;
    return this.check(extra.schema, value, depth) !== undefined;
  }

  private regex(source: string): RegExp {
    let regex = this.patterns.get(source);
    if (regex === undefined) {
      regex = compilePattern(source);
      this.patterns.set(source, regex);
    }
    return regex;
  }
}

/** ECMA-262 with the `u` flag where the pattern allows it (as the compiler reads `pattern`). */
export function compilePattern(source: string): RegExp {
  try {
    return new RegExp(source, 'u');
  } catch {
    return new RegExp(source);
  }
}

/** `uniqueItems` (Validation 2020-12 §6.4.3): equal items are equal JSON values, so their canonical texts are compared by hashing. */
function allDistinct(items: readonly JsonValue[]): boolean {
  const seen = new Set<string>();
  for (const item of items) {
    const key = stableJson(item);
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

function has(object: JsonObject, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, name);
}

function merge(a: Evaluated, b: Evaluated): Evaluated {
  if (b === NOTHING) return a;
  if (a === NOTHING) return b;
  return { names: new Set([...a.names, ...b.names]), items: Math.max(a.items, b.items) };
}
