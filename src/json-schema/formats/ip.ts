// `ipv4` and `ipv6` (JSON Schema Validation §7.3.4).

/** RFC 2673 §3.2 dotted-quad: four decimal octets 0-255, no leading zeros. */
export function validIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
}

/** RFC 4291 §2.2: eight groups of up to four hex digits, one `::` may stand for zeros, an IPv4 tail counts two. */
export function validIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string): string[] => (half === '' ? [] : half.split(':'));
  const all = halves.flatMap(groups);
  // The IPv4 tail can only end the address (`::1.2.3.4`, never `1.2.3.4::`).
  const lastHalf = groups(halves[halves.length - 1] ?? '');
  const tail = lastHalf[lastHalf.length - 1] ?? '';
  const tailIsIpv4 = tail.includes('.');
  if (tailIsIpv4 && !validIpv4(tail)) return false;
  const hex = tailIsIpv4 ? all.slice(0, -1) : all;
  if (!hex.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  const count = hex.length + (tailIsIpv4 ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}
