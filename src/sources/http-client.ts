import { SourceError, SourceErrorCode } from './errors.js';
import { redactQuerySecrets, redactSecrets } from './redact.js';
import type { ReadHistoryOptions, RegistryAuth } from './types.js';

/** How one source talks HTTP: one base URL, its credentials, a timeout, a deadline and bounded retries. */
export interface HttpClient {
  /** The base URL without credentials. */
  readonly base: string;
  /** The source, for messages. */
  readonly where: string;
  readonly authorization?: string;
  /** The credentials' values (and their encodings): never quoted back from an answer. */
  readonly secrets: readonly string[];
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly retryDelayMs: number;
  /** When loading the source must be over (`Date.now()` time). */
  readonly deadline: number;
  readonly deadlineMs: number;
  readonly maxAnswerBytes: number;
}

/** An answer whose status the caller reads (2xx, and 4xx other than 401/403). */
export interface HttpAnswer {
  readonly status: number;
  readonly url: string;
  /** The JSON body; undefined when empty. */
  readonly body: unknown;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRIES = 3;
const DEFAULT_RETRY_DELAY_MS = 250;
/** Loading a whole source: a subject of many versions, each request retried, fits well within it. */
const DEFAULT_DEADLINE_MS = 120_000;
/** The same cap as a schema file's (read-file.ts `MAX_FILE_BYTES`): a schema is kilobytes. */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** A client for `url`; credentials in the URL (`https://user:pass@host`) become basic auth. */
export function httpClient(url: string, where: string, options: ReadHistoryOptions): HttpClient {
  const parsed = new URL(url);
  const userInfo = parsed.username === '' ? undefined : { user: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
  const urlSecrets = parsed.password === '' ? [] : [parsed.password, decodeURIComponent(parsed.password)];
  parsed.username = '';
  parsed.password = '';
  const auth: RegistryAuth | undefined = options.auth ?? (userInfo === undefined ? undefined : { basic: userInfo });
  const fetchFunction = options.fetch ?? globalThis.fetch;
  if (typeof fetchFunction !== 'function') throw new SourceError(SourceErrorCode.BAD_SOURCE, where, 'no fetch: this runtime has no global fetch (Node.js 18 or later has one); give options.fetch');
  const deadlineMs = positive(options.deadlineMs, 'deadlineMs', where) ?? DEFAULT_DEADLINE_MS;
  const authorization = auth === undefined ? undefined : authorizationOf(auth);
  return {
    base: parsed.href.replace(/\/+$/, ''),
    where,
    ...(authorization === undefined ? {} : { authorization }),
    secrets: [...urlSecrets, ...(auth === undefined ? [] : secretsOf(auth)), ...(authorization === undefined ? [] : [authorization, authorization.replace(/^\S+ /, '')])],
    fetch: fetchFunction,
    timeoutMs: positive(options.timeoutMs, 'timeoutMs', where) ?? DEFAULT_TIMEOUT_MS,
    retries: options.retries ?? DEFAULT_RETRIES,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
    deadline: Date.now() + deadlineMs,
    deadlineMs,
    maxAnswerBytes: positive(options.maxAnswerBytes, 'maxAnswerBytes', where) ?? DEFAULT_MAX_ANSWER_BYTES,
  };
}

function positive(value: number | undefined, name: string, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !(value > 0)) throw new SourceError(SourceErrorCode.BAD_SOURCE, where, `${name} must be a positive number, not ${String(value)}`);
  return value;
}

function authorizationOf(auth: RegistryAuth): string {
  if ('bearer' in auth) return `Bearer ${auth.bearer}`;
  const bytes = new TextEncoder().encode(`${auth.basic.user}:${auth.basic.password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

function secretsOf(auth: RegistryAuth): string[] {
  if ('bearer' in auth) return [auth.bearer];
  const { user, password } = auth.basic;
  return password === '' ? [] : [`${user}:${password}`, password, encodeURIComponent(password)];
}

/** `text` (an answer's words, a URL) without the client's credentials or known secret query parameters. */
export function redacted(client: HttpClient, text: string): string {
  return redactQuerySecrets(redactSecrets(text, client.secrets));
}

/** A `SourceError` of the client, its problem redacted (an answer may echo the credentials back). */
export function clientError(client: HttpClient, code: SourceErrorCode, problem: string, details: { readonly remedy?: string; readonly status?: number } = {}): SourceError {
  return new SourceError(code, client.where, redacted(client, problem), details);
}
