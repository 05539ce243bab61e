import type { Direction, Strategy } from './strategy.js';

/** One finding of a pairwise check, as a checker reports it (no direction or version yet). */
export interface Finding {
  /** The checker's code, UPPER_SNAKE (Avro: Java's SchemaIncompatibilityType names). */
  readonly type: string;
  /** JSON pointer into the reader schema, e.g. `/fields/1/type`; `/` is the root. */
  readonly location: string;
  /** The checker's detail (Avro: Java's message text). */
  readonly message: string;
}

/** What `SchemaChecker.canRead(reader, writer)` returns. */
export interface PairResult {
  readonly compatible: boolean;
  readonly incompatibilities: readonly Finding[];
  /** Findings that do not change the verdict (e.g. a lossy promotion). */
  readonly warnings: readonly Finding[];
  /** Which rules judged the pair, when a checker has several (JSON: `json-schema`, or `avro` for Pulsar's Avro-defined JSON). */
  readonly ruleSet?: string;
}

/**
 * A datum that proves a finding: valid under the writer schema, and the reader fails on it or
 * reads another value (warnings). Avro: `json` in the JSON form avsc writes, `hex` its binary
 * encoding; JSON Schema: `json` is the instance itself (no `hex`).
 */
export interface Witness {
  readonly json: unknown;
  readonly hex?: string;
}

/** What a checker can add to a finding when asked (`explain: true`). */
export interface Explanation {
  /** One short, concrete repair, in the schema's own terms. */
  readonly hint?: string;
  /** A datum that triggers the finding, or `'any'` when the reader rejects every datum (a name mismatch, a missing default). */
  readonly witness?: Witness | 'any';
}

/** A finding placed in the history: which version, which direction, and a sentence for a person. */
export interface Incompatibility extends Finding, Explanation {
  /** BACKWARD: the candidate reads data written with `version`; FORWARD: `version` reads the candidate's data. */
  readonly direction: Direction;
  /** The history version on the other side of the check. */
  readonly version: number;
  /** One full sentence, with "new" and "old" filled in by direction (Confluent's wording for Avro). */
  readonly description: string;
}

/** The answer to "may this candidate follow this history under this strategy, and if not, why?". */
export interface CompatibilityResult {
  readonly compatible: boolean;
  /** The canonical strategy name, whatever alias was passed in. */
  readonly strategy: Strategy;
  /** Set when the candidate is identical to an existing version: accepted, nothing checked. */
  readonly identical?: { readonly version: number };
  /** Versions compared, in the order compared (newest first). */
  readonly checked: readonly number[];
  /** Empty when compatible. */
  readonly incompatibilities: readonly Incompatibility[];
  /** Findings that do not change the verdict. */
  readonly warnings: readonly Incompatibility[];
  /** The rule sets that judged the pairs, when the checker names them (JSON: `json-schema` or `avro`). */
  readonly ruleSets?: readonly string[];
}

/** Codes the core itself reports, whatever the schema type. */
export const CoreFindingType = {
  /** The candidate's schema type differs from a version's (Confluent: "Incompatible because of different schema type"). */
  SCHEMA_TYPE_CHANGED: 'SCHEMA_TYPE_CHANGED',
  /** The strategy is ALWAYS_INCOMPATIBLE and the history is not empty. */
  ALWAYS_INCOMPATIBLE: 'ALWAYS_INCOMPATIBLE',
} as const;
export type CoreFindingType = (typeof CoreFindingType)[keyof typeof CoreFindingType];
