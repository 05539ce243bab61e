// `format` as an assertion (JSON Schema Validation §7): the formats a Confluent serializer's validator
// checks most often, each by the grammar its RFC gives; unknown formats accept every string, as
// validators do for formats they do not know (Validation §7.2).

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|[+-]\d{2}:\d{2})$/i;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const max = month === 2 && !leap ? 28 : (DAYS[month - 1] ?? 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= max;
}

// RFC 3339 §5.6 (a leap second `:60` is accepted as the RFC allows).
function validTime(text: string): boolean {
  const match = TIME.exec(text);
  if (match === null) return false;
  return Number(match[1]) <= 23 && Number(match[2]) <= 59 && Number(match[3]) <= 60;
}

function validIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
}

// RFC 4291 §2.2: eight groups of up to four hex digits, one `::` may stand for zeros, an IPv4 tail counts two.
function validIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string): string[] | undefined => (half === '' ? [] : half.split(':'));
  const all = halves.flatMap((half) => groups(half) ?? []);
  const last = all[all.length - 1] ?? '';
  const tailIsIpv4 = last.includes('.');
  if (tailIsIpv4 && !validIpv4(last)) return false;
  const hex = tailIsIpv4 ? all.slice(0, -1) : all;
  if (!hex.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return false;
  const count = hex.length + (tailIsIpv4 ? 2 : 0);
  return halves.length === 2 ? count < 8 : count === 8;
}

const CHECKS: Readonly<Record<string, (text: string) => boolean>> = {
  date: validDate,
  time: validTime,
  'date-time': (text) => {
    const at = text.search(/[tT ]/);
    return at > 0 && validDate(text.slice(0, at)) && validTime(text.slice(at + 1));
  },
  email: (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
  hostname: (text) => text.length <= 253 && text.split('.').every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label)),
  ipv4: validIpv4,
  ipv6: validIpv6,
  uuid: (text) => /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(text),
  uri: (text) => /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(text),
};

/** Does `text` satisfy `format`? True for formats this library does not check. */
export function matchesFormat(format: string, text: string): boolean {
  const check = CHECKS[format];
  return check === undefined || check(text);
}

/** Is `format` one this library checks (so a string can fail it)? */
export function isCheckedFormat(format: string): boolean {
  return CHECKS[format] !== undefined;
}

/** One valid example per checked format, for instances that must satisfy it. */
export const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  date: '2024-01-31',
  time: '12:00:00Z',
  'date-time': '2024-01-31T12:00:00Z',
  email: 'a@example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  uri: 'https://example.com/a',
};
