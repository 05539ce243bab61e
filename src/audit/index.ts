export { auditHistory } from './audit.js';
export { AUDITED_STRATEGIES } from './strategies.js';
export type { Audit, AuditCell, AuditFinding, AuditOptions, StrategyViolation, UpgradeAdvice } from './types.js';
