// `format` as an assertion (JSON Schema Validation §7): the formats a Confluent serializer's validator
// checks most often, each by the grammar its RFC gives (../formats/); unknown formats accept every
// string, as validators do for formats they do not know (Validation §7.2).
import { formatCheck } from '../formats/index.js';

/** Does `text` satisfy `format`? True for formats this library does not check. */
export function matchesFormat(format: string, text: string): boolean {
  const check = formatCheck(format);
  return check === undefined || check(text);
}

/** Is `format` one this library checks (so a string can fail it)? */
export function isCheckedFormat(format: string): boolean {
  return formatCheck(format) !== undefined;
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
