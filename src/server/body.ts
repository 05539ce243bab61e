import type { IncomingMessage } from 'node:http';
import { httpErrors } from './errors.js';

/** Confluent's media type; the server answers with it and accepts it, `application/json` and `application/octet-stream`. */
export const SCHEMA_REGISTRY_MEDIA_TYPE = 'application/vnd.schemaregistry.v1+json';
const ACCEPTED_MEDIA_TYPES = new Set([SCHEMA_REGISTRY_MEDIA_TYPE, 'application/vnd.schemaregistry+json', 'application/json', 'application/octet-stream']);

/** Reads and parses the body, refusing more than `limit` bytes (by Content-Length, or as they arrive). */
export async function readJsonBody(request: IncomingMessage, limit: number): Promise<unknown> {
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
