import { parseStrategy } from 'schema-compat';
import type { Strategy } from 'schema-compat';
import { SourceError, SourceErrorCode } from './errors.js';
import { badResponse, errorCodeOf, requestJson, unexpectedAnswer } from './http.js';
import { httpClient } from './http-client.js';
import type { HttpClient } from './http-client.js';
import { mapLimited } from './map-limited.js';
import { publicUrl } from './spec.js';
import type { HistorySnapshot, ReadHistoryOptions, RegistryReference, SourceVersion } from './types.js';

/** Confluent's error codes the registry source reads (Confluent's `rest/exceptions/Errors.java`). */
const SUBJECT_NOT_FOUND = 40401;
const VERSION_NOT_FOUND = 40402;
/** Versions fetched at once: a subject of 100 versions takes 100 requests. */
const PARALLEL_REQUESTS = 6;

/** A version as `GET /subjects/{s}/versions/{v}` answers it. */
interface VersionAnswer {
  readonly version: number;
  readonly id: number;
  readonly schemaType: string;
  readonly schema: string;
  readonly references: readonly RegistryReference[];
}

/**
 * `registry:URL` with a subject: every live version of the subject in a Confluent-compatible REST
 * API (Confluent, Karapace, Apicurio's ccompat API, Redpanda): `GET /subjects/{s}/versions`, then
 * each version, its schema type and its references (fetched recursively by subject and version).
 * The subject's effective level is the strategy. A subject that does not exist (40401) or has no
 * version is `NO_VERSIONS`, or a new subject with `allowNewSubject` (a repository run).
 */
export async function readRegistry(source: { readonly url: string; readonly subject?: string }, options: ReadHistoryOptions): Promise<HistorySnapshot> {
  const where = `registry ${publicUrl(source.url)}`;
  const subject = source.subject ?? options.subject;
  if (subject === undefined || subject === '') throw new SourceError(SourceErrorCode.BAD_SOURCE, where, 'which subject? A registry source needs one', { remedy: 'Give it: --subject orders-value (library: the subject option)' });
  const client = httpClient(source.url, where, options);
  const base = { source: { kind: 'registry' as const, url: publicUrl(source.url), subject } };
  const listed = await requestJson(client, 'GET', `/subjects/${encodeURIComponent(subject)}/versions`);
  const isNew = listed.status === 404 && errorCodeOf(listed.body) === SUBJECT_NOT_FOUND;
  if (!isNew && listed.status !== 200) throw unexpectedAnswer(client, listed);
  const level = await readSubjectLevel(client, subject);
  const strategyPart = { strategy: level.strategy, strategyFrom: level.from };
  const levelText = `level ${level.strategy} (${level.from})`;
  const numbers = isNew ? [] : versionNumbers(client, listed.url, listed.body);
  if (numbers.length === 0) {
    const why = isNew ? `subject ${subject} does not exist in the registry` : `subject ${subject} has no version in the registry`;
    if (options.allowNewSubject !== true) throw absentSubject(where, why, '--subject');
    return {
      ...base, ...strategyPart, versions: [], isNew: true,
      description: `${where}: subject ${subject}: new subject: no history yet, ${levelText}`,
      notes: [`new subject: no history yet: ${why}`, ...level.notes],
    };
  }
  const references = new Map<string, Promise<VersionAnswer>>();
  const notes: string[] = [...level.notes];
  const answers = await mapLimited(numbers, PARALLEL_REQUESTS, (number) => getVersion(client, subject, number, true));
  const versions: SourceVersion[] = [];
  for (const [i, answer] of answers.entries()) {
    if (answer === undefined) {
      notes.push(`version ${numbers[i]} was deleted while the history was read: left out`);
      continue;
    }
    const named = await referenceTexts(client, answer.references, references);
    versions.push({
      version: answer.version,
      label: `version ${answer.version} (id ${answer.id})`,
      where: `subject ${subject} version ${answer.version}`,
      schemaType: answer.schemaType,
      text: answer.schema,
      id: answer.id,
      ...(answer.references.length === 0 ? {} : { references: named, registryReferences: answer.references }),
    });
  }
  if (versions.length === 0) throw absentSubject(where, `every version of subject ${subject} was deleted while the history was read`, '--subject');
  const listedText = ` (${versions.map((version) => version.version).join(', ')})`;
  return {
    ...base, ...strategyPart, versions, notes, isNew: false,
    description: `${where}: subject ${subject}, ${versions.length} ${versions.length === 1 ? 'version' : 'versions'}${listedText}, ${levelText}`,
  };
}

/** A subject or topic that is not there, when the caller named it: an error, never an empty history. */
export function absentSubject(where: string, why: string, option: string): SourceError {
  return new SourceError(SourceErrorCode.NO_VERSIONS, where, `${why}: nothing to compare with`, {
    remedy: `Check the name (${option}). If it is a new subject, say so: --allow-new-subject (library: allowNewSubject), as a repository run does`,
  });
}

function versionNumbers(client: HttpClient, url: string, body: unknown): number[] {
  if (!Array.isArray(body) || !body.every((item) => Number.isInteger(item))) throw badResponse(client, url, 'expected a list of version numbers');
  return [...(body as number[])].sort((a, b) => a - b);
}

