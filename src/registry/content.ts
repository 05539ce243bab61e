import type { SchemaReference, SchemaSubmission } from './types.js';

/** The submitted schema as text: a JSON document becomes its JSON text. */
export function schemaText(submission: SchemaSubmission): string {
  return typeof submission.schema === 'string' ? submission.schema : JSON.stringify(submission.schema);
}

/** Compact JSON for schema texts that are JSON (Avro, JSON Schema); other texts (Protobuf) trimmed. */
export function normalizedText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text.trim();
  }
}

/** Upper-case schema type, `AVRO` when none is given (Confluent's default). */
export function schemaTypeOf(submission: SchemaSubmission): string {
  return (submission.schemaType ?? 'AVRO').toUpperCase();
}

/**
 * The key under which identical schema content shares one global id across subjects: type,
 * whitespace-insensitive text and references (Confluent gives equal schemas one id).
 */
export function contentKey(schemaType: string, text: string, references: readonly SchemaReference[]): string {
  const refs = references.map((ref) => [ref.name, ref.subject, ref.version]);
  return JSON.stringify([schemaType, normalizedText(text), refs]);
}
