/**
 * Lower-case hexadecimal encoding of bytes (RFC 4648 section 8 "base16", lower-case alphabet).
 */

/** `bytes` as lower-case hex, two digits per byte, in order. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) {
    out += byte.toString(16).padStart(2, '0');
  }
  return out;
}
