import { redactUrlText } from '../http/redact.js';
import { AnswerShapeError, compatibilityOf, configOf, integersOf, modeOf, registeredOf, schemaByIdOf, stringsOf, versionOf } from './answers.js';
import { RegistryClientError, refusalCode } from './errors.js';
import { errorCodeOf, registryMessage, requestJson } from '../http/request.js';
import type { HttpAnswer, HttpMethod } from '../http/request.js';
import { httpClient, redacted } from '../http/settings.js';
import type { HttpClient, HttpFailureFactory, HttpOptions } from '../http/settings.js';
import type { ConfigUpdate } from '../config.js';
import type { RegistryClient, RegistryClientOptions } from './types.js';
import type { SchemaById, SchemaSubmission } from '../types.js';

/** A client's calls each get this long, retries and back-off included, unless `deadlineMs` says otherwise. */
const DEFAULT_CALL_DEADLINE_MS = 60_000;
/** Schemas kept by id; ids are immutable (Confluent's REST API: an id always names the same schema). */
const DEFAULT_CACHE_SIZE = 10_000;

/**
 * A client of any Confluent-compatible REST API (Confluent, Karapace, Apicurio's `.../apis/ccompat/v7`,
 * Redpanda) over `fetch` only. Schemas by id are cached; every other call asks the registry.
 */
export function createRegistryClient(options: RegistryClientOptions): RegistryClient {
  if (typeof options !== 'object' || options === null || typeof options.url !== 'string') {
    throw new RegistryClientError('INVALID_OPTION', '(none)', 'createRegistryClient needs { url }: the registry API root, e.g. http://localhost:8081');
  }
  const shown = redactUrlText(options.url).replace(/\/+$/, '');
  const fail: HttpFailureFactory = (code, problem, details) => new RegistryClientError(code, shown, problem, details);
  const http: HttpOptions = { ...options, deadlineMs: options.deadlineMs ?? DEFAULT_CALL_DEADLINE_MS };
  const base = httpClient(options.url, `registry ${shown}`, http, fail, 'the call');
  const cacheSize = options.cacheSize ?? DEFAULT_CACHE_SIZE;
  const byId = new Map<number, Promise<SchemaById>>();

  const call = async <T>(method: HttpMethod, path: string, read: (body: unknown) => T, payload?: unknown): Promise<T> => {
    const client: HttpClient = { ...base, deadline: Date.now() + base.deadlineMs };
    const answer = await requestJson(client, method, path, payload);
    if (answer.status < 200 || answer.status >= 300) throw refusal(client, shown, method, answer);
    try {
      return read(answer.body);
    } catch (error) {
      if (!(error instanceof AnswerShapeError)) throw error;
      throw new RegistryClientError('REGISTRY_BAD_RESPONSE', shown, redacted(client, `${method} ${answer.url}: ${error.message}`), {
        status: answer.status, remedy: 'Check that the URL is the registry API itself (not a proxy page or a UI)',
      });
    }
  };
  const subjectPath = (subject: string): string => `/subjects/${encodeURIComponent(subject)}`;
  const configPath = (subject: string | null, root: string): string => (subject === null ? root : `${root}/${encodeURIComponent(subject)}`);

  return {
    url: shown,
    getById(id) {
      if (!Number.isInteger(id) || id < 0) return Promise.reject(new RegistryClientError('INVALID_OPTION', shown, `a schema id is a whole number of 0 or more, not ${String(id)}`));
      let found = byId.get(id);
      if (found === undefined) {
        found = call('GET', `/schemas/ids/${id}`, (body) => schemaByIdOf(id, body));
        if (byId.size >= cacheSize) byId.delete(byId.keys().next().value as number);
        byId.set(id, found);
        found.catch(() => byId.delete(id));
      }
      return found;
    },
    register: (subject, schema, submit = {}) =>
      call('POST', `${subjectPath(subject)}/versions${query({ normalize: submit.normalize })}`, registeredOf, submissionBody(schema)),
    lookup: (subject, schema, submit = {}) =>
      call('POST', `${subjectPath(subject)}${query({ normalize: submit.normalize, deleted: submit.deleted })}`, (body) => versionOf(subject, body), submissionBody(schema)),
    listSubjects: (read = {}) => call('GET', `/subjects${query({ deleted: read.deleted })}`, (body) => stringsOf(body, 'subjects')),
    listVersions: (subject, read = {}) => call('GET', `${subjectPath(subject)}/versions${query({ deleted: read.deleted })}`, (body) => integersOf(body, 'version numbers')),
    getVersion: (subject, version, read = {}) =>
      call('GET', `${subjectPath(subject)}/versions/${encodeURIComponent(String(version))}${query({ deleted: read.deleted })}`, (body) => versionOf(subject, body)),
    getLatest: (subject) => call('GET', `${subjectPath(subject)}/versions/latest`, (body) => versionOf(subject, body)),
    usesOfId: (id) => call('GET', `/schemas/ids/${id}/versions`, (body) => (Array.isArray(body) ? body : [undefined]).map(versionPairOf)),
    testCompatibility: (subject, schema, test = {}) => {
      const version = test.version === undefined ? '' : `/${encodeURIComponent(String(test.version))}`;
      return call('POST', `/compatibility${subjectPath(subject)}/versions${version}${query({ verbose: true, normalize: test.normalize })}`, compatibilityOf, submissionBody(schema));
    },
    deleteSubject: (subject, remove = {}) => call('DELETE', `${subjectPath(subject)}${query({ permanent: remove.permanent })}`, (body) => integersOf(body, 'version numbers')),
    deleteVersion: (subject, version, remove = {}) =>
      call('DELETE', `${subjectPath(subject)}/versions/${encodeURIComponent(String(version))}${query({ permanent: remove.permanent })}`, (body) => integersOf([body], 'version numbers')[0] as number),
    getConfig: (subject, read = {}) => call('GET', `${configPath(subject, '/config')}${query({ defaultToGlobal: read.defaultToGlobal })}`, configOf),
    setConfig: (subject, update: ConfigUpdate) => call('PUT', configPath(subject, '/config'), configOf, update),
    deleteConfig: (subject) => call('DELETE', configPath(subject, '/config'), configOf),
    getMode: (subject = null) => call('GET', configPath(subject, '/mode'), modeOf),
    setMode: (subject, mode) => call('PUT', configPath(subject, '/mode'), modeOf, { mode }),
  };
}

