import type { AvroField, AvroNamed, AvroRecord } from '../model.js';
import type { WriterNames } from '../compat/runtime/aliases.js';
import { writerMatches } from '../compat/records.js';

/** Which writer field a reader field reads, and whether that was ambiguous. */
export interface FieldMatch {
  readonly writer: AvroField | undefined;
  /** More than one writer field matched the reader field's name and aliases (Java's checker throws here). */
  readonly ambiguous: readonly AvroField[] | undefined;
}

/**
 * Java's `SchemaCompatibility.lookupWriterField` (profiles confluent and strict): the writer field
 * with the reader field's name, then one per reader field alias; more than one is ambiguous.
 */
export function checkerFieldMatch(writer: AvroRecord, readerField: AvroField): FieldMatch {
  const matches = [...new Set(writerMatches(writer, readerField))];
  return { writer: matches[0], ambiguous: matches.length > 1 ? matches : undefined };
}

/**
 * Java's runtime (profile pulsar): the writer's fields renamed by the reader record's field aliases
 * (`Schema.applyAliases`), then matched by name. Two writer fields renamed to one reader field make
 * Java's rewrite throw; the last one is read here (a later read overwrites the earlier one).
 */
export function runtimeFieldMatches(writer: AvroRecord, reader: AvroRecord, names: WriterNames): Map<AvroField, AvroField> {
  const byReader = new Map<AvroField, AvroField>();
  for (const writerField of writer.fields) {
    const readerField = reader.fieldsByName.get(names.fieldName(writer, writerField.name));
    if (readerField) byReader.set(readerField, writerField);
  }
  return byReader;
}

export { namesMatch as checkerNamesMatch } from '../compat/named.js';

/** Java's runtime: the writer's simple name, after the reader's aliases renamed it, equals the reader's. */
export function runtimeNamesMatch(reader: AvroNamed, writer: AvroNamed, names: WriterNames): boolean {
  return names.name(writer) === reader.name;
}
