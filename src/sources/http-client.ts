import { SourceError, SourceErrorCode } from './errors.js';
import { httpClient as coreClient, redacted } from '../registry/http/settings.js';
import type { HttpClient, HttpFailureCode } from '../registry/http/settings.js';
import type { ReadHistoryOptions } from './types.js';

// The sources talk HTTP through the registry client's layer (src/registry/http): one transport, one
// set of caps, retries and credential rules; only the error class differs (`SourceError` here).
export type { HttpClient } from '../registry/http/settings.js';
export type { HttpAnswer } from '../registry/http/request.js';

/** A client for `url` whose failures are `SourceError`s naming `where`; credentials in the URL become basic auth. */
export function httpClient(url: string, where: string, options: ReadHistoryOptions): HttpClient {
  return coreClient(url, where, options, (code, problem, details) =>
    new SourceError(sourceCode(code), where, problem, {
      ...(details.remedy === undefined ? {} : { remedy: details.remedy }),
      ...(details.status === undefined ? {} : { status: details.status }),
    }));
}

function sourceCode(code: HttpFailureCode): SourceErrorCode {
  return code === 'INVALID_OPTION' ? SourceErrorCode.BAD_SOURCE : SourceErrorCode[code];
}

/** A `SourceError` of the client, its problem redacted (an answer may echo the credentials back). */
export function clientError(client: HttpClient, code: SourceErrorCode, problem: string, details: { readonly remedy?: string; readonly status?: number } = {}): SourceError {
  return new SourceError(code, client.where, redacted(client, problem), details);
}
