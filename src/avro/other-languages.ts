import { SchemaParseError } from '../errors.js';
import type { SchemaType } from '../schema-type.js';
import { ownValue } from '../util/own.js';

/** Keywords only a JSON Schema document has at its root (Avro has none of them, nor these `type`s). */
const JSON_SCHEMA_KEYWORDS = ['$schema', '$id', '$ref', '$defs', 'definitions', 'properties', 'patternProperties', 'allOf', 'anyOf', 'oneOf'];
const JSON_SCHEMA_TYPES = ['object', 'integer', 'number'];

/**
 * The schema type a document that failed to parse as Avro was most likely written in, with the
 * evidence: a JSON Schema keyword or `type` at its root, or the first word of a `.proto` file.
 * Undefined when nothing says so (then the Avro error stands alone).
 */
export function likelyLanguage(input: unknown): { readonly schemaType: SchemaType; readonly evidence: string } | undefined {
  if (typeof input === 'string') {
    const proto = /^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*(syntax|edition|package|import|message|enum|service|option)\b/.exec(input);
    if (proto && !/^\s*[[{"]/.test(input)) return { schemaType: 'PROTOBUF', evidence: `it starts with \`${proto[1]}\`, as a .proto file does` };
    try {
      return likelyLanguage(JSON.parse(input));
    } catch {
      return undefined;
    }
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const root = input as Readonly<Record<string, unknown>>;
  const keyword = JSON_SCHEMA_KEYWORDS.find((key) => Object.hasOwn(root, key));
  if (keyword !== undefined) return { schemaType: 'JSON', evidence: `it has \`${keyword}\` at its root` };
  const type = ownValue(root, 'type');
  if (typeof type === 'string' && JSON_SCHEMA_TYPES.includes(type)) return { schemaType: 'JSON', evidence: `its root has \`"type": "${type}"\`` };
  return undefined;
}

/**
 * The Avro parser's error for a document written in another schema language, with what to do: the
 * user gave a JSON Schema or a .proto file without saying its type (the default type is AVRO).
 */
export function withLanguageHint(error: SchemaParseError, input: unknown): SchemaParseError {
  let likely: ReturnType<typeof likelyLanguage>;
  try {
    likely = likelyLanguage(input);
  } catch {
    return error;
  }
  if (likely === undefined) return error;
  const { input: label, pointer, rule, detail, line, column } = error;
  const hint = `${detail}; this looks like ${likely.schemaType === 'JSON' ? 'a JSON Schema' : 'Protobuf'} (${likely.evidence}), not Avro: pass \`schemaType: '${likely.schemaType}'\` (CLI: \`--type ${likely.schemaType === 'JSON' ? 'json' : 'protobuf'}\`)`;
  return new SchemaParseError({ input: label, pointer, rule, detail: hint, ...(line === undefined ? {} : { line }), ...(column === undefined ? {} : { column }) });
}