/** Confluent's register/lookup body; `schemaType` is left out for AVRO, which older registries expect. */
function submissionBody(submission: SchemaSubmission | string): Record<string, unknown> {
  const given: SchemaSubmission = typeof submission === 'string' ? { schema: submission } : submission;
  const type = (given.schemaType ?? 'AVRO').toUpperCase();
  return {
    schema: typeof given.schema === 'string' ? given.schema : JSON.stringify(given.schema),
    ...(type === 'AVRO' ? {} : { schemaType: type }),
    ...(given.references === undefined || given.references.length === 0 ? {} : { references: given.references }),
    ...(given.metadata === undefined ? {} : { metadata: given.metadata }),
  };
}

function query(flags: Readonly<Record<string, boolean | undefined>>): string {
  const set = Object.entries(flags).filter(([, value]) => value !== undefined);
  return set.length === 0 ? '' : `?${set.map(([name, value]) => `${name}=${String(value)}`).join('&')}`;
}

function versionPairOf(use: unknown): { readonly subject: string; readonly version: number } {
  const record = typeof use === 'object' && use !== null ? (use as Record<string, unknown>) : {};
  if (typeof record['subject'] !== 'string' || !Number.isInteger(record['version'])) throw new AnswerShapeError('expected [{subject, version}]');
  return { subject: record['subject'], version: record['version'] as number };
}

/** A 4xx the registry answered: its status, its `error_code` and its own words (redacted). */
function refusal(client: HttpClient, shown: string, method: HttpMethod, answer: HttpAnswer): RegistryClientError {
  const errorCode = errorCodeOf(answer.body);
  const message = registryMessage(answer.body);
  const remedy = answer.status === 404 && errorCode === undefined ? 'Check the URL: it must be the registry API root (e.g. http://host:8081, or Apicurio\'s .../apis/ccompat/v7)' : undefined;
  return new RegistryClientError(refusalCode(answer.status, errorCode), shown, redacted(client, `${method} ${answer.url} answered ${answer.status}${message === '' ? '' : `: ${message}`}`), {
    status: answer.status, ...(errorCode === undefined ? {} : { errorCode }), ...(remedy === undefined ? {} : { remedy }),
  });
}
