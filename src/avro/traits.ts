import type { AvroKind, AvroNode } from './model.js';

/**
 * What a node's subtree holds that the warnings depend on, as bits: a logical type anywhere, an
 * int or long, a float or double. Computed bottom-up while parsing; a node on a recursive path gets
 * every bit (it is never skipped), so the bits never under-report.
 */
export const AvroTraits = { NONE: 0, LOGICAL: 1, INT_OR_LONG: 2, FLOAT_OR_DOUBLE: 4, ALL: 7 } as const;

/** The bits a node has of itself (its kind and its `logicalType` attribute). */
export function ownTraits(kind: AvroKind, props: Readonly<Record<string, unknown>>): number {
  const logical = props.logicalType === undefined ? AvroTraits.NONE : AvroTraits.LOGICAL;
  if (kind === 'int' || kind === 'long') return logical | AvroTraits.INT_OR_LONG;
  if (kind === 'float' || kind === 'double') return logical | AvroTraits.FLOAT_OR_DOUBLE;
  return logical;
}

/**
 * Can reading `writer` with `reader` produce an observation other than enum symbols: a lossy
 * promotion (an int or long read as a float or double) or a logical type on either side?
 */
export function mayObserve(writer: AvroNode, reader: AvroNode): boolean {
  if (((writer.traits | reader.traits) & AvroTraits.LOGICAL) !== 0) return true;
  return (writer.traits & AvroTraits.INT_OR_LONG) !== 0 && (reader.traits & AvroTraits.FLOAT_OR_DOUBLE) !== 0;
}
