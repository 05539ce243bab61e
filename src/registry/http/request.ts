import { boundedText } from './body.js';
import { clientFailure } from './settings.js';
import type { HttpClient } from './settings.js';

/** A Retry-After longer than this is not waited for: the registry is down, say so. */
const MAX_RETRY_AFTER_MS = 10_000;

/** An answer whose status the caller reads (2xx, and 4xx other than 401/403). */
export interface HttpAnswer {
  readonly status: number;
  readonly url: string;
  /** The JSON body; undefined when empty. */
  readonly body: unknown;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * `method path` against the client's base URL, with JSON in and out. Retries a 5xx, a 429, a
 * timeout (of the answer or of its body) or a failed connection (reset, refused) with exponential
 * back-off, at most `retries` times and within the client's deadline; then, and for 401 and 403,
 * throws the client's error naming the URL and the remedy. An answer larger than `maxAnswerBytes`
 * is not read further (`REGISTRY_ANSWER_TOO_LARGE`, not retried).
 */
export async function requestJson(client: HttpClient, method: HttpMethod, path: string, payload?: unknown): Promise<HttpAnswer> {
  const url = `${client.base}${path}`;
  for (let attempt = 0; ; attempt++) {
    const outcome = await attemptOnce(client, method, url, payload);
    const last = attempt >= client.retries;
    if ('failure' in outcome) {
      if (last || outcome.final === true) throw outcome.failure;
      await pause(client, client.retryDelayMs * 2 ** attempt, outcome.failure);
    } else if (outcome.response.status === 429 || outcome.response.status >= 500) {
      const wait = retryDelay(client, attempt, outcome.response);
      const failure = serverError(client, url, outcome, attempt + 1);
      // A Retry-After longer than we wait for: the registry is down or throttling hard, say so now.
      if (last || wait === undefined) throw failure;
      await pause(client, wait, failure);
    } else {
      return answerOf(client, url, outcome);
    }
  }
}

/** A response and its whole body, read within the request's timeout. */
interface Received {
  readonly response: Response;
  readonly text: string;
}

async function attemptOnce(client: HttpClient, method: string, url: string, payload: unknown): Promise<Received | { failure: Error; final?: boolean }> {
  const remaining = client.deadline - Date.now();
  if (remaining <= 0) return { failure: deadlinePassed(client, method, url), final: true };
  const headers: Record<string, string> = { ...client.headers, accept: 'application/vnd.schemaregistry.v1+json, application/json' };
  if (client.authorization !== undefined) headers['authorization'] = client.authorization;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, Math.min(client.timeoutMs, remaining));
  try {
    const response = await client.fetch(url, { method, headers, signal: controller.signal, ...(payload === undefined ? {} : { body: JSON.stringify(payload) }) });
    const text = await boundedText(response, client.maxAnswerBytes);
    if (text !== undefined) return { response, text };
    controller.abort();
    return {
      final: true,
      failure: clientFailure(client, 'REGISTRY_ANSWER_TOO_LARGE', `${url} answered more than ${client.maxAnswerBytes} bytes: reading stopped there`, {
        status: response.status, remedy: 'Check that the URL is the registry API; the maxAnswerBytes option raises the limit',
      }),
    };
  } catch (error: unknown) {
    if (timedOut && remaining < client.timeoutMs) return { failure: deadlinePassed(client, method, url), final: true };
    if (timedOut || (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))) {
      return { failure: clientFailure(client, 'REGISTRY_TIMEOUT', `no answer from ${method} ${url} within ${client.timeoutMs} ms`, { remedy: 'Check that the URL is the registry and that it is up; a larger timeout may help' }) };
    }
    return { failure: clientFailure(client, 'REGISTRY_UNREACHABLE', `cannot reach ${url}: ${networkCause(error)}`, { remedy: 'Check the URL, the network and that the registry is up' }) };
  } finally {
    clearTimeout(timer);
  }
}

function deadlinePassed(client: HttpClient, method: string, url: string): Error {
  return clientFailure(client, 'REGISTRY_TIMEOUT', `${client.deadlineOf} took longer than its deadline of ${client.deadlineMs} ms (at ${method} ${url})`, {
    remedy: 'Check that the registry is up and answering quickly; the deadlineMs option gives more time',
  });
}

/** Waits `ms` before a retry; when the wait would pass the deadline, there is no retry: `failure` is thrown. */
async function pause(client: HttpClient, ms: number, failure: Error): Promise<void> {
  if (Date.now() + ms >= client.deadline) throw failure;
  await sleep(ms);
}

function answerOf(client: HttpClient, url: string, { response, text }: Received): HttpAnswer {
  const body = parsedBody(text);
  if (response.status === 401) {
    throw client.fail('REGISTRY_UNAUTHORIZED', `${url} answered 401 Unauthorized${client.authorization === undefined ? ': it needs credentials' : ': the credentials were refused'}`, {
      status: 401, remedy: 'Give credentials: SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO=user:password or SCHEMA_REGISTRY_BEARER_TOKEN=token (CLI: also --registry-auth; library: the auth option)',
      ...errorCodePart(body),
    });
  }
  if (response.status === 403) {
    throw clientFailure(client, 'REGISTRY_FORBIDDEN', `${url} answered 403 Forbidden: ${excerpt(text) || 'these credentials may not read it'}`, {
      status: 403, remedy: 'Use credentials that may read this subject or topic', ...errorCodePart(body),
    });
  }
  if (body === undefined) return { status: response.status, url, body: undefined };
  if (body !== NOT_JSON) return { status: response.status, url, body: body.value };
  if (response.status >= 400) return { status: response.status, url, body: text };
  throw clientFailure(client, 'REGISTRY_BAD_RESPONSE', `${url}: its answer is not JSON: ${excerpt(text)}`, { remedy: 'Check that the URL is the registry API itself (not a proxy page or a UI)' });
}

const NOT_JSON = Symbol('not JSON');

function parsedBody(text: string): { readonly value: unknown } | typeof NOT_JSON | undefined {
  if (text.trim() === '') return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return NOT_JSON;
  }
}

function errorCodePart(body: { readonly value: unknown } | typeof NOT_JSON | undefined): { errorCode?: number } {
  const code = body === undefined || body === NOT_JSON ? undefined : errorCodeOf(body.value);
  return code === undefined ? {} : { errorCode: code };
}

function serverError(client: HttpClient, url: string, { response, text }: Received, tries: number): Error {
  const answered = `${url} answered ${response.status}${text.trim() === '' ? '' : ` (${excerpt(text)})`} ${tries} ${tries === 1 ? 'time' : 'times'}`;
  const remedy = response.status === 429 ? 'The registry is limiting the rate of requests; try again later' : 'The registry is failing; try again later or ask its operators';
  return clientFailure(client, 'REGISTRY_SERVER_ERROR', answered, { status: response.status, remedy, ...errorCodePart(parsedBody(text)) });
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

/** At most 200 characters of an answer, on one line. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}...` : flat;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}
