import { escapePointerToken } from '../../util/json.js';
import type { JsonValue } from '../../util/json.js';
import { valueKeys } from './value-set.js';
import type { JsonNode } from '../model.js';
import { LENIENT_ONLY, STRICT_COMPATIBLE, UNSOUND_IN_STRICT } from './types.js';
import type { JsonDifferenceType } from './types.js';
import { JsonDifferenceType as T } from './types.js';
import { sameGraph } from './same-graph.js';
import { WorkBudget } from './budget.js';
import type { SharedResults } from './shared.js';
import { keepInstance } from '../../util/hidden-class.js';

/** Confluent's two policies (CompatibilityPolicy, reference/confluent.md §1.6). */
export type JsonSchemaPolicy = 'STRICT' | 'LENIENT';

/** One difference between an original (writer) and an update (reader): Confluent's type and `#/...` path. */
export interface Difference {
  readonly type: JsonDifferenceType;
  /** JSON pointer inside the schemas ('' is the root); printed as `#/...`. */
  readonly pointer: string;
}

export interface DiffRules {
  readonly policy: JsonSchemaPolicy;
  /** Reproduce Confluent exactly: skip our soundness checks and keep its compatible-with-default types. */
  readonly confluentQuirks: boolean;
}

/**
 * The state of one comparison: rules, and a memo of the sub-pairs already compared (relative
 * pointers, so that a pair met under two paths is reported at each). A pair met again while it
 * is being compared is assumed compatible, as Confluent's Context does (co-induction on cycles).
 */
export class DiffSession {
  /** Created on first use: most pairs meet no `$ref` and never need it. */
  private memo: Map<JsonNode, Map<JsonNode, readonly Difference[] | Busy>> | undefined;
  /** How many times the comparison in progress has stepped into a part of the instance (a property, an item). */
  private descents = 0;
  /** How many pairs reached through a `$ref` the session has met: a result found without meeting one does not depend on the memo (diff/listed.ts). */
  private referencePairs = 0;
  private readonly compatibleTypes: ReadonlySet<string>;
  /** What tried sub-schema pairs may still cost (BRANCH_WORK); `size` is the two documents' JSON text length. */
  readonly budget: WorkBudget;
  /** Canonical texts of `enum`/`const` value lists, computed once per node. */
  private valueKeys: Map<JsonNode, ReadonlySet<string>> | undefined;

  /** `compatibleTypes` is `compatibleTypesOf(rules)`, given by a caller that keeps it across sessions. */
  constructor(readonly rules: DiffRules, size: () => number = () => 0, readonly history?: SharedResults, compatibleTypes: ReadonlySet<string> = compatibleTypesOf(rules)) {
    this.budget = new WorkBudget(size);
    this.compatibleTypes = compatibleTypes;
  }

  isCompatibleType(type: string): boolean {
    return this.compatibleTypes.has(type);
  }

  isCompatible(differences: readonly Difference[]): boolean {
    return differences.every((difference) => this.compatibleTypes.has(difference.type));
  }

  /**
   * May a comparison that is only tried (does this branch match that one?) still run? Once the
   * budget is spent, every caller reads the pair as "not shown to be compatible". (A getter, not a
   * wrapper, so that nested comparisons take no extra stack frames.)
   */
  get canTry(): boolean {
    return this.budget.available;
  }

  /** The canonical texts of a node's finite values, so that value lists are compared by hashing, not pairwise. */
  keysOf(node: JsonNode, values: readonly JsonValue[]): ReadonlySet<string> {
    this.valueKeys ??= new Map();
    let keys = this.valueKeys.get(node);
    if (keys === undefined) this.valueKeys.set(node, (keys = valueKeys(values)));
    return keys;
  }

  /** How many pairs reached through a `$ref` this session has compared or found in its memo. */
  get referencesMet(): number {
    return this.referencePairs;
  }

  /** Our soundness checks run unless the caller asked for Confluent's exact answers. */
  get sound(): boolean {
    return !this.rules.confluentQuirks;
  }

