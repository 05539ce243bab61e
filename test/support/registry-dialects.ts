import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small proxy on 127.0.0.1 in front of the project's own registry server that answers the way
 * another Confluent-API registry does, after its documentation and source:
 *
 * - `karapace`: Karapace serves `POST /compatibility/subjects/{subject}/versions/{version}` only
 *   (github.com/Aiven-Open/karapace, src/karapace/api/routers/compatibility.py): the route without a
 *   version answers 404 with a body that is no Confluent error (plain text here, as reported in
 *   issue 25). It stores Protobuf in its own print (its Wire-derived printer,
 *   src/karapace/core/protobuf/), so reads answer that print and a lookup matches that text only.
 * - `apicurio`: Apicurio Registry serves the Confluent API under `/apis/ccompat/v7`
 *   (github.com/Apicurio/apicurio-registry; docs.lenses.io, "Apicurio": "Set the schema registry
 *   URLs to include the compatibility endpoints"); other paths are 404.
 */
export type Dialect = 'karapace' | 'apicurio';

export const APICURIO_PREFIX = '/apis/ccompat/v7';

/** A Protobuf text as a re-printing registry stores it: comments dropped, one statement a line, two-space indents. */
export function reprintProto(text: string): string {
  const statements = text.replace(/\/\/[^\n]*/g, '').replace(/\s+/g, ' ').replace(/([{};])/g, '$1\n').split('\n').map((line) => line.trim()).filter(Boolean);
  let depth = 0;
  const lines: string[] = [];
  for (const statement of statements) {
    if (statement === '}') depth -= 1;
    lines.push(`${'  '.repeat(Math.max(depth, 0))}${statement}`);
    if (statement.endsWith('{')) depth += 1;
  }
  return `${lines.join('\n')}\n`;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(response: ServerResponse, status: number, body: string, type = 'application/vnd.schemaregistry.v1+json'): void {
  response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/** Starts the proxy; `url` is what a client is given (Apicurio's includes the prefix). */
export async function startDialectProxy(target: string, dialect: Dialect): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      let path = request.url ?? '/';
      requests.push(`${request.method ?? 'GET'} ${path}`);
      if (dialect === 'apicurio') {
        if (!path.startsWith(`${APICURIO_PREFIX}/`)) return send(response, 404, '{"message":"RESTEASY003210: Could not find resource"}', 'application/json');
        path = path.slice(APICURIO_PREFIX.length);
      }
      const route = path.split('?')[0] ?? '';
      if (dialect === 'karapace' && request.method === 'POST' && /^\/compatibility\/subjects\/[^/]+\/versions$/.test(route)) return send(response, 404, 'Not Found', 'text/plain');
      const submitted = body.length > 0 ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : undefined;
      // A lookup in a re-printing registry matches its stored print only.
      if (dialect === 'karapace' && request.method === 'POST' && /^\/subjects\/[^/]+$/.test(route) && submitted?.['schemaType'] === 'PROTOBUF') {
        const text = String(submitted['schema']);
        if (reprintProto(text) !== text) return send(response, 404, '{"error_code":40403,"message":"Schema not found"}');
      }
      const forwarded = await fetch(`${target}${path}`, { method: request.method ?? 'GET', headers: { 'content-type': 'application/json' }, ...(body.length > 0 ? { body } : {}) });
      let text = await forwarded.text();
      if (dialect === 'karapace' && request.method === 'GET' && forwarded.status === 200 && /^\/subjects\/[^/]+\/versions\/[^/]+$/.test(route)) {
        const version = JSON.parse(text) as Record<string, unknown>;
        if (version['schemaType'] === 'PROTOBUF') text = JSON.stringify({ ...version, schema: reprintProto(String(version['schema'])) });
      }
      send(response, forwarded.status, text);
    })().catch((error: unknown) => send(response, 500, JSON.stringify({ error_code: 50001, message: String(error) })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: dialect === 'apicurio' ? `${base}${APICURIO_PREFIX}` : base,
    requests,
    close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}
