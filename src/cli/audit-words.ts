import type { Audit, StrategyViolation } from '../index.js';

/** Version numbers as the report shows them: 1-based positions in `Audit.versions`. */
export const numbered = (indices: readonly number[]): string => indices.map((index) => String(index + 1)).join(', ');

/** `BACKWARD: version 5 is the first it would have refused (against 4)`. */
export function violationSentence(violation: StrategyViolation, audit: Audit): string {
  return `version ${violation.version + 1} (${audit.versions[violation.version]}) is the first it would have refused, against ${violation.against.length === 1 ? 'version' : 'versions'} ${numbered(violation.against)}`;
}

/** Which clients may move to the newest version first, and why, in one sentence (docs/diff-and-audit.md). */
export function upgradeSentence(audit: Audit): string {
  const newest = audit.versions.length - 1;
  if (newest < 1) return 'any order: there is no older version';
  const { order, newestReads, readNewest } = audit.upgrade;
  const older = Array.from({ length: newest }, (_, j) => j);
  const unread = older.filter((j) => !newestReads.includes(j));
  const unreading = older.filter((j) => !readNewest.includes(j));
  const cannotRead = `it cannot read data written with ${numbered(unread)}`;
  const cannotBeRead = `${numbered(unreading)} cannot read its data`;
  if (order === 'any') return 'any order: it reads data written with every older version, and every older version reads its data';
  if (order === 'consumers') return `consumers first: it reads data written with every older version, but ${cannotBeRead}`;
  if (order === 'producers') return `producers first: every older version reads its data, but ${cannotRead}`;
  return `no safe order: ${cannotRead}, and ${cannotBeRead}`;
}
