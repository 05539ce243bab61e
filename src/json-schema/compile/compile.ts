import { SchemaParseError } from '../../errors.js';
import { escapePointerToken, isJsonObject } from '../../util/json.js';
import { stableJson } from '../../util/stable-json.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import { atLeast } from '../drafts.js';
import type { Annotations, CombinedNode, Criterion, Draft, InstanceType, JsonNode, RefNode } from '../model.js';
import { JSON_SCHEMA_MAX_DEPTH, JsonSchemaParseRule } from '../parse-rules.js';
import type { Place, ResourceIndex } from '../document/resources.js';
import { idKeyword } from '../document/resources.js';
import { splitFragment } from '../document/uri.js';
import { DynamicScopes } from './dynamic-scope.js';
import type { Bindings, DynamicKeyword } from './dynamic-scope.js';
import { SchemaContent } from './content.js';
import { RefChains } from './ref-chains.js';
import { resolveReference } from './refs.js';
import { arrayNode, numberNode, objectNode, optional, stringNode, usesFamily } from './families.js';
import type { FamilyInput } from './families.js';
import { KeywordReader } from './reader.js';

const TYPE_NAMES: readonly InstanceType[] = ['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'];
const CRITERIA: readonly Criterion[] = ['allOf', 'anyOf', 'oneOf'];

/**
 * Compiles raw schemas into nodes shaped like everit's model (what Confluent's checker compares):
 * a `type` array becomes an `anyOf` of typed nodes, a schema mixing keyword families an `allOf`
 * of one node per family. Nodes are memoised per raw object, so cyclic `$ref`s end in a cycle of
 * nodes; a `$ref` node finds its target through the memo once everything is compiled. A schema
 * is compiled once per dynamic-scope binding it is reached with (dynamic-scope.ts), so that a
 * `$dynamicRef` or `$recursiveRef` is a plain reference to where it lands there.
 */
export class Compiler {
  private readonly memo = new Map<Bindings, Map<JsonValue, JsonNode>>();
  private readonly pending: Array<{ readonly raw: JsonValue; readonly place: Place; readonly bindings: Bindings }> = [];
  /** Definitions (`definitions`, `$defs`), compiled last, and only those no reference reached: for their errors. */
  private readonly definitions: Array<{ readonly raw: JsonValue; readonly place: Place; readonly depth: number }> = [];
  private readonly compiled = new Set<JsonValue>();
  private readonly chains = new RefChains();
  private readonly scopes: DynamicScopes;

  constructor(private readonly index: ResourceIndex) {
    this.scopes = new DynamicScopes(index);
  }

  /** Compiles a document's root and everything its references reach. */
  compileRoot(raw: JsonValue, place: Place): JsonNode {
    const root = this.compile(raw, place, 0, this.scopes.outermost);
    this.drainPending();
    // A definition no evaluation path reaches has no dynamic scope: it is checked with references resolved statically.
    for (let i = 0; i < this.definitions.length; i++) {
      const next = this.definitions[i] as (typeof this.definitions)[number];
      if (!this.compiled.has(next.raw)) this.compile(next.raw, next.place, next.depth, this.scopes.unscoped);
      this.drainPending();
    }
    // `$ref`s that lead only to `$ref`s in a loop never reach a schema (e.g. `{"$ref": "#"}` at the root).
    this.chains.resolveAll();
    return root;
  }

  private drainPending(): void {
    while (this.pending.length > 0) {
      const next = this.pending.pop() as (typeof this.pending)[number];
      if (!this.memo.get(next.bindings)?.has(next.raw)) this.compile(next.raw, next.place, 0, next.bindings);
    }
  }

  private compile(raw: JsonValue, outerPlace: Place, depth: number, outer: Bindings): JsonNode {
    const known = isJsonObject(raw) ? this.index.places.get(raw) : undefined;
    // Each schema reads as the draft of the document it sits in (a draft-7 schema may refer to the draft-4 metaschema).
    const place = known === undefined ? outerPlace : { ...outerPlace, draft: known.draft };
    const resource = known?.base;
    const bindings = resource === undefined ? outer : this.scopes.enter(outer, splitFragment(resource).resource);
    const compiled = this.memo.get(bindings)?.get(raw);
    if (compiled && isJsonObject(raw)) return compiled;
    if (depth > JSON_SCHEMA_MAX_DEPTH) {
      throw new SchemaParseError({ input: place.input, pointer: place.pointer, rule: JsonSchemaParseRule.TOO_DEEP, detail: `schemas nest deeper than ${JSON_SCHEMA_MAX_DEPTH} levels` });
    }
    const none: Annotations = { hasDefault: false };
    if (typeof raw === 'boolean') {
      if (place.draft === 'draft-04') this.notASchema(place, 'draft 4 has no boolean schemas');
      return { kind: raw ? 'true' : 'false', pointer: place.pointer, annotations: none, draft: place.draft };
    }
    if (!isJsonObject(raw)) return this.notASchema(place, 'a schema must be an object or a boolean');
    const node = this.compileObject(raw, place, depth, bindings);
    const memo = this.memo.get(bindings) ?? new Map<JsonValue, JsonNode>();
    memo.set(raw, node);
    this.compiled.add(raw);
    this.memo.set(bindings, memo);
    return node;
  }