  /**
   * Compares (original, update) at `pointer` once per session; `compute` reports pointers relative
   * to the pair. A pair met again inside itself is assumed compatible only when the instance was
   * entered on the way (a guarded cycle: `{"properties": {"next": {"$ref": "#"}}}`); a pair that
   * recurs on the same instance (`{"allOf": [{"$ref": "#"}, ...]}`) would justify itself, so it
   * counts as TYPE_CHANGED instead (Confluent assumes both compatible), unless the two schemas are
   * the same graph (JSON Schema leaves such cycles undefined: core 2020-12 §9.4.1).
   */
  memoised(original: JsonNode, update: JsonNode, pointer: string, viaReference: boolean, compute: (s: DiffSession, original: JsonNode, update: JsonNode) => readonly Difference[]): Difference[] {
    const descends = DESCENDING.test(pointer);
    if (viaReference) this.referencePairs++;
    // Every cycle passes through a `$ref`, so only pairs reached through one are remembered.
    const row = viaReference ? this.row(original) : undefined;
    const known = row?.get(update);
    if (known instanceof Busy) {
      const guarded = known.descents < this.descents + (descends ? 1 : 0);
      return guarded || !this.sound || sameGraph(original, update) ? [] : [{ type: T.TYPE_CHANGED, pointer }];
    }
    if (known !== undefined) return relocate(this.shared(known), pointer);
    if (descends) this.descents++;
    row?.set(update, new Busy(this.descents));
    try {
      const relative = compute(this, original, update);
      row?.set(update, relative);
      return relocate(relative, pointer);
    } finally {
      if (descends) this.descents--;
    }
  }

  /**
   * A pair met again elsewhere: its differences again at the new place, but past
   * `SHARED_REPORT_LIMIT` only its first incompatibility, so that schemas whose definitions refer
   * to one another do not multiply the report by every path through them.
   */
  private shared(known: readonly Difference[]): readonly Difference[] {
    if (known.length <= SHARED_REPORT_LIMIT) return known;
    const first = known.find((difference) => !this.isCompatibleType(difference.type));
    return first === undefined ? [] : [first];
  }

  private row(original: JsonNode): Map<JsonNode, readonly Difference[] | Busy> {
    this.memo ??= new Map();
    let row = this.memo.get(original);
    if (!row) this.memo.set(original, (row = new Map()));
    return row;
  }
}

// V8 keeps this class's hidden classes while an instance lives (util/hidden-class.ts).
keepInstance(DiffSession, new DiffSession({ policy: 'STRICT', confluentQuirks: false }));

/** The difference types the rules count as compatible (Confluent's policy, less the unsound ones unless its quirks are asked for). */
export function compatibleTypesOf(rules: DiffRules): ReadonlySet<string> {
  const types = new Set<string>(STRICT_COMPATIBLE);
  if (rules.policy === 'LENIENT') for (const type of LENIENT_ONLY) types.add(type);
  if (!rules.confluentQuirks && rules.policy === 'STRICT') for (const type of UNSOUND_IN_STRICT) types.delete(type);
  return types;
}

function relocate(list: readonly Difference[], pointer: string): Difference[] {
  if (list.length === 0) return [];
  if (pointer === '') return [...list];
  return list.map((d) => ({ type: d.type, pointer: pointer + d.pointer }));
}

/** How many differences of a sub-schema pair are repeated in full at each further place it is met. */
const SHARED_REPORT_LIMIT = 16;

/** A pair being compared, and how deep into the instance the comparison was when it began. */
class Busy {
  constructor(readonly descents: number) {}
}

/** Sub-schemas that apply to a part of the instance rather than to the instance itself. */
const DESCENDING = /^\/(properties|patternProperties|additionalProperties|unevaluatedProperties|propertyNames|items|additionalItems|unevaluatedItems|contains)(\/|$)/;

/** The schema a `$ref` chain ends at (chains of only `$ref`s were refused when parsing). */
export function deref(node: JsonNode): JsonNode {
  let current = node;
  while (current.kind === 'ref') current = current.target();
  return current;
}

/** `#/` for the root, `#/a/b` otherwise: Confluent's path form. */
export function hashPath(pointer: string): string {
  return `#${pointer === '' ? '/' : pointer}`;
}

export function at(pointer: string, keyword: string, name: string): string {
  return `${pointer}/${keyword}/${escapePointerToken(name)}`;
}

export function difference(type: JsonDifferenceType, pointer: string): Difference {
  return { type, pointer };
}
