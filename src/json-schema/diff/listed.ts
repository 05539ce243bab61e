import type { PropertyList } from '../compile/property-texts.js';
import type { Extra, JsonNode, ObjectNode, PatternProperty } from '../model.js';
import { sameContent } from './compare.js';
import { compareNamed, propertyAdded, requiredChange } from './property-pair.js';
import type { Required } from './property-pair.js';
import { at, difference } from './session.js';
import type { DiffSession, Difference } from './session.js';
import type { SharedResults } from './shared.js';

/**
 * What a history check's walk found at one place: a property of the original, or one only the
 * update declares. Its differences are relative to the object pair; `steps` is the work budget it
 * spent; `pure` says it met no `$ref` (whose results depend on the session's memo) and no spent
 * budget, so that it holds for any later version with the same entry there.
 */
export interface Found {
  readonly differences: readonly Difference[];
  readonly steps: number;
  readonly pure: boolean;
}

/**
 * One walk of an object pair's property lists in a history check, kept for the next version
 * compared with the same update: versions of a subject differ in a few properties, so the next
 * walk compares again only where its list differs from this one's (ListChanges) and takes the
 * rest from here, at a cost of the changes and of the places that found something rather than of
 * the schema's width. A place of the original not listed found nothing, met no `$ref` and spent
 * no budget (a property written alike on both sides).
 */
export interface ListedWalk {
  readonly original: ObjectNode;
  readonly left: PropertyList;
  /** Places of the original's list where the walk found something, ascending, and what. */
  readonly places: readonly number[];
  readonly found: readonly Found[];
  /** Places of the update's list whose name the original does not declare, ascending, and what each found. */
  readonly addedPlaces: readonly number[];
  readonly addedFound: readonly Found[];
}

const NOTHING: Found = Object.freeze({ differences: Object.freeze([]), steps: 0, pure: true });

/**
 * The property lists of a history check (ObjectSchemaDiff's property loops): each property of the
 * original compared with the update's of that name, then the update's further ones. The output is
 * that of a walk of every property, in the same order.
 */
export function compareListed(s: DiffSession, history: SharedResults, o: ObjectNode, u: ObjectNode, required: Required, out: Difference[]): void {
  history.seedFrom(o.propertyTexts.built ?? u.propertyTexts.built);
  const left = o.propertyTexts.read(history.intern);
  const right = u.propertyTexts.read(history.intern);
  const previous = history.lastWalk(right);
  const pair: Pair = { s, o, u, left, right, required, out };
  const walk = previous !== undefined && previous.original.draft === o.draft ? walkChanged(pair, previous) : walkAll(pair);
  history.keepWalk(right, walk);
}

interface Pair {
  readonly s: DiffSession;
  readonly o: ObjectNode;
  readonly u: ObjectNode;
  readonly left: PropertyList;
  readonly right: PropertyList;
  readonly required: Required;
  readonly out: Difference[];
}

/** What a walk found, gathered place by place in ascending order (a literal: see util/hidden-class.ts). */
interface Gathered {
  readonly places: number[];
  readonly found: Found[];
}

function gathered(): Gathered {
  return { places: [], found: [] };
}

/** Adds what was found at `place`, unless it is nothing and `always` is not asked. */
function gather(into: Gathered, place: number, found: Found, always = false): void {
  if (found === NOTHING && !always) return;
  into.places.push(place);
  into.found.push(found);
}

/** Every place of both lists: names at the same place with the same (interned) text are alike. */
function walkAll(pair: Pair): ListedWalk {
  const { left, right } = pair;
  const declared = gathered();
  let aligned = 0;
  let prefix = 0; // how many names open both lists, each at the same place
  for (let i = 0; i < left.names.length; i++) {
    const inPlace = right.names[i] === left.names[i];
    if (inPlace && aligned++ === i) prefix++;
    gather(declared, i, declaredAt(pair, i, inPlace));
  }
  // The update's names past the common prefix, in its order (that of u.properties): one at the
  // original's place is declared by both, any other is looked up; when every name of the original
  // is in place, the rest are added.
  const allAligned = aligned === left.names.length;
  const added = gathered();
  for (let j = prefix; j < right.names.length; j++) {
    const name = right.names[j] as string;
    if (!allAligned && (left.names[j] === name || pair.o.properties.has(name))) continue;
    gather(added, j, addedAt(pair, j), true);
  }
  return { original: pair.o, left, places: declared.places, found: declared.found, addedPlaces: added.places, addedFound: added.found };
}

/**
 * The walk after `previous` (another version against the same update): a place whose entry is
 * that of `previous` and whose result met no `$ref` is taken from it; the others are compared, in
 * the order of a whole walk, so that the session's memo sees what it would have seen.
 */
