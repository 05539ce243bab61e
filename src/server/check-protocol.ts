import { SchemaCompatError, SchemaParseError, UnknownSchemaTypeError } from 'schema-compat';
import type { SchemaParseErrorDetails } from 'schema-compat';
import type { JudgedSchema, Verdict, VerdictRequest } from 'schema-compat/registry';
import type { CheckerRecipe } from './checker-recipes.js';

/** What a check worker starts with. */
export interface WorkerSetup {
  readonly recipes: readonly CheckerRecipe[];
  /** Parsed stored schemas the worker keeps by global id. */
  readonly cacheSize: number;
}

/** Messages to a check worker: one task at a time, and the stored schemas it asked for. */
export type ToWorker =
  | { readonly kind: 'task'; readonly request: VerdictRequest }
  | { readonly kind: 'schema'; readonly id: number; readonly schema: JudgedSchema }
  /** The server could not read the schema; it keeps the error and answers with it. */
  | { readonly kind: 'schema-failed'; readonly id: number };

/** Messages from a check worker. */
export type FromWorker =
  | { readonly kind: 'ready' }
  | { readonly kind: 'need'; readonly id: number }
  | { readonly kind: 'done'; readonly verdict: Verdict }
  | { readonly kind: 'failed'; readonly error: WireError };

/** An error as it crosses threads (structured clone keeps neither classes nor their fields). */
export type WireError =
  | { readonly kind: 'parse'; readonly details: SchemaParseErrorDetails }
  | { readonly kind: 'unknown-type'; readonly schemaType: string; readonly knownTypes: readonly string[] }
  | { readonly kind: 'library'; readonly code: string; readonly message: string }
  | { readonly kind: 'source'; readonly id: number }
  | { readonly kind: 'other'; readonly message: string };

/** Thrown in a worker when the server could not read a stored schema (the server has the real error). */
export class SourceFailure extends Error {
  constructor(readonly id: number) {
    super(`stored schema ${id} could not be read`);
  }
}

export function toWireError(error: unknown): WireError {
  if (error instanceof SourceFailure) return { kind: 'source', id: error.id };
  if (error instanceof SchemaParseError) {
    const { input, pointer, rule, detail, line, column } = error;
    return { kind: 'parse', details: { input, pointer, rule, detail, ...(line === undefined ? {} : { line }), ...(column === undefined ? {} : { column }) } };
  }
  if (error instanceof UnknownSchemaTypeError) return { kind: 'unknown-type', schemaType: error.schemaType, knownTypes: error.knownTypes };
  if (error instanceof SchemaCompatError) return { kind: 'library', code: error.code, message: error.message };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

/** The error again, as the classes the server answers by (422 / 42201 for schemas that do not parse). */
export function fromWireError(wire: Exclude<WireError, { readonly kind: 'source' }>): Error {
  switch (wire.kind) {
    case 'parse':
      return new SchemaParseError(wire.details);
    case 'unknown-type':
      return new UnknownSchemaTypeError(wire.schemaType, wire.knownTypes);
    case 'library':
      return new SchemaCompatError(wire.code, wire.message);
    case 'other':
      return new Error(wire.message);
  }
}
