// `uri` (JSON Schema Validation §7.3.5) as RFC 3986's `URI`: scheme ":" hier-part ["?" query] ["#" fragment].
import { validIpv6 } from './ip.js';

// Character classes of RFC 3986 §2: `unreserved`, `sub-delims`, and `pct-encoded` ("%" two hex digits).
const UNRESERVED = 'a-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = '%[0-9a-f]{2}';
const chars = (extra: string): string => `(?:[${UNRESERVED}${SUB_DELIMS}${extra}]|${PCT})*`;

/** §3.1 `scheme`: a letter, then letters, digits, "+", "-", ".". */
const SCHEME = /^[a-z][a-z0-9+.-]*$/i;
/** §3.3 path of `pchar`s and "/"; §3.4/§3.5 query and fragment also allow "?". */
const PATH = new RegExp(`^${chars(':@/')}$`, 'i');
const QUERY_OR_FRAGMENT = new RegExp(`^${chars(':@/?')}$`, 'i');
/** §3.2.1 `userinfo` and §3.2.2 `reg-name`. */
const USERINFO = new RegExp(`^${chars(':')}$`, 'i');
const REG_NAME = new RegExp(`^${chars('')}$`, 'i');
/** §3.2.2 `IPvFuture`: "v" hex digits "." then unreserved, sub-delims or ":". */
const IP_FUTURE = new RegExp(`^v[0-9a-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+$`, 'i');

export function validUri(text: string): boolean {
  const colon = text.indexOf(':');
  if (colon <= 0 || !SCHEME.test(text.slice(0, colon))) return false;
  let rest = text.slice(colon + 1);
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    if (!QUERY_OR_FRAGMENT.test(rest.slice(hash + 1))) return false;
    rest = rest.slice(0, hash);
  }
  const question = rest.indexOf('?');
  if (question >= 0) {
    if (!QUERY_OR_FRAGMENT.test(rest.slice(question + 1))) return false;
    rest = rest.slice(0, question);
  }
  if (!rest.startsWith('//')) return PATH.test(rest);
  const slash = rest.indexOf('/', 2);
  const authority = slash < 0 ? rest.slice(2) : rest.slice(2, slash);
  return validAuthority(authority) && PATH.test(slash < 0 ? '' : rest.slice(slash));
}

/** §3.2 `authority`: [userinfo "@"] host [":" port], the host a reg-name or a bracketed IP literal. */
function validAuthority(authority: string): boolean {
  const at = authority.lastIndexOf('@');
  if (at >= 0 && !USERINFO.test(authority.slice(0, at))) return false;
  const hostPort = authority.slice(at + 1);
  const portAt = hostPort.startsWith('[') ? hostPort.indexOf(']:') + 1 : hostPort.lastIndexOf(':');
  const [host, port] = portAt > 0 ? [hostPort.slice(0, portAt), hostPort.slice(portAt + 1)] : [hostPort, ''];
  if (!/^\d*$/.test(port)) return false;
  if (!host.startsWith('[')) return REG_NAME.test(host);
  if (!host.endsWith(']')) return false;
  const literal = host.slice(1, -1);
  return validIpv6(literal) || IP_FUTURE.test(literal);
}