/** One version; undefined when it is gone (40402) and `missingIsNone`, else every failure is an error. */
async function getVersion(client: HttpClient, subject: string, version: number, missingIsNone: boolean): Promise<VersionAnswer | undefined> {
  const answer = await requestJson(client, 'GET', `/subjects/${encodeURIComponent(subject)}/versions/${version}`);
  if (answer.status === 404 && missingIsNone && errorCodeOf(answer.body) === VERSION_NOT_FOUND) return undefined;
  if (answer.status !== 200) throw unexpectedAnswer(client, answer);
  const body = answer.body as Record<string, unknown> | undefined;
  if (typeof body !== 'object' || body === null || typeof body['schema'] !== 'string') throw badResponse(client, answer.url, 'expected a version with its schema');
  const references = body['references'] ?? [];
  if (!Array.isArray(references) || !references.every(isReference)) throw badResponse(client, answer.url, 'its references are not [{name, subject, version}]');
  return {
    version: typeof body['version'] === 'number' ? body['version'] : version,
    id: typeof body['id'] === 'number' ? body['id'] : -1,
    // Confluent leaves schemaType out for AVRO (its REST API docs: "defaults to AVRO").
    schemaType: typeof body['schemaType'] === 'string' ? body['schemaType'] : 'AVRO',
    schema: body['schema'],
    references: references as RegistryReference[],
  };
}

function isReference(value: unknown): value is RegistryReference {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record['name'] === 'string' && typeof record['subject'] === 'string' && Number.isInteger(record['version']);
}

/**
 * The texts of the schemas `references` name, dependencies first (what parsing takes), each
 * fetched once per history; a cycle is cut where it closes.
 */
async function referenceTexts(client: HttpClient, references: readonly RegistryReference[], cache: Map<string, Promise<VersionAnswer>>, into: Record<string, string> = {}, seen = new Set<string>()): Promise<Record<string, string>> {
  for (const reference of references) {
    const key = `${reference.subject}\0${reference.version}`;
    if (seen.has(key)) continue;
    seen.add(key);
    let pending = cache.get(key);
    if (pending === undefined) {
      pending = getVersion(client, reference.subject, reference.version, false) as Promise<VersionAnswer>;
      cache.set(key, pending);
    }
    const answer = await pending;
    await referenceTexts(client, answer.references, cache, into, seen);
    if (!Object.prototype.hasOwnProperty.call(into, reference.name)) into[reference.name] = answer.schema;
  }
  return into;
}

/**
 * The subject's effective level and where it is set: the subject's own config (`GET /config/{s}`),
 * else the global one (`GET /config/{s}?defaultToGlobal=true`, or `GET /config` where a registry
 * does not know that parameter). A subject config may set other things than the level (a
 * `compatibilityGroup`): then the level is the global one. Confluent names the level
 * `compatibilityLevel` when reading it.
 */
export async function readSubjectLevel(client: HttpClient, subject: string): Promise<{ strategy: Strategy; from: string; notes: string[] }> {
  const path = `/config/${encodeURIComponent(subject)}`;
  const own = await requestJson(client, 'GET', path);
  if (own.status !== 200 && own.status !== 404) throw unexpectedAnswer(client, own);
  const notes = own.status === 200 ? groupNotes(own.body) : [];
  const ownLevel = own.status === 200 ? levelIn(client, own.url, own.body) : undefined;
  if (ownLevel !== undefined) return { strategy: ownLevel, from: 'subject config', notes };
  for (const fallback of [`${path}?defaultToGlobal=true`, '/config']) {
    const answer = await requestJson(client, 'GET', fallback);
    const level = answer.status === 200 ? levelIn(client, answer.url, answer.body) : undefined;
    if (level !== undefined) return { strategy: level, from: 'global config', notes };
    if (answer.status !== 404 && answer.status !== 200) throw unexpectedAnswer(client, answer);
    if (fallback === '/config') throw answer.status === 200 ? badResponse(client, answer.url, 'expected {"compatibilityLevel": ...}') : unexpectedAnswer(client, answer);
  }
  throw new SourceError(SourceErrorCode.REGISTRY_BAD_RESPONSE, client.where, 'no compatibility level to read');
}

/** The level of a config answer; undefined when it sets none. */
function levelIn(client: HttpClient, url: string, body: unknown): Strategy | undefined {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const level = record['compatibilityLevel'] ?? record['compatibility'];
  if (level === undefined || level === null) return undefined;
  if (typeof level !== 'string') throw badResponse(client, url, 'expected {"compatibilityLevel": ...}');
  try {
    return parseStrategy(level);
  } catch {
    throw badResponse(client, url, `unknown compatibility level ${JSON.stringify(level)}`);
  }
}

function groupNotes(body: unknown): string[] {
  const group = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['compatibilityGroup'] : undefined;
  return typeof group === 'string' && group !== ''
    ? [`the subject's compatibilityGroup ${JSON.stringify(group)} is not applied here: every version is compared (stricter than the registry)`]
    : [];
}
