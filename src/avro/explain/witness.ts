import { toHex } from '../../hash/hex.js';
import type { Finding, Witness } from '../../result.js';
import type { AvroProfile } from '../compat/can-read.js';
import { AvroIncompatibilityType, AvroWarningType } from '../compat/findings.js';
import { PlanBuilder } from '../data/plan.js';
import type { AvroSchema, AvroUnion } from '../model.js';
import type { WriterNames } from '../compat/runtime/aliases.js';
import { runtimeWriterNames } from '../compat/runtime/aliases.js';
import { WitnessCheck } from './witness-check.js';
import { datumWith, isDatum } from './witness-datum.js';
import { runtimeFailingValues } from './witness-deep.js';
import { avroJson } from './witness-json.js';
import type { Convention } from './witness-sites.js';
import { findSites } from './witness-sites.js';
import { MAX_WITNESS_BYTES, SizeBudget, TOO_LARGE_REASON } from './witness-size.js';
import { triggers } from './witness-triggers.js';

/**
 * Findings about a pair of named types or a record as a whole: the reader refuses it whatever value
 * is written (Java's checker and avsc refuse the schemas; Java's runtime fails on reaching the type,
 * or, for a record's name, reads it anyway). Their witness is `'any'`: any datum that reaches the place.
 */
const ANY: ReadonlySet<string> = new Set([
  AvroIncompatibilityType.NAME_MISMATCH,
  AvroIncompatibilityType.FIXED_SIZE_MISMATCH,
  AvroIncompatibilityType.READER_FIELD_MISSING_DEFAULT_VALUE,
  AvroIncompatibilityType.AMBIGUOUS_FIELD_ALIAS,
]);

const WARNINGS: ReadonlySet<string> = new Set(Object.values(AvroWarningType));

/** What finding witnesses for one (reader, writer) pair needs under one set of rules, built once. */
interface Rules {
  readonly builder: PlanBuilder;
  readonly check: WitnessCheck;
}

/** The size budgets of one finding's candidate datums: did the witness size limit leave one out? */
class Budgets {
  private readonly made: SizeBudget[] = [];
  private oversized = false;

  readonly make = (): SizeBudget => {
    const budget = new SizeBudget();
    this.made.push(budget);
    return budget;
  };

  /** An encoded datum past the limit. */
  tooLarge(): void {
    this.oversized = true;
  }

  refused(): boolean {
    return this.oversized || this.made.some((budget) => budget.refused);
  }
}

/**
 * Witnesses for the findings of one (reader, writer) pair under a profile. The resolution plans and
 * the programs they compile to are built on first use and kept for the pair's other findings (building
 * them is most of a witness's cost). See `avroWitness`.
 */
export class AvroWitnessFinder {
  private readonly rules = new Map<AvroProfile, Rules>();
  private readonly names: WriterNames;
  private readonly reasons = new Map<Finding, string>();

  constructor(
    private readonly reader: AvroSchema,
    private readonly writer: AvroSchema,
    private readonly profile: AvroProfile,
  ) {
    this.names = runtimeWriterNames(reader, writer);
  }

  /** The witness of a finding of `canRead(reader, writer)` under the profile (see `avroWitness`). */
  find(finding: Finding): Witness | 'any' | undefined {
    if (ANY.has(finding.type)) return 'any';
    try {
      const budgets = new Budgets();
      const witness = this.search(finding, budgets);
      if (witness === undefined && budgets.refused()) this.reasons.set(finding, TOO_LARGE_REASON);
      return witness;
    } catch (error) {
      // Schemas nested deeper than the stack allows: no witness rather than a crash of the explanation.
      if (error instanceof RangeError) return undefined;
      throw error;
    }
  }

  /**
   * Why `find` gave no witness for a finding, when a limit is the reason: a datum that would prove it
   * takes more than `MAX_WITNESS_BYTES` (witness-size.ts). Undefined otherwise.
   */
  whyNone(finding: Finding): string | undefined {
    return this.reasons.get(finding);
  }

