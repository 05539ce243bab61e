import { jsonEqual } from '../../util/json-equal.js';
import type { JsonValue } from '../../util/json.js';
import type { ConstNode, EnumNode, NumberNode, StringNode } from '../model.js';
import { DiffSession, difference } from './session.js';
import type { Difference } from './session.js';
import { JsonDifferenceType as T } from './types.js';
import type { JsonDifferenceType } from './types.js';
import { subset } from './value-set.js';

/** The bound keywords, by the stem of their four names: `<KEYWORD>_ADDED`, `_REMOVED`, `_INCREASED`, `_DECREASED`. */
const BOUND_STEMS = [
  'MAX_LENGTH', 'MIN_LENGTH', 'MAXIMUM', 'MINIMUM', 'EXCLUSIVE_MAXIMUM', 'EXCLUSIVE_MINIMUM',
  'MAX_PROPERTIES', 'MIN_PROPERTIES', 'MAX_ITEMS', 'MIN_ITEMS', 'MAX_CONTAINS', 'MIN_CONTAINS',
] as const;
type BoundStem = (typeof BOUND_STEMS)[number];

/** The four difference types of one bound keyword, looked up once: building their names on every comparison cost a string per bound. */
interface BoundTypes {
  readonly added: JsonDifferenceType;
  readonly removed: JsonDifferenceType;
  readonly increased: JsonDifferenceType;
  readonly decreased: JsonDifferenceType;
}

const boundTypes = (stem: BoundStem): BoundTypes => Object.freeze({ added: T[`${stem}_ADDED`], removed: T[`${stem}_REMOVED`], increased: T[`${stem}_INCREASED`], decreased: T[`${stem}_DECREASED`] });
const BOUNDS = Object.freeze(Object.fromEntries(BOUND_STEMS.map((stem) => [stem, boundTypes(stem)]))) as Readonly<Record<BoundStem, BoundTypes>>;

/** A bound keyword compared as Confluent does: appeared, went, rose or fell (whether that is compatible is the type's). */
export function compareBound(stem: BoundStem, pointer: string, original: number | undefined, update: number | undefined): Difference[] {
  if (original === update) return [];
  const types = BOUNDS[stem];
  if (original === undefined) return [difference(types.added, pointer)];
  if (update === undefined) return [difference(types.removed, pointer)];
  return [difference(update > original ? types.increased : types.decreased, pointer)];
}

/** A node that did not require its type now does: instances of other types are refused (TYPE_NARROWED). */
export function requirementAdded(s: DiffSession, original: boolean, update: boolean): Difference[] {
  return s.sound && update && !original ? [difference(T.TYPE_NARROWED, '')] : [];
}

/** StringSchemaDiff, plus `format` (an assertion for Confluent's serializers, which validate with everit). */
export function compareStrings(s: DiffSession, o: StringNode, u: StringNode): Difference[] {
  const out = [
    ...requirementAdded(s, o.requiresString, u.requiresString),
    ...compareBound('MAX_LENGTH', '/maxLength', o.maxLength, u.maxLength),
    ...compareBound('MIN_LENGTH', '/minLength', o.minLength, u.minLength),
    ...compareKeyword('PATTERN', '/pattern', o.pattern, u.pattern),
  ];
  // `format` asserts in drafts 4-7 as Confluent's serializers run them (everit); from 2019-09 it is an annotation by default (Validation 2020-12 §7.2.1).
  if (s.sound && (u.draft === 'draft-04' || u.draft === 'draft-06' || u.draft === 'draft-07')) out.push(...compareKeyword('FORMAT', '/format', o.format, u.format));
  return out;
}

const KEYWORD_TYPES = Object.freeze({
  PATTERN: Object.freeze({ added: T.PATTERN_ADDED, removed: T.PATTERN_REMOVED, changed: T.PATTERN_CHANGED }),
  FORMAT: Object.freeze({ added: T.FORMAT_ADDED, removed: T.FORMAT_REMOVED, changed: T.FORMAT_CHANGED }),
});

