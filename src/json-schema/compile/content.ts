import type { JsonObject } from '../../util/json.js';

/**
 * A schema's own JSON, for telling two schemas that certainly accept the same instances: nothing
 * in it is a reference (JSON Schema core §4.3: a schema's meaning is its keywords, and without
 * `$ref` nothing outside its text is read). Its text is computed on first use, then kept.
 */
export class SchemaContent {
  private json: string | undefined | null = null;

  constructor(readonly raw: JsonObject) {}

  /** The JSON text when no reference keyword appears in it, else undefined. */
  text(): string | undefined {
    if (this.json === null) {
      const json = JSON.stringify(this.raw);
      this.json = json.includes('"$ref"') || json.includes('"$dynamicRef"') || json.includes('"$recursiveRef"') ? undefined : json;
    }
    return this.json;
  }
}
