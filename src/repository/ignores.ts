import type { Incompatibility } from 'schema-compat';
import type { IgnoreEntry } from './config/types.js';

/** A finding with its stable fingerprint (`findingFingerprint`). */
export interface FingerprintedFinding extends Incompatibility {
  readonly fingerprint: string;
}

/** What the ignore entries made of one subject's findings. */
export interface IgnoreOutcome<F extends FingerprintedFinding> {
  /** Findings no entry approves: they count. */
  readonly kept: F[];
  /** Findings an entry approves, with it. */
  readonly ignored: Array<{ readonly finding: F; readonly entry: IgnoreEntry }>;
  /** Findings an entry past its `until` date would have approved: they count again, and the report says why. */
  readonly expired: Array<{ readonly finding: F; readonly entry: IgnoreEntry }>;
}

/**
 * Sorts a subject's findings by the ignore entries: an entry approves a finding when every field it
 * gives (fingerprint, subject, type, location, direction) equals the finding's; an entry whose
 * `until` is before `today` (YYYY-MM-DD) approves nothing. `used` collects the entries that
 * approved something, to list the stale ones after the run.
 */
export function applyIgnores<F extends FingerprintedFinding>(subject: string, findings: readonly F[], entries: readonly IgnoreEntry[], today: string, used: Set<IgnoreEntry>): IgnoreOutcome<F> {
  const kept: F[] = [];
  const ignored: Array<{ finding: F; entry: IgnoreEntry }> = [];
  const expired: Array<{ finding: F; entry: IgnoreEntry }> = [];
  for (const finding of findings) {
    const matching = entries.filter((entry) => matches(entry, subject, finding));
    const live = matching.find((entry) => !isExpired(entry, today));
    if (live !== undefined) {
      used.add(live);
      ignored.push({ finding, entry: live });
      continue;
    }
    kept.push(finding);
    const lapsed = matching[0];
    if (lapsed !== undefined) {
      used.add(lapsed);
      expired.push({ finding, entry: lapsed });
    }
  }
  return { kept, ignored, expired };
}

function matches(entry: IgnoreEntry, subject: string, finding: FingerprintedFinding): boolean {
  return (entry.fingerprint === undefined || entry.fingerprint === finding.fingerprint)
    && (entry.subject === undefined || entry.subject === subject)
    && (entry.type === undefined || entry.type === finding.type)
    && (entry.location === undefined || entry.location === finding.location)
    && (entry.direction === undefined || entry.direction === finding.direction);
}

/** `until` is the last day an entry matches. */
export function isExpired(entry: IgnoreEntry, today: string): boolean {
  return entry.until !== undefined && entry.until < today;
}

/** Today as YYYY-MM-DD in UTC (the day `until` dates are compared with). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
