import { SourceError, SourceErrorCode } from './errors.js';
import type { ReadHistoryOptions, RegistryAuth } from './types.js';

/** How one source talks HTTP: one base URL, its credentials, a timeout and bounded retries. */
export interface HttpClient {
  /** The base URL without credentials. */
  readonly base: string;
  /** The source, for messages. */
  readonly where: string;
  readonly authorization?: string;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly retryDelayMs: number;
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
/** A Retry-After longer than this is not waited for: the registry is down, say so. */
const MAX_RETRY_AFTER_MS = 10_000;

/** A client for `url`; credentials in the URL (`https://user:pass@host`) become basic auth. */
export function httpClient(url: string, where: string, options: ReadHistoryOptions): HttpClient {
  const parsed = new URL(url);
  const userInfo = parsed.username === '' ? undefined : { user: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
  parsed.username = '';
  parsed.password = '';
  const auth: RegistryAuth | undefined = options.auth ?? (userInfo === undefined ? undefined : { basic: userInfo });
  const fetchFunction = options.fetch ?? globalThis.fetch;
  if (typeof fetchFunction !== 'function') throw new SourceError(SourceErrorCode.BAD_SOURCE, where, 'no fetch: this runtime has no global fetch (Node.js 18 or later has one); give options.fetch');
  return {
    base: parsed.href.replace(/\/+$/, ''),
    where,
    ...(auth === undefined ? {} : { authorization: authorizationOf(auth) }),
    fetch: fetchFunction,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retries: options.retries ?? DEFAULT_RETRIES,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
  };
}

function authorizationOf(auth: RegistryAuth): string {
  if ('bearer' in auth) return `Bearer ${auth.bearer}`;
  const bytes = new TextEncoder().encode(`${auth.basic.user}:${auth.basic.password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * `method path` against the client's base URL, with JSON in and out. Retries a 5xx, a 429, a
 * timeout or a failed connection (reset, refused) with exponential back-off, at most `retries`
 * times; then, and for 401 and 403, throws a `SourceError` that names the URL and the remedy.
 */
export async function requestJson(client: HttpClient, method: 'GET' | 'POST', path: string, payload?: unknown): Promise<HttpAnswer> {
  const url = `${client.base}${path}`;
  for (let attempt = 0; ; attempt++) {
    const outcome = await attemptOnce(client, method, url, payload);
    const last = attempt >= client.retries;
    if ('failure' in outcome) {
      if (last) throw outcome.failure;
    } else if (outcome.response.status === 429 || outcome.response.status >= 500) {
      const wait = retryDelay(client, attempt, outcome.response);
      // A Retry-After longer than we wait for: the registry is down or throttling hard, say so now.
      if (last || wait === undefined) throw await serverError(client, url, outcome.response, attempt + 1);
      await sleep(wait);
      continue;
    } else {
      return answerOf(client, url, outcome.response);
    }
    await sleep(client.retryDelayMs * 2 ** attempt);
  }
}

async function attemptOnce(client: HttpClient, method: string, url: string, payload: unknown): Promise<{ response: Response } | { failure: SourceError }> {
  const headers: Record<string, string> = { accept: 'application/vnd.schemaregistry.v1+json, application/json' };
  if (client.authorization !== undefined) headers['authorization'] = client.authorization;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await client.fetch(url, {
      method, headers, signal: AbortSignal.timeout(client.timeoutMs), ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    return { response };
  } catch (error: unknown) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return { failure: new SourceError(SourceErrorCode.REGISTRY_TIMEOUT, client.where, `no answer from ${method} ${url} within ${client.timeoutMs} ms`, { remedy: 'Check that the URL is the registry and that it is up; a larger timeout may help' }) };
    }
    return { failure: new SourceError(SourceErrorCode.REGISTRY_UNREACHABLE, client.where, `cannot reach ${url}: ${networkCause(error)}`, { remedy: 'Check the URL, the network and that the registry is up' }) };
  }
}

async function answerOf(client: HttpClient, url: string, response: Response): Promise<HttpAnswer> {
  const text = await response.text();
  if (response.status === 401) {
    throw new SourceError(SourceErrorCode.REGISTRY_UNAUTHORIZED, client.where, `${url} answered 401 Unauthorized${client.authorization === undefined ? ': it needs credentials' : ': the credentials were refused'}`, {
      status: 401, remedy: 'Give credentials: SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO=user:password or SCHEMA_REGISTRY_BEARER_TOKEN=token (CLI: also --registry-auth; library: the auth option)',
    });
  }
  if (response.status === 403) {
    throw new SourceError(SourceErrorCode.REGISTRY_FORBIDDEN, client.where, `${url} answered 403 Forbidden: ${excerpt(text) || 'these credentials may not read it'}`, { status: 403, remedy: 'Use credentials that may read this subject or topic' });
  }
  if (text.trim() === '') return { status: response.status, url, body: undefined };
  try {
    return { status: response.status, url, body: JSON.parse(text) as unknown };
  } catch {
    if (response.status >= 400) return { status: response.status, url, body: text };
    throw badResponse(client, url, `its answer is not JSON: ${excerpt(text)}`);
  }
}

async function serverError(client: HttpClient, url: string, response: Response, tries: number): Promise<SourceError> {
  const text = await response.text().catch(() => '');
  const answered = `${url} answered ${response.status}${text === '' ? '' : ` (${excerpt(text)})`} ${tries} ${tries === 1 ? 'time' : 'times'}`;
  const remedy = response.status === 429 ? 'The registry is limiting the rate of requests; try again later' : 'The registry is failing; try again later or ask its operators';
  return new SourceError(SourceErrorCode.REGISTRY_SERVER_ERROR, client.where, answered, { status: response.status, remedy });
}

/** An answer that is not what the API documents. */
export function badResponse(client: HttpClient, url: string, problem: string): SourceError {
  return new SourceError(SourceErrorCode.REGISTRY_BAD_RESPONSE, client.where, `${url}: ${problem}`, { remedy: 'Check that the URL is the registry API itself (not a proxy page or a UI)' });
}

/** A 4xx answer the caller did not expect: its status and the registry's own message. */
export function unexpectedAnswer(client: HttpClient, answer: HttpAnswer): SourceError {
  const message = registryMessage(answer.body);
  const code = answer.status === 404 ? SourceErrorCode.REGISTRY_NOT_FOUND : answer.status >= 400 ? SourceErrorCode.REGISTRY_REFUSED : SourceErrorCode.REGISTRY_BAD_RESPONSE;
  const remedy = answer.status === 404 ? 'Check the URL: it must be the registry API root (e.g. http://host:8081, or Apicurio\'s .../apis/ccompat/v7)' : undefined;
  return new SourceError(code, client.where, `${answer.url} answered ${answer.status}${message === '' ? '' : `: ${message}`}`, { status: answer.status, ...(remedy === undefined ? {} : { remedy }) });
}

/** Confluent's `{error_code, message}` or Pulsar's `{reason}` as text. */
export function registryMessage(body: unknown): string {
  if (typeof body === 'string') return excerpt(body);
  if (typeof body !== 'object' || body === null) return '';
  const record = body as Record<string, unknown>;
  const message = record['message'] ?? record['reason'] ?? record['error'];
  const code = record['error_code'];
  return `${typeof message === 'string' ? message : ''}${typeof code === 'number' ? ` (error_code ${code})` : ''}`.trim();
}

/** Confluent's `error_code` of an error answer. */
export function errorCodeOf(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const code = (body as Record<string, unknown>)['error_code'];
  return typeof code === 'number' ? code : undefined;
}

/**
 * How long to wait before retrying a 5xx or 429: its `Retry-After` (seconds or an HTTP date, RFC 9110
 * §10.2.3) when given, else exponential back-off; undefined when `Retry-After` asks for more than we wait.
 */
function retryDelay(client: HttpClient, attempt: number, response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (header !== null && header.trim() !== '') {
    const seconds = /^\d+$/.test(header.trim()) ? Number(header) * 1000 : Date.parse(header) - Date.now();
    if (Number.isFinite(seconds)) return seconds > MAX_RETRY_AFTER_MS ? undefined : Math.max(seconds, 0);
  }
  return client.retryDelayMs * 2 ** attempt;
}

/** Node's fetch hides the socket error in `cause` (ECONNREFUSED, ECONNRESET, ENOTFOUND). */
function networkCause(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause !== undefined && typeof cause === 'object' && cause !== null) {
    const code = typeof cause.code === 'string' ? cause.code : undefined;
    const message = typeof cause.message === 'string' ? cause.message : undefined;
    if (code !== undefined || message !== undefined) return [code, message].filter(Boolean).join(': ');
  }
  return error instanceof Error ? error.message : String(error);
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}...` : flat;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}
