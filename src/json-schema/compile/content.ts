import { jsonEqual } from '../../util/json-equal.js';
import type { JsonObject } from '../../util/json.js';

/**
 * A schema's own JSON, for telling two schemas that certainly accept the same instances: when no
 * reference is compiled in it, its meaning is its keywords (JSON Schema core §4.3: without `$ref`
 * nothing outside its text is read). Whether a reference sits in it is known from the compiled
 * nodes (a `$ref` under an unknown keyword or in an `enum` value means nothing); its text is
 * computed on first use, then kept.
 */
export class SchemaContent {
  private json: string | undefined | null = null;

  constructor(
    readonly raw: JsonObject,
    /** No `$ref`, `$dynamicRef` or `$recursiveRef` is compiled at or under this schema. */
    readonly referenceFree: boolean,
  ) {}

  /** The JSON text when the schema is reference-free, else undefined. */
  text(): string | undefined {
    if (this.json === null) this.json = this.referenceFree ? JSON.stringify(this.raw) : undefined;
    return this.json;
  }

  /**
   * Both reference-free and equal as JSON values. With `byText` (a history check, whose nodes meet
   * many partners) the kept texts are compared; otherwise the two values are walked only as far as
   * their first difference, key order aside, allocating nothing.
   */
  sameAs(other: SchemaContent, byText: boolean): boolean {
    if (!this.referenceFree || !other.referenceFree) return false;
    return byText ? this.text() === other.text() : jsonEqual(this.raw, other.raw);
  }
}
