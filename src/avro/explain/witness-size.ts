/**
 * The largest witness built: 65,536 bytes of Avro binary encoding (its hex is twice that). A witness
 * is printed in reports and kept in results, and the smallest datum of a schema with a large fixed
 * is as large as the fixed: past this size no witness is built (docs/avro-data.md, "Limits").
 */
export const MAX_WITNESS_BYTES = 65_536;

/** Why a finding has no witness when a datum would have been too large (`AvroWitnessFinder.whyNone`). */
export const TOO_LARGE_REASON = `No witness is given: the smallest datum that reaches this place takes more than ${MAX_WITNESS_BYTES.toLocaleString('en-US')} bytes of Avro binary (docs/avro-data.md, "Limits").`;

/**
 * The bytes one witness datum may still take while it is built: every fixed is taken from it
 * before it is allocated (other values take a few bytes; the encoding is checked against the limit
 * once written). `refused` remembers that something was left out for its size.
 */
export class SizeBudget {
  refused = false;

  constructor(public left: number = MAX_WITNESS_BYTES) {}

  take(bytes: number): boolean {
    if (bytes > this.left) {
      this.refused = true;
      return false;
    }
    this.left -= bytes;
    return true;
  }
}
