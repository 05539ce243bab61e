import { SchemaParseError } from '../../errors.js';
import { copyJson } from '../../util/copy-json.js';
import { isJsonObject } from '../../util/json.js';
import type { JsonValue } from '../../util/json.js';
import { parseJsonText } from '../../util/json-text.js';
import { Compiler } from '../compile/compile.js';
import { DEFAULT_DRAFT, KNOWN_DIALECTS, draftOf } from '../drafts.js';
import type { Draft, JsonSchemaDocument } from '../model.js';
import { JsonSchemaParseRule } from '../parse-rules.js';
import { MAX_JSON_DEPTH, emptyIndex, idKeyword, indexDocument } from './resources.js';
import { DEFAULT_BASE, resolveUri } from './uri.js';

/**
 * Reads schema text or a parsed document into JSON nobody else holds: text is parsed (its objects
 * are new, and `JSON.parse` makes a `__proto__` key an own key), a caller's object is copied and
 * checked. Depth and number range of parsed text are checked when the document is indexed
 * (resources.ts), in the walk that visits every value anyway.
 */
export function readJson(input: string | object, label: string): JsonValue {
  if (typeof input === 'string') {
    const parsed = parseJsonText(input);
    if (!parsed.ok) throw new SchemaParseError({ input: label, pointer: '', rule: JsonSchemaParseRule.INVALID_JSON, detail: parsed.problem.message, line: parsed.problem.line, column: parsed.problem.column });
    return parsed.value as JsonValue;
  }
  return copied(input, label);
}

/** A caller's document is copied into objects like those of `JSON.parse`, so that it is compiled as its text would be. */
function copied(value: unknown, label: string): JsonValue {
  const copy = copyJson(value, MAX_JSON_DEPTH, { likeJsonParse: true });
  if (copy.ok) return copy.value;
  const rule = copy.tooDeep ? JsonSchemaParseRule.TOO_DEEP : copy.tooLarge ? JsonSchemaParseRule.TOO_LARGE : JsonSchemaParseRule.NOT_A_SCHEMA;
  throw new SchemaParseError({ input: label, pointer: copy.pointer, rule, detail: copy.reason });
}

/** The draft a document declares with `$schema` (draft 7 when absent, as Confluent). */
export function documentDraft(raw: JsonValue, label: string, fallback: Draft = DEFAULT_DRAFT): Draft {
  if (!isJsonObject(raw) || raw['$schema'] === undefined) return fallback;
  const uri = raw['$schema'];
  if (typeof uri !== 'string') throw new SchemaParseError({ input: label, pointer: '/$schema', rule: JsonSchemaParseRule.KEYWORD_TYPE, detail: '"$schema" must be a string' });
  const draft = draftOf(uri);
  if (draft === undefined) throw new SchemaParseError({ input: label, pointer: '/$schema', rule: JsonSchemaParseRule.UNKNOWN_DRAFT, detail: `unknown dialect ${JSON.stringify(uri)}; known: ${KNOWN_DIALECTS.join(', ')}` });
  return draft;
}

/**
 * Parses a JSON Schema document with its named references (Confluent schema references: a `$ref`
 * to `address.json` finds the reference named `address.json`, or one whose `$id` it names).
 */
export function loadDocument(raw: JsonValue, label: string, references: Readonly<Record<string, string | object>> = {}, fallback: Draft = DEFAULT_DRAFT): JsonSchemaDocument {
  if (typeof raw !== 'boolean' && !isJsonObject(raw)) throw new SchemaParseError({ input: label, pointer: '', rule: JsonSchemaParseRule.NOT_A_SCHEMA, detail: 'a schema must be an object or a boolean' });
  const draft = documentDraft(raw, label, fallback);
  const index = emptyIndex();
  const rootId = isJsonObject(raw) ? raw[idKeyword(draft)] : undefined;
  const base = (typeof rootId === 'string' ? resolveUri(rootId, DEFAULT_BASE) : undefined) ?? DEFAULT_BASE;
  const referenced: Record<string, JsonValue> = {};
  for (const [name, text] of Object.entries(references)) {
    const refLabel = `${label} reference ${JSON.stringify(name)}`;
    const value = readJson(text, refLabel);
    referenced[name] = value;
    const refBase = resolveUri(name, DEFAULT_BASE);
    if (refBase === undefined) throw new SchemaParseError({ input: refLabel, pointer: '', rule: JsonSchemaParseRule.DANGLING_REF, detail: 'a reference name must be a URI reference' });
    indexDocument(index, value, refBase, documentDraft(value, refLabel, draft), refLabel);
  }
  indexDocument(index, raw, base, draft, label);
  const root = new Compiler(index).compileRoot(raw, { pointer: '', base, input: label, draft });
  return { kind: 'json-schema', draft, root, raw, references: referenced };
}
