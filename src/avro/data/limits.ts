import { AvroDataError, AvroDataErrorCode } from './errors.js';

/**
 * The data plane's limits (docs/avro-data.md, "Limits"). Every other count and length in a datum is
 * bounded by the bytes left to read; these bound what bytes alone cannot.
 */

/**
 * Records, arrays and maps nested in one datum (decoding) or one value (encoding). Both walk with
 * a stack of their own, not JavaScript's, so this is a memory bound, far above what real data nests
 * (a linked list of 100,000 records is 100,000 levels).
 */
export const MAX_DEPTH = 100_000;

/**
 * Items of a type whose values take no bytes (null, a fixed of size 0, a record of only such fields)
 * in one datum, read or skipped, all arrays together: the bytes cannot bound them. Java caps
 * collections too (`SystemLimitException`).
 */
export const MAX_ZERO_WIDTH_ITEMS = 10_000_000;

/** Past the depth limit; no path (it would be as long as the value is deep). */
export function tooDeep(what: 'datum' | 'value'): AvroDataError {
  return new AvroDataError(`the ${what} nests records, arrays and maps more than ${MAX_DEPTH} levels deep (the data plane's depth limit)`, undefined, AvroDataErrorCode.AVRO_DATA_TOO_DEEP);
}

export function tooManyZeroWidth(): AvroDataError {
  return new AvroDataError(`more than ${MAX_ZERO_WIDTH_ITEMS} items of a type that takes no bytes (corrupt data?)`, undefined, AvroDataErrorCode.AVRO_DATA_TOO_LARGE);
}