function walkChanged(pair: Pair, previous: ListedWalk): ListedWalk {
  const { s, left, right, out } = pair;
  const changes = pair.o.propertyTexts.changesFrom(previous.left, left);
  const length = left.names.length;
  const declared = gathered();
  const { changed } = changes;
  // The places `previous` found something at and the changed places, merged in ascending order.
  let k = 0;
  let c = 0;
  for (;;) {
    const kept = k < previous.places.length && (previous.places[k] as number) < length ? (previous.places[k] as number) : length;
    const redo = c < changed.length ? (changed[c] as number) : length;
    const place = Math.min(kept, redo);
    if (place === length) break;
    const before = place === kept ? (previous.found[k++] as Found) : undefined;
    if (place === redo) c++;
    const again = place === redo || before === undefined || !before.pure;
    gather(declared, place, again ? declaredAt(pair, place, right.names[place] === left.names[place]) : reuse(s, before, out));
  }
  // Places past the end of the previous list are new.
  for (let i = previous.left.names.length; i < length; i++) gather(declared, i, declaredAt(pair, i, right.names[i] === left.names[i]));
  const added = gathered();
  const places = addedPlaces(previous, changes.leaving, changes.entering, right);
  // An added property's result depends on the original's content model (objectModel).
  const sameModel = places.length === 0 || sameContentModel(previous.original, pair.o);
  let before = 0;
  for (const j of places) {
    while (before < previous.addedPlaces.length && (previous.addedPlaces[before] as number) < j) before++;
    const kept = sameModel && previous.addedPlaces[before] === j ? (previous.addedFound[before] as Found) : undefined;
    gather(added, j, kept !== undefined && kept.pure ? reuse(s, kept, out) : addedAt(pair, j), true);
  }
  return { original: pair.o, left, places: declared.places, found: declared.found, addedPlaces: added.places, addedFound: added.found };
}

/**
 * The update's places whose names the original does not declare: those of `previous`, less the
 * names that entered the original's list, plus the update's names that left it.
 */
function addedPlaces(previous: ListedWalk, leaving: ReadonlySet<string>, entering: ReadonlySet<string>, right: PropertyList): readonly number[] {
  // Only names the update declares move a place in or out; most that change are not among them.
  const placeOf = (names: ReadonlySet<string>): number[] => [...names].map((name) => right.names.indexOf(name)).filter((j) => j >= 0);
  const entered = placeOf(entering);
  const left = placeOf(leaving).filter((j) => !entering.has(right.names[j] as string));
  if (entered.length === 0 && left.length === 0) return previous.addedPlaces;
  const places = new Set(previous.addedPlaces);
  for (const j of entered) places.delete(j);
  for (const j of left) places.add(j);
  return [...places].sort((a, b) => a - b);
}

function reuse(s: DiffSession, kept: Found, out: Difference[]): Found {
  s.budget.spend(kept.steps);
  for (const found of kept.differences) out.push(found);
  return kept;
}

/** The `i`-th property of the original: compared with the update's of that name, or removed. */
function declaredAt(pair: Pair, i: number, inPlace: boolean): Found {
  const { s, o, u, left, right, required, out } = pair;
  const start = out.length;
  const spent = s.budget.used;
  const references = s.referencesMet;
  const name = left.names[i] as string;
  if (((inPlace && alikeOrShared(pair, i, name)) || compareNamed(s, name, o.properties.get(name) as JsonNode, u, out)) && !required.same) {
    requiredChange(name, u, left.required[i] === true, inPlace ? right.required[i] === true : required.byUpdate(name), out);
  }
  return found(s, out, start, spent, references);
}

/** The `j`-th property of the update, which the original does not declare. */
function addedAt(pair: Pair, j: number): Found {
  const { s, o, u, right, out } = pair;
  const start = out.length;
  const spent = s.budget.used;
  const references = s.referencesMet;
  const name = right.names[j] as string;
  for (const found of propertyAdded(s, name, u.properties.get(name) as JsonNode, o, right.required[j] === true)) out.push(found);
  return found(s, out, start, spent, references);
}

function found(s: DiffSession, out: readonly Difference[], start: number, spent: number, references: number): Found {
  const steps = s.budget.used - spent;
  const pure = s.referencesMet === references && s.budget.available;
  if (out.length === start && steps === 0 && pure) return NOTHING;
  return { differences: out.slice(start), steps, pure };
}

/**
 * The `i`-th property of both lists, told from the lists alone: written alike (nothing to report),
 * or a pair of written-in-place schemas whose result another version of the history already found
 * (reported here as compareSchemas would report it). False when the nodes must be compared.
 */
function alikeOrShared(pair: Pair, i: number, name: string): boolean {
  const { s, o, left, right, out } = pair;
  const text = left.texts[i];
  const other = right.texts[i];
  if (text === undefined || other === undefined) return false;
  if (text === other) return true;
  const known = left.direct[i] === true && right.direct[i] === true ? s.history?.known(o.draft, text, other) : undefined;
  if (known === undefined) return false;
  s.budget.spend();
  const pointer = at('', 'properties', name);
  for (const found of known) out.push(difference(found.type, pointer + found.pointer));
  return true;
}

/** Two objects whose extra properties (additional, unevaluated, by pattern) are written alike: a name only the update declares fares the same against both. */
function sameContentModel(a: ObjectNode, b: ObjectNode): boolean {
  if (a === b) return true;
  return sameExtra(a.additionalProperties, b.additionalProperties) && sameExtra(a.unevaluatedProperties, b.unevaluatedProperties) && samePatterns(a.patternProperties, b.patternProperties);
}

function sameExtra(a: Extra, b: Extra): boolean {
  if (a.kind === 'schema' || b.kind === 'schema') return a.kind === 'schema' && b.kind === 'schema' && sameContent(a.schema, b.schema, true);
  return a.kind === b.kind && (a.kind !== 'boolean' || a.value === (b as typeof a).value);
}

function samePatterns(a: readonly PatternProperty[], b: readonly PatternProperty[]): boolean {
  return a === b || (a.length === b.length && a.every((entry, i) => entry.source === b[i]?.source && sameContent(entry.schema, (b[i] as PatternProperty).schema, true)));
}
