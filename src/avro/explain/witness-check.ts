import type { Finding } from '../../result.js';
import type { AvroProfile } from '../compat/can-read.js';
import { AvroIncompatibilityType, AvroWarningType } from '../compat/findings.js';
import { PairReader } from '../data/codec.js';
import { AvroDataError } from '../data/errors.js';
import { ResolutionFailure } from '../data/failure.js';
import type { AvroSchema } from '../model.js';
import { meaning } from './witness-logical.js';
import type { Site } from './witness-sites.js';

/** Findings whose witness must fail to decode; the others (value warnings) must decode to another value. */
export const FAILING: ReadonlySet<string> = new Set([
  AvroIncompatibilityType.TYPE_MISMATCH,
  AvroIncompatibilityType.MISSING_UNION_BRANCH,
  AvroIncompatibilityType.MISSING_ENUM_SYMBOLS,
  AvroWarningType.UNREADABLE_ENUM_SYMBOLS,
]);

/**
 * Verifies witnesses by running them: the writer writes the datum (the data plane's encoder), and the
 * reader reads it through the data plane's plan in lenient mode (the profile's rules decide each pair,
 * and a pair that cannot be read gives a `ResolutionFailure` where the datum meets it instead of
 * refusing the whole schema, as avsc's own resolver does for an incompatible pair).
 */
export class WitnessCheck {
  private readonly pair: PairReader;

  constructor(reader: AvroSchema, writer: AvroSchema, profile: AvroProfile) {
    this.pair = new PairReader(reader, writer, profile, true);
  }

  /** The datum's Avro binary encoding, or undefined if it is not a datum of the writer schema. */
  encode(datum: unknown): Uint8Array | undefined {
    try {
      return this.pair.writer.encode(datum);
    } catch (error) {
      if (error instanceof AvroDataError) return undefined;
      throw error;
    }
  }

  /**
   * Does the datum prove the finding? A failing finding: reading meets the failure of this very pair
   * (same type, same reader and writer nodes). A warning: the value read at the place means something
   * else than the value written (another number, another logical value).
   */
  proves(finding: Finding, site: Site, trigger: unknown, bytes: Uint8Array): boolean {
    let decoded: unknown;
    try {
      decoded = this.pair.decode(bytes);
    } catch (error) {
      if (error instanceof AvroDataError) return false;
      throw error;
    }
    if (FAILING.has(finding.type)) {
      return failuresIn(decoded).some(({ failure }) => failure.type === finding.type && failure.reader === site.reader && failure.writer === site.writer);
    }
    const read = valueAt(decoded, site.readerPath);
    if (read === undefined || read instanceof ResolutionFailure) return false;
    if (finding.type === AvroWarningType.LOSSY_PROMOTION) return !(typeof read === 'number' && Number.isInteger(read) && BigInt(read) === BigInt(trigger as number | bigint));
    return meaning(site.reader, read) !== meaning(site.writer, trigger);
  }

  /** Does reading the datum meet any failure (the runtime's check of a deep MISSING_UNION_BRANCH witness)? */
  failsAnywhere(bytes: Uint8Array): boolean {
    try {
      return failuresIn(this.pair.decode(bytes)).length > 0;
    } catch (error) {
      if (error instanceof AvroDataError) return false;
      throw error;
    }
  }
}

/** Every ResolutionFailure in a decoded value. */
export function failuresIn(value: unknown, found: ResolutionFailure[] = []): ResolutionFailure[] {
  if (value instanceof ResolutionFailure) found.push(value);
  else if (Array.isArray(value)) for (const item of value) failuresIn(item, found);
  else if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) for (const item of Object.values(value)) failuresIn(item, found);
  return found;
}

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || current instanceof ResolutionFailure) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
