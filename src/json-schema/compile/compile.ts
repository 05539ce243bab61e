import { SchemaParseError } from '../../errors.js';
import { escapePointerToken, isJsonObject } from '../../util/json.js';
import { stableJson } from '../../util/stable-json.js';
import type { JsonObject, JsonValue } from '../../util/json.js';
import { atLeast } from '../drafts.js';
import type { Annotations, BooleanNode, CombinedNode, ConditionalNode, ConstNode, Criterion, Draft, EnumNode, InstanceType, JsonNode, NotNode, NullNode, RefNode } from '../model.js';
import { JSON_SCHEMA_MAX_DEPTH, JsonSchemaParseRule } from '../parse-rules.js';
import type { Place, ResourceIndex } from '../document/resources.js';
import { idKeyword } from '../document/resources.js';
import { splitFragment } from '../document/uri.js';
import { DynamicScopes } from './dynamic-scope.js';
import type { Bindings, DynamicKeyword } from './dynamic-scope.js';
import { SchemaContent } from './content.js';
import { RefChains } from './ref-chains.js';
import { resolveReference } from './refs.js';
import { arrayNode, numberNode, objectNode, stringNode } from './families.js';
import type { Building, FamilyInput, SubCompiler } from './families.js';
import { built } from './families.js';
import { Has, keywordGroups } from './keywords.js';
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
  private readonly chains = new RefChains();
  private readonly keywordTokens = new Map<string, string>();
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
      if (!this.wasCompiled(next.raw)) this.compile(next.raw, next.place, next.depth, this.scopes.unscoped);
      this.drainPending();
    }
    // `$ref`s that lead only to `$ref`s in a loop never reach a schema (e.g. `{"$ref": "#"}` at the root).
    this.chains.resolveAll();
    return root;
  }

  /** Compiled under some binding already (a reference reached it). */
  private wasCompiled(raw: JsonValue): boolean {
    for (const memo of this.memo.values()) if (memo.has(raw)) return true;
    return false;
  }

  private drainPending(): void {
    while (this.pending.length > 0) {
      const next = this.pending.pop() as (typeof this.pending)[number];
      if (!this.memo.get(next.bindings)?.has(next.raw)) this.compile(next.raw, next.place, 0, next.bindings);
    }
  }

  /**
   * Compiles `raw` where `outerPlace` says it sits, under the bindings of the schema that reached it.
   * `inline` says it was reached from its parent in the document (not through a reference), so a
   * child in its parent's resource enters nothing the parent did not.
   */
  private compile(raw: JsonValue, outerPlace: Place, depth: number, outer: Bindings, inline = false): JsonNode {
    if (depth > JSON_SCHEMA_MAX_DEPTH) {
      throw new SchemaParseError({ input: outerPlace.input, pointer: outerPlace.pointer, rule: JsonSchemaParseRule.TOO_DEEP, detail: `schemas nest deeper than ${JSON_SCHEMA_MAX_DEPTH} levels` });
    }
    if (typeof raw === 'boolean') {
      if (outerPlace.draft === 'draft-04') this.notASchema(outerPlace, 'draft 4 has no boolean schemas');
      return { kind: raw ? 'true' : 'false', pointer: outerPlace.pointer, annotations: NO_ANNOTATIONS, draft: outerPlace.draft };
    }
    if (!isJsonObject(raw)) return this.notASchema(outerPlace, 'a schema must be an object or a boolean');
    const known = this.index.scopes.get(raw);
    // Each schema reads as the draft of the document it sits in (a draft-7 schema may refer to the draft-4 metaschema).
    const place = known === undefined || known.draft === outerPlace.draft ? outerPlace : { ...outerPlace, draft: known.draft };
    const resource = known?.base;
    const bindings = resource === undefined || (inline && resource === outerPlace.base) ? outer : this.scopes.enter(outer, splitFragment(resource).resource);
    let memo = this.memo.get(bindings);
    const compiled = memo?.get(raw);
    if (compiled !== undefined) return compiled;
    const node = this.compileObject(raw, place, resource ?? place.base, depth, bindings);
    if (memo === undefined) this.memo.set(bindings, (memo = new Map()));
    memo.set(raw, node);
    return node;
  }

  /** `/keyword` (or `/keyword/`), one string per keyword for the whole document: a pointer is then one join. */
  private slashed(keyword: string): string {
    let text = this.keywordTokens.get(keyword);
    if (text === undefined) this.keywordTokens.set(keyword, (text = `/${keyword}`));
    return text;
  }

  private notASchema(place: Place, detail: string): never {
    throw new SchemaParseError({ input: place.input, pointer: place.pointer, rule: JsonSchemaParseRule.NOT_A_SCHEMA, detail });
  }

  private compileObject(raw: JsonObject, place: Place, here: string, depth: number, bindings: Bindings): JsonNode {
    const reader = new KeywordReader(raw, place.pointer, place.input);
    const draft = place.draft;
    const groups = keywordGroups(raw);
    const annotations = groups & Has.ANNOTATION ? this.annotations(reader, draft) : NO_ANNOTATIONS;
    let referenceFree = true;
    // Children under one keyword (`properties`, `oneOf`) share the prefix of their pointers: one string joined per child, not four.
    let prefixKeyword = '';
    let prefix = '';
    const sub: SubCompiler = (child, keyword, token) => {
      if (token !== undefined && keyword !== prefixKeyword) {
        prefixKeyword = keyword;
        prefix = place.pointer + this.slashed(`${keyword}/`);
      }
      const pointer = token === undefined ? place.pointer + this.slashed(keyword) : prefix + escapePointerToken(token);
      const node = this.compile(child, { pointer, base: here, input: place.input, draft }, depth + 1, bindings, true);
      if (node.kind === 'ref' || node.content?.referenceFree === false) referenceFree = false;
      return node;
    };
    const input: FamilyInput = { reader, draft, annotations, sub };
    const parts: JsonNode[] = [];
    if (groups & Has.REFERENCE) {
      const ref = reader.string('$ref');
      if (ref !== undefined) {
        referenceFree = false;
        parts.push(this.refNode(reader, '$ref', ref, here, annotations, place, bindings));
        // Before 2019-09 `$ref` replaces its siblings (draft 7 core §8.3); from 2019-09 they apply beside it.
        if (!atLeast(draft, '2019-09')) return parts[0] as JsonNode;
      }
      // `$recursiveRef` is 2019-09's, `$dynamicRef` 2020-12's; in other drafts they are unknown keywords, annotations.
      const dynamic: DynamicKeyword | undefined = draft === '2019-09' ? '$recursiveRef' : draft === '2020-12' ? '$dynamicRef' : undefined;
      const dynamicRef = dynamic === undefined ? undefined : reader.string(dynamic);
      if (dynamic !== undefined && dynamicRef !== undefined) {
        referenceFree = false;
        parts.push(this.refNode(reader, dynamic, dynamicRef, here, annotations, place, bindings));
      }
    }
    this.typed(input, groups, parts);
    if (groups & Has.APPLICATOR) this.combinators(input, parts, place, here, depth);
    const content = new SchemaContent(raw, referenceFree);
    if (parts.length === 0) return { kind: 'empty', pointer: reader.pointer, annotations, draft, content };
    const only = parts[0] as JsonNode;
    // A lone `$ref` node already carries these annotations, and its text (it holds a `$ref`) is never compared.
    if (parts.length === 1 && only.kind === 'ref') return only;
    // A lone part was built here and is not yet shared: it becomes the schema's node, with its annotations and content.
    if (parts.length === 1) {
      const node = only as Building<JsonNode>;
      if (node.annotations !== annotations) node.annotations = annotations;
      node.content = content;
      return built(node);
    }
    return combined(reader.pointer, draft, 'allOf', parts, 'mixed', parts.map((_, i) => String(i)), annotations, content);
  }

  /** `enum`, `const`, `not`, `allOf`/`anyOf`/`oneOf`, `if`: each a part; definitions are queued, compiled last. */
  private combinators(input: FamilyInput, parts: JsonNode[], place: Place, here: string, depth: number): void {
    const { reader, draft, sub } = input;
    if (reader.has('enum')) parts.push(built<EnumNode>({ kind: 'enum', pointer: reader.pointer + '/enum', annotations: NO_ANNOTATIONS, draft, content: undefined, values: reader.array('enum') ?? [] }));
    if (reader.has('const') && atLeast(draft, 'draft-06')) parts.push(built<ConstNode>({ kind: 'const', pointer: reader.pointer + '/const', annotations: NO_ANNOTATIONS, draft, content: undefined, value: reader.value('const') as JsonValue }));
    if (reader.has('not')) parts.push(built<NotNode>({ kind: 'not', pointer: reader.pointer, annotations: NO_ANNOTATIONS, draft, content: undefined, schema: sub(reader.value('not') as JsonValue, 'not') }));
    for (const criterion of CRITERIA) {
      const list = reader.array(criterion);
      if (list === undefined) continue;
      if (list.length === 0) reader.fail(criterion, JsonSchemaParseRule.KEYWORD_TYPE, `"${criterion}" must be a non-empty array of schemas`);
      parts.push(keywordCombined(reader.pointer, draft, criterion, list.map((item, i) => sub(item, criterion, String(i))), list));
    }
    if (reader.has('if') && atLeast(draft, 'draft-07')) {
      const condition = sub(reader.value('if') as JsonValue, 'if');
      const then = reader.has('then') ? sub(reader.value('then') as JsonValue, 'then') : undefined;
      const otherwise = reader.has('else') ? sub(reader.value('else') as JsonValue, 'else') : undefined;
      parts.push(built<ConditionalNode>({ kind: 'conditional', pointer: reader.pointer, annotations: NO_ANNOTATIONS, draft, content: undefined, if: condition, then, else: otherwise }));
    }
    // `$defs` is a keyword from 2019-09 only (before, an annotation whose values need not be schemas, reached
    // by a `$ref` pointer if at all); `definitions` stays schema-valued in every draft's metaschema.
    const containers = atLeast(draft, '2019-09') ? ['definitions', '$defs'] : ['definitions'];
    for (const key of containers) {
      const definitions = reader.object(key);
      if (definitions === undefined) continue;
      for (const name of Object.keys(definitions)) {
        this.definitions.push({ raw: definitions[name] as JsonValue, place: { pointer: reader.at([key, name]), base: here, input: place.input, draft }, depth: depth + 1 });
      }
    }
  }

  /** The node(s) for `type` and the keyword families: one typed node, an `anyOf` for a type array, or one untyped node per family used. */
  private typed(input: FamilyInput, groups: number, parts: JsonNode[]): void {
    const { reader } = input;
    const type = groups & Has.TYPE ? reader.value('type') : undefined;
    if (type === undefined) {
      if (groups & Has.OBJECT) parts.push(objectNode(input, false));
      if (groups & Has.ARRAY) parts.push(arrayNode(input, false));
      if (groups & Has.STRING) parts.push(stringNode(input, false));
      if (groups & Has.NUMBER) parts.push(numberNode(input, false, false));
      return;
    }
    if (typeof type === 'string') {
      if (!TYPE_NAMES.includes(type as InstanceType)) reader.fail('type', JsonSchemaParseRule.KEYWORD_TYPE, `unknown type ${JSON.stringify(type)} (one of ${TYPE_NAMES.join(', ')})`);
      parts.push(typedNode(input, type as InstanceType));
      return;
    }
    if (!Array.isArray(type) || type.length === 0) return reader.fail('type', JsonSchemaParseRule.KEYWORD_TYPE, '"type" must be a type name or a non-empty array of them');
    const seen = new Set<string>();
    const nodes = type.map((name: JsonValue, i: number) => {
      if (typeof name !== 'string' || !TYPE_NAMES.includes(name as InstanceType)) reader.fail(['type', String(i)], JsonSchemaParseRule.KEYWORD_TYPE, `unknown type ${JSON.stringify(name)} (one of ${TYPE_NAMES.join(', ')})`);
      if (seen.has(name as string)) reader.fail(['type', String(i)], JsonSchemaParseRule.KEYWORD_TYPE, `type ${JSON.stringify(name)} is listed twice`);
      seen.add(name as string);
      return typedNode(input, name as InstanceType);
    });
    parts.push(nodes.length === 1 ? (nodes[0] as JsonNode) : combined(reader.pointer, input.draft, 'anyOf', nodes, 'type-array', type.map(String)));
  }

  private annotations(reader: KeywordReader, draft: Draft): Annotations {
    const hasDefault = reader.has('default');
    return built<Annotations>({ id: reader.string(idKeyword(draft)), title: reader.string('title'), description: reader.string('description'), default: reader.value('default'), hasDefault });
  }

  private refNode(reader: KeywordReader, keyword: '$ref' | DynamicKeyword, ref: string, base: string, annotations: Annotations, place: Place, bindings: Bindings): RefNode {
    const found = resolveReference(this.index, ref, base, place.draft);
    if (found === undefined) return reader.fail(keyword, JsonSchemaParseRule.DANGLING_REF, `${keyword} ${JSON.stringify(ref)} points to no schema`);
    const target = keyword === '$ref' ? found : this.scopes.land(keyword, ref, base, found, bindings);
    this.pending.push({ ...target, bindings });
    const node = referenceNode(reader.pointer, annotations, place.draft, ref, this.chains);
    this.chains.add(node, place.input, () => this.compile(target.raw, target.place, 0, bindings));
    return node;
  }
}

