import { SchemaParseError } from '../../errors.js';
import { escapePointerToken, isJsonObject } from '../../util/json.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import { JsonSchemaParseRule } from '../parse-rules.js';

/** Reads one schema object's keywords, checking each value's type; errors name the keyword's pointer. */
export class KeywordReader {
  constructor(
    readonly raw: JsonObject,
    readonly pointer: string,
    private readonly input: string,
  ) {}

  has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.raw, key);
  }

  /** The pointer of a keyword, or of a place inside it given as tokens (`['type', '1']`). */
  at(key: string | readonly string[]): string {
    const tokens = typeof key === 'string' ? [key] : key;
    return `${this.pointer}/${tokens.map(escapePointerToken).join('/')}`;
  }

  fail(key: string | readonly string[] | undefined, rule: JsonSchemaParseRule, detail: string): never {
    throw new SchemaParseError({ input: this.input, pointer: key === undefined ? this.pointer : this.at(key), rule, detail });
  }

  value(key: string): JsonValue | undefined {
    return this.has(key) ? this.raw[key] : undefined;
  }

  string(key: string): string | undefined {
    const value = this.value(key);
    if (value === undefined || typeof value === 'string') return value;
    return this.fail(key, JsonSchemaParseRule.KEYWORD_TYPE, `"${key}" must be a string`);
  }

  boolean(key: string): boolean | undefined {
    const value = this.value(key);
    if (value === undefined || typeof value === 'boolean') return value;
    return this.fail(key, JsonSchemaParseRule.KEYWORD_TYPE, `"${key}" must be a boolean`);
  }

  number(key: string): number | undefined {
    const value = this.value(key);
    if (value === undefined || (typeof value === 'number' && Number.isFinite(value))) return value;
    return this.fail(key, JsonSchemaParseRule.KEYWORD_TYPE, `"${key}" must be a number`);
  }

  /** Lengths and counts: a non-negative integer (JSON Schema Validation §6.3-6.5). */
  count(key: string): number | undefined {
    const value = this.value(key);
    if (value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= 0)) return value;
    return this.fail(key, JsonSchemaParseRule.KEYWORD_TYPE, `"${key}" must be a non-negative integer`);
  }

  /** `multipleOf`: strictly greater than 0 (JSON Schema Validation §6.2.1). */
  positive(key: string): number | undefined {
    const value = this.number(key);
    if (value === undefined || value > 0) return value;
    return this.fail(key, JsonSchemaParseRule.KEYWORD_TYPE, `"${key}" must be greater than 0`);
  }

  stringArray(key: string): readonly string[] | undefined {
    const value = this.value(key);
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) return this.fail(key, JsonSchemaParseRule.KEYWORD_TYPE, `"${key}" must be an array of strings`);
    value.forEach((item: JsonValue, i: number) => {
      if (typeof item !== 'string') this.fail([key, String(i)], JsonSchemaParseRule.KEYWORD_TYPE, `"${key}" must be an array of strings`);
    });
    return value as readonly string[];
  }

  array(key: string): readonly JsonValue[] | undefined {
    const value = this.value(key);
    if (value === undefined || Array.isArray(value)) return value as readonly JsonValue[] | undefined;
    return this.fail(key, JsonSchemaParseRule.KEYWORD_TYPE, `"${key}" must be an array`);
  }

  object(key: string): JsonObject | undefined {
    const value = this.value(key);
    if (value === undefined || isJsonObject(value)) return value;
    return this.fail(key, JsonSchemaParseRule.KEYWORD_TYPE, `"${key}" must be an object`);
  }

  /** A regular expression keyword: ECMA-262 syntax (JSON Schema Validation §4.3), compiled with the `u` flag when it allows. */
  regex(key: string, source: string): RegExp {
    for (const flags of ['u', '']) {
      try {
        return new RegExp(source, flags);
      } catch {
        // Try the next flag set; patterns written for non-Unicode engines may still compile.
      }
    }
    return this.fail(key, JsonSchemaParseRule.INVALID_REGEX, `${JSON.stringify(source)} is not a regular expression`);
  }
}