  private rulesOf(profile: AvroProfile): Rules {
    let rules = this.rules.get(profile);
    if (!rules) {
      rules = { builder: new PlanBuilder(profile, this.reader, this.writer, true), check: new WitnessCheck(this.reader, this.writer, profile) };
      this.rules.set(profile, rules);
    }
    return rules;
  }

  private search(finding: Finding, budgets: Budgets): Witness | undefined {
    const { reader, writer, names } = this;
    const convention: Convention = WARNINGS.has(finding.type) || finding.message.startsWith('Found ') ? 'reader' : 'writer';
    // Warnings (every profile) and profile pulsar's findings come from Java's runtime resolution: their
    // locations follow its branch choices, and so does their check. The others follow Java's checker.
    const rules = this.rulesOf(convention === 'reader' ? 'pulsar' : this.profile);
    const found = /^Found (\S+), /.exec(finding.message)?.[1] ?? /^writer (\w+) read as /.exec(finding.message)?.[1];
    const sites = findSites(reader.root, writer.root, finding.location, {
      convention,
      names,
      choose: (union, node) => rules.builder.chooseBranch(union, node),
      found,
    });
    for (const site of sites) {
      // A union branch Java's checker rejects but Java's runtime may still read into a branch: first
      // values that the runtime fails on too (witness-deep.ts), then any value of the branch.
      const deep = finding.type === AvroIncompatibilityType.MISSING_UNION_BRANCH && convention === 'writer' && site.reader.kind === 'union' && site.writer.kind !== 'union';
      const runtime = deep ? this.rulesOf('pulsar') : undefined;
      const deepValues = runtime ? runtimeFailingValues(site.reader as AvroUnion, site.writer, runtime.builder, names, budgets.make) : [];
      for (const trigger of [...deepValues, ...triggers(finding, site.reader, site.writer, budgets.make())]) {
        // Every part of the datum is taken from a size budget before it is allocated (witness-size.ts).
        const datum = datumWith(writer.root, site.steps, trigger, budgets.make());
        if (!isDatum(datum)) continue;
        const bytes = rules.check.encode(datum);
        if (bytes && bytes.length > MAX_WITNESS_BYTES) budgets.tooLarge();
        if (!bytes || bytes.length > MAX_WITNESS_BYTES || !rules.check.proves(finding, site, trigger, bytes)) continue;
        if (deepValues.includes(trigger) && !runtime?.check.failsAnywhere(bytes)) continue;
        return { json: avroJson(writer.root, datum), hex: toHex(bytes) };
      }
    }
    return undefined;
  }
}

/**
 * A datum that proves a finding of `new AvroChecker({ profile }).canRead(reader, writer)` (an
 * incompatibility or a warning): valid under the writer schema, whose reading fails (incompatibilities,
 * UNREADABLE_ENUM_SYMBOLS) or gives a value that means something else (LOSSY_PROMOTION,
 * DECIMAL_MISMATCH, LOGICAL_TYPE_CHANGED). Every witness returned was written and read back to check
 * it (witness-check.ts). `'any'` for findings every datum proves (names, fixed sizes, missing
 * defaults, ambiguous aliases); undefined when none was found: no finite datum reaches the place (a
 * record that always contains itself), the writer's empty union, a decimal precision the reader
 * only widens, a location that does not fit the schemas, or a datum larger than the witness size
 * limit (`MAX_WITNESS_BYTES`; `AvroWitnessFinder.whyNone` says so). See docs/avro-data.md. For several
 * findings of one pair, `AvroWitnessFinder` builds what they share once.
 */
export function avroWitness(finding: Finding, reader: AvroSchema, writer: AvroSchema, profile: AvroProfile): Witness | 'any' | undefined {
  return new AvroWitnessFinder(reader, writer, profile).find(finding);
}