  private notASchema(place: Place, detail: string): never {
    throw new SchemaParseError({ input: place.input, pointer: place.pointer, rule: JsonSchemaParseRule.NOT_A_SCHEMA, detail });
  }

  private compileObject(raw: JsonObject, place: Place, depth: number, bindings: Bindings): JsonNode {
    const reader = new KeywordReader(raw, place.pointer, place.input);
    const draft = place.draft;
    const annotations = this.annotations(reader, draft);
    const here = this.index.places.get(raw)?.base ?? place.base;
    const sub = (path: readonly string[], child: JsonValue): JsonNode => {
      const pointer = `${place.pointer}/${path.map(escapePointerToken).join('/')}`;
      return this.compile(child, { pointer, base: here, input: place.input, draft }, depth + 1, bindings);
    };
    const input: FamilyInput = { reader, draft, annotations, sub };
    const parts: JsonNode[] = [];
    const ref = reader.string('$ref');
    if (ref !== undefined) {
      parts.push(this.refNode(reader, '$ref', ref, here, annotations, place, bindings));
      // Before 2019-09 `$ref` replaces its siblings (draft 7 core §8.3); from 2019-09 they apply beside it.
      if (!atLeast(draft, '2019-09')) return parts[0] as JsonNode;
    }
    // `$recursiveRef` is 2019-09's, `$dynamicRef` 2020-12's; in other drafts they are unknown keywords, annotations.
    const dynamic: DynamicKeyword | undefined = draft === '2019-09' ? '$recursiveRef' : draft === '2020-12' ? '$dynamicRef' : undefined;
    const dynamicRef = dynamic === undefined ? undefined : reader.string(dynamic);
    if (dynamic !== undefined && dynamicRef !== undefined) parts.push(this.refNode(reader, dynamic, dynamicRef, here, annotations, place, bindings));
    parts.push(...this.typed(input));
    if (reader.has('enum')) parts.push({ kind: 'enum', pointer: reader.at('enum'), annotations: { hasDefault: false }, draft: draft, values: reader.array('enum') ?? [] });
    if (reader.has('const') && atLeast(draft, 'draft-06')) parts.push({ kind: 'const', pointer: reader.at('const'), annotations: { hasDefault: false }, draft: draft, value: reader.value('const') as JsonValue });
    if (reader.has('not')) parts.push({ kind: 'not', pointer: reader.pointer, annotations: { hasDefault: false }, draft: draft, schema: sub(['not'], reader.value('not') as JsonValue) });
    for (const criterion of CRITERIA) {
      const list = reader.array(criterion);
      if (list === undefined) continue;
      if (list.length === 0) reader.fail(criterion, JsonSchemaParseRule.KEYWORD_TYPE, `"${criterion}" must be a non-empty array of schemas`);
      parts.push(combined(reader.pointer, draft, criterion, list.map((item, i) => sub([criterion, String(i)], item)), 'keyword', list.map((item) => stableJson(item))));
    }
    if (reader.has('if') && atLeast(draft, 'draft-07')) {
      parts.push({
        kind: 'conditional', pointer: reader.pointer, annotations: { hasDefault: false }, draft: draft,
        if: sub(['if'], reader.value('if') as JsonValue),
        ...optional('then', reader.has('then') ? sub(['then'], reader.value('then') as JsonValue) : undefined),
        ...optional('else', reader.has('else') ? sub(['else'], reader.value('else') as JsonValue) : undefined),
      });
    }
    // `$defs` is a keyword from 2019-09 only (before, an annotation whose values need not be schemas, reached
    // by a `$ref` pointer if at all); `definitions` stays schema-valued in every draft's metaschema.
    const containers = atLeast(draft, '2019-09') ? ['definitions', '$defs'] : ['definitions'];
    for (const key of containers) {
      for (const [name, child] of Object.entries(reader.object(key) ?? {})) {
        this.definitions.push({ raw: child, place: { pointer: reader.at([key, name]), base: here, input: place.input, draft }, depth: depth + 1 });
      }
    }
    const text = { content: new SchemaContent(raw) };
    if (parts.length === 0) return { kind: 'empty', pointer: reader.pointer, annotations, draft: draft, ...text };
    const only = parts[0] as JsonNode;
    // A lone `$ref` node already carries these annotations, and its text (it holds a `$ref`) is never compared.
    if (parts.length === 1) return only.kind === 'ref' ? only : ({ ...only, annotations, ...text } as JsonNode);
    return { ...combined(reader.pointer, draft, 'allOf', parts, 'mixed', parts.map((_, i) => String(i))), annotations, ...text };
  }

