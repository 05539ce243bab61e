import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SourceError } from 'schema-compat/sources';

/**
 * A tiny HTTP server on 127.0.0.1 (and only there) for what a real registry cannot be made to do:
 * refuse credentials, fail, stall, reset, answer nonsense. It records every request it receives.
 */

/** A request as the stub received it. */
export interface StubRequest {
  readonly method: string;
  /** The raw request target, exactly as sent (path and query, still percent-encoded). */
  readonly url: string;
  readonly authorization: string | undefined;
  readonly accept: string | undefined;
  readonly contentType: string | undefined;
  readonly body: string;
}

export type StubHandler = (request: StubRequest, response: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export interface Stub {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly port: number;
  /** Every request received so far, in order. */
  readonly requests: StubRequest[];
  close(): Promise<void>;
}

export async function startStub(handler: StubHandler): Promise<Stub> {
  const requests: StubRequest[] = [];
  const server = createServer((raw, response) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const request: StubRequest = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        authorization: raw.headers.authorization,
        accept: raw.headers.accept,
        contentType: raw.headers['content-type'],
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      Promise.resolve(handler(request, response, raw)).catch((error: unknown) => {
        // A broken handler must show in the test, not hang it.
        if (!response.headersSent) response.writeHead(599, { 'content-type': 'text/plain' });
        response.end(`stub handler failed: ${String(error)}`);
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Answers `status` with `body` as JSON (a string body is sent JSON-encoded, as Pulsar sends a strategy). */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  response.end(text);
}

/** Answers `status` with a raw text body. */
export function sendText(response: ServerResponse, status: number, text: string, contentType = 'text/plain'): void {
  response.writeHead(status, { 'content-type': contentType, 'content-length': String(Buffer.byteLength(text)) });
  response.end(text);
}

/** A port on 127.0.0.1 that nothing listens on: listen on a free one, then close it. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The `SourceError` a promise rejects with; fails the test if it resolves or rejects with anything else. */
export async function sourceFailure(promise: Promise<unknown>): Promise<SourceError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error: unknown) {
    if (error instanceof SourceError) return error;
    throw new Error(`expected a SourceError, got ${String(error)}`, { cause: error });
  }
  throw new Error(`expected a SourceError, but it resolved with ${JSON.stringify(outcome)}`);
}

/** `Basic base64(user:password)`, what an HTTP basic client sends. */
export function basicHeader(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}
