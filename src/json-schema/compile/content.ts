import { isJsonObject } from '../../util/json.js';
import type { JsonObject, JsonValue } from '../../util/json.js';

/** Keys that make a schema's meaning depend on something outside its own JSON. */
const REFERENCE_KEYS = ['$ref', '$dynamicRef', '$recursiveRef'] as const;

/**
 * Which raw values of one document hold a reference keyword anywhere inside, each value scanned
 * once (a child's answer is remembered for its parent), so asking it of every node costs one walk.
 */
export class ReferenceScan {
  private readonly known = new Map<JsonValue, boolean>();

  holdsReference(value: JsonValue): boolean {
    if (value === null || typeof value !== 'object') return false;
    let found = this.known.get(value);
    if (found !== undefined) return found;
    found = Array.isArray(value) ? value.some((item: JsonValue) => this.holdsReference(item)) : this.objectHoldsReference(value as JsonObject);
    this.known.set(value, found);
    return found;
  }

  private objectHoldsReference(value: JsonObject): boolean {
    if (REFERENCE_KEYS.some((key) => Object.prototype.hasOwnProperty.call(value, key))) return true;
    return Object.values(value).some((child) => isJsonObject(child) || Array.isArray(child) ? this.holdsReference(child) : false);
  }
}

/**
 * A schema's own JSON, for telling two schemas that certainly accept the same instances: nothing
 * in it is a reference (JSON Schema core §4.3: a schema's meaning is its keywords, and without
 * `$ref` nothing outside its text is read). Its text is computed only when a key is needed.
 */
export class SchemaContent {
  private json: string | undefined;

  constructor(readonly raw: JsonObject, private readonly scan: ReferenceScan) {}

  /** Nothing inside refers elsewhere: the raw JSON is the whole meaning. */
  get selfContained(): boolean {
    return !this.scan.holdsReference(this.raw);
  }

  /** The JSON text when self-contained (computed on first use, then kept), else undefined. */
  text(): string | undefined {
    if (!this.selfContained) return undefined;
    this.json ??= JSON.stringify(this.raw);
    return this.json;
  }
}
