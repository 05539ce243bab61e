import type { CheckerRegistry } from '../checkers/registry.js';
import type { CheckOptions } from '../check.js';
import type { Explanation, Finding } from '../result.js';
import type { Strategy, UpgradeOrder } from '../strategy.js';

/** Options of `auditHistory`: those of `checkCompatibility` that mean something for a whole history, and labels. */
export interface AuditOptions {
  /** The schema type of inputs given as text or JSON (a `ParsedSchema` carries its own). Default `AVRO`. */
  readonly schemaType?: CheckOptions['schemaType'];
  /** Checkers to use; default the built-in ones. */
  readonly registry?: CheckerRegistry;
  /** Options of the built-in Avro checker (ignored when `registry` is given), e.g. `{ profile: 'pulsar' }`. */
  readonly avro?: CheckOptions['avro'];
  /** Options of the built-in JSON checker (ignored when `registry` is given). */
  readonly json?: CheckOptions['json'];
  /** Schema references available to every input given as text or JSON. */
  readonly references?: CheckOptions['references'];
  /** Add a `hint` and a `witness` to every finding of a failing cell. */
  readonly explain?: boolean;
  /**
   * How to name the versions, oldest first, one per version. Default: `v` and the `ParsedSchema`'s
   * `version` label when it has one, else `v` and the 1-based position (`v1` ... `vN`).
   */
  readonly labels?: readonly string[];
}

/** A finding of one cell, with a sentence for a person ("new" is the newer of the two versions). */
export interface AuditFinding extends Finding, Explanation {
  readonly description: string;
}

/** The findings of the cell `reads[reader][writer]` (indices into `Audit.versions`). */
export interface AuditCell {
  readonly reader: number;
  readonly writer: number;
  /** Empty when the reader reads the writer's data. */
  readonly incompatibilities: readonly AuditFinding[];
  /** Findings that do not change the verdict (e.g. a lossy promotion). */
  readonly warnings: readonly AuditFinding[];
}

/** A strategy the history does not satisfy: the first version whose check under it fails. */
export interface StrategyViolation {
  readonly strategy: Strategy;
  /** Index (into `Audit.versions`) of the first version the strategy would have refused. */
  readonly version: number;
  /** Indices of the earlier versions it fails against under that strategy, oldest first. */
  readonly against: readonly number[];
}

/**
 * Which clients may move to the newest version first, from the matrix alone (docs/diff-and-audit.md):
 * `consumers` when the newest reads data written with every older version, `producers` when every
 * older version reads data written with the newest, `any` when both, `none` when neither.
 */
export interface UpgradeAdvice {
  /** Against every older version (consumers or producers of any older version may still be running). */
  readonly order: UpgradeOrder;
  /** Against the version before the newest only (every other version retired). */
  readonly fromPrevious: UpgradeOrder;
  /** Indices of the older versions whose data the newest reads. */
  readonly newestReads: readonly number[];
  /** Indices of the older versions that read data written with the newest. */
  readonly readNewest: readonly number[];
}

/** What `auditHistory` answers: who reads whom, and what the history satisfies as it stands. */
export interface Audit {
  /** Version labels, oldest first; every index below points into this list. */
  readonly versions: readonly string[];
  /** `reads[i][j]`: version `i` reads every datum written with version `j` (the diagonal is true). */
  readonly reads: readonly (readonly boolean[])[];
  /** Every cell with findings (every failing cell, and cells with warnings only), by reader then writer. */
  readonly findings: readonly AuditCell[];
  /** The strategies under which every version would have been accepted after its predecessors, in table order. */
  readonly satisfied: readonly Strategy[];
  /** For each strategy not satisfied, the first version that violates it. */
  readonly violations: readonly StrategyViolation[];
  /** The safe upgrade order for the newest version. */
  readonly upgrade: UpgradeAdvice;
}
