export { planApply } from './plan.js';
export { applyPlan } from './execute.js';
export type { ApplyOptions, ApplyPlan, ApplyOutcome, AppliedStep, PlanStep, SubjectPlan } from './types.js';
