/**
 * Bytes as `Uint8Array`, with the few conversions the core needs. No Node `Buffer`: the root entry
 * and `schema-compat/registry` run in browsers, workers and edge runtimes (test/package/browser.test.ts).
 * `TextEncoder` and `TextDecoder` are in every browser and in Node.js since 11.
 */

const encoder = new TextEncoder();
// `ignoreBOM`: a leading U+FEFF is part of the text, as Node's `buf.toString('utf8')` keeps it.
// Not `fatal`: an invalid sequence reads as U+FFFD, as in Node (both follow the WHATWG decoder).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The UTF-8 encoding of `text` (a lone surrogate becomes U+FFFD, as in Node). */
export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** `bytes` read as UTF-8. */
export function utf8Text(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** `bytes` as a string of code points 0-255, one per byte (ISO-8859-1, Node's `'latin1'`). */
export function latin1Text(bytes: Uint8Array): string {
  let out = '';
  // In chunks: `String.fromCharCode` takes its arguments on the stack.
  for (let start = 0; start < bytes.length; start += 8192) out += String.fromCharCode(...bytes.subarray(start, start + 8192));
  return out;
}

/** The bytes of base64 text (RFC 4648 §4, as `atob` reads it); undefined when it is not base64. */
export function base64Bytes(text: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/**
 * The same bytes as a plain `Uint8Array` view (no copy): a Node `Buffer` given by a caller becomes
 * a view whose `slice` copies (`Buffer#slice` shares memory).
 */
export function bytesView(bytes: Uint8Array): Uint8Array {
  return Object.getPrototypeOf(bytes) === Uint8Array.prototype ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
