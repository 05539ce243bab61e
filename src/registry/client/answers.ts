import { parseStrategy } from 'schema-compat';
import type { RegistryConfig, SchemaById, SchemaReference, SubjectVersion } from '../types.js';

// Readers of a Confluent-compatible registry's answers (its REST API reference): every answer is
// hostile, so each reader checks the shape and says what it expected instead of passing it on.

/** What the answer lacks; the client turns it into `REGISTRY_BAD_RESPONSE`. */
export class AnswerShapeError extends Error {}

function recordOf(body: unknown, expected: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AnswerShapeError(`expected ${expected}`);
  return body as Record<string, unknown>;
}

function referencesOf(value: unknown): SchemaReference[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new AnswerShapeError('its references are not [{name, subject, version}]');
  return value.map((item: unknown) => {
    const record = recordOf(item, '{name, subject, version} references');
    const { name, subject, version } = record;
    if (typeof name !== 'string' || typeof subject !== 'string' || !Number.isInteger(version)) throw new AnswerShapeError('its references are not [{name, subject, version}]');
    return { name, subject, version: version as number };
  });
}

/** `GET /schemas/ids/{id}`: `{schema, schemaType?, references?}`; Confluent leaves `schemaType` out for AVRO. */
export function schemaByIdOf(id: number, body: unknown): SchemaById {
  const record = recordOf(body, '{"schema": ...}');
  if (typeof record['schema'] !== 'string') throw new AnswerShapeError('expected {"schema": ...}');
  return { id, schemaType: typeof record['schemaType'] === 'string' ? record['schemaType'] : 'AVRO', schema: record['schema'], references: referencesOf(record['references']) };
}

/** A subject version (`GET /subjects/{s}/versions/{v}`, `POST /subjects/{s}`). */
export function versionOf(subject: string, body: unknown): SubjectVersion {
  const record = recordOf(body, 'a subject version {subject, version, id, schema}');
  const { id, version, schema } = record;
  if (!Number.isInteger(id) || !Number.isInteger(version) || typeof schema !== 'string') throw new AnswerShapeError('expected a subject version {subject, version, id, schema}');
  return {
    subject: typeof record['subject'] === 'string' ? record['subject'] : subject,
    version: version as number, id: id as number, schema,
    schemaType: typeof record['schemaType'] === 'string' ? record['schemaType'] : 'AVRO',
    references: referencesOf(record['references']),
    deleted: record['deleted'] === true,
  };
}

/** `POST /subjects/{s}/versions`: `{id}` (Confluent 7.x and later may add the version and more). */
export function registeredOf(body: unknown): { readonly id: number; readonly version?: number } {
  const record = recordOf(body, '{"id": ...}');
  if (!Number.isInteger(record['id'])) throw new AnswerShapeError('expected {"id": ...}');
  return { id: record['id'] as number, ...(Number.isInteger(record['version']) ? { version: record['version'] as number } : {}) };
}

export function integersOf(body: unknown, what: string): number[] {
  if (!Array.isArray(body) || !body.every((item) => Number.isInteger(item))) throw new AnswerShapeError(`expected a list of ${what}`);
  return body as number[];
}

export function stringsOf(body: unknown, what: string): string[] {
  if (!Array.isArray(body) || !body.every((item) => typeof item === 'string')) throw new AnswerShapeError(`expected a list of ${what}`);
  return body as string[];
}

/** `/config` answers: Confluent names the level `compatibilityLevel` when reading it and `compatibility` when it was set. */
export function configOf(body: unknown): RegistryConfig {
  const record = recordOf(body, '{"compatibilityLevel": ...}');
  const level = record['compatibilityLevel'] ?? record['compatibility'];
  if (level !== undefined && level !== null && typeof level !== 'string') throw new AnswerShapeError('expected {"compatibilityLevel": ...}');
  let compatibility: RegistryConfig['compatibility'];
  try {
    compatibility = typeof level === 'string' ? parseStrategy(level) : undefined;
  } catch {
    throw new AnswerShapeError(`unknown compatibility level ${JSON.stringify(level)}`);
  }
  const group = record['compatibilityGroup'];
  const normalize = record['normalize'];
  return {
    ...(compatibility === undefined ? {} : { compatibility }),
    ...(typeof group === 'string' ? { compatibilityGroup: group } : {}),
    ...(typeof normalize === 'boolean' ? { normalize } : {}),
  };
}

/** `POST /compatibility/...?verbose=true`: `{is_compatible, messages?}`. */
export function compatibilityOf(body: unknown): { readonly compatible: boolean; readonly messages: readonly string[] } {
  const record = recordOf(body, '{"is_compatible": ...}');
  if (typeof record['is_compatible'] !== 'boolean') throw new AnswerShapeError('expected {"is_compatible": ...}');
  const messages = Array.isArray(record['messages']) ? record['messages'].map((message: unknown) => (typeof message === 'string' ? message : JSON.stringify(message))) : [];
  return { compatible: record['is_compatible'], messages };
}

/** `GET /mode`: `{mode}`. */
export function modeOf(body: unknown): string {
  const record = recordOf(body, '{"mode": ...}');
  if (typeof record['mode'] !== 'string') throw new AnswerShapeError('expected {"mode": ...}');
  return record['mode'];
}