  /** The node(s) for `type` and the keyword families: one typed node, an `anyOf` for a type array, or one untyped node per family used. */
  private typed(input: FamilyInput): JsonNode[] {
    const { reader } = input;
    const type = reader.value('type');
    if (type === undefined) {
      const untyped: JsonNode[] = [];
      if (usesFamily(reader, 'object')) untyped.push(objectNode(input, false));
      if (usesFamily(reader, 'array')) untyped.push(arrayNode(input, false));
      if (usesFamily(reader, 'string')) untyped.push(stringNode(input, false));
      if (usesFamily(reader, 'number')) untyped.push(numberNode(input, false, false));
      return untyped;
    }
    const names = typeof type === 'string' ? [type] : Array.isArray(type) ? type : undefined;
    if (names === undefined || names.length === 0) return reader.fail('type', JsonSchemaParseRule.KEYWORD_TYPE, '"type" must be a type name or a non-empty array of them');
    const seen = new Set<string>();
    const nodes = names.map((name: JsonValue, i: number) => {
      if (typeof name !== 'string' || !TYPE_NAMES.includes(name as InstanceType)) reader.fail(typeof type === 'string' ? 'type' : ['type', String(i)], JsonSchemaParseRule.KEYWORD_TYPE, `unknown type ${JSON.stringify(name)} (one of ${TYPE_NAMES.join(', ')})`);
      if (seen.has(name as string)) reader.fail(['type', String(i)], JsonSchemaParseRule.KEYWORD_TYPE, `type ${JSON.stringify(name)} is listed twice`);
      seen.add(name as string);
      return typedNode(input, name as InstanceType);
    });
    if (nodes.length === 1) return nodes;
    return [combined(reader.pointer, input.draft, 'anyOf', nodes, 'type-array', names.map(String))];
  }

  private annotations(reader: KeywordReader, draft: Draft): Annotations {
    const id = reader.string(idKeyword(draft));
    return {
      ...optional('id', id),
      ...optional('title', reader.string('title')),
      ...optional('description', reader.string('description')),
      ...optional('default', reader.value('default')),
      hasDefault: reader.has('default'),
    };
  }

  private refNode(reader: KeywordReader, keyword: '$ref' | DynamicKeyword, ref: string, base: string, annotations: Annotations, place: Place, bindings: Bindings): RefNode {
    const found = resolveReference(this.index, ref, base, place.draft);
    if (found === undefined) return reader.fail(keyword, JsonSchemaParseRule.DANGLING_REF, `${keyword} ${JSON.stringify(ref)} points to no schema`);
    const target = keyword === '$ref' ? found : this.scopes.land(keyword, ref, base, found, bindings);
    this.pending.push({ ...target, bindings });
    // `target()` is where the chain of `$ref`s ends, resolved once for the whole document (RefChains).
    const node: RefNode = { kind: 'ref', pointer: reader.pointer, annotations, draft: place.draft, ref, target: () => this.chains.end(node) };
    this.chains.add(node, place.input, () => this.compile(target.raw, target.place, 0, bindings));
    return node;
  }
}

function typedNode(input: FamilyInput, type: InstanceType): JsonNode {
  const { reader, draft } = input;
  const base = { pointer: reader.pointer, annotations: input.annotations, draft };
  switch (type) {
    case 'object': return objectNode(input, true);
    case 'array': return arrayNode(input, true);
    case 'string': return stringNode(input, true);
    case 'number': return numberNode(input, true, false);
    case 'integer': return numberNode(input, true, true);
    case 'boolean': return { ...base, kind: 'boolean' };
    case 'null': return { ...base, kind: 'null' };
  }
}

function combined(pointer: string, draft: Draft, criterion: Criterion, subschemas: readonly JsonNode[], origin: CombinedNode['origin'], keys: readonly string[]): CombinedNode {
  return { kind: 'combined', pointer, annotations: { hasDefault: false }, draft, criterion, subschemas, origin, keys };
}
