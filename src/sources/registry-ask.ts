import { strategyScope } from 'schema-compat';
import { SourceErrorCode } from './errors.js';
import { badResponse, errorCodeOf, registryMessage, requestJson, unexpectedAnswer } from './http.js';
import { clientError, httpClient } from './http-client.js';
import type { HttpAnswer, HttpClient } from './http-client.js';
import { readSubjectLevel } from './registry.js';
import { publicUrl } from './spec.js';
import type { ReadHistoryOptions, RegistryReference, SourceVersion } from './types.js';

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
  readonly verdict?: RegistryVerdict;
  /**
   * Set when `existing` was decided on the schema type's canonical form (the candidate is a stored
   * version re-printed: a registry that stores Protobuf in its own print, say), not by the lookup.
   */
  readonly existingBy?: 'canonical form';
}

/** The registry's own compatibility answer. */
export interface RegistryVerdict {
  readonly compatible: boolean;
  readonly messages: readonly string[];
  /**
   * Set when the registry has no `POST /compatibility/subjects/{s}/versions` (Karapace): the versions
   * its level names, each asked at `/compatibility/subjects/{s}/versions/{v}`, newest first.
   */
  readonly askedVersions?: readonly number[];
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

async function askVerdict(client: HttpClient, subject: string, body: Record<string, unknown>, subjectExists: boolean): Promise<RegistryVerdict> {
  const answer = await requestJson(client, 'POST', `/compatibility/subjects/${encodeURIComponent(subject)}/versions?verbose=true`, body);
  // A subject with no versions: nothing to be incompatible with (some registries answer 40401 instead of true).
  if (answer.status === 404 && errorCodeOf(answer.body) === SUBJECT_NOT_FOUND && !subjectExists) return { compatible: true, messages: [] };
  // A 404 without a Confluent error code: the route itself is missing. Karapace serves only
  // `/compatibility/subjects/{subject}/versions/{version}` (src/karapace/api/routers/compatibility.py).
  if (answer.status === 404 && errorCodeOf(answer.body) === undefined) return versionByVersion(client, subject, body, subjectExists);
  if (answer.status !== 200) throw unexpectedAnswer(client, answer);
  return verdictOf(client, answer);
}

function verdictOf(client: HttpClient, answer: HttpAnswer): { compatible: boolean; messages: string[] } {
  const record = answer.body as Record<string, unknown> | undefined;
  if (typeof record?.['is_compatible'] !== 'boolean') throw badResponse(client, answer.url, 'expected {"is_compatible": ...}');
  const messages = Array.isArray(record['messages']) ? record['messages'].map((message) => String(message)) : [];
  return { compatible: record['is_compatible'], messages };
}

/**
 * The verdict asked version by version, as the subject's level names them (Confluent's rule: a
 * transitive level every live version, another one the latest, NONE none), newest first; the
 * candidate is compatible when every answer is.
 */
async function versionByVersion(client: HttpClient, subject: string, body: Record<string, unknown>, subjectExists: boolean): Promise<RegistryVerdict> {
  if (!subjectExists) return { compatible: true, messages: [], askedVersions: [] };
  const path = `/subjects/${encodeURIComponent(subject)}/versions`;
  const listed = await requestJson(client, 'GET', path);
  if (listed.status !== 200 || !Array.isArray(listed.body) || !listed.body.every((item) => Number.isInteger(item))) throw unexpectedAnswer(client, listed);
  const live = [...(listed.body as number[])].sort((a, b) => b - a);
  const { strategy } = await readSubjectLevel(client, subject);
  const scope = strategyScope(strategy);
  const named = scope === 'none' ? [] : scope === 'all' ? live : live.slice(0, 1);
  const messages: string[] = [];
  let compatible = true;
  for (const version of named) {
    const answer = await requestJson(client, 'POST', `/compatibility/subjects/${encodeURIComponent(subject)}/versions/${version}?verbose=true`, body);
    if (answer.status !== 200) throw unexpectedAnswer(client, answer);
    const one = verdictOf(client, answer);
    compatible &&= one.compatible;
    messages.push(...one.messages.map((message) => `version ${version}: ${message}`));
  }
  return { compatible, messages, askedVersions: named };
}

/**
 * The registry's answer with identity decided on the schema type's canonical form: when its lookup
 * found no version but the check found the candidate identical (its checker's `isIdentical`) to
 * version `identicalVersion` of `versions` (the history read from that registry), the candidate is
 * that version. A registry that stores its own print of a schema (Karapace re-prints Protobuf)
 * matches lookups on that text, so the text a team keeps looks new although it is not.
 */
export function withCanonicalIdentity(answer: RegistryAnswer, identicalVersion: number | undefined, versions: readonly SourceVersion[]): RegistryAnswer {
  if (answer.existing !== undefined || identicalVersion === undefined) return answer;
  const same = versions.find((version) => version.version === identicalVersion);
  if (same === undefined) return answer;
  return { ...answer, existing: { version: same.version, id: same.id ?? -1 }, wouldCreateVersion: false, existingBy: 'canonical form' };
}
