// `email` as RFC 5321 §4.1.2's `Mailbox` (JSON Schema Validation §7.3.2): a dot-string or quoted local
// part, "@", then a domain or an address literal.
import { validIpv4, validIpv6 } from './ip.js';

/** `Dot-string`: atoms of RFC 5322 §3.2.3 `atext` joined by single dots. */
const DOT_STRING = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
/** `Quoted-string`: `qtextSMTP` (printable ASCII but `"` and `\`, and space) or `\` + printable ASCII. */
const QUOTED_STRING = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/;
/** `Domain`: `sub-domain`s of letters, digits and inner hyphens (`Let-dig [Ldh-str]`), joined by dots. */
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;
/** `General-address-literal`: a standardized tag, ":", then printable ASCII but `[`, `\`, `]`. */
const GENERAL_LITERAL = /^[a-z0-9-]*[a-z0-9]:[\x21-\x5a\x5e-\x7e]+$/i;

export function validEmail(text: string): boolean {
  // The local part ends at the last "@": a quoted local part may hold "@" itself.
  const at = text.lastIndexOf('@');
  if (at <= 0) return false;
  const [local, domain] = [text.slice(0, at), text.slice(at + 1)];
  if (!DOT_STRING.test(local) && !QUOTED_STRING.test(local)) return false;
  return DOMAIN.test(domain) || validAddressLiteral(domain);
}

/** `address-literal` (RFC 5321 §4.1.3): `[IPv4]`, `[IPv6:address]` or `[tag:content]`. */
function validAddressLiteral(domain: string): boolean {
  if (!domain.startsWith('[') || !domain.endsWith(']')) return false;
  const literal = domain.slice(1, -1);
  if (/^ipv6:/i.test(literal)) return validIpv6(literal.slice(5));
  return validIpv4(literal) || (!/^[\d.]+$/.test(literal) && GENERAL_LITERAL.test(literal));
}