/**
 * A `$ref` node; `target()` is where the chain of `$ref`s ends, resolved once for the whole document
 * (RefChains). Made outside the compiler's methods, so that its closure holds the chains alone, not
 * the compiler (its memo and the index are garbage once the document is parsed).
 */
function referenceNode(pointer: string, annotations: Annotations, draft: Draft, ref: string, chains: RefChains): RefNode {
  const node: RefNode = { kind: 'ref', pointer, annotations, draft, ref, target: () => chains.end(node) };
  return node;
}

/** The annotations of a schema that has none: shared, never changed. */
const NO_ANNOTATIONS: Annotations = Object.freeze({ hasDefault: false });

function typedNode(input: FamilyInput, type: InstanceType): JsonNode {
  const { reader, draft } = input;
  switch (type) {
    case 'object': return objectNode(input, true);
    case 'array': return arrayNode(input, true);
    case 'string': return stringNode(input, true);
    case 'number': return numberNode(input, true, false);
    case 'integer': return numberNode(input, true, true);
    case 'boolean': return built<BooleanNode>({ kind: 'boolean', pointer: reader.pointer, annotations: input.annotations, draft, content: undefined });
    case 'null': return built<NullNode>({ kind: 'null', pointer: reader.pointer, annotations: input.annotations, draft, content: undefined });
  }
}

