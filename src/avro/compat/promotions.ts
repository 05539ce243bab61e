import type { AvroKind } from '../model.js';

/**
 * Spec 1.12 "Schema Resolution": a writer's int may be read as long, float or double; long as
 * float or double; float as double; string and bytes as each other (Java's checker and its runtime
 * `Promote.isValid` agree).
 */
export function promotes(reader: AvroKind, writer: AvroKind): boolean {
  switch (reader) {
    case 'long':
      return writer === 'int';
    case 'float':
      return writer === 'int' || writer === 'long';
    case 'double':
      return writer === 'int' || writer === 'long' || writer === 'float';
    case 'bytes':
      return writer === 'string';
    case 'string':
      return writer === 'bytes';
    default:
      return false;
  }
}

/**
 * Promotions that can lose information: a float has 24 bits of mantissa (ints and longs beyond
 * 2^24 are rounded), a double 53 (longs beyond 2^53).
 */
export function lossyPromotion(reader: AvroKind, writer: AvroKind): boolean {
  return (reader === 'float' && (writer === 'int' || writer === 'long')) || (reader === 'double' && writer === 'long');
}
