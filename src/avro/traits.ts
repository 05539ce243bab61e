import type { AvroField, AvroKind, AvroNode, AvroRecord } from './model.js';

/**
 * What a node's subtree holds that the warnings depend on, as bits: a logical type anywhere, an
 * int or long, a float or double. Computed bottom-up while parsing; a node on a recursive path gets
 * every bit (it is never skipped), so the bits never under-report.
 */
export const AvroTraits = { NONE: 0, LOGICAL: 1, INT_OR_LONG: 2, FLOAT_OR_DOUBLE: 4, ALL: 7 } as const;

/** A record's field traits until its fields are built. */
export const NO_FIELD_TRAITS: readonly number[] = Object.freeze([]);

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
  return mayObserveTraits(writer.traits, reader.traits);
}

/** `mayObserve` on the traits of the two sides. */
export function mayObserveTraits(writer: number, reader: number): boolean {
  if (((writer | reader) & AvroTraits.LOGICAL) !== 0) return true;
  return (writer & AvroTraits.INT_OR_LONG) !== 0 && (reader & AvroTraits.FLOAT_OR_DOUBLE) !== 0;
}

/** Reader traits that can make a field pair observable whatever the writer holds. */
const READER_SIDE = AvroTraits.LOGICAL | AvroTraits.FLOAT_OR_DOUBLE;

/**
 * The field pairs of a record pair (matched by name: no aliases) that may produce an observation,
 * in writer order, as Java's runtime reads them. Found from the reader fields that hold a float,
 * a double or a logical type, and the writer fields that hold a logical type, so that the other
 * fields of a large record cost one bit test each, and no lookup.
 */
export function observableFieldPairs(writer: AvroRecord, reader: AvroRecord): readonly (readonly [AvroField, AvroField])[] {
  const pairs: (readonly [AvroField, AvroField])[] = [];
  const readerTraits = reader.fieldTraits;
  const writerTraits = writer.fieldTraits;
  for (let i = 0; i < readerTraits.length; i++) {
    const traits = readerTraits[i] as number;
    if ((traits & READER_SIDE) === 0) continue;
    const readerField = reader.fields[i] as AvroField;
    const writerField = writer.fieldsByName.get(readerField.name);
    if (writerField && mayObserveTraits(writerTraits[writerField.position] as number, traits)) pairs.push([writerField, readerField]);
  }
  if ((writer.traits & AvroTraits.LOGICAL) !== 0) {
    for (let i = 0; i < writerTraits.length; i++) {
      if (((writerTraits[i] as number) & AvroTraits.LOGICAL) === 0) continue;
      const writerField = writer.fields[i] as AvroField;
      const readerField = reader.fieldsByName.get(writerField.name);
      // Pairs whose reader holds a float, a double or a logical type were found above.
      if (readerField && ((readerTraits[readerField.position] as number) & READER_SIDE) === 0) pairs.push([writerField, readerField]);
    }
  }
  for (let i = 1; i < pairs.length; i++) {
    if ((pairs[i - 1] as readonly [AvroField, AvroField])[0].position > (pairs[i] as readonly [AvroField, AvroField])[0].position) {
      return pairs.sort((a, b) => a[0].position - b[0].position);
    }
  }
  return pairs;
}