function combined(pointer: string, draft: Draft, criterion: Criterion, subschemas: readonly JsonNode[], origin: CombinedNode['origin'], keys: readonly string[], annotations = NO_ANNOTATIONS, content?: SchemaContent): CombinedNode {
  return built<CombinedNode>({ kind: 'combined', pointer, annotations, draft, content, criterion, subschemas, origin, keys });
}

/**
 * An `allOf`/`anyOf`/`oneOf` as written: its keys (canonical texts of the branches) are computed on
 * first use, by a getter of the class shared by every such node (an object literal with a getter of
 * its own would give each node its own hidden class, and a closure).
 */
class KeywordCombined implements Building<CombinedNode> {
  readonly kind = 'combined';
  readonly origin = 'keyword';
  annotations: Annotations = NO_ANNOTATIONS;
  content: SchemaContent | undefined = undefined;
  private keyTexts: readonly string[] | undefined = undefined;

  constructor(
    readonly pointer: string,
    readonly draft: Draft,
    readonly criterion: Criterion,
    readonly subschemas: readonly JsonNode[],
    private readonly items: readonly JsonValue[],
  ) {}

  get keys(): readonly string[] {
    return (this.keyTexts ??= this.items.map((item) => stableJson(item)));
  }
}

function keywordCombined(pointer: string, draft: Draft, criterion: Criterion, subschemas: readonly JsonNode[], items: readonly JsonValue[]): CombinedNode {
  return built<CombinedNode>(new KeywordCombined(pointer, draft, criterion, subschemas, items));
}
