import { SourceErrorCode } from './errors.js';
import { badResponse, errorCodeOf, registryMessage, requestJson, unexpectedAnswer } from './http.js';
import { clientError, httpClient } from './http-client.js';
import type { HttpAnswer, HttpClient } from './http-client.js';
import { publicUrl } from './spec.js';
import type { ReadHistoryOptions, RegistryReference } from './types.js';

/** Confluent's error codes of a lookup (`rest/exceptions/Errors.java`). */
const SUBJECT_NOT_FOUND = 40401;
const SCHEMA_NOT_FOUND = 40403;

/** The candidate as a registry is asked about it. */
export interface CandidateSubmission {
  readonly schemaType: string;
  readonly schema: string;
  readonly references?: readonly RegistryReference[];
}

/** What the registry itself says of the candidate. */
export interface RegistryAnswer {
  /** The version the candidate already is, by the registry's own identity rule (`POST /subjects/{s}`). */
  readonly existing?: { readonly version: number; readonly id: number };
  /** Registering it would add a version (or create the subject). */
  readonly wouldCreateVersion: boolean;
  readonly subjectExists: boolean;
  /** The registry's compatibility answer (`POST /compatibility/subjects/{s}/versions?verbose=true`), when asked. */
  readonly verdict?: { readonly compatible: boolean; readonly messages: readonly string[] };
}

export interface AskRegistryOptions extends ReadHistoryOptions {
  /** Also ask the compatibility endpoint. Default false. */
  readonly verdict?: boolean;
}

/**
 * Asks a Confluent-compatible registry about the candidate: whether registering it would create a
 * new version (its lookup endpoint is the authority on its own identity rule: normalisation,
 * references, metadata), and, with `verdict`, its own compatibility answer with its messages.
 * Nothing is registered.
 */
export async function askRegistry(url: string, subject: string, candidate: CandidateSubmission, options: AskRegistryOptions = {}): Promise<RegistryAnswer> {
  const client = httpClient(url, `registry ${publicUrl(url)}`, options);
  const body = submissionBody(candidate);
  const lookup = await requestJson(client, 'POST', `/subjects/${encodeURIComponent(subject)}`, body);
  const found = lookupResult(client, lookup);
  const verdict = options.verdict === true ? await askVerdict(client, subject, body, found.subjectExists) : undefined;
  return { ...found, ...(verdict === undefined ? {} : { verdict }) };
}

/** Confluent's register/lookup body; `schemaType` is left out for AVRO, which older registries expect. */
function submissionBody(candidate: CandidateSubmission): Record<string, unknown> {
  return {
    schema: candidate.schema,
    ...(candidate.schemaType.toUpperCase() === 'AVRO' ? {} : { schemaType: candidate.schemaType.toUpperCase() }),
    ...(candidate.references === undefined || candidate.references.length === 0 ? {} : { references: candidate.references }),
  };
}

function lookupResult(client: HttpClient, answer: HttpAnswer): Omit<RegistryAnswer, 'verdict'> {
  if (answer.status === 200) {
    const record = answer.body as Record<string, unknown> | undefined;
    if (typeof record?.['version'] !== 'number') throw badResponse(client, answer.url, 'expected the version the schema is registered as');
    const id = typeof record['id'] === 'number' ? record['id'] : -1;
    return { existing: { version: record['version'], id }, wouldCreateVersion: false, subjectExists: true };
  }
  const code = errorCodeOf(answer.body);
  if (answer.status === 404 && code === SCHEMA_NOT_FOUND) return { wouldCreateVersion: true, subjectExists: true };
  if (answer.status === 404 && code === SUBJECT_NOT_FOUND) return { wouldCreateVersion: true, subjectExists: false };
  if (answer.status === 422) {
    throw clientError(client, SourceErrorCode.REGISTRY_REFUSED, `the registry cannot parse the candidate: ${registryMessage(answer.body)}`, { status: 422 });
  }
  throw unexpectedAnswer(client, answer);
}

async function askVerdict(client: HttpClient, subject: string, body: Record<string, unknown>, subjectExists: boolean): Promise<RegistryAnswer['verdict']> {
  const answer = await requestJson(client, 'POST', `/compatibility/subjects/${encodeURIComponent(subject)}/versions?verbose=true`, body);
  // A subject with no versions: nothing to be incompatible with (some registries answer 40401 instead of true).
  if (answer.status === 404 && errorCodeOf(answer.body) === SUBJECT_NOT_FOUND && !subjectExists) return { compatible: true, messages: [] };
  if (answer.status !== 200) throw unexpectedAnswer(client, answer);
  const record = answer.body as Record<string, unknown> | undefined;
  if (typeof record?.['is_compatible'] !== 'boolean') throw badResponse(client, answer.url, 'expected {"is_compatible": ...}');
  const messages = Array.isArray(record['messages']) ? record['messages'].map((message) => String(message)) : [];
  return { compatible: record['is_compatible'], messages };
}
