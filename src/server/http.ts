import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRegistry } from 'schema-compat/registry';
import type { Registry } from 'schema-compat/registry';
import type { HttpAnswer } from './errors.js';
import { errorAnswer, httpErrors } from './errors.js';
import { matchRoute } from './routes.js';

/** Confluent's media type; the server answers with it and accepts it, `application/json` and `application/octet-stream`. */
export const SCHEMA_REGISTRY_MEDIA_TYPE = 'application/vnd.schemaregistry.v1+json';
const ACCEPTED_MEDIA_TYPES = new Set([SCHEMA_REGISTRY_MEDIA_TYPE, 'application/vnd.schemaregistry+json', 'application/json', 'application/octet-stream']);

export interface ServerOptions {
  /** The registry to serve; default a fresh in-memory `createRegistry()`. */
  readonly registry?: Registry;
  /** Default 8081 (Confluent's port); 0 picks a free port. */
  readonly port?: number;
  /** Default `127.0.0.1`: loopback only. Another host exposes an unauthenticated registry. */
  readonly host?: string;
  /** Request bodies larger than this are refused with 413. Default 1 MiB. */
  readonly maxBodyBytes?: number;
}

/** A listening server. */
export interface RunningServer {
  /** `http://host:port`, what clients take as their registry URL. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly registry: Registry;
  /** Stops listening and closes idle and open connections. */
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY = 1024 * 1024;

/**
 * A request handler for Node's `http.createServer` that speaks the subset of Confluent Schema
 * Registry's REST API the real clients use, over `registry`. For development and tests.
 */
export function createRequestHandler(registry: Registry, options: { readonly maxBodyBytes?: number } = {}): (request: IncomingMessage, response: ServerResponse) => void {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  return (request, response) => {
    void answer(registry, request, limit).then(
      (result) => send(response, result),
      (error: unknown) => send(response, errorAnswer(error)),
    );
  };
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
  const handler = match.route.methods[request.method ?? 'GET'];
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

/** Reads and parses the body, refusing more than `limit` bytes (by Content-Length, or as they arrive). */
async function readJsonBody(request: IncomingMessage, limit: number): Promise<unknown> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) {
    request.resume();
    throw httpErrors.tooLarge(limit);
  }
  const chunks = await readBody(request, limit);
  const size = chunks.reduce((total, chunk) => total + chunk.length, 0);
  if (size === 0) return undefined;
  if (type !== '' && !ACCEPTED_MEDIA_TYPES.has(type)) throw httpErrors.unsupportedMediaType();
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch (error) {
    throw httpErrors.badJson(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The body's chunks; past `limit` bytes it rejects with 413 and drops the rest as it arrives (the
 * socket is not destroyed, so the 413 answer still reaches the client).
 */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(httpErrors.tooLarge(limit));
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(chunks));
    request.on('error', reject);
  });
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
  const server = createServer(createRequestHandler(registry, options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8081, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`, host, port, registry,
    close: () => new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    }),
  };
}
