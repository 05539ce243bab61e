// `date`, `time` and `date-time` by RFC 3339 §5.6 (the grammar), §5.7 (ranges, leap seconds) and its
// note that "T" and "Z" may be lower case; JSON Schema Validation §7.3.1 names these three productions.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:z|([+-])(\d{2}):(\d{2}))$/i;
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MINUTES_A_DAY = 24 * 60;

/** `full-date`: months 01-12, days by month, February 29 in leap years only (RFC 3339 §5.7 and Appendix C). */
export function validDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const max = month === 2 && !leap ? 28 : (DAYS[month - 1] ?? 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= max;
}

/** `full-time`: an offset is required; second 60 only at 23:59 UTC, the one minute a leap second ends (§5.7). */
export function validTime(text: string): boolean {
  const match = TIME.exec(text);
  if (match === null) return false;
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const sign = match[4] === '-' ? -1 : 1;
  const [offsetHour, offsetMinute] = [Number(match[5] ?? 0), Number(match[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second < 60) return true;
  const utc = (((hour * 60 + minute - sign * (offsetHour * 60 + offsetMinute)) % MINUTES_A_DAY) + MINUTES_A_DAY) % MINUTES_A_DAY;
  return utc === MINUTES_A_DAY - 1;
}

/** `date-time`: `full-date "T" full-time`, the "T" in either case. */
export function validDateTime(text: string): boolean {
  const at = text.search(/t/i);
  return at > 0 && validDate(text.slice(0, at)) && validTime(text.slice(at + 1));
}
