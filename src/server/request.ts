import type { Registry, SchemaReference, SchemaSubmission } from 'schema-compat/registry';
import { ownValue } from '../util/own.js';
import { httpErrors } from './errors.js';

/** What a route handler gets: the path parameters (decoded), the query and the parsed JSON body. */
export interface RouteContext {
  readonly registry: Registry;
  readonly params: readonly string[];
  readonly query: URLSearchParams;
  readonly body: unknown;
}

/** A query flag: `?deleted=true` (case-insensitive); absent is `fallback`. */
export function flag(query: URLSearchParams, name: string, fallback = false): boolean {
  const value = query.get(name);
  return value === null ? fallback : value.toLowerCase() === 'true';
}

export function param(context: RouteContext, index: number): string {
  return context.params[index] ?? '';
}

/** A field of a JSON body: own properties only, so a key like `__proto__` or `constructor` is just a key. */
export function field(body: unknown, name: string): unknown {
  return ownValue(body as Readonly<Record<string, unknown>> | null | undefined, name);
}

/** Reads Confluent's `RegisterSchemaRequest` body: `{schema, schemaType?, references?, metadata?}`. */
export function submissionOf(body: unknown): SchemaSubmission {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw httpErrors.invalidSchema('The request body must be a JSON object with a "schema" field');
  const [schema, schemaType, references] = [field(body, 'schema'), field(body, 'schemaType'), field(body, 'references')];
  if (typeof schema !== 'string') throw httpErrors.invalidSchema('Empty schema: "schema" must be the schema text');
  if (schemaType !== undefined && schemaType !== null && typeof schemaType !== 'string') throw httpErrors.invalidSchema('"schemaType" must be a string');
  if (references !== undefined && references !== null && !Array.isArray(references)) throw httpErrors.invalidSchema('"references" must be an array');
  const properties = field(field(body, 'metadata'), 'properties');
  return {
    schema,
    ...(typeof schemaType === 'string' ? { schemaType } : {}),
    ...(Array.isArray(references) ? { references: references as SchemaReference[] } : {}),
    ...(isStringMap(properties) ? { metadata: { properties } } : {}),
  };
}

function isStringMap(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string');
}
