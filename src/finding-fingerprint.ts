import { toHex } from './hash/hex.js';
import { sha256 } from './hash/sha256.js';
import type { Incompatibility } from './result.js';
import { utf8Bytes } from './util/bytes.js';

/**
 * A finding's stable identity, for approving it once (an `ignore` entry) and recognising it in the
 * next run: 16 hex digits of the SHA-256 of its subject, direction, type, location and message.
 * The version it was found against is left out (and any `version N` in the message), so the same
 * break keeps its fingerprint as the history grows and versions are renumbered or relabelled.
 */
export function findingFingerprint(finding: Pick<Incompatibility, 'direction' | 'type' | 'location' | 'message'>, subject = ''): string {
  const message = finding.message.replace(/\bversion \d+\b/g, 'version');
  const identity = JSON.stringify([subject, finding.direction, finding.type, finding.location, message]);
  return toHex(sha256(utf8Bytes(identity))).slice(0, 16);
}
