import { SchemaParseError } from '../errors.js';
import type { ParseOptions } from '../checkers/types.js';
import { parseJsonText } from '../util/json-text.js';
import { readOptions, referencesOption, stringOption } from '../util/options.js';
import { snapshotJson } from '../util/snapshot-json.js';
import type { BuildState } from './build-state.js';
import { rootChild } from './build.js';
import { finalizeSchema } from './finalize.js';
import { fingerprintSchema } from './fingerprints.js';
import type { AvroNamed, AvroNode, AvroSchema } from './model.js';
import { AvroParseRule } from './parse-rules.js';
import { withLanguageHint } from './other-languages.js';
import { avscTypeSchema } from './avsc-type.js';

/**
 * Parses an Avro schema (text or a parsed JSON document) with Apache Avro Java 1.12's
 * `Schema.Parser` rules: what Java rejects, this rejects with a `SchemaParseError` naming the JSON
 * pointer and the rule. References (Confluent schema references) are parsed first, in order,
 * into the same names, so the schema may use the types they define.
 */
export function parseAvroSchema(input: string | object, options: ParseOptions = {}): AvroSchema {
  const read = readOptions('options', options, ['label', 'references', 'reuse']);
  const label = stringOption('label', read.label) ?? 'schema';
  const references = referencesOption(read.references) ?? {};
  const named = new Map<string, AvroNamed>();
  const aliases = { found: false };
  try {
    for (const [name, reference] of Object.entries(references)) {
      parseDocument(reference, `${label} (reference ${JSON.stringify(name)})`, named, aliases);
    }
    const root = parseDocument(input, label, named, aliases);
    const schema: AvroSchema = { root, named, hasAliases: aliases.found, cache: { fingerprinted: false } };
    if (read.reuse) fingerprintSchema(schema);
    return schema;
  } catch (error) {
    if (error instanceof RangeError) {
      throw new SchemaParseError({ input: label, pointer: '', rule: AvroParseRule.TOO_DEEP, detail: 'schema too deeply nested to parse' });
    }
    throw error;
  }
}

function parseDocument(input: unknown, label: string, named: Map<string, AvroNamed>, aliases: { found: boolean }): AvroNode {
  try {
    if (typeof input === 'string') return build(readText(input, label), label, named, aliases, false);
    // An avsc Type is read as its schema with defaults and attributes (avsc-type.ts).
    const document = avscTypeSchema(input) ?? input;
    return (prototypesPlain() ? buildInPlace(document, label, named, aliases) : undefined) ?? build(readObject(document, label), label, named, aliases, false);
  } catch (error) {
    // A JSON Schema or a .proto file given without its schema type: say which type to pass.
    throw error instanceof SchemaParseError ? withLanguageHint(error, input) : error;
  }
}

function build(json: unknown, label: string, named: Map<string, AvroNamed>, aliases: { found: boolean }, inPlace: boolean): AvroNode {
  const state: BuildState = { label, named, forwardReferences: [], defaults: [], unions: [], inProgress: new Set(), acyclicPending: false, validNamespaces: new Set(), plainContainers: new Map(), aliases, inPlace, nodes: 0 };
  const slot: { node?: AvroNode } = {};
  slot.node = rootChild(state, slot, json);
  return finalizeSchema(state, slot);
}

/**
 * Whether no enumerable key was added to `Object.prototype` or `Array.prototype`: then `for…in`
 * over a schema object yields its own keys only, as reading it in place needs (schema-keys.ts).
 */
function prototypesPlain(): boolean {
  return Object.keys(Object.prototype).length === 0 && Object.keys(Array.prototype).length === 0;
}

/**
 * The model built from the caller's document itself, each value read where the builder reads it
 * (no copy first): the builder keeps nothing of the document by reference (it copies defaults and
 * attributes, makes its own arrays of fields, symbols and aliases, keeps strings and numbers), and
 * checks what it does not read (schema-keys.ts), so that the model is the one the snapshot would
 * give. Undefined when the build throws, its names forgotten: the snapshot's build then says why,
 * so that every error is the one the snapshot gives.
 */
function buildInPlace(document: unknown, label: string, named: Map<string, AvroNamed>, aliases: { found: boolean }): AvroNode | undefined {
  const known = named.size;
  const found = aliases.found;
  try {
    return build(document, label, named, aliases, true);
  } catch {
    // Names are only ever added to the map, in order: those after the first `known` are this build's.
    let index = 0;
    for (const name of [...named.keys()]) if (index++ >= known) named.delete(name);
    aliases.found = found;
    return undefined;
  }
}

/**
 * A document given as a JavaScript value that could not be built in place is judged as its JSON
 * text would be: read once into a copy (util/snapshot-json.ts), so that no getter or Proxy trap of
 * the caller runs during its parse, and a hole or an exception of the caller is a NOT_JSON
 * SchemaParseError at its pointer.
 */
function readObject(input: unknown, label: string): unknown {
  const snapshot = snapshotJson(input);
  if (snapshot.ok) return snapshot.value;
  throw new SchemaParseError({ input: label, pointer: snapshot.pointer, rule: AvroParseRule.NOT_JSON, detail: snapshot.reason });
}

/**
 * Java's `Schema.Parser.parse(String)` hands the text to Jackson as characters, and Jackson skips a
 * byte-order mark only when it decodes bytes (`parse(File)`, `parse(InputStream)`): a schema string
 * starting with U+FEFF is refused, as a registry receiving it refuses it. File readers drop it first.
 */
function readText(text: string, label: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) {
    const detail = 'not valid JSON: the text starts with a byte-order mark (U+FEFF), which Java\'s Schema.Parser.parse(String) refuses; remove it (a file read from disk may carry one)';
    throw new SchemaParseError({ input: label, pointer: '', rule: AvroParseRule.INVALID_JSON, detail, line: 1, column: 1 });
  }
  const parsed = parseJsonText(text);
  if (parsed.ok) return parsed.value;
  const { message, line, column } = parsed.problem;
  throw new SchemaParseError({ input: label, pointer: '', rule: AvroParseRule.INVALID_JSON, detail: `not valid JSON: ${message}`, line, column });
}
