import { checkCompatibility, parseSchema } from 'schema-compat';
import type { CheckerRegistry, CompatibilityResult, ParsedSchema, Strategy } from 'schema-compat';
import { toConfluentMessages } from './confluent-messages.js';
import { contentKey } from './content.js';
import { recordOf } from '../util/own.js';
import type { SchemaReference } from './types.js';

/** A schema as a judge parses it: type, text, references, and the texts the references name (dependencies first). */
export interface JudgedSchema {
  readonly schemaType: string;
  readonly schema: string;
  readonly references: readonly SchemaReference[];
  /** `[reference name, schema text]` pairs, a list so that any name (`__proto__` too) survives a copy. */
  readonly referenceTexts: ReadonlyArray<readonly [string, string]>;
}

/** A history version a verdict looks at: its label and its global id. */
export interface VersionPointer {
  readonly version: number;
  readonly id: number;
}

/**
 * What a registry call needs parsed and checked. Everything is plain data, so a judge may run in
 * another thread; stored schemas are read by id through the `SchemaSource`.
 */
export interface VerdictRequest {
  readonly candidate: JudgedSchema;
  /** Versions to look for one identical to the candidate among, newest first (the registry's dedup). */
  readonly dedup?: readonly VersionPointer[];
  /** Versions to check the candidate against under `level`, oldest first; `eachVersion`: one check per version, merged. */
  readonly check?: { readonly level: Strategy; readonly versions: readonly VersionPointer[]; readonly eachVersion?: boolean };
  /** Also compute the candidate's content key (a registration that may store it; normalizing a large text is work too). */
  readonly contentKey?: boolean;
}

/** A judge's answer. */
export interface Verdict {
  /** The candidate's schema type as its checker names it. */
  readonly schemaType: string;
  /** The version in `dedup` identical to the candidate, when there is one (then nothing was checked). */
  readonly identical?: number;
  /** The check's result and Confluent's message list for it, when a check was asked for. */
  readonly check?: { readonly result: CompatibilityResult; readonly messages: readonly string[] };
  /** `contentKey(schemaType, schema, references)` of the candidate, when asked for and no version is identical. */
  readonly contentKey?: string;
}

/** Where a judge reads stored schemas by global id (the registry's storage). */
export interface SchemaSource {
  schema(id: number): Promise<JudgedSchema>;
}

/**
 * Parses and checks for a registry: `createLocalJudge` in this thread, or anything that answers the
 * same from plain data (schema-compat/server runs one in worker threads). The registry keeps storage,
 * ids and versions; a judge only computes verdicts.
 */
export type Judge = (request: VerdictRequest, source: SchemaSource) => Promise<Verdict>;

/** A stored schema with its parsed form. */
export interface ParsedStored {
  readonly stored: JudgedSchema;
  readonly parsed: ParsedSchema;
}

/** Parses a judged schema with its references (a prototype-free record, so every name is its own key). */
export function parseJudged(checkers: CheckerRegistry, schema: JudgedSchema, label: string): ParsedSchema {
  return parseSchema(schema.schemaType, schema.schema, { registry: checkers, references: recordOf(schema.referenceTexts), reuse: true, label });
}

/**
 * The verdict for `request`: the candidate parsed, then dedup (same type, same references and the
 * checker's `isIdentical`, newest first), then the check with Confluent's messages.
 */
export async function computeVerdict(checkers: CheckerRegistry, load: (id: number) => Promise<ParsedStored>, request: VerdictRequest): Promise<Verdict> {
  const candidate = parseJudged(checkers, request.candidate, 'schema');
  const schemaType = candidate.schemaType;
  if (request.dedup !== undefined) {
    const checker = checkers.get(schemaType);
    const references = JSON.stringify(request.candidate.references);
    for (const pointer of request.dedup) {
      const entry = await load(pointer.id);
      if (entry.stored.schemaType !== schemaType || JSON.stringify(entry.stored.references) !== references) continue;
      if (checker.isIdentical(candidate.schema, entry.parsed.schema)) return { schemaType, identical: pointer.version };
    }
  }
  const key = request.contentKey ? { contentKey: contentKey(schemaType, request.candidate.schema, request.candidate.references) } : {};
  const check = request.check;
  if (check === undefined) return { schemaType, ...key };
  const entries = await Promise.all(check.versions.map(async (pointer) => ({ pointer, entry: await load(pointer.id) })));
  const history = entries.map(({ pointer, entry }) => ({ ...entry.parsed, version: pointer.version }));
  const options = { registry: checkers };
  const result = check.eachVersion
    // One check per version: the core's identity shortcut would otherwise skip every other version.
    ? mergeResults(check.level, history.map((version) => checkCompatibility(check.level, candidate, [version], options)))
    : checkCompatibility(check.level, candidate, history, options);
  const texts = new Map(entries.map(({ pointer, entry }) => [pointer.version, entry.stored.schema]));
  return { schemaType, check: { result, messages: toConfluentMessages(result, { schemaType, oldSchema: (version) => texts.get(version) }) }, ...key };
}

function mergeResults(strategy: Strategy, results: readonly CompatibilityResult[]): CompatibilityResult {
  return {
    compatible: results.every((result) => result.compatible),
    strategy,
    checked: results.flatMap((result) => result.checked),
    incompatibilities: results.flatMap((result) => result.incompatibilities),
    warnings: results.flatMap((result) => result.warnings),
  };
}
