/**
 * An answer's body as UTF-8 text, read as a stream of at most `limit` bytes: a declared or actual
 * length past it stops the reading (the caller then aborts the request, which drops the connection)
 * and answers undefined. Invalid UTF-8 becomes U+FFFD, as `Response.text()` does (WHATWG Encoding's
 * UTF-8 decode).
 */
export async function boundedText(response: Response, limit: number): Promise<string | undefined> {
  const body = response.body;
  if (body === null) return '';
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await body.cancel().catch(() => undefined);
    return undefined;
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder('utf-8').decode(bytes);
}
