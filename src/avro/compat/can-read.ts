import { CheckTooDeepError } from '../../errors.js';
import type { Finding, PairResult } from '../../result.js';
import type { AvroSchema } from '../model.js';
import { ReaderAliases, runtimeWriterNames } from './runtime/aliases.js';
import { RuntimeWalk } from './runtime/walk.js';
import { AvroWarningType } from './findings.js';
import type { PathFinding } from './walk.js';
import { ResolutionWalk, SessionMemo } from './walk.js';

/** Which engine's rules decide Avro compatibility (docs/avro.md, "Profiles"). */
export type AvroProfile = 'confluent' | 'pulsar' | 'strict';

export interface CanReadOptions {
  readonly profile: AvroProfile;
  /** Profile `confluent` and `strict`: reproduce Java's two reporting bugs (see AvroCheckerOptions). */
  readonly javaQuirks: boolean;
  /** Report warnings (a second walk, along the runtime's resolution plan); `strict` needs it for its verdict anyway. */
  readonly warnings: boolean;
}

/** Findings the `strict` profile counts as incompatibilities (spec 1.12, stricter than Java). */
const STRICT: ReadonlySet<string> = new Set([AvroWarningType.LOGICAL_TYPE_CHANGED, AvroWarningType.DECIMAL_MISMATCH]);

/**
 * Can `reader` read all data written with `writer`?
 * - `confluent`: Apache Avro Java 1.12's `SchemaCompatibility` verdict and list (what Confluent runs);
 * - `pulsar`: Java 1.12's runtime resolution, `ResolvingGrammarGenerator` + `Symbol.hasErrors` (what
 *   Pulsar's broker runs), with the errors it finds listed;
 * - `strict`: `confluent`, plus the spec's decimal and logical-type rules as incompatibilities.
 * Warnings come from the runtime resolution plan, the path real data takes. `memo` carries results
 * between the pairs of one history check.
 */
export function canReadAvro(reader: AvroSchema, writer: AvroSchema, options: CanReadOptions, memo: SessionMemo = new SessionMemo()): PairResult {
  try {
    if (options.profile === 'confluent' && !options.warnings) {
      const incompatibilities = new ResolutionWalk({ javaQuirks: options.javaQuirks }, memo).run(reader.root, writer.root);
      return { compatible: incompatibilities.length === 0, incompatibilities, warnings: NO_WARNINGS };
    }
    const runtime = new RuntimeWalk(runtimeWriterNames(reader, writer, (of) => memo.aliasesOf(of, () => new ReaderAliases(of))), options.profile !== 'pulsar', memo.blocks).run(reader.root, writer.root);
    const observations = options.warnings || options.profile === 'strict' ? runtime.observations.map(absolute) : NO_WARNINGS;
    if (options.profile === 'pulsar') {
      const incompatibilities = runtime.errors.map(absolute);
      return { compatible: incompatibilities.length === 0, incompatibilities, warnings: observations };
    }
    const checked = new ResolutionWalk({ javaQuirks: options.javaQuirks }, memo).run(reader.root, writer.root);
    const warnings = observations.filter((finding) => finding.type !== AvroWarningType.UNREADABLE_ENUM_SYMBOLS);
    if (options.profile === 'confluent') return { compatible: checked.length === 0, incompatibilities: checked, warnings };
    const incompatibilities = [...checked, ...warnings.filter((finding) => STRICT.has(finding.type))];
    const rest = options.warnings ? warnings.filter((finding) => !STRICT.has(finding.type)) : NO_WARNINGS;
    return { compatible: incompatibilities.length === 0, incompatibilities, warnings: rest };
  } catch (error) {
    if (error instanceof RangeError) {
      throw new CheckTooDeepError('the reader and writer schemas nest too deeply for the resolution walk (mutually recursive types with very long cycles)');
    }
    throw error;
  }
}

const NO_WARNINGS: readonly Finding[] = Object.freeze([]);

function absolute(finding: PathFinding): Finding {
  return { ...finding, location: `/${finding.location}` };
}
