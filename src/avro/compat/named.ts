import type { AvroEnum, AvroFixed, AvroNamed } from '../model.js';
import { AvroIncompatibilityType } from './findings.js';
import type { PathFinding, ResolutionWalk } from './walk.js';
import { NO_FINDINGS } from './walk.js';

/** Java's `SchemaCompatibility.schemaNameEquals`: simple names equal, or a reader alias equal to the writer's full name. */
export function namesMatch(reader: AvroNamed, writer: AvroNamed): boolean {
  return reader.name === writer.name || reader.aliases.includes(writer.fullName);
}

/**
 * Java's `schemaNameEquals`: simple names equal (namespaces ignored since AVRO-2400), or a reader
 * alias equal to the writer's full name. Writer aliases are never consulted.
 */
export function checkNames(walk: ResolutionWalk, reader: AvroNamed, writer: AvroNamed): readonly PathFinding[] {
  if (namesMatch(reader, writer)) return NO_FINDINGS;
  return [walk.finding(AvroIncompatibilityType.NAME_MISMATCH, `expected: ${writer.fullName}`, 'name')];
}

export function checkFixed(walk: ResolutionWalk, reader: AvroFixed, writer: AvroFixed): readonly PathFinding[] {
  if (reader.size === writer.size) return NO_FINDINGS;
  return [walk.finding(AvroIncompatibilityType.FIXED_SIZE_MISMATCH, `expected: ${writer.size}, found: ${reader.size}`, 'size')];
}

/**
 * Writer symbols missing from the reader are fine only when the reader enum has a default
 * (spec 1.12 "Enums"; Java since AVRO-1340). The message is Java's sorted set, `[B, D]`.
 */
export function checkEnum(walk: ResolutionWalk, reader: AvroEnum, writer: AvroEnum): readonly PathFinding[] {
  if (reader.default !== undefined) return NO_FINDINGS;
  const missing = writer.symbols.filter((symbol) => !reader.symbolSet.has(symbol));
  if (missing.length === 0) return NO_FINDINGS;
  missing.sort();
  return [walk.finding(AvroIncompatibilityType.MISSING_ENUM_SYMBOLS, `[${missing.join(', ')}]`, 'symbols')];
}
