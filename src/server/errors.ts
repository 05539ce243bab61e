import { InvalidOptionError, SchemaCompatError, SchemaParseError, UnknownSchemaTypeError, UnknownStrategyError } from 'schema-compat';
import { RegistryError } from 'schema-compat/registry';

/** An HTTP answer: status and JSON body. */
export interface HttpAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** An error the routes raise for the request itself (bad JSON, a bad body, a size cap), answered as is. */
export class HttpError extends Error {
  constructor(readonly status: number, readonly errorCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
  }
}

export const httpErrors = {
  notFound: (): HttpError => new HttpError(404, 404, 'HTTP 404 Not Found'),
  methodNotAllowed: (): HttpError => new HttpError(405, 405, 'HTTP 405 Method Not Allowed'),
  unsupportedMediaType: (): HttpError => new HttpError(415, 415, 'HTTP 415 Unsupported Media Type'),
  tooLarge: (limit: number): HttpError => new HttpError(413, 413, `Request body larger than ${limit} bytes`),
  badJson: (detail: string): HttpError => new HttpError(400, 400, `Unrecognized JSON body: ${detail}`),
  invalidSchema: (detail: string): HttpError => new HttpError(422, 42201, detail),
  // Confluent's OPERATION_TIMEOUT_ERROR_CODE (Errors.java; its REST docs: "Error code 50002 indicates operation timed out"), HTTP 500.
  checkTimedOut: (budgetMs: number): HttpError =>
    new HttpError(500, 50002, `Operation timed out: parsing and checking the schema took longer than the server's budget of ${budgetMs} ms`),
  checkWorkerLost: (cause: Error, memoryMb: number): HttpError => new HttpError(500, 50001, `Error in the schema registry: ${workerLoss(cause, memoryMb)}`),
  checksClosed: (): HttpError => new HttpError(500, 50001, 'Error in the schema registry: the server is shutting down'),
};

function workerLoss(cause: Error, memoryMb: number): string {
  const code = (cause as { code?: unknown }).code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return `checking the schema needed more than the server's ${memoryMb} MiB of memory`;
  return `the check stopped (${cause.message})`;
}

/**
 * Confluent's status and `{error_code, message}` body for an error: registry errors carry their
 * own code; schemas that do not parse are 42201 (INVALID_SCHEMA); anything unexpected is 500 / 50001.
 */
export function errorAnswer(error: unknown): HttpAnswer {
  if (error instanceof HttpError) return answer(error.status, error.errorCode, error.message);
  if (error instanceof RegistryError) return answer(error.httpStatus, error.confluentErrorCode, error.message);
  if (error instanceof SchemaParseError || error instanceof UnknownSchemaTypeError) return answer(422, 42201, `Invalid schema: ${error.message}`);
  if (error instanceof UnknownStrategyError) return answer(422, 42203, error.message);
  if (error instanceof InvalidOptionError) return answer(422, 42201, error.message);
  if (error instanceof SchemaCompatError) return answer(422, 42201, error.message);
  return answer(500, 50001, `Error in the schema registry: ${error instanceof Error ? error.message : String(error)}`);
}

function answer(status: number, errorCode: number, message: string): HttpAnswer {
  return { status, body: { error_code: errorCode, message } };
}
