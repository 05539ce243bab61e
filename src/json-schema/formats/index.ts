// The formats this library asserts (JSON Schema Validation §7.3), each by the grammar of its RFC.
import { validEmail } from './email.js';
import { validIpv4, validIpv6 } from './ip.js';
import { validDate, validDateTime, validTime } from './rfc3339.js';
import { validUri } from './uri.js';
import { ownValue } from '../../util/own.js';

/** RFC 1123 §2.1 host names: labels of letters, digits and inner hyphens, at most 63 characters, 253 in all. */
function validHostname(text: string): boolean {
  return text.length <= 253 && text.split('.').every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}

/** RFC 4122 §3 string form: 8-4-4-4-12 hex digits, without the `urn:uuid:` prefix (a URN, not a UUID). */
function validUuid(text: string): boolean {
  return /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(text);
}

const CHECKS: Readonly<Record<string, (text: string) => boolean>> = {
  date: validDate,
  time: validTime,
  'date-time': validDateTime,
  email: validEmail,
  hostname: validHostname,
  ipv4: validIpv4,
  ipv6: validIpv6,
  uuid: validUuid,
  uri: validUri,
};

/** The check of a format this library asserts; undefined for others (`constructor` included: own names only). */
export function formatCheck(format: string): ((text: string) => boolean) | undefined {
  return ownValue(CHECKS, format);
}
