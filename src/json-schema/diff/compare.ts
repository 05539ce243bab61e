import { jsonEqual } from '../../util/json-equal.js';
import type { JsonNode } from '../model.js';
import { compareArrays } from './array.js';
import { compareCombined, fromCombined, toCombined } from './combined.js';
import { compareObjects } from './object.js';
import { compareConst, compareEnums, compareNumbers, compareStrings, compareValueSets } from './scalars.js';
import { DiffSession, deref, difference } from './session.js';
import type { Difference } from './session.js';
import { JsonDifferenceType as T } from './types.js';

/**
 * Compares an optional sub-schema: one that appears is SCHEMA_ADDED, one that goes SCHEMA_REMOVED
 * (SchemaDiff.compare's null checks), unless the one that appears accepts everything.
 */
export function compareOptional(s: DiffSession, pointer: string, original: JsonNode | undefined, update: JsonNode | undefined): Difference[] {
  if (original === undefined && update === undefined) return [];
  if (original === undefined) return acceptsEverything(update as JsonNode) ? [] : [difference(T.SCHEMA_ADDED, pointer)];
  if (update === undefined) return [difference(T.SCHEMA_REMOVED, pointer)];
  return compareSchemas(s, pointer, original, update);
}

/**
 * Every difference between `original` (the writer) and `update` (the reader) at `pointer`;
 * `unlike` when the caller already found their written JSON unequal (nothing to test again).
 */
export function compareSchemas(s: DiffSession, pointer: string, original: JsonNode, update: JsonNode, unlike = false): Difference[] {
  s.budget.spend();
  const o = deref(original);
  const u = deref(update);
  if (pointer !== '' && !unlike && sameContent(o, u, s.history !== undefined)) return [];
  const viaReference = o !== original || u !== update;
  // Pairs met through a reference keep the session's own memo (cycles, repeated reports); others may be shared with other pairs of the history.
  const shared = pointer === '' || viaReference ? undefined : s.history;
  const known = shared?.get(o, u);
  if (known !== undefined) return known.map((found) => difference(found.type, pointer + found.pointer));
  const differences = s.memoised(o, u, pointer, viaReference, compareNodes);
  // A result cut short by the work budget is this pair's alone.
  if (shared !== undefined && s.budget.available) shared.set(o, u, differences.map((found) => difference(found.type, found.pointer.slice(pointer.length))));
  return differences;
}

/** The differences of a pair of nodes (no `$ref` among them), relative to the pair: annotations, then types. */
function compareNodes(s: DiffSession, o: JsonNode, u: JsonNode): readonly Difference[] {
  const types = compareTypes(s, o, u);
  const annotations = compareAnnotations(o, u);
  return annotations.length === 0 ? types : [...annotations, ...types];
}

/** Same draft and equal reference-free JSON (compile/content.ts): nothing to compare (the root is left to `isIdentical`). */
export function sameContent(o: JsonNode, u: JsonNode, byText: boolean): boolean {
  return o.draft === u.draft && o.content !== undefined && u.content !== undefined && o.content.sameAs(u.content, byText);
}

export function acceptsEverything(node: JsonNode): boolean {
  const target = deref(node);
  return target.kind === 'true' || target.kind === 'empty';
}

function compareAnnotations(o: JsonNode, u: JsonNode): Difference[] {
  const a = o.annotations;
  const b = u.annotations;
  if (a === b || (a.id === b.id && a.title === b.title && a.description === b.description && !a.hasDefault && !b.hasDefault)) return [];
  const out: Difference[] = [];
  // Confluent reads `$id` only from draft-7 documents; its 2019-09/2020-12 translation drops it (vector "Detect changes to id").
  if (a.id !== b.id && o.draft !== '2019-09' && o.draft !== '2020-12') out.push(difference(T.ID_CHANGED, ''));
  if (a.title !== b.title) out.push(difference(T.TITLE_CHANGED, ''));
  if (a.description !== b.description) out.push(difference(T.DESCRIPTION_CHANGED, ''));
  if (a.hasDefault !== b.hasDefault || !jsonEqual(a.default, b.default)) out.push(difference(T.DEFAULT_CHANGED, ''));
  return out;
}

/** SchemaDiff.compareTypes: anything may become `{}`/`true` and `false` may become anything; then by kind. */
function compareTypes(s: DiffSession, o: JsonNode, u: JsonNode): Difference[] {
  if (o.kind === 'false' || u.kind === 'true' || u.kind === 'empty') return [];
  if (o.kind === 'combined' && u.kind === 'combined') return compareCombined(s, o, u);
  if (u.kind === 'combined') return toCombined(s, o, u);
  if (o.kind === 'combined') return fromCombined(s, o, u);
  switch (o.kind) {
    case 'object': return u.kind === 'object' ? compareObjects(s, o, u) : changed();
    case 'array': return u.kind === 'array' ? compareArrays(s, o, u) : changed();
    case 'string': return u.kind === 'string' ? compareStrings(s, o, u) : changed();
    case 'number': return u.kind === 'number' ? compareNumbers(s, o, u) : changed();
    case 'enum':
    case 'const':
      if (u.kind === o.kind) return o.kind === 'enum' ? compareEnums(s, o, u as typeof o) : compareConst(o, u as typeof o);
      // A const is an enum of one value: compare the value sets (Confluent: TYPE_CHANGED).
      return s.sound && (u.kind === 'enum' || u.kind === 'const') ? compareValueSets(s, o, u) : changed();
    case 'not':
      if (u.kind !== 'not') return changed();
      // The inner schemas swap roles: `not A` accepts more than `not B` when B accepts more than A (NotSchemaDiff).
      return [difference(s.isCompatible(compareSchemas(s, '', u.schema, o.schema)) ? T.NOT_TYPE_NARROWED : T.NOT_TYPE_EXTENDED, '/not')];
    case 'conditional':
      return u.kind === 'conditional' ? compareConditionals(s, o, u) : changed();
    case 'boolean':
    case 'null':
      return u.kind === o.kind ? [] : changed();
    case 'true':
    case 'empty':
    case 'ref':
      return changed();
  }
}

function changed(): Difference[] {
  return [difference(T.TYPE_CHANGED, '')];
}

/** `if`/`then`/`else` (Confluent compares nothing here): the conditions must accept the same instances, then each branch is compared. */
function compareConditionals(s: DiffSession, o: Extract<JsonNode, { kind: 'conditional' }>, u: Extract<JsonNode, { kind: 'conditional' }>): Difference[] {
  if (!s.sound) return [];
  const same = s.isCompatible(compareSchemas(s, '/if', o.if, u.if)) && s.isCompatible(compareSchemas(s, '/if', u.if, o.if));
  if (!same) return [difference(T.CONDITION_CHANGED, '/if')];
  return [...compareOptional(s, '/then', o.then, u.then), ...compareOptional(s, '/else', o.else, u.else)];
}
