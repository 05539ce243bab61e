import { invalidVersion } from './errors.js';

/** `'latest'`, or a version number. */
export type VersionId = number | 'latest';

const MAX_VERSION = 2 ** 31 - 1;

/**
 * Reads a version as Confluent's REST API does: `latest` or `-1` for the latest, else an integer
 * from the mode's first version to 2^31-1; anything else is `INVALID_VERSION` (42202).
 */
export function parseVersionId(raw: string | number, firstVersion: number): VersionId {
  const text = String(raw).trim();
  if (text.toLowerCase() === 'latest' || text === '-1') return 'latest';
  if (!/^\d+$/.test(text)) throw invalidVersion(text);
  const version = Number(text);
  if (version < firstVersion || version > MAX_VERSION) throw invalidVersion(text);
  return version;
}
