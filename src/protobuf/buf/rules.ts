import type { Roles } from '../../checkers/types.js';
import type { Finding } from '../../result.js';

export type BufCategory = 'WIRE' | 'WIRE_JSON';

export function describeBufFinding(finding: Finding, roles: Roles): string {
  return `${finding.message} (${roles.reader} schema reading ${roles.writer} data)`;
}
