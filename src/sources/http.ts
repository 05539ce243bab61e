import type { SourceError } from './errors.js';
import { SourceErrorCode } from './errors.js';
import { clientError } from './http-client.js';
import type { HttpAnswer, HttpClient } from './http-client.js';
import { registryMessage } from '../registry/http/request.js';

export { requestJson, registryMessage, errorCodeOf } from '../registry/http/request.js';

/** An answer that is not what the API documents. */
export function badResponse(client: HttpClient, url: string, problem: string): SourceError {
  return clientError(client, SourceErrorCode.REGISTRY_BAD_RESPONSE, `${url}: ${problem}`, { remedy: 'Check that the URL is the registry API itself (not a proxy page or a UI)' });
}

/** A 4xx answer the caller did not expect: its status and the registry's own message. */
export function unexpectedAnswer(client: HttpClient, answer: HttpAnswer): SourceError {
  const message = registryMessage(answer.body);
  const code = answer.status === 404 ? SourceErrorCode.REGISTRY_NOT_FOUND : answer.status >= 400 ? SourceErrorCode.REGISTRY_REFUSED : SourceErrorCode.REGISTRY_BAD_RESPONSE;
  const remedy = answer.status === 404 ? 'Check the URL: it must be the registry API root (e.g. http://host:8081, or Apicurio\'s .../apis/ccompat/v7)' : undefined;
  return clientError(client, code, `${answer.url} answered ${answer.status}${message === '' ? '' : `: ${message}`}`, { status: answer.status, ...(remedy === undefined ? {} : { remedy }) });
}
