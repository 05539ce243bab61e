import type { AvroEnum, AvroNode } from '../../model.js';
import { describeLogical, logicalTypeOf } from '../../logical.js';
import { AvroWarningType } from '../findings.js';
import { lossyPromotion } from '../promotions.js';
import type { PathFinding } from '../walk.js';

const NOTHING: readonly PathFinding[] = Object.freeze([]);

/**
 * What happens to the values of a primitive or fixed the reader reads: a promotion that can round
 * (LOSSY_PROMOTION), a decimal read with another precision or scale (DECIMAL_MISMATCH, spec 1.12:
 * decimals match only with equal scales and precisions), or another logical type on the same bytes
 * (LOGICAL_TYPE_CHANGED: millis read as micros, a date read as a plain int). `at` gives the
 * location, asked only for a finding.
 */
export function observeLeaf(writer: AvroNode, reader: AvroNode, at: () => string): readonly PathFinding[] {
  const observations: PathFinding[] = [];
  if (lossyPromotion(reader.kind, writer.kind)) {
    observations.push({ type: AvroWarningType.LOSSY_PROMOTION, location: at(), message: `writer ${writer.kind} read as ${reader.kind}: large values lose precision` });
  }
  const written = logicalTypeOf(writer);
  const read = logicalTypeOf(reader);
  if (written?.name === 'decimal' && read?.name === 'decimal') {
    if (written.precision !== read.precision || written.scale !== read.scale) {
      observations.push({ type: AvroWarningType.DECIMAL_MISMATCH, location: at(), message: `writer ${describeLogical(written)} read as ${describeLogical(read)}` });
    }
  } else if (written?.name !== read?.name) {
    observations.push({ type: AvroWarningType.LOGICAL_TYPE_CHANGED, location: at(), message: `writer logical type ${describeLogical(written)} read as ${describeLogical(read)}` });
  }
  return observations;
}

/**
 * Writer symbols the reader lacks: Java's runtime resolves the pair and fails only when such a
 * symbol is read ("No match for C"); with an enum default, the reader reads the default instead.
 */
export function observeMissingSymbols(writer: AvroEnum, reader: AvroEnum, at: () => string): readonly PathFinding[] {
  if (reader.default !== undefined) return NOTHING;
  const missing = writer.symbols.filter((symbol) => !reader.symbolSet.has(symbol)).sort();
  if (missing.length === 0) return NOTHING;
  return [{ type: AvroWarningType.UNREADABLE_ENUM_SYMBOLS, location: at(), message: `[${missing.join(', ')}]` }];
}