function compareKeyword(stem: keyof typeof KEYWORD_TYPES, pointer: string, original: string | undefined, update: string | undefined): Difference[] {
  if (original === update) return [];
  const types = KEYWORD_TYPES[stem];
  if (original === undefined) return [difference(types.added, pointer)];
  if (update === undefined) return [difference(types.removed, pointer)];
  return [difference(types.changed, pointer)];
}

/** NumberSchemaDiff: integer → number extends, number → integer narrows; bounds; multipleOf. */
export function compareNumbers(s: DiffSession, o: NumberNode, u: NumberNode): Difference[] {
  const out: Difference[] = [...requirementAdded(s, o.requiresNumber, u.requiresNumber)];
  if (o.requiresInteger && !u.requiresInteger) out.push(difference(T.TYPE_EXTENDED, ''));
  if (!o.requiresInteger && u.requiresInteger) out.push(difference(T.TYPE_NARROWED, ''));
  out.push(
    ...compareBound('MAXIMUM', '/maximum', o.maximum, u.maximum),
    ...compareBound('MINIMUM', '/minimum', o.minimum, u.minimum),
    ...compareBound('EXCLUSIVE_MAXIMUM', '/exclusiveMaximum', o.exclusiveMaximum, u.exclusiveMaximum),
    ...compareBound('EXCLUSIVE_MINIMUM', '/exclusiveMinimum', o.exclusiveMinimum, u.exclusiveMinimum),
    ...compareMultipleOf(o.multipleOf, u.multipleOf),
  );
  return out;
}

function compareMultipleOf(original: number | undefined, update: number | undefined): Difference[] {
  if (original === update) return [];
  if (original === undefined) return [difference(T.MULTIPLE_OF_ADDED, '/multipleOf')];
  if (update === undefined) return [difference(T.MULTIPLE_OF_REMOVED, '/multipleOf')];
  // EXPANDED: the new divisor is a multiple of the old (fewer values); REDUCED: the old is a multiple of the new.
  if (isMultiple(update, original)) return [difference(T.MULTIPLE_OF_EXPANDED, '/multipleOf')];
  if (isMultiple(original, update)) return [difference(T.MULTIPLE_OF_REDUCED, '/multipleOf')];
  return [difference(T.MULTIPLE_OF_CHANGED, '/multipleOf')];
}

/** `value` is an integer multiple of `divisor`, within the precision of decimal fractions written in JSON. */
function isMultiple(value: number, divisor: number): boolean {
  const quotient = value / divisor;
  return Math.abs(quotient - Math.round(quotient)) < 1e-9 * Math.max(1, Math.abs(quotient));
}

/** EnumSchemaDiff: more values extend, fewer narrow, others change. */
export function compareEnums(s: DiffSession, o: EnumNode, u: EnumNode): Difference[] {
  return compareValueSets(s, o, u);
}

export function valuesOf(node: EnumNode | ConstNode): readonly JsonValue[] {
  return node.kind === 'enum' ? node.values : [node.value];
}

export function compareValueSets(s: DiffSession, original: EnumNode | ConstNode, update: EnumNode | ConstNode): Difference[] {
  // Hashed by canonical text once per node (the session keeps the sets), so two enums of thousands of
  // values compare in linear time, and an enum met by a thousand `const` branches is hashed once.
  const before = s.keysOf(original, valuesOf(original));
  const after = s.keysOf(update, valuesOf(update));
  // The subset tests below walk at most the smaller set: work the branch budget counts (diff/budget.ts).
  s.budget.spend(Math.min(before.size, after.size));
  const originalInUpdate = subset(before, after);
  const updateInOriginal = subset(after, before);
  if (originalInUpdate && updateInOriginal) return [];
  if (originalInUpdate) return [difference(T.ENUM_ARRAY_EXTENDED, '/enum')];
  if (updateInOriginal) return [difference(T.ENUM_ARRAY_NARROWED, '/enum')];
  return [difference(T.ENUM_ARRAY_CHANGED, '/enum')];
}

/** ConstSchemaDiff: a changed `const` is ENUM_ARRAY_CHANGED at `.../const`. */
export function compareConst(o: ConstNode, u: ConstNode): Difference[] {
  return jsonEqual(o.value, u.value) ? [] : [difference(T.ENUM_ARRAY_CHANGED, '/const')];
}
