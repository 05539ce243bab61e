import { excerpt, quoteExcerpt } from '../../util/excerpt.js';
import { redactUrlText } from '../../registry/http/redact.js';

/** Where in a configuration document a problem is, and what it is. */
export interface Violation {
  /** The path of keys and indexes to the value (`['subjects', 1, 'strategy']`). */
  readonly path: ReadonlyArray<string | number>;
  /** The JSON Schema keyword broken (`enum`, `required`, `additionalProperties`, ...), or a rule of our own. */
  readonly rule: string;
  readonly message: string;
}

type Schema = Readonly<Record<string, unknown>>;

/** Keywords that only document a schema. */
const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', 'definitions', 'default', 'examples']);
/** Keywords this checker applies; config.schema.json uses no others (a test holds it to that). */
export const CHECKED_KEYWORDS = new Set(['$ref', 'type', 'enum', 'pattern', 'minLength', 'minItems', 'properties', 'additionalProperties', 'required', 'items', 'anyOf']);

/**
 * Checks a value against the configuration's JSON Schema (draft-07, the keywords in
 * `CHECKED_KEYWORDS`), answering every violation with its path, so that each can be shown at its
 * line. Not a general validator: it interprets the one schema this package publishes.
 */
export function checkAgainstSchema(schema: Schema, value: unknown, root: Schema = schema, path: ReadonlyArray<string | number> = []): Violation[] {
  const found: Violation[] = [];
  const add = (rule: string, message: string, at = path): void => {
    found.push({ path: at, rule, message });
  };
  const ref = schema['$ref'];
  if (typeof ref === 'string') return checkAgainstSchema(resolve(root, ref), value, root, path);
  for (const key of Object.keys(schema)) {
    if (!ANNOTATIONS.has(key) && !CHECKED_KEYWORDS.has(key)) throw new Error(`config.schema.json uses ${key}, which the configuration checker does not apply`);
  }
  const type = schema['type'];
  if (typeof type === 'string' && !hasType(value, type)) {
    add('type', `must be ${article(type)}, not ${describe(value)}`);
    return found;
  }
  const choices = schema['enum'];
  if (Array.isArray(choices) && !choices.includes(value)) add('enum', `must be one of ${choices.join(', ')}, not ${shortValue(value)}`);
  if (typeof value === 'string') {
    const pattern = schema['pattern'];
    if (typeof pattern === 'string' && !new RegExp(pattern, 'u').test(value)) add('pattern', `${quoteExcerpt(redactUrlText(value))} does not have the form ${pattern}`);
    const minLength = schema['minLength'];
    if (typeof minLength === 'number' && value.length < minLength) add('minLength', 'must not be empty');
  }
  if (Array.isArray(value)) {
    const minItems = schema['minItems'];
    if (typeof minItems === 'number' && value.length < minItems) add('minItems', `needs at least ${minItems} ${minItems === 1 ? 'item' : 'items'}`);
    const items = schema['items'];
    if (isSchema(items)) value.forEach((item: unknown, i) => found.push(...checkAgainstSchema(items, item, root, [...path, i])));
  }
  if (isRecord(value)) found.push(...objectViolations(schema, value, root, path));
  const anyOf = schema['anyOf'];
  if (Array.isArray(anyOf) && !anyOf.some((branch) => isSchema(branch) && checkAgainstSchema(branch, value, root, path).length === 0)) {
    add('anyOf', anyOfMessage(anyOf as readonly Schema[]));
  }
  return found;
}

function objectViolations(schema: Schema, value: Readonly<Record<string, unknown>>, root: Schema, path: ReadonlyArray<string | number>): Violation[] {
  const found: Violation[] = [];
  const properties = isSchema(schema['properties']) ? (schema['properties'] as Readonly<Record<string, Schema>>) : {};
  const required = schema['required'];
  if (Array.isArray(required)) {
    for (const name of required) if (typeof name === 'string' && !Object.prototype.hasOwnProperty.call(value, name)) found.push({ path, rule: 'required', message: `needs \`${name}\`` });
  }
  for (const [key, item] of Object.entries(value)) {
    if (Object.prototype.hasOwnProperty.call(properties, key)) found.push(...checkAgainstSchema(properties[key] as Schema, item, root, [...path, key]));
    else if (schema['additionalProperties'] === false) {
      found.push({ path: [...path, key], rule: 'additionalProperties', message: `unknown key \`${excerpt(key)}\` (known here: ${Object.keys(properties).join(', ')})` });
    }
  }
  return found;
}

function anyOfMessage(branches: readonly Schema[]): string {
  const required = branches.map((branch) => (Array.isArray(branch['required']) ? branch['required'][0] : undefined));
  if (required.every((name) => typeof name === 'string')) return `needs one of ${required.map((name) => `\`${String(name)}\``).join(', ')}`;
  const types = branches.map((branch) => (typeof branch['type'] === 'string' ? `${article(branch['type'])}` : 'another shape'));
  return `must be ${types.join(' or ')}`;
}

/** A `#/definitions/...` pointer into the schema. */
function resolve(root: Schema, ref: string): Schema {
  let here: unknown = root;
  for (const token of ref.replace(/^#\//, '').split('/')) here = isRecord(here) ? here[token] : undefined;
  if (!isSchema(here)) throw new Error(`config.schema.json: ${ref} does not resolve`);
  return here;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'object': return isRecord(value);
    case 'array': return Array.isArray(value);
    case 'integer': return Number.isInteger(value);
    case 'null': return value === null;
    default: return typeof value === type;
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSchema(value: unknown): value is Schema {
  return isRecord(value);
}

function article(type: string): string {
  const noun = type === 'array' ? 'list' : type === 'object' ? 'mapping' : type;
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/** A value's type and a short excerpt of it: a configuration value may be a whole file (an `ignoreFiles` entry that is not a mapping). */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `${typeof value} ${shortValue(value)}`;
}

/** A scalar as a message quotes it: strings cut to an excerpt (`quoteExcerpt`), numbers and booleans as written. */
function shortValue(value: unknown): string {
  if (typeof value === 'string') return quoteExcerpt(value);
  if (typeof value === 'object') return value === null ? 'null' : Array.isArray(value) ? 'a list' : 'a mapping';
  return excerpt(String(value));
}
