import type { Finding } from '../../result.js';
import { AvroIncompatibilityType, AvroWarningType } from '../compat/findings.js';
import { logicalTypeOf } from '../logical.js';
import type { AvroNode } from '../model.js';
import { isDatum, smallest } from './witness-datum.js';
import { unscaledBytes } from './witness-logical.js';
import { SizeBudget } from './witness-size.js';

/**
 * The values of the writer node at a finding's place that trigger it, best first:
 * - TYPE_MISMATCH, MISSING_UNION_BRANCH: any value of the writer type there (its smallest);
 * - MISSING_ENUM_SYMBOLS, UNREADABLE_ENUM_SYMBOLS: each symbol the message lists;
 * - LOSSY_PROMOTION: 2^24 + 1 (an int or long read as float), 2^53 + 1 (a long read as double);
 * - DECIMAL_MISMATCH: unscaled 1 when the scales differ (0.01 read as 0.001 ...), else 10^p for a
 *   reader precision p below the writer's (a value the reader's precision cannot hold); none when the
 *   reader holds every writer value the same;
 * - LOGICAL_TYPE_CHANGED: 1000 for ints and longs (1 s as millis, 1 ms as micros), a uuid or text,
 *   one byte of value 1.
 * A trigger that would take more than `budget` (the witness size limit) is not made: `budget.refused` says so.
 */
export function triggers(finding: Finding, reader: AvroNode, writer: AvroNode, budget: SizeBudget = new SizeBudget()): unknown[] {
  switch (finding.type) {
    case AvroIncompatibilityType.TYPE_MISMATCH:
    case AvroIncompatibilityType.MISSING_UNION_BRANCH: {
      const value = smallest(writer, new Set(), budget);
      return isDatum(value) ? [value] : [];
    }
    case AvroIncompatibilityType.MISSING_ENUM_SYMBOLS:
    case AvroWarningType.UNREADABLE_ENUM_SYMBOLS: {
      if (writer.kind !== 'enum') return [];
      const listed = /^\[(.*)\]$/.exec(finding.message)?.[1]?.split(', ') ?? [];
      const missing = reader.kind === 'enum' ? writer.symbols.filter((symbol) => !reader.symbolSet.has(symbol)) : [];
      return [...listed.filter((symbol) => writer.symbolSet.has(symbol)), ...missing];
    }
    case AvroWarningType.LOSSY_PROMOTION:
      if (reader.kind === 'float' && (writer.kind === 'int' || writer.kind === 'long')) return [2 ** 24 + 1];
      if (reader.kind === 'double' && writer.kind === 'long') return [2n ** 53n + 1n];
      return [];
    case AvroWarningType.DECIMAL_MISMATCH:
      return writer.kind !== 'fixed' || budget.take(writer.size) ? decimalTriggers(reader, writer) : [];
    case AvroWarningType.LOGICAL_TYPE_CHANGED:
      return writer.kind !== 'fixed' || budget.take(writer.size) ? logicalTriggers(writer) : [];
    default:
      return [];
  }
}

function decimalTriggers(reader: AvroNode, writer: AvroNode): unknown[] {
  const read = logicalTypeOf(reader);
  const written = logicalTypeOf(writer);
  if (read?.name !== 'decimal' || written?.name !== 'decimal') return [];
  const size = writer.kind === 'fixed' ? writer.size : undefined;
  if (read.scale !== written.scale) return [unscaledBytes(1n, size)];
  if ((read.precision ?? 0) < (written.precision ?? 0)) return [unscaledBytes(10n ** BigInt(read.precision ?? 0), size)];
  return [];
}

function logicalTriggers(writer: AvroNode): unknown[] {
  const logical = logicalTypeOf(writer)?.name;
  switch (writer.kind) {
    case 'int':
    case 'long':
      return [1000];
    case 'string':
      return logical === 'uuid' ? ['00000000-0000-0000-0000-000000000001'] : ['x'];
    case 'bytes':
      return [Uint8Array.of(1)];
    case 'fixed': {
      const bytes = new Uint8Array(writer.size);
      if (writer.size > 0) bytes[writer.size - 1] = 1;
      return [bytes];
    }
    default:
      return [];
  }
}
