import { InvalidOptionError } from '../errors.js';
import { describeValue } from '../util/describe.js';
import { booleanOption, readOptions } from '../util/options.js';
import type { PairChecker, ParseOptions, Roles, SchemaChecker, SessionHistory } from '../checkers/types.js';
import type { ChangeDraft } from '../diff/change.js';
import type { Explanation, Finding, PairResult } from '../result.js';
import { branchFindings } from './diff/branch-findings.js';
import { AvroDiff } from './diff/walk.js';
import { canReadAvro } from './compat/can-read.js';
import type { AvroProfile } from './compat/can-read.js';
import { describeAvroFinding } from './compat/findings.js';
import { avroHint } from './explain/hints.js';
import { AvroWitnessFinder } from './explain/witness.js';
import { SessionMemo } from './compat/walk.js';
import { sameAvroSchema } from './equality.js';
import { fingerprintSchema } from './fingerprints.js';
import type { AvroSchema } from './model.js';
import { parseAvroSchema } from './parse.js';

export type { AvroProfile } from './compat/can-read.js';

export interface AvroCheckerOptions {
  /**
   * `confluent` (default): Apache Avro Java 1.12 `SchemaCompatibility`, what Confluent Schema
   * Registry runs. `pulsar`: Java 1.12's runtime resolver, what Pulsar's broker runs. `strict`:
   * `confluent` plus the 1.12 specification's decimal and logical-type rules.
   */
  readonly profile?: AvroProfile;
  /**
   * Also reproduce Java's two reporting bugs (stale locations of memoised sub-pairs, and the
   * ENUM/RECORD type mismatch for an enum field missing in the writer), for byte-for-byte
   * parity with Confluent's messages. Verdicts are the same either way. Default false.
   */
  readonly javaQuirks?: boolean;
  /**
   * Report warnings: values readers will misread (lossy promotions, logical types, decimals) and,
   * under `pulsar`, enum symbols that fail when read. Default true. They come from a second walk,
   * along Java's runtime resolution plan; `false` saves it under `confluent` (docs/performance.md).
   */
  readonly warnings?: boolean;
}

const PROFILES: readonly AvroProfile[] = ['confluent', 'pulsar', 'strict'];

/**
 * Fingerprinting a candidate costs about four cold pair checks (bench/, scenario B); against a
 * fingerprinted version it then costs a few hundredths of one instead of about one, and its
 * identity check one comparison. Below this many fingerprinted versions it would not pay.
 */
const MIN_FINGERPRINTED_VERSIONS = 8;

function fingerprintingPays(versions: readonly AvroSchema[]): boolean {
  let fingerprinted = 0;
  for (const version of versions) if (version.cache.fingerprinted && ++fingerprinted >= MIN_FINGERPRINTED_VERSIONS) return true;
  return false;
}

/** The Avro checker: Java 1.12's parser rules, resolution rules and incompatibility lists. */
export class AvroChecker implements SchemaChecker<AvroSchema> {
  readonly schemaType = 'AVRO';
  readonly profile: AvroProfile;
  private readonly javaQuirks: boolean;
  private readonly warnings: boolean;

  constructor(options: AvroCheckerOptions = {}) {
    const read = readOptions('avro', options, ['profile', 'javaQuirks', 'warnings']);
    const profile = read.profile ?? 'confluent';
    if (!PROFILES.includes(profile as AvroProfile)) throw new InvalidOptionError('profile', `${describeValue(profile)} is not an Avro profile; use one of ${PROFILES.join(', ')}`);
    this.profile = profile as AvroProfile;
    this.javaQuirks = booleanOption('javaQuirks', read.javaQuirks, false);
    this.warnings = booleanOption('warnings', read.warnings, true);
  }

  parse(input: string | object, options?: ParseOptions): AvroSchema {
    return parseAvroSchema(input, options);
  }

  canRead(reader: AvroSchema, writer: AvroSchema): PairResult {
    return canReadAvro(reader, writer, { profile: this.profile, javaQuirks: this.javaQuirks, warnings: this.warnings });
  }

  /**
   * A checker for the pairs of one history check: sub-schema pairs met in one version are not
   * walked again in the next when both sides are fingerprinted. The session fingerprints the
   * candidate only when enough versions are (parsed with `reuse: true`) for it to pay, and never
   * fingerprints a version: a history parsed without `reuse` costs what separate `canRead` calls
   * cost (docs/performance.md).
   */
  openSession(history?: SessionHistory<AvroSchema>): PairChecker<AvroSchema> {
    if (history && fingerprintingPays(history.versions)) fingerprintSchema(history.candidate);
    const memo = new SessionMemo();
    const options = { profile: this.profile, javaQuirks: this.javaQuirks, warnings: this.warnings };
    return { canRead: (reader, writer) => canReadAvro(reader, writer, options, memo) };
  }

  /**
   * Identical for de-duplication: same Parsing Canonical Form and same meaning-bearing attributes
   * PCF strips (defaults, aliases, logical types, enum defaults); `doc` and other properties ignored.
   */
  isIdentical(a: AvroSchema, b: AvroSchema): boolean {
    return sameAvroSchema(a, b);
  }

  describe(finding: Finding, roles: Roles): string {
    return describeAvroFinding(finding, roles);
  }

  /** Every change from `original` to `update` along resolution's paths (`diffSchemas` grades them). */
  listChanges(original: AvroSchema, update: AvroSchema): readonly ChangeDraft[] {
    return AvroDiff.run(original, update);
  }

  /** Under `confluent` and `strict`, a MISSING_UNION_BRANCH of a branch the reader union has but cannot read: that branch pair's own findings. */
  detailFinding(finding: Finding, reader: AvroSchema, writer: AvroSchema): readonly Finding[] | undefined {
    return this.profile === 'pulsar' ? undefined : branchFindings(finding, reader.root, writer.root);
  }

  /**
   * A repair hint (docs/avro.md, "Fix hints") and a witness datum (docs/avro-data.md) for a finding
   * of `canRead(reader, writer)`; with `roles`, the hint says which schema to change (the new one
   * when the old one is the reader). No `witness` key when no datum can trigger the finding.
   */
  explain(finding: Finding, reader: AvroSchema, writer: AvroSchema, roles?: Roles): Explanation {
    return this.explainPair(reader, writer, roles)(finding);
  }

  /** `explain` for the findings of one pair, sharing the witnesses' resolution plans between them. */
  explainPair(reader: AvroSchema, writer: AvroSchema, roles?: Roles): (finding: Finding) => Explanation {
    const witnesses = new AvroWitnessFinder(reader, writer, this.profile);
    return (finding) => {
      const hint = avroHint(finding, reader, writer, roles);
      const witness = witnesses.find(finding);
      if (witness !== undefined) return { hint, witness };
      // The one reason for no witness that the finding states: a datum reaching the place is too large to show.
      const tooLarge = witnesses.whyNone(finding);
      return { hint: tooLarge === undefined ? hint : `${hint}${/[.!?]$/.test(hint) ? '' : '.'} ${tooLarge}` };
    };
  }
}
