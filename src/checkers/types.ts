import type { ChangeDraft } from '../diff/change.js';
import type { Explanation, Finding, PairResult } from '../result.js';

/** Which side is the candidate ("new") and which the history version ("old") in one pairwise check. */
export interface Roles {
  readonly reader: 'new' | 'old';
  readonly writer: 'new' | 'old';
}

/** Options every checker's `parse` understands; checkers may accept more. */
export interface ParseOptions {
  /** How errors name this input (`candidate`, `history[2]`, a file name). Default `schema`. */
  readonly label?: string;
  /**
   * Named schemas this one may use (Confluent schema references), parsed first, in order:
   * `{ 'com.acme.Address': '<schema text or JSON>' }`.
   */
  readonly references?: Readonly<Record<string, string | object>>;
  /**
   * This schema will take part in many checks (a registry's stored version): spend a little more
   * now so that later history checks are faster (Avro: every sub-schema is fingerprinted, so
   * results are shared across versions). Default false.
   */
  readonly reuse?: boolean;
}

/** A pairwise reader/writer checker that may keep a memo across the pairs of one history check. */
export interface PairChecker<S> {
  /** Can `reader` read every datum written with `writer`? Direction is decided by the caller. */
  canRead(reader: S, writer: S): PairResult;
}

/** What a session is opened for: the candidate and the history versions of its schema type, oldest first. */
export interface SessionHistory<S> {
  readonly candidate: S;
  readonly versions: readonly S[];
}

/**
 * One schema language's rules. The core builds strategies out of `canRead` and never knows a
 * schema language; checkers never know strategies.
 */
export interface SchemaChecker<S> extends PairChecker<S> {
  readonly schemaType: string;
  /** Parses schema text or a parsed JSON document; throws `SchemaParseError`. */
  parse(input: string | object, options?: ParseOptions): S;
  /** The registry's de-duplication notion for this type. */
  isIdentical(a: S, b: S): boolean;
  /**
   * A checker for the pairs of one `checkCompatibility` call, sharing work between them; opened
   * before the identity check, with the history it is for, so that it can decide what preparing
   * the candidate is worth.
   */
  openSession?(history?: SessionHistory<S>): PairChecker<S>;
  /** A sentence for a person, with "new"/"old" filled in by the roles of this check. */
  describe?(finding: Finding, roles: Roles): string;
  /**
   * Explains the findings of `canRead(reader, writer)`: a repair hint and a witness datum for each;
   * asked only with `explain: true`, once per pair that has findings, so that what the findings of
   * a pair share is built once. `roles` (absent outside a history check) says which schema is new.
   */
  explainPair?(reader: S, writer: S, roles?: Roles): (finding: Finding) => Explanation;
  /**
   * Every change from `original` to `update`, safe ones and annotations included, ungraded:
   * `diffSchemas` grades them with this checker's own `canRead` in each direction.
   */
  listChanges?(original: S, update: S): readonly ChangeDraft[];
  /**
   * The findings one finding of `canRead(reader, writer)` stands for, at reader-side locations, when
   * it sums up others (Avro: a union that cannot read a writer branch of a kind and name it has), so
   * that `diffSchemas` grades each change by the findings it causes; undefined for any other finding.
   */
  detailFinding?(finding: Finding, reader: S, writer: S): readonly Finding[] | undefined;
}
