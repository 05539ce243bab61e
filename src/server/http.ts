import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRegistry } from 'schema-compat/registry';
import type { Registry } from 'schema-compat/registry';
import { SCHEMA_REGISTRY_MEDIA_TYPE, readJsonBody } from './body.js';
import type { CheckOptions } from './checks.js';
import { offloadChecks } from './checks.js';
import type { HttpAnswer } from './errors.js';
import { errorAnswer, httpErrors } from './errors.js';
import { matchRoute } from './routes.js';
import { ownValue } from '../util/own.js';

export { SCHEMA_REGISTRY_MEDIA_TYPE } from './body.js';

/** How a request handler reads bodies and runs checks. */
export interface HandlerOptions extends CheckOptions {
  /** Request bodies larger than this are refused with 413. Default 1 MiB. */
  readonly maxBodyBytes?: number;
}

export interface ServerOptions extends HandlerOptions {
  /** The registry to serve; default a fresh in-memory `createRegistry()`. */
  readonly registry?: Registry;
  /** Default 8081 (Confluent's port); 0 picks a free port. */
  readonly port?: number;
  /** Default `127.0.0.1`: loopback only. Another host exposes an unauthenticated registry. */
  readonly host?: string;
}

/** A listening server. */
export interface RunningServer {
  /** `http://host:port`, what clients take as their registry URL. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly registry: Registry;
  /** Stops listening, closes idle and open connections and stops the check workers. */
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A request handler for Node's `http.createServer` that speaks the subset of Confluent Schema
 * Registry's REST API the real clients use, over `registry`. For development and tests. Checks run
 * in worker threads (unreferenced: they never keep the process alive) as `options` say.
 */
export function createRequestHandler(registry: Registry, options: HandlerOptions = {}): RequestHandler {
  return handlerWithChecks(registry, options).handler;
}

function handlerWithChecks(registry: Registry, options: HandlerOptions): { handler: RequestHandler; close: () => Promise<void> } {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const checks = offloadChecks(registry, options);
  const handler: RequestHandler = (request, response) => {
    void answer(checks.registry, request, limit).then(
      (result) => send(response, result),
      (error: unknown) => send(response, errorAnswer(error)),
    );
  };
  return { handler, close: () => checks.close() };
}

async function answer(registry: Registry, request: IncomingMessage, limit: number): Promise<HttpAnswer> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  // Split before decoding, so a subject may hold an encoded '/'.
  const segments = url.pathname.split('/').filter(Boolean).map((segment) => decodeSegment(segment));
  const match = matchRoute(segments);
  if (!match) {
    request.resume();
    throw httpErrors.notFound();
  }
  const method = request.method ?? 'GET';
  const handler = ownValue(match.route.methods, method);
  if (!handler) {
    request.resume();
    throw httpErrors.methodNotAllowed();
  }
  const body = await readJsonBody(request, limit);
  return { status: 200, body: await handler({ registry, params: match.params, query: url.searchParams, body }) };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw httpErrors.notFound();
  }
}

function send(response: ServerResponse, result: HttpAnswer): void {
  const text = JSON.stringify(result.body);
  const tooLarge = result.status === 413;
  response.writeHead(result.status, {
    'content-type': SCHEMA_REGISTRY_MEDIA_TYPE,
    'content-length': Buffer.byteLength(text),
    // After a refused body the rest of the upload is not read: close the connection instead.
    ...(tooLarge ? { connection: 'close' } : {}),
  });
  response.end(text);
}

/**
 * Starts a Confluent-compatible registry on `host:port` (default 127.0.0.1:8081). For development
 * and tests, not production: no authentication, state in memory unless the registry says otherwise.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const registry = options.registry ?? createRegistry();
  const host = options.host ?? '127.0.0.1';
  const served = handlerWithChecks(registry, options);
  const server = createServer(served.handler);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 8081, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error: unknown) {
    await served.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`, host, port, registry,
    close: async () => {
      await Promise.all([
        new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeAllConnections();
        }),
        served.close(),
      ]);
    },
  };
}
