import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An npm registry on 127.0.0.1 for which one package name is unreachable: every request for that name
 * is recorded and answered 404, every other request is passed on to the registry npm is configured
 * with (`npm config get registry`), as its REST API defines it (GET /NAME for a packument, GET
 * /NAME/-/FILE.tgz for a tarball; https://github.com/npm/registry/blob/main/docs/REGISTRY-API.md).
 * Tests point npm at it with `npm_config_registry` to prove that an install never resolves that name.
 */
export interface RegistryProxy {
  readonly url: string;
  /** The paths asked for the unreachable name. */
  readonly refused: readonly string[];
  close(): Promise<void>;
}

export async function startRegistryProxy(unreachable: string): Promise<RegistryProxy> {
  const upstream = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim().replace(/\/?$/, '/');
  const refused: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    const name = decodeURIComponent(path.slice(1).split('/-/')[0]?.split('?')[0] ?? '');
    if (name === unreachable || name.startsWith(`${unreachable}/`)) {
      refused.push(path);
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      return;
    }
    passOn(upstream, request, response).catch(() => response.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    refused,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

async function passOn(upstream: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const accept = request.headers.accept;
  const answer = await fetch(new URL((request.url ?? '/').slice(1), upstream), {
    headers: accept === undefined ? {} : { accept },
    signal: AbortSignal.timeout(60_000),
  });
  const body = Buffer.from(await answer.arrayBuffer());
  response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' }).end(body);
}
