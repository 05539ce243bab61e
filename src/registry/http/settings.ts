import { redactQuerySecrets, redactSecrets } from './redact.js';

/** Credentials for a registry: HTTP basic (Confluent's `user:password`) or a bearer token. */
export type RegistryAuth =
  | { readonly basic: { readonly user: string; readonly password: string } }
  | { readonly bearer: string };

/** Why an HTTP exchange with a registry failed; the names are `SourceErrorCode`'s and `RegistryClientError`'s. */
export type HttpFailureCode =
  | 'INVALID_OPTION' | 'REGISTRY_UNREACHABLE' | 'REGISTRY_TIMEOUT' | 'REGISTRY_UNAUTHORIZED' | 'REGISTRY_FORBIDDEN'
  | 'REGISTRY_SERVER_ERROR' | 'REGISTRY_BAD_RESPONSE' | 'REGISTRY_ANSWER_TOO_LARGE';

/** What a failure carries besides its code and (already redacted) text. */
export interface HttpFailureDetails {
  readonly remedy?: string;
  readonly status?: number;
  /** The registry's own `error_code`, when its answer had one. */
  readonly errorCode?: number;
}

/** Makes the caller's error class from a failure: the sources make a `SourceError`, the client a `RegistryClientError`. */
export type HttpFailureFactory = (code: HttpFailureCode, problem: string, details: HttpFailureDetails) => Error;

/** How one caller talks HTTP: one base URL, its credentials, a timeout, a deadline and bounded retries. */
export interface HttpClient {
  /** The base URL without credentials. */
  readonly base: string;
  /** The source or client, for messages. */
  readonly where: string;
  readonly authorization?: string;
  /** Extra request headers (never logged). */
  readonly headers: Readonly<Record<string, string>>;
  /** The credentials' values (and their encodings): never quoted back from an answer. */
  readonly secrets: readonly string[];
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly retryDelayMs: number;
  /** When the whole job must be over (`Date.now()` time). */
  readonly deadline: number;
  readonly deadlineMs: number;
  /** What the deadline bounds, for its message: `loading the source`, `the call`. */
  readonly deadlineOf: string;
  readonly maxAnswerBytes: number;
  readonly fail: HttpFailureFactory;
}

/** The options every HTTP caller takes. */
export interface HttpOptions {
  /** Credentials; credentials in the URL (`https://user:pass@host`) are basic auth too. */
  readonly auth?: RegistryAuth;
  /** Extra request headers (an API key, a tenant); their values are treated as secrets in messages. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Per request (its answer's body included), in milliseconds. Default 10,000. */
  readonly timeoutMs?: number;
  /** Further attempts after a 5xx answer, a 429, a timeout or a reset connection. Default 3. */
  readonly retries?: number;
  /** The first back-off, doubled on each retry. Default 250 ms. */
  readonly retryDelayMs?: number;
  /**
   * Every request, retry and back-off of one job, in milliseconds: loading a whole source (default
   * 120,000), or one client call (default 60,000). Past it: `REGISTRY_TIMEOUT`, not retried.
   */
  readonly deadlineMs?: number;
  /** The most bytes read of one answer; past it, `REGISTRY_ANSWER_TOO_LARGE`. Default 16 MiB (16,777,216), as for files. */
  readonly maxAnswerBytes?: number;
  /** The `fetch` to use. Default the global one. */
  readonly fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRIES = 3;
const DEFAULT_RETRY_DELAY_MS = 250;
/** Loading a whole source: a subject of many versions, each request retried, fits well within it. */
const DEFAULT_DEADLINE_MS = 120_000;
/** The same cap as a schema file's (sources/read-file.ts `MAX_FILE_BYTES`): a schema is kilobytes. */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** Settings for `url`; credentials in the URL (`https://user:pass@host`) become basic auth. */
export function httpClient(url: string, where: string, options: HttpOptions, fail: HttpFailureFactory, deadlineOf = 'loading the source'): HttpClient {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fail('INVALID_OPTION', 'url is not a URL', {});
  }
  const userInfo = parsed.username === '' ? undefined : { user: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
  const urlSecrets = parsed.password === '' ? [] : [parsed.password, decodeURIComponent(parsed.password)];
  parsed.username = '';
  parsed.password = '';
  const auth: RegistryAuth | undefined = options.auth ?? (userInfo === undefined ? undefined : { basic: userInfo });
  const fetchFunction = options.fetch ?? globalThis.fetch;
  if (typeof fetchFunction !== 'function') throw fail('INVALID_OPTION', 'no fetch: this runtime has no global fetch (Node.js 18 or later has one); give options.fetch', {});
  const deadlineMs = positive(options.deadlineMs, 'deadlineMs', fail) ?? DEFAULT_DEADLINE_MS;
  const authorization = auth === undefined ? undefined : authorizationOf(auth);
  const retries = options.retries ?? DEFAULT_RETRIES;
  if (!Number.isInteger(retries) || retries < 0) throw fail('INVALID_OPTION', `retries must be a whole number of 0 or more, not ${String(retries)}`, {});
  return {
    base: parsed.href.replace(/\/+$/, ''),
    where,
    ...(authorization === undefined ? {} : { authorization }),
    headers: { ...options.headers },
    secrets: [
      ...urlSecrets, ...(auth === undefined ? [] : secretsOf(auth)), ...(authorization === undefined ? [] : [authorization, authorization.replace(/^\S+ /, '')]),
      ...headerSecrets(options.headers),
    ],
    fetch: fetchFunction,
    timeoutMs: positive(options.timeoutMs, 'timeoutMs', fail) ?? DEFAULT_TIMEOUT_MS,
    retries,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
    deadline: Date.now() + deadlineMs,
    deadlineMs,
    deadlineOf,
    maxAnswerBytes: positive(options.maxAnswerBytes, 'maxAnswerBytes', fail) ?? DEFAULT_MAX_ANSWER_BYTES,
    fail,
  };
}

function positive(value: number | undefined, name: string, fail: HttpFailureFactory): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !(value > 0)) throw fail('INVALID_OPTION', `${name} must be a positive number, not ${String(value)}`, {});
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

/** Header values may be credentials too (an API key header, a cookie): each is a secret, never quoted back. */
function headerSecrets(headers: Readonly<Record<string, string>> | undefined): string[] {
  if (headers === undefined) return [];
  return Object.values(headers).filter((value) => typeof value === 'string' && value.length >= 4);
}

/** `text` (an answer's words, a URL) without the client's credentials or known secret query parameters. */
export function redacted(client: HttpClient, text: string): string {
  return redactQuerySecrets(redactSecrets(text, client.secrets));
}

/** The client's error for `problem`, redacted (an answer may echo the credentials back). */
export function clientFailure(client: HttpClient, code: HttpFailureCode, problem: string, details: HttpFailureDetails = {}): Error {
  return client.fail(code, redacted(client, problem), details);
}
